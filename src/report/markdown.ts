// The run as GitHub-flavoured markdown: the sticky PR comment and the job's step summary. Every
// piece of text that comes from a run (agent names, reasons, evidence) is escaped, so it can
// neither break the table nor inject HTML or mention anyone; the body stays under GitHub's limit.

import type { ComparisonRow } from "../store/index.js";
import { sparkline } from "../store/index.js";
import type {
  ComparisonRecord,
  EvalResult,
  EvalStatus,
  RunResult,
  TrialResult,
} from "../model/index.js";
import { countedTrials, exitCodeFor, judgedAny } from "../model/index.js";
import { decisionText, meansText, points, pValue, VERDICT_LABEL } from "./comparisons.js";
import { parityMarkdown } from "./parity.js";
import { percent, usd } from "./console.js";

/** The hidden line that identifies the sticky comment. */
export const STICKY_MARKER = "<!-- agent-evals:sticky -->";

/** GitHub refuses comment bodies over 65536 characters; keep a margin. */
export const MAX_COMMENT_CHARS = 65_000;

/** Evidence shown per failing check, before escaping. */
const MAX_EVIDENCE_CHARS = 1_200;
const MAX_EVIDENCE_LINES = 25;

export interface RenderRunOptions {
  run: RunResult;
  rows: ComparisonRow[];
  /** The branch the head is compared with, e.g. "main". */
  baseRef?: string;
  /** The workflow run's page. */
  runUrl?: string;
  /** Where the transcripts artifact can be downloaded. */
  artifactUrl?: string;
  /** Hidden marker put on the first line: `<!-- … -->`, or the text to wrap in one. */
  marker?: string;
  /** Upper bound of the body's length (default MAX_COMMENT_CHARS). */
  maxChars?: number;
  /** Why no eval ran, when none did (e.g. none is affected by the change). */
  nothingRanBecause?: string;
  /** Lines of a section after the table (the skill/command/hook evals put back together). */
  sections?: string[];
  /** The commit the run measured (shown short). */
  headSha?: string;
  /** Things the reader must not miss (history not saved, pairs skipped, the budget's cut), as text. */
  notes?: string[];
  /** A re-run that went on from an earlier attempt's results: what it kept and ran, as text. */
  resumed?: string;
  /**
   * The step that reports this run fails (the Action's fail-on, fail-on-skip …): the headline is
   * ❌ then, whatever the verdicts.
   */
  stepFailed?: boolean;
}

/** A base measured longer ago than this is flagged in the comment. */
export const STALE_BASE_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * When the newest base verdict shown was recorded, and whether that is old. Nothing when no eval
 * ran: the rows are what the history is looked up for, so without them it says nothing about it.
 */
function baseLine(rows: ComparisonRow[], run: RunResult, baseRef: string): string | undefined {
  if (rows.length === 0) return undefined;
  const times = rows
    .map((r) => (r.base ? Date.parse(r.base.time) : NaN))
    .filter((t) => Number.isFinite(t));
  const ref = escapeCell(baseRef);
  if (times.length === 0 && run.comparisons?.length)
    return `No verdicts recorded on ${ref} yet; its version of each changed eval ran beside the head's in this job (the comparisons above).`;
  if (times.length === 0)
    return `No history on ${ref} yet: nothing to compare with (the results branch gets it from runs on ${ref}).`;
  const newest = Math.max(...times);
  const days = Math.floor((Date.parse(run.startedAt) - newest) / DAY_MS);
  const when = new Date(newest).toISOString().slice(0, 16).replace("T", " ");
  const stale =
    days > STALE_BASE_DAYS
      ? ` ⚠️ ${days} days old: run the evals on ${ref} (e.g. nightly) to refresh it.`
      : "";
  return `Compared with the latest verdicts on ${ref}, measured ${when} UTC.${stale} 🔻/🔺 mark changes outside noise (Fisher's exact test).`;
}

/** A number as it is rendered: finite, or a dash (never text from the input). */
function num(n: number): string {
  return Number.isFinite(n) ? String(n) : "—";
}

/** The marker as an HTML comment line (a bare name is wrapped; `--` cannot end it early). */
export function markerLine(marker: string): string {
  const trimmed = marker.trim();
  if (trimmed.startsWith("<!--") && trimmed.endsWith("-->")) return trimmed;
  return `<!-- ${trimmed.replace(/--+/g, "-")} -->`;
}

