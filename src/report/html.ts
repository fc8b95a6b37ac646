// report.html: one self-contained page (inline CSS and JS, no network) to review a run — summary,
// the comparisons (a lift view: each control → treatment with its interval drawn), the sections
// the eval kinds add (a skill's trigger metrics, confusion matrix, workflow checks), a row per
// eval × agent (a comparison arm's as `greet @ base@main`), and per trial the prompt, the trajectory, the shim calls, the checks
// with their evidence and the agent's output, plus a pass-rate trend per eval from history.
// The data is embedded as JSON and rendered lazily in the browser, so thousands of trials stay
// fast; what is embedded per trial is capped, with the path of the full file. The page's script is
// a program of its own, src/report/html/page/, built into one script (see reportScript); the
// types of the data both sides share are in html/types.ts.

import fsSync from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { openRegularSync } from "../util/index.js";
import type { HistoryLine } from "../store/index.js";
import type {
  ComparisonRecord,
  EvalResult,
  ParityRecord,
  RunResult,
  TrialResult,
} from "../model/index.js";
import {
  armsText,
  decisionText,
  deltaText,
  meansText,
  pValue,
  VERDICT_LABEL,
} from "./comparisons.js";
import { REPORT_CSS } from "./html/style.js";
import {
  beyondMarginText,
  PARITY_LABEL,
  parityDifferenceText,
  parityHarnessText,
  rateText,
} from "./parity.js";
import { errorMessage } from "../model/index.js";
import type {
  CappedText,
  ComparisonView,
  ParityView,
  ReportData,
  ReportSection,
  TrialDetail,
} from "./html/types.js";

/** Caps of what one trial embeds. Text is cut in the middle: its head and its tail are kept. */
export const HTML_CAPS = {
  promptChars: 16_000,
  stdoutChars: 24_000,
  stderrChars: 12_000,
  finalMessageChars: 8_000,
  trajectorySteps: 300,
  /** Per tool call input and result. */
  stepChars: 2_000,
  calls: 500,
  /** Per shim call: its first arguments, each cut to this many characters. */
  callArgs: 50,
  callArgChars: 1_000,
  /** All of a trial's embedded calls together (passing trials get a quarter). */
  callsChars: 100_000,
  /** calls.jsonl is read this far at most (its first lines are what is embedded). */
  callsReadBytes: 8 * 1024 * 1024,
  /** Above this the whole report stops embedding details of passing trials (failing ones first). */
  totalDetailChars: 40_000_000,
  /** trial.json larger than this is not parsed for the trajectory. */
  trialJsonBytes: 32 * 1024 * 1024,
} as const;

export interface HtmlReportOptions {
  projectRoot: string;
  /** The results folder the page is written to; links to trial files are relative to it. */
  resultsDir: string;
  /** History lines of this run's evals (older runs and this one), for the trend charts. */
  history?: HistoryLine[];
  /** What the eval kinds add up to (a skill's trigger metrics, …), shown above the evals. */
  sections?: ReportSection[];
}

export function comparisonViews(comparisons: ComparisonRecord[]): ComparisonView[] {
  return comparisons.map((c) => ({
    record: c,
    label: VERDICT_LABEL[c.verdict],
    arms: armsText(c),
    delta: deltaText(c),
    p: pValue(c.pValue),
    decision: decisionText(c),
    means: meansText(c),
  }));
}

export function parityViews(rows: ParityRecord[]): ParityView[] {
  return rows.map((r) => {
    const harness = parityHarnessText(r);
    return {
      record: r,
      label: PARITY_LABEL[r.verdict],
      agentRate: rateText(r.agentPasses, r.agentTrials, r.agentInterval),
      referenceRate: rateText(r.referencePasses, r.referenceTrials, r.referenceInterval),
      delta: parityDifferenceText(r),
      p: pValue(r.pValue),
      ...(r.beyondMargin ? { beyond: beyondMarginText(r) } : {}),
      ...(harness ? { harness } : {}),
      evidence: (r.reasons ?? []).map((reason) => `${reason.source}: ${reason.evidence}`),
    };
  });
}

/** Builds the page's data: reads each trial's files under the caps. */
export async function collectReportData(
  run: RunResult,
  options: HtmlReportOptions,
): Promise<ReportData> {
  const { details: _none, ...page } = reportFrame(run, options);
  const data: ReportData = { ...page, details: {} };
  await eachTrialDetail(run, page.dirs, options, (key, detail) => {
    data.details[key] = detail;
    return JSON.stringify(detail).length;
  });
  return data;
}

