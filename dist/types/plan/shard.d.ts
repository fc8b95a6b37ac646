import { AgentEvalsError } from "../model/index.js";
export interface Shard {
    index: number;
    count: number;
}
/** What `--shards auto` aims at: about this many pairs per shard, and never more shards than this. */
export declare const AUTO_PAIRS_PER_SHARD = 4;
export declare const AUTO_MAX_SHARDS = 16;
/** `i/n` (1 ≤ i ≤ n) as a shard; undefined for empty text; throws RangeError when malformed. */
export declare function parseShard(text: string | undefined): Shard | undefined;
/** A shard count (1–256) or `auto`; throws RangeError when malformed. */
export declare function parseShardCount(text: string): number | "auto";
/** `auto`: one shard per AUTO_PAIRS_PER_SHARD pairs, at least 1, at most AUTO_MAX_SHARDS. */
export declare function autoShardCount(pairs: number): number;
interface PairLike {
    spec: {
        id: string;
    };
    agentName: string;
    trials?: number;
}
/** The pair's name in plans and merged results: `id [agent]`. */
export declare function pairKey(unit: PairLike): string;
/** Without cost history every pair weighs its trial count (or 1). */
export declare const byTrials: (unit: PairLike) => number;
/**
 * Deals the pairs to `count` shards, balancing the total weight (expected duration or cost):
 * heaviest pair first (ties by key), each to the shard with the least weight so far (ties: the
 * lowest index) — the longest-processing-time rule, within 4/3 of the best possible maximum. With
 * equal weights this is round-robin in key order. Only the pairs and their weights matter, not
 * their order, so the same suite and history always give the same split. Buckets keep input order.
 */
export declare function assignShards<T extends PairLike>(units: T[], count: number, weightOf?: (unit: T) => number): T[][];
/** The pairs of one shard (see assignShards). */
export declare function shardOf<T extends PairLike>(units: T[], shard: Shard, weightOf?: (unit: T) => number): T[];
export declare class ShardPlanError extends AgentEvalsError {
    constructor(message: string);
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
export declare function shardFromPlan<T extends PairLike>(units: T[], shard: Shard, plan: ShardAssignment): T[];
/** The split from a plan's JSON (`plan --shards N --format json`); throws Error when it is not one. */
export declare function readShardAssignment(text: string): ShardAssignment;
export {};
