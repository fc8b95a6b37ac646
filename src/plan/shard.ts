import { AgentEvalsError, Codes, errorMessage } from "../model/index.js";
// Sharding: the eval × agent pairs split over N processes or CI jobs, the same way every time.
// The one place that decides which pair goes to which shard: `plan --shards N`, `eval --shard i/n`
// and the Action all call assignShards (or replay its result from a plan: shardFromPlan).

export interface Shard {
  index: number;
  count: number;
}

/** What `--shards auto` aims at: about this many pairs per shard, and never more shards than this. */
export const AUTO_PAIRS_PER_SHARD = 4;
export const AUTO_MAX_SHARDS = 16;

/**
 * The most shards a plan makes: a GitHub Actions matrix runs at most 256 jobs, so a larger count
 * is planned into this many, each holding more pairs. A pair is never split between shards: its
 * trials stop by one sequential rule (curtailment, a comparison's looks), which needs them in one
 * process.
 */
export const MAX_SHARDS = 256;

/** `i/n` (1 ≤ i ≤ n) as a shard; undefined for empty text; throws RangeError when malformed. */
export function parseShard(text: string | undefined): Shard | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new RangeError(`expected i/n with 1 ≤ i ≤ n (e.g. 2/4), got ${JSON.stringify(text)}`);
  }
  return { index, count };
}

/**
 * A shard count (1 or more; a plan makes at most MAX_SHARDS) or `auto`; throws RangeError when
 * malformed.
 */
export function parseShardCount(text: string): number | "auto" {
  const value = text.trim().toLowerCase();
  if (value === "auto") return "auto";
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || !Number.isSafeInteger(n))
    throw new RangeError(
      `expected a number of shards (1 or more; a plan makes at most ${MAX_SHARDS}) or auto, got ${JSON.stringify(text)}`,
    );
  return n;
}

/**
 * The shards a plan makes for `asked` (a count or auto) over `pairs` pairs: never more than
 * MAX_SHARDS, the matrix's cap (`capped` then says how many were asked).
 */
export function shardCountFor(
  asked: number | "auto",
  pairs: number,
): { count: number; capped?: { asked: number } } {
  const wanted = asked === "auto" ? autoShardCount(pairs) : asked;
  return wanted > MAX_SHARDS ? { count: MAX_SHARDS, capped: { asked: wanted } } : { count: wanted };
}

/** `auto`: one shard per AUTO_PAIRS_PER_SHARD pairs, at least 1, at most AUTO_MAX_SHARDS. */
export function autoShardCount(pairs: number): number {
  return Math.min(AUTO_MAX_SHARDS, Math.max(1, Math.ceil(pairs / AUTO_PAIRS_PER_SHARD)));
}

interface PairLike {
  spec: { id: string };
  agentName: string;
  trials?: number;
}

/** The pair's name in plans and merged results: `id [agent]`. */
export function pairKey(unit: PairLike): string {
  return `${unit.spec.id} [${unit.agentName}]`;
}

/** Without cost history every pair weighs its trial count (or 1). */
export const byTrials = (unit: PairLike): number => unit.trials ?? 1;

/**
 * Deals the pairs to `count` shards, balancing the total weight (expected duration or cost):
 * heaviest pair first (ties by key), each to the shard with the least weight so far (ties: the
 * lowest index) — the longest-processing-time rule, within 4/3 of the best possible maximum. With
 * equal weights this is round-robin in key order. Only the pairs and their weights matter, not
 * their order, so the same suite and history always give the same split. Buckets keep input order.
 */
export function assignShards<T extends PairLike>(
  units: T[],
  count: number,
  weightOf: (unit: T) => number = byTrials,
): T[][] {
  const load = Array.from({ length: count }, () => 0);
  const shardOfUnit = new Map<T, number>();
  const order = units
    .map((unit) => ({ unit, key: pairKey(unit), weight: Math.max(0, weightOf(unit)) }))
    .sort((a, b) => b.weight - a.weight || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const { unit, weight } of order) {
    let lightest = 0;
    for (let i = 1; i < count; i++) if (load[i]! < load[lightest]!) lightest = i;
    load[lightest]! += weight;
    shardOfUnit.set(unit, lightest);
  }
  return load.map((_, i) => units.filter((u) => shardOfUnit.get(u) === i));
}

/** The pairs of one shard (see assignShards). */
export function shardOf<T extends PairLike>(
  units: T[],
  shard: Shard,
  weightOf: (unit: T) => number = byTrials,
): T[] {
  return assignShards(units, shard.count, weightOf)[shard.index - 1] ?? [];
}

export class ShardPlanError extends AgentEvalsError {
  constructor(message: string) {
    super(Codes.badShardPlan, message);
  }
}

/** The split a plan decided: for each shard (index 0 = shard 1), the keys of its pairs. */
export interface ShardAssignment {
  count: number;
  shards: string[][];
}

/**
 * The pairs of one shard as a recorded plan assigned them (what CI jobs use, so a history line
 * pushed between the plan and the run cannot move a pair). Throws ShardPlanError when the plan
 * and the suite disagree: a pair the plan does not know would otherwise run nowhere.
 */
export function shardFromPlan<T extends PairLike>(
  units: T[],
  shard: Shard,
  plan: ShardAssignment,
): T[] {
  if (plan.count !== shard.count || plan.shards.length !== plan.count)
    throw new ShardPlanError(
      `the shard plan has ${plan.count} shard(s), but this is shard ${shard.index}/${shard.count}`,
    );
  const owner = new Map<string, number>();
  plan.shards.forEach((keys, i) => keys.forEach((key) => owner.set(key, i + 1)));
  const unknown = units.map(pairKey).filter((key) => !owner.has(key));
  if (unknown.length)
    throw new ShardPlanError(
      `the shard plan does not list ${unknown.join(", ")}: plan and run see different suites (plan again from the same commit)`,
    );
  return units.filter((u) => owner.get(pairKey(u)) === shard.index);
}

/** The split from a plan's JSON (`plan --shards N --format json`); throws Error when it is not one. */
export function readShardAssignment(text: string): ShardAssignment {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON (${errorMessage(error)})`, { cause: error });
  }
  const plan = data as Partial<ShardAssignment> | null;
  if (
    !plan ||
    typeof plan.count !== "number" ||
    !Array.isArray(plan.shards) ||
    !plan.shards.every((keys) => Array.isArray(keys) && keys.every((k) => typeof k === "string"))
  )
    throw new Error("not a shard plan: expected { count, shards: [[pair, …], …] }");
  return { count: plan.count, shards: plan.shards };
}