/** The page's data but the trials' details: the run, its evals, the trends, the trial folders. */
function reportFrame(run: RunResult, options: HtmlReportOptions): ReportData {
  const { evals, diagnostics: _d, comparisons, parity, ...summary } = run;
  const dirs: ReportData["dirs"] = {};
  evals.forEach((e, ei) =>
    e.trials.forEach((trial, ti) => (dirs[`${ei}/${ti}`] = toReportPath(options, trial.dir))),
  );
  return {
    run: summary,
    evals,
    comparisons: comparisonViews(comparisons ?? []),
    parity: parityViews(parity ?? []),
    details: {},
    trends: trendsOf(evals, options.history ?? []),
    dirs,
    sections: options.sections ?? [],
  };
}

/**
 * Reads each trial's details under the caps, failing trials first, and hands each to `take` as
 * soon as it is read (which returns its size in characters, counted against the report's cap), so
 * a caller that writes them out holds one trial's details at a time, not the run's.
 */
async function eachTrialDetail(
  run: RunResult,
  dirs: ReportData["dirs"],
  options: HtmlReportOptions,
  take: (key: string, detail: TrialDetail) => number,
): Promise<void> {
  const jobs: { key: string; trial: TrialResult; failing: boolean }[] = [];
  run.evals.forEach((e, ei) =>
    e.trials.forEach((trial, ti) =>
      jobs.push({ key: `${ei}/${ti}`, trial, failing: trial.status !== "passed" }),
    ),
  );
  // Failing trials first: when the total cap is reached, it is passing trials that lose details.
  jobs.sort((a, b) => Number(b.failing) - Number(a.failing));
  let budget: number = HTML_CAPS.totalDetailChars;
  await eachLimited(jobs, 8, async (job) => {
    if (budget <= 0) {
      take(
        job.key,
        emptyDetail([
          `details not embedded: the report reached its size cap; see ${dirs[job.key]}/`,
        ]),
      );
      return;
    }
    const detail = await readTrialDetail(job.trial, options, job.failing ? 1 : PASSING_SHARE);
    budget -= take(job.key, detail);
  });
}

function emptyDetail(notes: string[]): TrialDetail {
  return { trajectory: [], trajectoryTotal: 0, calls: [], callsTotal: 0, files: [], notes };
}

function toReportPath(options: HtmlReportOptions, rel: string): string {
  const abs = path.resolve(options.projectRoot, rel);
  return path.relative(options.resultsDir, abs).split(path.sep).join("/");
}

/** Passing trials embed this share of the output caps: reviews are mostly of failures. */
const PASSING_SHARE = 0.25;

async function readTrialDetail(
  trial: TrialResult,
  options: HtmlReportOptions,
  share: number,
): Promise<TrialDetail> {
  const dir = path.resolve(options.projectRoot, trial.dir);
  const rel = (name: string) => toReportPath(options, path.join(trial.dir, name));
  const detail = emptyDetail([]);
  const text = async (name: string, cap: number) => {
    const capped = await readCapped(path.join(dir, name), cap);
    return capped ? { ...capped, path: rel(name) } : undefined;
  };
  const [prompt, stdout, stderr, trialJson] = await Promise.all([
    text("prompt.md", HTML_CAPS.promptChars),
    text("agent.stdout", Math.round(HTML_CAPS.stdoutChars * share)),
    text("agent.stderr", Math.round(HTML_CAPS.stderrChars * share)),
    readCapped(path.join(dir, "trial.json"), Number.MAX_SAFE_INTEGER, HTML_CAPS.trialJsonBytes),
  ]);
  if (prompt) detail.prompt = prompt;
  if (stdout) detail.stdout = stdout;
  if (stderr) detail.stderr = stderr;
  embedCalls(path.join(dir, "calls.jsonl"), trial, share, detail, rel);
  if (trialJson && !trialJson.truncated) {
    try {
      readTrialJson(JSON.parse(trialJson.text), detail, rel);
    } catch (error) {
      detail.notes.push(`${rel("trial.json")} did not parse: ${errorMessage(error)}`);
    }
  } else if (trialJson) {
    detail.notes.push(`${rel("trial.json")} is too large to embed its trajectory`);
  }
  return detail;
}