/**
 * Text for a table cell (or any inline position): HTML cannot open (`<`, `>`, `&` become
 * entities), `|` cannot end the cell, newlines become `<br>`, markdown punctuation is literal,
 * `@name` mentions nobody and a URL is not linked.
 */
export function escapeCell(text: string): string {
  return (
    text
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/[\\`*_[\]~|#!]/g, (ch) => `\\${ch}`)
      .replace(/@/g, "@\u200b")
      // GFM links bare URLs and www. names by itself: a zero-width space keeps them text.
      .replace(/\b(https?|ftp):\/\//gi, "$1:\u200b//")
      .replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}\u200b.`)
      .replace(/\r\n|\r|\n/g, "<br>")
  );
}

/** A link target that stays inside `(…)`: http(s) only, spaces and parentheses encoded. */
function safeUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return undefined;
    return parsed.href.replace(/[()\s<>]/g, (ch) => encodeURIComponent(ch));
  } catch {
    return undefined;
  }
}

/** The icon of each verdict, in the comment's tables and headline. */
export const ICON: Record<EvalStatus, string> = {
  passed: "✅",
  failed: "❌",
  skipped: "⏭️",
  cached: "💾",
  error: "💥",
  incomplete: "⚠️",
  inconclusive: "❔",
};

/** The icon of each comparison verdict, in the comparisons table. */
export const VERDICT_ICON: Record<ComparisonRecord["verdict"], string> = {
  regression: "🔻",
  improvement: "🔺",
  "no-change": "➖",
  inconclusive: ICON.inconclusive,
};

const COMPARISON_HEADER = [
  "| verdict | eval [agent] | control | treatment | Δ (95% CI) | p | decided |",
  "| --- | --- | --- | --- | --- | --- | --- |",
];

/** One comparison as the console says it: counts, Δ with its interval, p, the decision, the means. */
function comparisonRow(c: ComparisonRecord): string {
  const means = meansText(c);
  const cells = [
    `${VERDICT_ICON[c.verdict]} **${VERDICT_LABEL[c.verdict]}**`,
    `**${escapeCell(c.id)}** ${escapeCell(`[${c.agent}]`)}`,
    `${escapeCell(c.control)} ${num(c.controlPasses)}/${num(c.controlTrials)}`,
    `${escapeCell(c.treatment)} ${num(c.treatmentPasses)}/${num(c.treatmentTrials)}`,
    `${points(c.delta)} pts (${points(c.interval[0])} to ${points(c.interval[1])})`,
    pValue(c.pValue),
    `${escapeCell(decisionText(c))}${means ? `<br><sub>${escapeCell(means)}</sub>` : ""}`,
  ];
  return `| ${cells.join(" | ")} |`;
}

/** How to read the comparisons table, with the margins of its no-change verdicts. */
function comparisonNote(comparisons: ComparisonRecord[]): string {
  const margins = [...new Set(comparisons.map((c) => points(c.margin).replace("+", "")))];
  return `_Control → treatment: the same eval × agent run both ways. Δ is in points with its 95% interval (Newcombe), p from Fisher's exact test; no change means the interval lies within ±${margins.join("/±")} points._`;
}

/** The eval's name in the tables: a comparison arm's result says which arm (`greet @ base@main`). */
function evalName(row: ComparisonRow): string {
  return row.head.arm !== undefined ? `${row.id} @ ${row.head.arm}` : row.id;
}

function percentagePoints(delta: number): string {
  const pp = Math.round(delta * 100);
  if (pp === 0) return "±0 pp";
  return pp > 0 ? `+${pp} pp` : `−${-pp} pp`;
}

function pValueText(p: number): string {
  if (p < 0.0001) return "p < 0.0001";
  return `p = ${p < 0.01 ? p.toPrecision(2) : p.toFixed(3)}`;
}

/** Whether the head has numbers to show: it ran trials now, or stands for a recorded verdict. */
function hasRate(head: EvalResult): boolean {
  return head.trialsRun > 0 || (head.status === "cached" && head.cachedFrom !== undefined);
}

