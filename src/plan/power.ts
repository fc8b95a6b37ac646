// Plan before spending (`plan --detect`, `compare --detect`): for each eval × agent, the trials
// per arm a controlled comparison needs to flag a drop of the given size with the given chance,
// from the pair's pass rate in history; what those trials are forecast to cost, from history's
// cost per trial; and, under a budget, which pairs it would leave under-powered. The rule is the
// comparison rule of model/comparison.ts, the trials from model/power.ts.

import type { HistoryLine } from "../store/index.js";
import { expectedCostPerTrial, historyBaseline } from "../store/index.js";
import type { Plan, PlannedUnit } from "../model/index.js";
import {
  DEFAULT_MARGIN,
  hardestRate,
  regressionChance,
  round6,
  spendsNothing,
  trialsToDetect,
} from "../model/index.js";
import { agentCostGuess } from "./balance.js";
import { pairKey } from "./shard.js";

/** What to plan for: a drop of `detect` (0–1) flagged with a chance of `power`. */
export interface PowerTarget {
  detect: number;
  power: number;
}

export interface PowerRow {
  /** `id [agent]`. */
  key: string;
  unit: PlannedUnit;
  /** The control's pass rate planned for, rounded to a point. */
  rate: number;
  /** `history` (pooled over `historyTrials` trials) or `assumed` (none: the hardest rate). */
  rateFrom: "history" | "assumed";
  historyTrials?: number;
  /** The drop planned for: the target's, or less when the rate is lower than the drop. */
  drop: number;
  /**
   * Trials per arm: a comparison arm's maximum as planned (`compare --detect` makes it the needed
   * trials), else the needed trials; undefined when more than MAX_PLANNED_TRIALS would be needed.
   */
  trialsPerArm?: number;
  /** The trials per arm the target needs (undefined: out of reach). */
  neededTrials?: number;
  /** The power at `trialsPerArm`: at least the target when they are the needed trials. */
  plannedPower?: number;
  costPerTrial?: number;
  /** Where the cost came from; every source but `history` and `free` is a guess. */
  costFrom: "history" | "free" | "agent's other evals" | "maxCostUsd" | "unknown";
  /** Both arms' trials × the cost per trial. */
  forecastUsd?: number;
  /** Under a budget that cannot buy every row: the trials per arm its share buys, and the power. */
  affordable?: { trialsPerArm: number; power: number };
}

export interface PowerPlan {
  target: PowerTarget;
  rows: PowerRow[];
  /** The sum of the rows' forecasts (rows without a cost left out: `unknownCost` counts them). */
  forecastUsd: number;
  unknownCost: number;
  budgetUsd?: number;
  /**
   * Rows that fall short of the target: a budget that cannot buy their trials (`affordable` set),
   * or a comparison arm planned with fewer trials than the target needs.
   */
  underPowered: PowerRow[];
}

/**
 * The power plan of the plan's pairs that start an agent (for a comparison, once per pair: the
 * arm that is the eval as defined). `history` maps an eval id to its history lines.
 */
export function planPower(
  plan: Pick<Plan, "units" | "budgetUsd" | "traffic">,
  history: Map<string, HistoryLine[]>,
  target: PowerTarget,
): PowerPlan {
  const units = plan.units.filter(
    (u) => u.agent && u.settled?.status !== "skipped" && (!u.arm || u.arm.primary),
  );
  const rows = units.map((unit) => powerRow(unit, history, target, plan.traffic));
  const costed = rows.filter((r) => r.forecastUsd !== undefined);
  const forecastUsd = round6(costed.reduce((sum, r) => sum + r.forecastUsd!, 0));
  const short =
    plan.budgetUsd !== undefined && forecastUsd > plan.budgetUsd
      ? shareBudget(costed, forecastUsd, plan.budgetUsd)
      : [];
  const underPowered = rows.filter(
    (r) =>
      short.includes(r) ||
      r.trialsPerArm === undefined ||
      (r.plannedPower !== undefined && r.plannedPower < target.power),
  );
  return {
    target,
    rows,
    forecastUsd,
    unknownCost: rows.length - costed.length,
    ...(plan.budgetUsd !== undefined ? { budgetUsd: plan.budgetUsd } : {}),
    underPowered,
  };
}

/**
 * The trials per arm `compare --detect` gives a pair: its planned N; undefined when the drop is out
 * of reach (the plan says so, and the pair runs the usual maximum rather than a thousand trials).
 */
export function plannedTrials(
  unit: PlannedUnit,
  history: Map<string, HistoryLine[]>,
  target: PowerTarget,
): number | undefined {
  const { rate, drop } = rateOf(unit, history.get(unit.spec.id) ?? [], target);
  return trialsToDetect(rate, drop, target.power);
}

