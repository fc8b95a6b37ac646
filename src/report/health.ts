// The health section of a nightly run's step summary: the evals × agents that need attention
// (broken, flaky, saturated; store/health.ts states the rule), as a markdown table.

import type { EvalHealth } from "../store/index.js";
import { escapeCell } from "./markdown.js";

const ADVICE: Record<EvalHealth["state"], string> = {
  broken: "no trial passed in its last runs: usually a broken task or check",
  flaky: "its verdict keeps flipping",
  saturated: "every trial of its last runs passed: ready to graduate to a regression suite",
  ok: "",
  new: "",
};

/** The section, or nothing when every eval is ok or new. */
export function healthMarkdown(rows: EvalHealth[], window: number): string[] {
  const attention = rows.filter((r) => r.state !== "ok" && r.state !== "new");
  if (attention.length === 0) return [];
  const count = (state: EvalHealth["state"]) => attention.filter((r) => r.state === state).length;
  const lines = [
    `#### Health (last ${window} runs): ${count("broken")} broken · ${count("flaky")} flaky · ${count("saturated")} saturated`,
    "",
    "| state | eval | agent | runs | flips (rate) | trials passed | why |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...attention.map(
      (r) =>
        `| ${r.state} | ${escapeCell(r.id)} | ${escapeCell(r.agent)} | ${r.runs} | ${r.flips} (${Math.round(r.flipRate * 100)}%) | ${Math.round(r.trialPassRate * 100)}% | ${ADVICE[r.state]} |`,
    ),
    "",
  ];
  return [lines.join("\n")];
}