function rateCell(row: ComparisonRow): string {
  // The pooled baseline the verdict read, where there is one (several runs of the same definition).
  const base = row.baseline
    ? percent(row.baseline.passes / row.baseline.trials)
    : row.base
      ? percent(row.base.passRate)
      : "—";
  const head = hasRate(row.head) ? percent(row.head.passRate) : "—";
  return `${base} → ${head}`;
}

function trialsCell(head: EvalResult): string {
  if (head.status === "cached" && head.cachedFrom) {
    return `${num(head.cachedFrom.passes)}/${num(head.cachedFrom.trials)}`;
  }
  if (head.trialsRun === 0) return `0/${num(head.trialsPlanned)}`;
  const n = countedTrials(head);
  const planned = head.trialsPlanned > n ? ` (of ${num(head.trialsPlanned)})` : "";
  return `${num(head.passes)}/${num(n)}${planned}`;
}

function noteCell(row: ComparisonRow): string {
  const head = row.head;
  const notes: string[] = [];
  if (row.flag && row.pValue !== undefined) {
    const icon = row.flag === "regression" ? "🔻" : "🔺";
    notes.push(`${icon} ${row.flag} (${pValueText(row.pValue)})`);
  }
  switch (head.status) {
    case "passed":
    case "failed":
      if (head.reason) notes.push(escapeCell(head.reason));
      break;
    case "cached": {
      const from = head.cachedFrom;
      const verdict = from ? ` ${from.status}` : "";
      const commit = from?.commit ? ` at ${escapeCell(from.commit.slice(0, 7))}` : "";
      notes.push(`cached${verdict}${commit}${head.reason ? `: ${escapeCell(head.reason)}` : ""}`);
      break;
    }
    default:
      notes.push(`${head.status}${head.reason ? `: ${escapeCell(head.reason)}` : ""}`);
  }
  const over = head.trials.flatMap((t) =>
    (t.overBudget ?? []).map((w) => `trial ${num(t.n)}: ${w}`),
  );
  if (over.length) {
    const more = over.length > 1 ? ` (and ${over.length - 1} more)` : "";
    notes.push(`⚠️ over budget: ${escapeCell(over[0]!)}${more}`);
  }
  return notes.join("<br>");
}

function tableRow(row: ComparisonRow): string {
  const head = row.head;
  const where = `${row.file}${row.line !== undefined ? `:${row.line}` : ""}`;
  const version = head.agentVersion ? ` ${head.agentVersion}` : "";
  const cells = [
    ICON[head.status],
    `**${escapeCell(evalName(row))}**<br><sub>${escapeCell(where)}</sub>`,
    escapeCell(`${row.agent}${version}`),
    rateCell(row),
    row.delta !== undefined ? percentagePoints(row.delta) : "",
    hasRate(head) ? `${percent(head.interval[0])}–${percent(head.interval[1])}` : "",
    trialsCell(head),
    head.status === "cached" ? `${usd(0)} (cached)` : usd(head.costUsd),
    row.trend.length > 0 ? sparkline(row.trend) : "",
    noteCell(row),
  ];
  return `| ${cells.join(" | ")} |`;
}

const TABLE_HEADER = [
  "|  | eval | agent | base → head | Δ | 95% CI | trials | cost | trend | notes |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
];

/** Rows needing attention first (regressions, failures), otherwise in run order. */
function severity(row: ComparisonRow): number {
  if (row.flag === "regression") return 0;
  // A comparison arm is compared, not judged: its verdict is in the comparisons table.
  if (row.head.arm !== undefined) return 3;
  switch (row.head.status) {
    case "failed":
    case "error":
    case "incomplete":
    case "inconclusive":
      return 1;
    case "cached":
      return row.head.cachedFrom?.status === "failed" ? 1 : 3;
    default:
      return row.flag === "improvement" ? 2 : 3;
  }
}

/**
 * ❌ when the step fails or a verdict is bad; else ⚠️ when nothing was judged (every pair skipped,
 * or none chosen); ✅ only when something was judged and all is well.
 */
