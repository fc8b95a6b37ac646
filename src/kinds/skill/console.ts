// The console section of each skill/command/hook eval: trigger metrics and per-query rates, each
// e2e scenario PASS/FAIL with its trajectory and failing checks, hook cases, cost; then a summary.

import path from "node:path";
import type { EvalStatus } from "../../model/index.js";
import { percent, STATUS_LABEL, type Style } from "../../report/index.js";
import { inert, inertLines } from "../../util/index.js";
import type { ClaudeCodeReport, TriggerReport } from "./aggregate.js";

export function claudeCodeSections(
  reports: ClaudeCodeReport[],
  projectRoot: string,
  style: Style,
  verbose = false,
): string[] {
  if (reports.length === 0) return [];
  const lines: string[] = [];
  const label = (status: EvalStatus) => {
    const text = STATUS_LABEL[status];
    if (status === "passed") return style.green(style.bold(text));
    if (status === "failed" || status === "error") return style.red(style.bold(text));
    return style.yellow(style.bold(text));
  };
  for (const report of reports) {
    const under = report.config.agent ? `, under ${report.config.agent}` : "";
    lines.push(style.bold(`━━━ ${report.name} (${report.type}: ${report.target}${under}) ━━━`));
    for (const warning of report.warnings) lines.push(`  ${style.yellow("!")} ${inert(warning)}`);
    if (report.trigger) lines.push(...triggerLines(report.trigger, label, style, verbose));
    const e2eSkipped = report.e2e?.scenarios.every((sc) => sc.status === "skipped");
    if (report.e2e && e2eSkipped) {
      const names = report.e2e.scenarios.map((sc) => JSON.stringify(sc.scenario)).join(", ");
      lines.push(
        `  E2E eval: ${label("skipped")} ${names}: ${inert(report.e2e.scenarios[0]?.reason ?? "")}`,
      );
    } else if (report.e2e) {
      lines.push(`  E2E Eval (cost: ${usd4(report.e2e.total_cost_usd)})`);
      for (const s of report.e2e.scenarios)
        lines.push(...scenarioLines(s, report, label, style, verbose));
      if (report.e2e.pass_rate !== null)
        lines.push(`    Pass rate: ${percent(report.e2e.pass_rate)}`);
    }
    if (report.hook) {
      lines.push(`  Hook eval`);
      if (report.hook.reason)
        lines.push(`    ${label(report.hook.status)} ${inert(report.hook.reason)}`);
      for (const c of report.hook.cases) {
        lines.push(`    ${c.passed ? label("passed") : label("failed")} ${c.scenario}`);
        if (!c.passed || verbose) lines.push(...indent(c.evidence, "        "));
      }
    }
    lines.push(`  Duration: ${report.duration_ms}ms`);
    if (report.resultFile)
      lines.push(style.dim(`  result: ${path.relative(projectRoot, report.resultFile)}`));
    lines.push("");
  }
  // Each target's verdict; the counts and the cost are the run's one summary line (cli/eval).
  lines.push(style.bold("═══ Skills, commands and hooks ═══"));
  for (const report of reports) lines.push(`  ${label(report.status)} ${report.name}`);
  const e2eCost = reports.reduce((sum, r) => sum + (r.e2e?.total_cost_usd ?? 0), 0);
  const triggerCost = reports.reduce((sum, r) => sum + (r.trigger?.cost_usd ?? 0), 0);
  lines.push(
    `  Total e2e cost: ${usd4(e2eCost)}${triggerCost ? `  ${style.dim(`(trigger: ${usd4(triggerCost)})`)}` : ""}`,
  );
  // The counts are on the run's one summary line below, each of these evals counted once.
  return lines;
}

/** Costs as the guide prints them: 4 decimals. */
function usd4(x: number): string {
  return `$${x.toFixed(4)}`;
}

type Label = (status: EvalStatus) => string;
type Scenario = NonNullable<ClaudeCodeReport["e2e"]>["scenarios"][number];

function scenarioLines(
  s: Scenario,
  report: ClaudeCodeReport,
  label: Label,
  style: Style,
  verbose: boolean,
): string[] {
  const lines: string[] = [];
  const mark = (ok: boolean) => (ok ? style.green("PASS") : style.red("FAIL"));
  const at = (line?: number) => (line ? ` ${style.dim(`at ${report.file}:${line}`)}` : "");
  lines.push(
    `    ${label(s.status)} ${s.scenario} ${style.dim(`(${s.duration_ms}ms, ${usd4(s.cost_usd)}${s.model ? `, ${s.model}` : ""}${s.trials_planned > 1 ? `, ${s.passes}/${s.trials} trials passed` : ""})`)}`,
  );
  if (s.cached)
    lines.push(
      `      ${style.yellow(`cached (from ${s.cached.from})`)}: the recorded run, no model calls now — ${s.cached.rerun} runs it again`,
    );
  if (s.reason) lines.push(`      ${inert(s.reason)}`);
  if (s.status === "skipped") return lines;
  if (s.trials < s.trials_planned && !s.cached)
    lines.push(
      `      stopped after ${s.trials} of ${s.trials_planned} trials: verdict decided (early stopping applies to pass/fail verdicts only; --all-trials runs every trial)`,
    );
  lines.push(
    `      Trajectory: ${s.trajectory.length ? inert(s.trajectory.map((c) => c.tool_name).join(" → ")) : "(no tool calls)"}`,
  );
  if (verbose)
    for (const call of s.trajectory)
      lines.push(
        style.dim(
          `        ${inert(call.tool_name)} ${inert(clip(JSON.stringify(call.tool_args)))}`,
        ),
      );
  for (const o of s.outcomes) {
    lines.push(`      ${mark(o.passed)} [${o.type}] ${inert(o.description)}${at(o.line)}`);
    if (!o.passed || verbose) lines.push(...indent(o.evidence, "          "));
  }
  const w = s.workflow;
  if (w?.passed) lines.push(`      ${mark(true)} Workflow checks passed${at(w.line)}`);
  else if (w) {
    if (w.forbidden_check.violations.length)
      lines.push(
        `      ${mark(false)} Forbidden: ${inert(w.forbidden_check.violations.join(", "))}${at(w.line)}`,
      );
    if (!w.tool_match.passed)
      lines.push(`      ${mark(false)} Tools: ${inert(w.tool_match.reason)}${at(w.line)}`);
    for (const v of w.ordering_check.violations)
      lines.push(`      ${mark(false)} Order: ${inert(v)}${at(w.line)}`);
    lines.push(...indent(w.evidence, "          "));
  }
  if (verbose && s.final_output) {
    lines.push("      Output:");
    lines.push(...indent(s.final_output, "        "));
  }
  return lines;
}

