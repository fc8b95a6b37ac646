// What `agent-evals plan` (or `eval --dry-run`) prints: what would run, what would not and why,
// and what it may cost — without running anything.

import path from "node:path";
import type { Plan, PlannedUnit } from "../model/index.js";
import { mostTrials, requiredPasses, spendsNothing, unitLabel } from "../model/index.js";
import { aboveBudget } from "../run/index.js";
import { usd } from "./console.js";

export interface PlanCost {
  /** Expected cost per trial from history, when known. */
  expectedPerTrial?: number;
}

export function planLines(
  { units, budgetUsd, traffic }: Pick<Plan, "units" | "budgetUsd" | "traffic">,
  projectRoot: string,
  costOf: (unit: PlannedUnit) => PlanCost = () => ({}),
): string[] {
  const lines: string[] = [];
  let expectedTotal = 0;
  let worstTotal = 0;
  let unknownWorst = false;
  for (const unit of units) {
    const where = `${path.relative(projectRoot, unit.spec.file)}${unit.spec.line ? `:${unit.spec.line}` : ""}`;
    const name = `${unitLabel(unit)} [${unit.agentName}${unit.agentVersion ? ` ${unit.agentVersion}` : ""}]`;
    if (unit.settled) {
      lines.push(`${unit.settled.status.padEnd(7)} ${name} — ${unit.settled.reason}  (${where})`);
      continue;
    }
    // A replayed pair spends nothing: its answers, its judges' too, come from the recording.
    const free = spendsNothing(unit, traffic);
    // A comparison's arm may run up to its maximum, until the comparison is decided.
    const most = mostTrials(unit);
    const trials = unit.arm
      ? `up to ${most} trial(s), the ${unit.arm.role} (${unit.arm.label}) of a comparison`
      : unit.spec.adaptive
        ? `${unit.spec.adaptive.min}–${unit.trials} adaptive trials`
        : `up to ${unit.trials} trial(s), needs ${requiredPasses(unit.trials, unit.spec.passRate)}`;
    const { expectedPerTrial } = costOf(unit);
    let cost = free && !spendsNothing(unit, undefined) ? "free (replayed)" : "free";
    if (!free) {
      const worst = unit.spec.maxCostUsd !== undefined ? unit.spec.maxCostUsd * most : undefined;
      if (worst === undefined) unknownWorst = true;
      else worstTotal += worst;
      if (expectedPerTrial !== undefined) expectedTotal += expectedPerTrial * most;
      cost = [
        expectedPerTrial !== undefined
          ? `expected ${usd(expectedPerTrial * most)} (history)`
          : "no cost history",
        worst !== undefined ? `worst case ${usd(worst)}` : "no maxCostUsd: worst case unbounded",
      ].join(", ");
      const above = aboveBudget(unit.spec.maxCostUsd, budgetUsd);
      if (above) cost += `; would not start: ${above}`;
    }
    lines.push(`run     ${name} ${trials}; ${cost}  (${where})`);
  }
  const budget = budgetUsd !== undefined ? `; budget ${usd(budgetUsd)}` : "";
  lines.push(
    `expected cost ${usd(expectedTotal)} from history; worst case ${unknownWorst ? "unbounded (some evals set no maxCostUsd)" : usd(worstTotal)}${budget}. Nothing was run.`,
  );
  return lines;
}