function headline(run: RunResult, rows: ComparisonRow[], stepFailed: boolean): string {
  const evals = run.evals.length > 0 ? run.evals : rows.map((r) => r.head);
  const judged = judgedAny(evals);
  const icon = stepFailed || exitCodeFor(evals) !== 0 ? "❌" : judged ? "✅" : "⚠️";
  const c = run.counts;
  const parts = [
    ...(judged ? [] : ["nothing judged"]),
    `✅ ${c.passed} passed`,
    `❌ ${c.failed} failed`,
  ];
  for (const k of ["cached", "skipped", "error", "incomplete", "inconclusive"] as const) {
    if (c[k] > 0) parts.push(`${ICON[k]} ${c[k]} ${k}`);
  }
  // Each eval × agent once, flagged against the history or by its controlled comparison.
  const flagged = (verdict: "regression" | "improvement") =>
    new Set([
      ...rows.filter((r) => r.flag === verdict).map((r) => `${r.id}\0${r.agent}`),
      ...(run.comparisons ?? [])
        .filter((x) => x.verdict === verdict)
        .map((x) => `${x.id}\0${x.agent}`),
    ]).size;
  const regressions = flagged("regression");
  const improvements = flagged("improvement");
  if (regressions > 0) parts.push(`🔻 ${regressions} regression${regressions > 1 ? "s" : ""}`);
  if (improvements > 0) parts.push(`🔺 ${improvements} improvement${improvements > 1 ? "s" : ""}`);
  return `### ${icon} agent-evals: ${parts.join(" · ")}`;
}

/** The cost against the budget the run had (run.json's, so a merged run's is its shards'). */
function costLine(run: RunResult): string {
  const { budgetUsd } = run;
  if (budgetUsd === undefined) return `**Cost** ${usd(run.costUsd)}`;
  const share = budgetUsd > 0 ? ` (${percent(run.costUsd / budgetUsd)})` : "";
  const over = run.costUsd > budgetUsd ? " ⚠️ over budget" : "";
  return `**Cost** ${usd(run.costUsd)} of ${usd(budgetUsd)} budget${share}${over}`;
}

function truncate(text: string): string {
  let lines = text.split(/\r\n|\r|\n/);
  let cut = false;
  if (lines.length > MAX_EVIDENCE_LINES) {
    lines = lines.slice(0, MAX_EVIDENCE_LINES);
    cut = true;
  }
  let out = lines.join("\n");
  if (out.length > MAX_EVIDENCE_CHARS) {
    out = out.slice(0, MAX_EVIDENCE_CHARS);
    cut = true;
  }
  return cut ? `${out}\n… (truncated)` : out;
}

/** One details row per failed check (or per failed trial without a failed check). */
function evidenceRows(row: ComparisonRow): string[] {
  const out: string[] = [];
  const who = `**${escapeCell(evalName(row))}** ${escapeCell(`[${row.agent}]`)}`;
  const failing = (t: TrialResult) => t.status !== "passed";
  for (const trial of row.head.trials.filter(failing)) {
    const bad = trial.checks.filter((c) => !c.ok);
    if (bad.length === 0) {
      const why = trial.reason ?? trial.status;
      out.push(
        `| ${who} | ${num(trial.n)} | ${escapeCell(trial.status)} | ${escapeCell(truncate(why))} |`,
      );
      continue;
    }
    for (const check of bad) {
      const at =
        check.line !== undefined
          ? `<br><sub>${escapeCell(`${check.file ?? row.file}:${check.line}`)}</sub>`
          : "";
      out.push(
        `| ${who} | ${num(trial.n)} | ${escapeCell(check.name)}${at} | ${escapeCell(truncate(check.evidence))} |`,
      );
    }
  }
  return out;
}

/**
 * The comment body: marker, headline, one table row per eval × agent, cost against the budget,
 * links, then the failing checks' evidence in a collapsed section. At most `maxChars` characters:
 * evidence rows (then table rows) that do not fit are left out, with a note saying so.
 */