/**
 * The trial's first shim calls, under the caps: a count of calls, a share of the characters, and
 * each call's first arguments cut in the middle. Only the head of calls.jsonl is read.
 */
function embedCalls(
  file: string,
  trial: TrialResult,
  share: number,
  detail: TrialDetail,
  rel: (name: string) => string,
): void {
  const head = readHeadLines(file, HTML_CAPS.calls + 1, HTML_CAPS.callsReadBytes);
  if (!head) return;
  const budget = Math.round(HTML_CAPS.callsChars * share);
  let chars = 0;
  let lines = 0;
  for (const line of head.lines) {
    let c: Partial<TrialDetail["calls"][number]>;
    try {
      c = JSON.parse(line) as typeof c;
    } catch {
      continue;
    }
    if (typeof c.bin !== "string") continue; // the line that says the record was cut
    lines++;
    if (detail.calls.length >= HTML_CAPS.calls) continue;
    const argv = (c.argv ?? []).map(String);
    const shown = argv
      .slice(0, HTML_CAPS.callArgs)
      .map((a) => capText(a, HTML_CAPS.callArgChars).text);
    if (argv.length > shown.length) shown.push(`… ${argv.length - shown.length} more arguments`);
    const call = { bin: c.bin, argv: shown, time: Number(c.time), exit: c.exit ?? null };
    const size = JSON.stringify(call).length;
    if (detail.calls.length > 0 && chars + size > budget) break;
    detail.calls.push(call);
    chars += size;
  }
  detail.callsTotal = Math.max(trial.calls ?? 0, lines);
  if (detail.calls.length < detail.callsTotal) {
    detail.notes.push(
      `showing the first ${detail.calls.length} of ${detail.callsTotal} shim calls, arguments cut to ` +
        `${HTML_CAPS.callArgChars} characters; the calls as recorded are in ${rel("calls.jsonl")}`,
    );
  }
}

/** Up to `maxLines` whole lines from the start of a file, reading at most `maxBytes` of it. */
function readHeadLines(
  file: string,
  maxLines: number,
  maxBytes: number,
): { lines: string[] } | undefined {
  // A trial folder can come from an artifact or hold what an agent left: a link, a FIFO or a
  // device is not read (it would put another file in the report, or block).
  const opened = openRegularSync(file);
  if (opened.kind !== "file") return undefined;
  const { fd } = opened;
  try {
    const lines: string[] = [];
    const chunk = Buffer.alloc(64 * 1024);
    let pending: Buffer[] = [];
    let read = 0;
    while (lines.length < maxLines && read < maxBytes) {
      const n = fsSync.readSync(fd, chunk, 0, Math.min(chunk.length, maxBytes - read), read);
      if (n === 0) break;
      read += n;
      let at = 0;
      for (let nl = chunk.indexOf(10, at); nl >= 0 && nl < n; nl = chunk.indexOf(10, at)) {
        pending.push(chunk.subarray(at, nl));
        lines.push(Buffer.concat(pending).toString("utf8"));
        pending = [];
        at = nl + 1;
        if (lines.length >= maxLines) break;
      }
      if (at < n) pending.push(Buffer.from(chunk.subarray(at, n)));
    }
    return { lines };
  } finally {
    fsSync.closeSync(fd);
  }
}

interface TrialJson {
  agent?: {
    exitCode?: number | null;
    tokens?: unknown;
    turns?: number;
    durationMs?: number;
    finalMessage?: string;
    transcripts?: string[];
  };
  trajectory?: {
    tool?: string;
    input?: unknown;
    result?: string;
    isError?: boolean;
    exitCode?: number;
  }[];
}

