// What each eval × agent pair is expected to take, from history, so shards can be balanced by it;
// and the shard plan `agent-evals plan --shards N` prints (the CI matrix, per-shard expectations).

import { expectedCostPerTrial, readHistory, type HistoryLine } from "../store/index.js";
import type { Plan, PlannedUnit } from "../model/index.js";
import { Codes, DefinitionError, round6, spendsNothing } from "../model/index.js";
import {
  assignShards,
  shardCountFor,
  pairKey,
  shardFromPlan,
  shardOf,
  ShardPlanError,
  type Shard,
  type ShardAssignment,
} from "./shard.js";

/** How many recent runs of a pair its expectation averages. */
const RECENT_RUNS = 10;

export interface PairEstimate {
  key: string;
  trials: number;
  /** From history; undefined when the pair never ran. */
  expectedDurationMs?: number;
  expectedCostUsd?: number;
  /** What the split balances: the expected duration in ms, or trials × a typical trial. */
  weight: number;
  /** What the budget split follows: the expected cost, or trials × a typical trial's cost. */
  budgetWeight: number;
  /**
   * The forecast cost: the expected one from the pair's own history, else a guess (`costGuessed`):
   * its trials × the median cost per trial of the same agent's other pairs; undefined without
   * either.
   */
  forecastCostUsd?: number;
  costGuessed?: boolean;
}

/** Mean duration of one trial of `agent` over its newest runs; undefined when it has none. */
export function expectedDurationPerTrial(lines: HistoryLine[], agent: string): number | undefined {
  const recent = lines
    .filter((l) => l.agent === agent && l.trials > 0 && Number.isFinite(l.durationMs))
    .slice(-RECENT_RUNS);
  if (recent.length === 0) return undefined;
  return (
    recent.reduce((sum, l) => sum + l.durationMs, 0) / recent.reduce((sum, l) => sum + l.trials, 0)
  );
}

/** Every pair's history, read from a history folder (`--history-dir`, the results branch). */
export async function historyOf(
  units: PlannedUnit[],
  historyDir: string | undefined,
): Promise<Map<string, HistoryLine[]>> {
  const history = new Map<string, HistoryLine[]>();
  if (!historyDir) return history;
  for (const id of new Set(units.map((u) => u.spec.id)))
    history.set(id, await readHistory(historyDir, id));
  return history;
}

/**
 * Expected duration and cost per pair. The weight is the expected duration, rounded to whole ms so
 * the split never hinges on floating-point noise; a pair without history weighs its trials × the
 * median trial of those with history (or its trial count when nothing has history: round-robin).
 * In a replay (`traffic` "replay") a pair costs $0, whatever its recorded runs cost: the
 * recording answers its model requests, its judges' too (docs/record-replay.md › Cost and budget).
 */
export function estimatePairs(
  units: PlannedUnit[],
  history: Map<string, HistoryLine[]>,
  traffic?: Plan["traffic"],
): Map<PlannedUnit, PairEstimate> {
  const perTrial = new Map<PlannedUnit, number | undefined>();
  for (const u of units)
    perTrial.set(u, expectedDurationPerTrial(history.get(u.spec.id) ?? [], u.agentName));
  const costPerTrial = new Map<PlannedUnit, number | undefined>();
  for (const u of units)
    costPerTrial.set(u, expectedCostPerTrial(history.get(u.spec.id) ?? [], u.agentName));
  const typical = median([...perTrial.values()]);
  const typicalCost = median([...costPerTrial.values()].filter((c) => c !== undefined && c > 0));
  const agentCost = new Map<string, number | undefined>();
  for (const agent of new Set(units.map((u) => u.agentName)))
    agentCost.set(agent, agentCostGuess(history, agent));
  const estimates = new Map<PlannedUnit, PairEstimate>();
  for (const u of units) {
    const ms = perTrial.get(u);
    const free = spendsNothing(u, traffic);
    const cost = free && traffic === "replay" ? 0 : costPerTrial.get(u);
    estimates.set(u, {
      key: pairKey(u),
      trials: u.trials,
      ...(ms !== undefined ? { expectedDurationMs: Math.round(ms * u.trials) } : {}),
      ...(cost !== undefined ? { expectedCostUsd: round6(cost * u.trials) } : {}),
      weight: Math.round((ms ?? typical ?? 1) * u.trials),
      budgetWeight: (cost ?? (free ? 0 : (typicalCost ?? 1))) * u.trials,
      ...(free ? { forecastCostUsd: 0 } : forecastOf(cost, agentCost.get(u.agentName), u.trials)),
    });
  }
  return estimates;
}

/**
 * A guess of what one trial of `agent` costs where its pair has no history of its own: the median
 * cost per trial of the agent's evals in `history` (undefined when none has one).
 */
export function agentCostGuess(
  history: Map<string, HistoryLine[]>,
  agent: string,
): number | undefined {
  return median([...history.values()].map((lines) => expectedCostPerTrial(lines, agent)));
}

function forecastOf(
  known: number | undefined,
  guess: number | undefined,
  trials: number,
): Pick<PairEstimate, "forecastCostUsd" | "costGuessed"> {
  if (known !== undefined) return { forecastCostUsd: round6(known * trials) };
  if (guess !== undefined) return { forecastCostUsd: round6(guess * trials), costGuessed: true };
  return {};
}

/**
 * Each unit's part of the budget, in proportion to its expected cost (pairs without cost history:
 * a typical pair's, or their trials; a replayed pair: nothing): what the shards'
 * budgets add up from.
 */