export function renderRunMarkdown(options: RenderRunOptions): string {
  const { run } = options;
  const maxChars = options.maxChars ?? MAX_COMMENT_CHARS;
  const rows = options.rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => severity(x.row) - severity(y.row) || x.index - y.index)
    .map(({ row }) => row);

  const top: string[] = [];
  if (options.marker !== undefined) top.push(markerLine(options.marker));
  top.push(headline(run, rows, options.stepFailed ?? false), "");
  if (options.headSha) top.push(`Head \`${escapeCell(options.headSha.slice(0, 12))}\``, "");
  if (options.resumed) top.push(`♻️ ${escapeCell(options.resumed)}`, "");
  for (const note of options.notes ?? []) top.push(`> ⚠️ ${escapeCell(note)}`, "");
  const compared = options.baseRef
    ? baseLine(rows, run, options.baseRef)
    : "No base branch history to compare with.";
  const intro = compared === undefined ? [] : [compared, ""];

  const bottom: string[] = [""];
  const links: string[] = [costLine(run)];
  const runUrl = options.runUrl ? safeUrl(options.runUrl) : undefined;
  const artifactUrl = options.artifactUrl ? safeUrl(options.artifactUrl) : undefined;
  if (runUrl) links.push(`[Workflow run](${runUrl})`);
  if (artifactUrl) links.push(`[Transcripts](${artifactUrl})`);
  bottom.push(links.join(" · "));

  const length = (lines: string[]) => lines.reduce((sum, l) => sum + l.length + 1, 0);

  const reserve = 400;
  let budget =
    maxChars - length(top) - length(intro) - length(TABLE_HEADER) - length(bottom) - reserve;

  // The comparisons (compare --base, variants) at the top: every row that fits.
  const comparisons = run.comparisons ?? [];
  if (comparisons.length > 0) {
    const open = ["**Comparisons**", "", ...COMPARISON_HEADER];
    const close = ["", comparisonNote(comparisons), ""];
    budget -= length(open) + length(close);
    const shown: string[] = [];
    for (const line of comparisons.map(comparisonRow)) {
      if (line.length + 1 > budget) break;
      shown.push(line);
      budget -= line.length + 1;
    }
    if (shown.length < comparisons.length) {
      const more = `_${comparisons.length - shown.length} more comparisons not shown (comment size limit): see run.json._`;
      close.push(more, "");
      budget -= more.length + 2;
    }
    top.push(...open, ...shown, ...close);
  }
  // Parity across agents, when an eval ran with two agents or more: every row, if it fits.
  const parity = parityMarkdown(run.parity ?? [], escapeCell);
  if (parity.length > 0 && length(parity) <= budget) {
    top.push(...parity);
    budget -= length(parity);
  }
  top.push(...intro);

  // The table: every row if it fits (it nearly always does), leaving room for a note.
  const tableRows = rows.map(tableRow);
  const shownRows: string[] = [];
  for (const line of tableRows) {
    if (line.length + 1 > budget) break;
    shownRows.push(line);
    budget -= line.length + 1;
  }
  const table = [...TABLE_HEADER, ...shownRows];
  if (shownRows.length < tableRows.length) {
    table.push(
      "",
      `_${tableRows.length - shownRows.length} more eval × agent rows not shown (comment size limit): see the workflow run._`,
    );
  }
  if (rows.length === 0)
    table.splice(
      0,
      table.length,
      options.nothingRanBecause
        ? `_No evals ran: ${escapeCell(options.nothingRanBecause)}._`
        : "_No evals ran._",
    );

  // Extra sections: whole, when they fit.
  const sections = options.sections ?? [];
  if (sections.length && length(sections) <= budget) {
    table.push(...sections);
    budget -= length(sections);
  }

  // The details: as many evidence rows as fit.
  const evidence = rows.flatMap(evidenceRows);
  const details: string[] = [];
  if (evidence.length > 0) {
    const open = [
      "",
      "<details>",
      `<summary>Failing checks (${evidence.length})</summary>`,
      "",
      "| eval | trial | check | evidence |",
      "| --- | --- | --- | --- |",
    ];
    const close = ["", "</details>"];
    let room = budget - length(open) - length(close);
    const shown: string[] = [];
    for (const line of evidence) {
      if (line.length + 1 > room) break;
      shown.push(line);
      room -= line.length + 1;
    }
    const note =
      shown.length < evidence.length
        ? [
            "",
            `_${evidence.length - shown.length} more failing checks not shown (comment size limit): see the transcripts artifact._`,
          ]
        : [];
    if (shown.length > 0 || note.length > 0) details.push(...open, ...shown, ...note, ...close);
  }

  const body = [...top, ...table, ...bottom, ...details].join("\n");
  return body.length > maxChars ? body.slice(0, maxChars) : body;
}