function readTrialJson(json: TrialJson, detail: TrialDetail, rel: (name: string) => string): void {
  const agent = json.agent ?? {};
  detail.agent = {
    exitCode: agent.exitCode,
    ...(agent.tokens !== undefined ? { tokens: agent.tokens } : {}),
    ...(agent.turns !== undefined ? { turns: agent.turns } : {}),
    ...(agent.durationMs !== undefined ? { durationMs: agent.durationMs } : {}),
  };
  if (agent.finalMessage) {
    detail.finalMessage = capText(agent.finalMessage, HTML_CAPS.finalMessageChars);
  }
  detail.files = (agent.transcripts ?? []).map((f) => rel(f));
  const steps = Array.isArray(json.trajectory) ? json.trajectory : [];
  detail.trajectoryTotal = steps.length;
  detail.trajectory = steps.slice(0, HTML_CAPS.trajectorySteps).map((s) => ({
    tool: String(s.tool ?? "?"),
    input: capText(describeInput(s.input), HTML_CAPS.stepChars).text,
    ...(s.result !== undefined
      ? { result: capText(String(s.result), HTML_CAPS.stepChars).text }
      : {}),
    ...(s.isError ? { isError: true } : {}),
    ...(typeof s.exitCode === "number" ? { exit: s.exitCode } : {}),
  }));
  if (steps.length > HTML_CAPS.trajectorySteps) {
    detail.notes.push(
      `showing the first ${HTML_CAPS.trajectorySteps} of ${steps.length} tool calls; all are in ${rel("trial.json")}`,
    );
  }
}

/** A tool call's input as a reader wants it: the command or path first, then the rest. */
function describeInput(input: unknown): string {
  if (typeof input === "string") return input;
  if (!input || typeof input !== "object") return input === undefined ? "" : JSON.stringify(input);
  const o = input as Record<string, unknown>;
  for (const key of ["command", "file_path", "path", "pattern", "url", "query", "skill"]) {
    if (typeof o[key] === "string") {
      const rest = Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
      return Object.keys(rest).length
        ? `${o[key] as string}\n${JSON.stringify(rest)}`
        : (o[key] as string);
    }
  }
  return JSON.stringify(input);
}

/** Head and tail of a text longer than `cap` characters. */
export function capText(text: string, cap: number): CappedText {
  if (text.length <= cap) return { text, size: text.length, truncated: false };
  const head = Math.floor(cap * 0.3);
  const tail = cap - head;
  return {
    text: `${text.slice(0, head)}\n\n… ${text.length - cap} characters left out …\n\n${text.slice(-tail)}`,
    size: text.length,
    truncated: true,
  };
}

/**
 * A file's text, or its head and tail when over `cap` characters; reads at most about `cap` bytes
 * of a large file, so a 2 GB transcript costs nothing. Undefined when the file does not exist.
 */
export async function readCapped(
  file: string,
  cap: number,
  maxWhole = cap,
): Promise<CappedText | undefined> {
  // Synchronous reads of at most `cap` bytes: cheaper than a thread-pool round trip per call, which
  // adds up over five files per trial.
  // Only a regular file, not followed through a link (as readHeadLines).
  const opened = openRegularSync(file);
  if (opened.kind !== "file") return undefined;
  const { fd, size } = opened;
  try {
    const limit = Math.min(cap, maxWhole);
    if (size <= limit) {
      const buffer = Buffer.alloc(size);
      fsSync.readSync(fd, buffer, 0, size, 0);
      return { text: buffer.toString("utf8"), size, truncated: false };
    }
    const head = Math.floor(limit * 0.3);
    const tail = limit - head;
    const a = Buffer.alloc(head);
    const b = Buffer.alloc(tail);
    fsSync.readSync(fd, a, 0, head, 0);
    fsSync.readSync(fd, b, 0, tail, size - tail);
    return {
      text: `${a.toString("utf8")}\n\n… ${size - limit} bytes left out …\n\n${b.toString("utf8")}`,
      size,
      truncated: true,
    };
  } finally {
    fsSync.closeSync(fd);
  }
}

