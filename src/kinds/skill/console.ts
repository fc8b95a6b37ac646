// The console section of each skill/command/hook eval: trigger metrics and per-query rates, each
// e2e scenario PASS/FAIL with its trajectory and failing checks, hook cases, cost; then a summary.

import path from "node:path";
import type { EvalStatus } from "../../model/index.js";
import { percent, seconds, STATUS_LABEL, usd, type Style } from "../../report/index.js";
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
    lines.push(style.bold(`━━━ ${report.name} (${report.type}: ${report.target}) ━━━`));
    for (const warning of report.warnings) lines.push(`  ${style.yellow("!")} ${warning}`);
    if (report.trigger) lines.push(...triggerLines(report.trigger, label, style, verbose));
    const e2eSkipped = report.e2e?.scenarios.every((sc) => sc.status === "skipped");
    if (report.e2e && e2eSkipped) {
      const names = report.e2e.scenarios.map((sc) => JSON.stringify(sc.scenario)).join(", ");
      lines.push(
        `  E2E eval: ${label("skipped")} ${names}: ${report.e2e.scenarios[0]?.reason ?? ""}`,
      );
    } else if (report.e2e) {
      lines.push(`  E2E eval (cost: ${usd(report.e2e.total_cost_usd)})`);
      for (const s of report.e2e.scenarios) {
        lines.push(
          `    ${label(s.status)} ${s.scenario} ${style.dim(`(${s.duration_ms}ms, ${usd(s.cost_usd)}${s.model ? `, ${s.model}` : ""})`)}`,
        );
        if (s.reason) lines.push(`      ${s.reason}`);
        if (s.status === "skipped") continue;
        lines.push(
          `      Trajectory: ${s.trajectory.length ? s.trajectory.map((c) => c.tool_name).join(" → ") : "(no tool calls)"}`,
        );
        if (verbose)
          for (const call of s.trajectory)
            lines.push(
              style.dim(`        ${call.tool_name} ${clip(JSON.stringify(call.tool_args))}`),
            );
        const at = (line?: number) => (line ? ` ${style.dim(`at ${report.file}:${line}`)}` : "");
        for (const o of [
          ...s.outcomes,
          ...(s.workflow ? [{ ...s.workflow, description: "workflow" }] : []),
        ]) {
          if (o.passed && !verbose) continue;
          lines.push(
            `      ${o.passed ? style.green("PASS") : style.red("FAIL")} ${o.description}${at(o.line)}`,
          );
          if (!o.passed || verbose) lines.push(...indent(o.evidence, "          "));
        }
      }
      if (report.e2e.pass_rate !== null)
        lines.push(`    Pass rate: ${percent(report.e2e.pass_rate)}`);
    }
    if (report.hook) {
      lines.push(`  Hook eval`);
      if (report.hook.reason) lines.push(`    ${label(report.hook.status)} ${report.hook.reason}`);
      for (const c of report.hook.cases) {
        lines.push(`    ${c.passed ? label("passed") : label("failed")} ${c.scenario}`);
        if (!c.passed || verbose) lines.push(...indent(c.evidence, "        "));
      }
    }
    lines.push(`  Duration: ${seconds(report.duration_ms)}`);
    if (report.resultFile)
      lines.push(style.dim(`  result: ${path.relative(projectRoot, report.resultFile)}`));
    lines.push("");
  }
  // Each target's verdict; the counts and the cost are the run's one summary line (cli/eval).
  lines.push(style.bold("═══ Skills, commands and hooks ═══"));
  for (const report of reports) lines.push(`  ${label(report.status)} ${report.name}`);
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
  const lines = [
    `  Trigger eval (${t.mode}, cost: ${usd(t.cost_usd)})`,
    `    Positive: ${side(t.positive)}  Negative: ${side(t.negative)}`,
    `    Precision: ${pct(t.precision)}  Recall: ${pct(t.recall)}  F1: ${pct(t.f1)}  ${style.dim(`(TP ${c.truePositive}, FN ${c.falseNegative}, FP ${c.falsePositive}, TN ${c.trueNegative})`)}`,
  ];
  for (const q of t.queries) {
    const sign = q.should_trigger ? "+" : "−";
    const rate =
      q.runs > 0
        ? `triggered ${q.triggered}/${q.runs} (${pct(q.trigger_rate)}, 95% CI ${percent(q.interval[0])}–${percent(q.interval[1])})`
        : (q.reason ?? "");
    lines.push(`    ${label(q.status)} ${sign} ${JSON.stringify(q.query)} ${rate}`);
    if (q.status !== "passed" && q.status !== "skipped" && q.reason && q.runs > 0)
      lines.push(`        ${q.reason}`);
    if ((q.status === "failed" || verbose) && q.evidence)
      lines.push(...indent(q.evidence, "        "));
  }
  return lines;
}

function indent(text: string, prefix: string): string[] {
  return text
    .split("\n")
    .slice(0, 20)
    .map((line) => `${prefix}${line}`);
}

function clip(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