function powerRow(
  unit: PlannedUnit,
  history: Map<string, HistoryLine[]>,
  target: PowerTarget,
  traffic: Plan["traffic"],
): PowerRow {
  const lines = history.get(unit.spec.id) ?? [];
  const { rate, drop, pooled } = rateOf(unit, lines, target);
  const neededTrials = trialsToDetect(rate, drop, target.power);
  // An arm runs to its maximum as planned: the power is that of its trials, whatever they are.
  const trialsPerArm = unit.arm ? unit.arm.maxTrials : neededTrials;
  const cost = costOf(unit, history, traffic);
  return {
    key: pairKey(unit),
    unit,
    rate,
    rateFrom: pooled ? "history" : "assumed",
    ...(pooled ? { historyTrials: pooled } : {}),
    drop,
    ...(neededTrials !== undefined ? { neededTrials } : {}),
    ...(trialsPerArm !== undefined
      ? { trialsPerArm, plannedPower: regressionChance(rate, drop, trialsPerArm) }
      : {}),
    ...cost,
    ...(trialsPerArm !== undefined && cost.costPerTrial !== undefined
      ? { forecastUsd: round6(2 * trialsPerArm * cost.costPerTrial) }
      : {}),
  };
}

/**
 * The pass rate a pair's control is planned at: its history baseline, pooled as the verdicts
 * against history pool it (store/compare.ts: the newest judged runs of one definition and agent
 * version, up to 50 trials), rounded to a point; without any, the rate at which the drop is
 * hardest to see. The drop is the target's, or the whole rate when that is smaller (a pair at 10%
 * cannot drop by 20 points).
 */
function rateOf(
  unit: PlannedUnit,
  lines: HistoryLine[],
  target: PowerTarget,
): { rate: number; drop: number; pooled: number } {
  const baseline = historyBaseline(lines, unit.agentName);
  const rate = baseline
    ? Math.round((100 * baseline.passes) / baseline.trials) / 100
    : hardestRate(target.detect);
  return { rate, drop: Math.min(target.detect, rate), pooled: baseline?.trials ?? 0 };
}

function costOf(
  unit: PlannedUnit,
  history: Map<string, HistoryLine[]>,
  traffic: Plan["traffic"],
): Pick<PowerRow, "costPerTrial" | "costFrom"> {
  if (spendsNothing(unit, traffic)) return { costPerTrial: 0, costFrom: "free" };
  const own = expectedCostPerTrial(history.get(unit.spec.id) ?? [], unit.agentName);
  if (own !== undefined) return { costPerTrial: own, costFrom: "history" };
  // The pair has no cost history of its own, so the median is over the agent's other evals.
  const guess = agentCostGuess(history, unit.agentName);
  if (guess !== undefined) return { costPerTrial: guess, costFrom: "agent's other evals" };
  if (unit.spec.maxCostUsd !== undefined)
    return { costPerTrial: unit.spec.maxCostUsd, costFrom: "maxCostUsd" };
  return { costFrom: "unknown" };
}

/**
 * The budget shared in proportion to each row's forecast (as the run shares it between pairs:
 * plan/balance.ts): the rows whose share buys fewer than their planned trials, each with what its
 * share buys and the power that gives.
 */
function shareBudget(rows: PowerRow[], forecastUsd: number, budgetUsd: number): PowerRow[] {
  const short: PowerRow[] = [];
  for (const row of rows) {
    if (!row.costPerTrial || !row.trialsPerArm) continue;
    const share = (budgetUsd * row.forecastUsd!) / forecastUsd;
    const trialsPerArm = Math.floor(share / (2 * row.costPerTrial) + 1e-9);
    if (trialsPerArm >= row.trialsPerArm) continue;
    row.affordable = { trialsPerArm, power: regressionChance(row.rate, row.drop, trialsPerArm) };
    short.push(row);
  }
  return short;
}

/**
 * The decision rule, as the plan prints it before anything runs: the comparison rule of
 * model/comparison.ts, which `compare` and the Action's PR comparison then apply unchanged.
 */
export function decisionRule(target: PowerTarget, margin = DEFAULT_MARGIN): string[] {
  const pts = (x: number) => `${Math.round(x * 100)} points`;
  return [
    `Decision rule (fixed before any trial runs; \`compare --detect ${Math.round(target.detect * 100)}\` and the verdicts apply it unchanged):`,
    `  each eval × agent runs as a control and a treatment, trials interleaved, up to the trials per arm below;`,
    `  after each pair from the 3rd: REGRESSION when the 99.8% interval of Δ (Newcombe) lies below 0 and Fisher's p < 0.05,`,
    `  at the last pair the same with the 95% interval; IMPROVEMENT likewise above 0; NO-CHANGE when the interval lies within ±${pts(margin)};`,
    `  otherwise INCONCLUSIVE. Trials per arm planned so a drop of ${pts(target.detect)} is flagged with a chance of ${Math.round(target.power * 100)}% (α = 0.05).`,
  ];
}