function trendsOf(evals: EvalResult[], history: HistoryLine[]): ReportData["trends"] {
  const ids = new Set(evals.map((e) => e.id));
  const trends: ReportData["trends"] = {};
  const seen = new Set<string>();
  for (const line of history) {
    if (!ids.has(line.id) || line.trials === 0) continue;
    // The same line may come from the store and from this run's own lines.
    const key = `${line.id}\0${line.agent}\0${line.time}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const byAgent = (trends[line.id] ??= {});
    (byAgent[line.agent] ??= []).push({
      time: line.time,
      passRate: line.passRate,
      passes: line.passes,
      trials: line.trials,
      status: line.status,
      ...(line.commit ? { commit: line.commit } : {}),
    });
  }
  for (const byAgent of Object.values(trends)) {
    for (const points of Object.values(byAgent)) {
      points.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
      points.splice(0, Math.max(0, points.length - 50));
    }
  }
  return trends;
}

/**
 * JSON that is safe inside `<script type="application/json">`: `<`, `>` and `&` as \u escapes
 * (no `</script>`, no `<!--`), and U+2028/U+2029 escaped too.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => {
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/** The page's script beside the package's bundle: dist/lib/report-page.js (scripts/bundle.mjs). */
const PAGE_ASSET = "report-page.js";

let pageScript: Promise<string> | undefined;

/**
 * The page's script: src/report/html/page/ bundled by esbuild (scripts/report-page.mjs), loaded
 * once per process. The package reads the asset scripts/bundle.mjs wrote beside its bundle, and
 * never loads esbuild. Run from src/ (tsx, vitest: this module is a .ts file), it builds the
 * page's sources, never reading dist/, which may be older than src/.
 */
function reportScript(): Promise<string> {
  pageScript ??= loadReportScript().catch((error: unknown) => {
    pageScript = undefined;
    throw error;
  });
  return pageScript;
}

async function loadReportScript(): Promise<string> {
  const self = fileURLToPath(import.meta.url);
  const here = path.dirname(self);
  if (self.endsWith(".ts")) {
    // A path left to Node, not bundled: ncc would pull the build script and esbuild into dist/.
    const builder = pathToFileURL(path.join(here, "..", "..", "scripts", "report-page.mjs")).href;
    const { buildReportPage } = (await import(/* webpackIgnore: true */ builder)) as {
      buildReportPage: () => Promise<string>;
    };
    return buildReportPage();
  }
  const asset = path.join(here, PAGE_ASSET);
  try {
    return await fsSync.promises.readFile(asset, "utf8");
  } catch (error) {
    throw new Error(
      `${asset}, the report page's script, cannot be read (${errorMessage(error)}): the package is incomplete; scripts/bundle.mjs builds it`,
      { cause: error },
    );
  }
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

export async function renderHtml(data: ReportData): Promise<string> {
  const { details, ...main } = data;
  const [start, middle, end] = pageParts(data.run.counts, await reportScript());
  return `${start}${scriptJson(main)}${middle}${scriptJson(details)}${end}`;
}

/** The page around its two data scripts: before the main data, between it and the details, after. */
function pageParts(c: RunResult["counts"], script: string): [string, string, string] {
  const title = `agent-evals: ${c.passed} passed, ${c.failed} failed`;
  return [
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<noscript><p>This report needs JavaScript to show the run; the same data is in run.json next to it.</p></noscript>
<main id="app"></main>
<script type="application/json" id="report-data">`,
    `</script>
<script type="application/json" id="report-details">`,
    `</script>
<script>${script}</script>
</body>
</html>
`,
  ];
}

/**
 * Writes report.html as it is built: the page's head and its main data, then each trial's details
 * as soon as they are read, then the rest. The run's details are never all in memory at once (a
 * run of thousands of trials embeds megabytes of them); the file is the one renderHtml makes, but
 * for the order of the trials in the details object.
 */
export async function writeHtmlReport(run: RunResult, options: HtmlReportOptions): Promise<string> {
  const { details: _none, ...main } = reportFrame(run, options);
  const script = await reportScript();
  fsSync.mkdirSync(options.resultsDir, { recursive: true });
  const file = path.join(options.resultsDir, "report.html");
  const fd = fsSync.openSync(file, "w");
  try {
    const write = (text: string) => void fsSync.writeSync(fd, text);
    const [start, middle, end] = pageParts(main.run.counts, script);
    write(start);
    writeMainJson(main, write);
    write(middle);
    write("{");
    let first = true;
    await eachTrialDetail(run, main.dirs, options, (key, detail) => {
      const json = scriptJson(detail);
      write(`${first ? "" : ","}${JSON.stringify(key)}:${json}`);
      first = false;
      return json.length;
    });
    write("}");
    write(end);
  } finally {
    fsSync.closeSync(fd);
  }
  return file;
}

/** The main data as scriptJson writes it, an eval at a time. */
function writeMainJson(main: Omit<ReportData, "details">, write: (text: string) => void): void {
  write(`{"run":${scriptJson(main.run)},"evals":[`);
  main.evals.forEach((e, i) => write(`${i ? "," : ""}${scriptJson(e)}`));
  write(`],"comparisons":${scriptJson(main.comparisons)}`);
  write(`,"parity":${scriptJson(main.parity)}`);
  write(`,"trends":${scriptJson(main.trends)},"dirs":${scriptJson(main.dirs)}`);
  write(`,"sections":${scriptJson(main.sections)}}`);
}

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