function triggerLines(
  t: TriggerReport,
  label: (status: EvalStatus) => string,
  style: Style,
  verbose: boolean,
): string[] {
  const pct = (x: number | null) => (x === null ? "n/a" : percent(x));
  const side = (s: TriggerReport["positive"]) => `${s.passed}/${s.total} (${pct(s.rate)})`;
  const c = t.confusion;
  const skipped = t.queries.filter((q) => q.status === "skipped");
  if (skipped.length === t.queries.length) {
    return [
      `  Trigger eval (${t.mode}): ${label("skipped")} ${skipped[0]?.reason ?? ""}`.trimEnd(),
    ];
  }
  const metrics = (m: { precision: number | null; recall: number | null; f1: number | null }) =>
    `Precision: ${pct(m.precision)}  Recall: ${pct(m.recall)}  F1: ${pct(m.f1)}`;
  const counts = (k: TriggerReport["confusion"]) =>
    style.dim(
      `(TP ${k.truePositive}, FN ${k.falseNegative}, FP ${k.falsePositive}, TN ${k.trueNegative})`,
    );
  const lines = [
    `  Trigger Eval (${t.mode}, cost: ${usd4(t.cost_usd)})`,
    `    Positive: ${side(t.positive)}`,
    `    Negative: ${side(t.negative)}`,
    `    ${metrics(t)}  ${counts(c)}`,
  ];
  if (t.train && t.holdout) {
    lines.push(
      `    Train (${t.train.queries} queries): ${metrics(t.train)}  ${counts(t.train.confusion)}`,
    );
    lines.push(
      `    Held-out (${t.holdout.queries} queries): ${metrics(t.holdout)}  ${counts(t.holdout.confusion)}`,
    );
  }
  if (t.matrix) {
    // Runs by what they should trigger (rows) and what they triggered first (columns).
    const m = t.matrix;
    const width = Math.max(18, ...m.labels.map((l) => l.length + 2));
    const cell = (text: string | number) => String(text).padStart(width);
    const [target] = m.labels;
    lines.push(`    Confusion (runs; rows: should trigger, columns: triggered first)`);
    lines.push(`    ${"".padEnd(22)}${m.labels.map(cell).join("")}`);
    lines.push(
      `    ${`${target}`.padEnd(22)}${m.labels.map((l) => cell(m.rows.positive[l] ?? 0)).join("")}`,
    );
    lines.push(
      `    ${`not ${target}`.padEnd(22)}${m.labels.map((l) => cell(m.rows.negative[l] ?? 0)).join("")}`,
    );
  }
  for (const q of t.queries) {
    const sign = q.should_trigger ? "+" : "−";
    const rate =
      q.runs > 0
        ? `triggered ${q.triggered}/${q.runs} (${pct(q.trigger_rate)}, 95% CI ${percent(q.interval[0])}–${percent(q.interval[1])})`
        : (q.reason ?? "");
    const split = q.split === "holdout" ? ` ${style.dim("(held out)")}` : "";
    lines.push(`    ${label(q.status)} ${sign} ${JSON.stringify(q.query)} ${rate}${split}`);
    if (q.cached)
      lines.push(
        `        ${style.yellow(`cached (from ${q.cached.from})`)}: the recorded runs, no model calls now — ${q.cached.rerun} runs it again`,
      );
    if (verbose && q.trajectory.length)
      lines.push(`        Trajectory: ${inert(q.trajectory.join(" → "))}`);
    if (q.status !== "passed" && q.status !== "skipped" && q.reason && q.runs > 0)
      lines.push(`        ${inert(q.reason)}`);
    if ((q.status === "failed" || verbose) && q.evidence)
      lines.push(...indent(q.evidence, "        "));
  }
  return lines;
}

/** Untrusted lines (evidence, an agent's output), each made inert behind our indent. */
function indent(text: string, prefix: string): string[] {
  return inertLines(text)
    .split("\n")
    .slice(0, 20)
    .map((line) => `${prefix}${line}`);
}

function clip(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