export function shareBudget(
  units: PlannedUnit[],
  history: Map<string, HistoryLine[]>,
  budgetUsd: number,
  traffic?: Plan["traffic"],
): void {
  const estimates = estimatePairs(units, history, traffic);
  const total = units.reduce((sum, u) => sum + estimates.get(u)!.budgetWeight, 0);
  for (const u of units)
    u.budgetShareUsd =
      budgetUsd * (total > 0 ? estimates.get(u)!.budgetWeight / total : 1 / units.length);
}

export interface ShardSummary {
  index: number;
  /** `i/n`, as `--shard` and the Action's `shard` input take it. */
  shard: string;
  pairs: string[];
  trials: number;
  expectedDurationMs: number;
  expectedCostUsd: number;
  /** The expected cost with the guessed pairs' guesses added (see PairEstimate.forecastCostUsd). */
  forecastCostUsd: number;
  weight: number;
  /** The part of the budget this shard may spend: its units' shares, rounded down to the cent. */
  budgetUsd?: number;
}

export interface ShardPlan extends ShardAssignment {
  /** Fewer shards than asked: the matrix's cap (MAX_SHARDS). */
  capped?: { asked: number };
  /** What was balanced: `duration` from history, or `trials` when there is none. */
  balancedBy: "duration" | "trials";
  /** Heaviest shard ÷ mean shard, by weight: 1 is a perfect split. */
  balance: number;
  /** The whole run's forecast cost, and how many pairs' costs in it are guesses or unknown. */
  forecast: { costUsd: number; guessedPairs: number; unknownPairs: number };
  summaries: ShardSummary[];
  /** For a GitHub Actions matrix: `strategy.matrix: ${{ fromJSON(...) }}`. */
  matrix: { include: Array<{ shard: string; index: number; "budget-usd"?: string }> };
}

/**
 * The split of `units` into `count` (or auto) shards, with what each shard is expected to take and,
 * when the plan has a budget, may spend (the sum of its units' `budgetShareUsd`). `traffic`: the
 * plan's (a replayed pair is expected to cost $0).
 */
export function planShards(
  units: PlannedUnit[],
  count: number | "auto",
  history: Map<string, HistoryLine[]>,
  traffic?: Plan["traffic"],
): ShardPlan {
  const { count: n, capped } = shardCountFor(count, units.length);
  const estimates = estimatePairs(units, history, traffic);
  const buckets = assignShards(units, n, (u) => estimates.get(u)!.weight);
  const sum = (list: PlannedUnit[], f: (e: PairEstimate) => number) =>
    list.reduce((total, u) => total + f(estimates.get(u)!), 0);
  const budgeted = units.some((u) => u.budgetShareUsd !== undefined);
  const summaries = buckets.map((bucket, i): ShardSummary => {
    const cost = round6(sum(bucket, (e) => e.expectedCostUsd ?? 0));
    const trials = sum(bucket, (e) => e.trials);
    const budgetUsd = bucket.reduce((total, u) => total + (u.budgetShareUsd ?? 0), 0);
    return {
      index: i + 1,
      shard: `${i + 1}/${n}`,
      pairs: bucket.map(pairKey),
      trials,
      expectedDurationMs: sum(bucket, (e) => e.expectedDurationMs ?? 0),
      expectedCostUsd: cost,
      forecastCostUsd: round6(sum(bucket, (e) => e.forecastCostUsd ?? 0)),
      weight: sum(bucket, (e) => e.weight),
      ...(budgeted ? { budgetUsd: Math.floor(budgetUsd * 100 + 1e-9) / 100 } : {}),
    };
  });
  const weights = summaries.map((s) => s.weight);
  const mean = weights.reduce((a, b) => a + b, 0) / n;
  return {
    count: n,
    ...(capped ? { capped } : {}),
    shards: summaries.map((s) => s.pairs),
    balancedBy: [...estimates.values()].some((e) => e.expectedDurationMs !== undefined)
      ? "duration"
      : "trials",
    balance: mean > 0 ? Math.round((Math.max(...weights) / mean) * 1000) / 1000 : 1,
    forecast: {
      costUsd: round6(summaries.reduce((total, s) => total + s.forecastCostUsd, 0)),
      guessedPairs: [...estimates.values()].filter((e) => e.costGuessed).length,
      unknownPairs: [...estimates.values()].filter((e) => e.forecastCostUsd === undefined).length,
    },
    summaries,
    matrix: {
      include: summaries.map((s) => ({
        shard: s.shard,
        index: s.index,
        ...(s.budgetUsd !== undefined ? { "budget-usd": String(s.budgetUsd) } : {}),
      })),
    },
  };
}

function median(values: Array<number | undefined>): number | undefined {
  const known = values.filter((v): v is number => v !== undefined).sort((a, b) => a - b);
  return known.length ? known[Math.floor((known.length - 1) / 2)] : undefined;
}

/**
 * The pairs of one shard: as a recorded plan assigned them, or split here by the history in
 * `historyDir` exactly as `plan --shards` splits them. A plan that does not fit the suite is a
 * usage error (exit 2), never a silent gap.
 */
export async function unitsOfShard(
  units: PlannedUnit[],
  shard: Shard,
  options: { historyDir?: string; assignment?: ShardAssignment },
): Promise<PlannedUnit[]> {
  if (options.assignment) {
    try {
      return shardFromPlan(units, shard, options.assignment);
    } catch (error) {
      if (!(error instanceof ShardPlanError)) throw error;
      throw new DefinitionError([
        {
          file: "(shard plan)",
          code: Codes.usage,
          message: error.message,
          fix: "pass the plan printed by `agent-evals plan --shards N --format json` for this commit",
        },
      ]);
    }
  }
  const estimates = estimatePairs(units, await historyOf(units, options.historyDir));
  return shardOf(units, shard, (u) => estimates.get(u)!.weight);
}
