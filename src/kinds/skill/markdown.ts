// The PR comment's and step summary's section for skill/command/hook evals: one row per eval with
// its trigger precision, recall and F1 (and the confusion counts they come from), the e2e
// scenarios passed, the hook cases passed, and the verdict. The per-query and per-scenario rows
// are in the main table; this is what they add up to.

import { escapeCell, ICON } from "../../report/index.js";
import type { ClaudeCodeReport } from "./aggregate.js";

export function claudeCodeMarkdown(reports: ClaudeCodeReport[]): string[] {
  if (reports.length === 0) return [];
  return [
    "",
    "**Skills, commands and hooks**",
    "",
    "| eval | target | trigger: precision · recall · F1 | e2e scenarios | hook cases | verdict |",
    "| --- | --- | --- | --- | --- | --- |",
    ...reports.map(
      (r) =>
        `| ${escapeCell(r.name)} | ${escapeCell(`${r.type}: ${r.target}`)} | ${triggerCell(r)} | ${e2eCell(r)} | ${hookCell(r)} | ${ICON[r.status]} ${r.status} |`,
    ),
  ];
}

function triggerCell(report: ClaudeCodeReport): string {
  const t = report.trigger;
  if (!t) return "—";
  const n = (v: number | null) => (v === null ? "n/a" : v.toFixed(2));
  const c = t.confusion;
  return (
    `${n(t.precision)} · ${n(t.recall)} · ${n(t.f1)} ` +
    `(TP ${c.truePositive} · FP ${c.falsePositive} · FN ${c.falseNegative} · TN ${c.trueNegative})`
  );
}

function e2eCell(report: ClaudeCodeReport): string {
  const scenarios = report.e2e?.scenarios;
  if (!scenarios?.length) return "—";
  const decided = scenarios.filter((s) => s.status !== "skipped");
  if (decided.length === 0) return "skipped";
  return `${decided.filter((s) => s.passed).length}/${decided.length} passed`;
}

function hookCell(report: ClaudeCodeReport): string {
  const cases = report.hook?.cases;
  if (!report.hook) return "—";
  if (report.hook.status === "skipped") return "skipped";
  if (!cases?.length) return report.hook.status;
  return `${cases.filter((c) => c.passed).length}/${cases.length} passed`;
}
