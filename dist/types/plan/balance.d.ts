import { type HistoryLine } from "../store/index.js";
import type { PlannedUnit } from "../model/index.js";
import { type Shard, type ShardAssignment } from "./shard.js";
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
}
/** Mean duration of one trial of `agent` over its newest runs; undefined when it has none. */
export declare function expectedDurationPerTrial(lines: HistoryLine[], agent: string): number | undefined;
/** Every pair's history, read from a history folder (`--history-dir`, the results branch). */
export declare function historyOf(units: PlannedUnit[], historyDir: string | undefined): Promise<Map<string, HistoryLine[]>>;
/**
 * Expected duration and cost per pair. The weight is the expected duration, rounded to whole ms so
 * the split never hinges on floating-point noise; a pair without history weighs its trials × the
 * median trial of those with history (or its trial count when nothing has history: round-robin).
 */
export declare function estimatePairs(units: PlannedUnit[], history: Map<string, HistoryLine[]>): Map<PlannedUnit, PairEstimate>;
export interface ShardSummary {
    index: number;
    /** `i/n`, as `--shard` and the Action's `shard` input take it. */
    shard: string;
    pairs: string[];
    trials: number;
    expectedDurationMs: number;
    expectedCostUsd: number;
    weight: number;
    /** The share of the total budget this shard may spend (budget × its share of expected cost). */
    budgetUsd?: number;
}
export interface ShardPlan extends ShardAssignment {
    /** What was balanced: `duration` from history, or `trials` when there is none. */
    balancedBy: "duration" | "trials";
    /** Heaviest shard ÷ mean shard, by weight: 1 is a perfect split. */
    balance: number;
    summaries: ShardSummary[];
    /** For a GitHub Actions matrix: `strategy.matrix: ${{ fromJSON(...) }}`. */
    matrix: {
        include: Array<{
            shard: string;
            index: number;
            "budget-usd"?: string;
        }>;
    };
}
/** The split of `units` into `count` (or auto) shards, with what each shard is expected to take. */
export declare function planShards(units: PlannedUnit[], count: number | "auto", history: Map<string, HistoryLine[]>, budgetUsd?: number): ShardPlan;
/** A shard's part of the budget, rounded down to the cent so the parts never add up to more. */
export declare function splitBudget(budgetUsd: number, share: number): number;
/**
 * The pairs of one shard: as a recorded plan assigned them, or split here by the history in
 * `historyDir` exactly as `plan --shards` splits them. A plan that does not fit the suite is a
 * usage error (exit 2), never a silent gap.
 */
export declare function unitsOfShard(units: PlannedUnit[], shard: Shard, options: {
    historyDir?: string;
    assignment?: ShardAssignment;
}): Promise<PlannedUnit[]>;
