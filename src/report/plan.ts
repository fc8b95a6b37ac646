// What `agent-evals plan` (or `eval --dry-run`) prints: what would run, what would not and why,
// and what it may cost — without running anything.

import path from "node:path";
import type { Plan, PlannedUnit } from "../model/index.js";
import {
  MAX_PLANNED_TRIALS,
  mostTrials,
  requiredPasses,
  spendsNothing,
  unitLabel,
} from "../model/index.js";
import type { PowerPlan, PowerRow } from "../plan/index.js";
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

/**
 * What `plan --detect` (and `compare --detect --dry-run`) prints after the decision rule: each
 * pair's rate, trials per arm and forecast, the total, and what a budget too small would leave
 * under-powered — all before anything is spent.
 */
export function powerPlanLines(power: PowerPlan): string[] {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const { detect, power: chance } = power.target;
  const lines = [
    `Power plan: a drop of ${Math.round(detect * 100)} points flagged with a chance of ${pct(chance)} (α = 0.05), trials per arm of a comparison:`,
  ];
  for (const row of power.rows) {
    const rate =
      row.rateFrom === "history"
        ? `rate ${pct(row.rate)} (history, ${row.historyTrials} trials)`
        : `rate ${pct(row.rate)} assumed (no history: the rate where this drop is hardest to see)`;
    const drop =
      row.drop < detect
        ? `; a drop of ${Math.round(row.drop * 100)} points is all there can be`
        : "";
    const trials =
      row.trialsPerArm === undefined
        ? `out of reach: more than ${MAX_PLANNED_TRIALS} trials per arm (--detect a larger drop)`
        : `${row.trialsPerArm} trials per arm (power ${pct(row.plannedPower!)}${
            row.neededTrials !== undefined && row.neededTrials > row.trialsPerArm
              ? `; ${row.neededTrials} needed for ${pct(chance)}`
              : ""
          })`;
    const cost =
      row.costFrom === "free"
        ? "free"
        : row.costPerTrial === undefined
          ? "cost unknown (no history, no maxCostUsd)"
          : `${usd(row.costPerTrial)} per trial (${costSource(row.costFrom)})${row.forecastUsd !== undefined ? ` → ${usd(row.forecastUsd)} for both arms` : ""}`;
    lines.push(`  ${row.key}: ${rate}${drop} → ${trials}; ${cost}`);
  }
  const unknown = power.unknownCost ? ` (+${power.unknownCost} pair(s) without a cost)` : "";
  const budget =
    power.budgetUsd === undefined
      ? ""
      : power.underPowered.some((r) => r.affordable)
        ? `; the budget of ${usd(power.budgetUsd)} buys ${pct(power.budgetUsd / power.forecastUsd)} of it`
        : `; within the budget of ${usd(power.budgetUsd)}`;
  lines.push(
    `Forecast: ${usd(power.forecastUsd)} for ${power.rows.length} pair(s)${unknown}${budget}.`,
  );
  // Only the pairs the budget cuts short; those out of reach or run with fewer trials than the
  // target needs say so on their own line above.
  const byBudget = power.underPowered.filter((r) => r.affordable);
  if (byBudget.length) {
    lines.push(
      `Under-powered by the budget (its share in proportion to the forecast): ${byBudget.length} pair(s):`,
    );
    for (const row of byBudget)
      lines.push(
        `  ${row.key}: ${row.affordable!.trialsPerArm} of ${row.trialsPerArm} trials per arm → power ${pct(row.affordable!.power)}`,
      );
    lines.push(
      `  Raise --budget-usd to ${usd(power.forecastUsd)}, --detect a larger drop, or select fewer evals.`,
    );
  }
  return lines;
}

function costSource(from: PowerRow["costFrom"]): string {
  if (from === "history") return "history";
  if (from === "agent's other evals") return "a guess: the agent's median over its other evals";
  return "a guess: the eval's maxCostUsd, its worst case";
}

/**
 * The power plan as Markdown, for the PR comment the Action posts before any trial starts: a row
 * per eval × agent, the forecast, and the rule in a collapsed block.
 */
export function powerPlanMarkdown(power: PowerPlan, rule: string[]): string[] {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const drop = Math.round(power.target.detect * 100);
  const lines = [
    `| eval × agent | pass rate | trials per arm | power to flag −${drop} pts | forecast |`,
    "| --- | --- | --- | --- | --- |",
  ];
  for (const row of power.rows) {
    const rate = row.rateFrom === "history" ? pct(row.rate) : `${pct(row.rate)} (assumed)`;
    const trials = row.trialsPerArm ?? `> ${MAX_PLANNED_TRIALS}`;
    const chance =
      row.plannedPower === undefined
        ? "out of reach"
        : `${pct(row.affordable?.power ?? row.plannedPower)}${row.plannedPower < power.target.power || row.affordable ? " ⚠️" : ""}`;
    const cost =
      row.costFrom === "free"
        ? "free"
        : row.forecastUsd === undefined
          ? "unknown"
          : `${usd(row.forecastUsd)}${row.costFrom === "history" ? "" : " (guess)"}`;
    lines.push(`| \`${row.key}\` | ${rate} | ${trials} | ${chance} | ${cost} |`);
  }
  const budget = power.budgetUsd === undefined ? "" : `, budget ${usd(power.budgetUsd)}`;
  lines.push(
    "",
    `Forecast ${usd(power.forecastUsd)} for ${power.rows.length} pair(s)${budget}.${
      power.underPowered.length
        ? ` ⚠️ ${power.underPowered.length} pair(s) below ${pct(power.target.power)} power.`
        : ""
    }`,
    "",
    "<details><summary>Decision rule, fixed before the run</summary>",
    "",
    ...rule.map((l) => l.trim()),
    "",
    "</details>",
  );
  return lines;
}
