import type { ArmMeans, ComparisonRecord, ComparisonVerdict, PlannedUnit, TrialResult } from "../model/index.js";
import { type ArmCounts, type ComparisonStats } from "../model/index.js";
import type { TrialPolicy } from "./policy.js";
export interface GroupArm {
    unit: PlannedUnit & {
        arm: NonNullable<PlannedUnit["arm"]>;
    };
    /** The arm's own verdict rule: set for the primary arm, whose verdict is judged as usual. */
    own?: TrialPolicy;
}
/** What one arm ran. */
export interface ArmRun {
    unit: GroupArm["unit"];
    trials: TrialResult[];
    passes: number;
    failures: number;
    infraError?: string;
    budgetCut: boolean;
}
export interface GroupOutcome {
    arms: ArmRun[];
    /** One per treatment, in the order of the arms. */
    comparisons: ComparisonRecord[];
}
export interface GroupOptions {
    signal: AbortSignal;
    /** How many of one arm's trials may be running at once. */
    perArm: number;
    /**
     * Runs trial `n` of the arm (waiting for a slot first). Called with a function that says, once a
     * slot is free, whether the trial is still wanted: a trial no longer wanted resolves "cancelled".
     */
    runTrial(unit: PlannedUnit, wanted: () => number | undefined): Promise<TrialResult | "no-budget" | "cancelled">;
    /** Told when the comparison with treatment `index` (0 = the first treatment) is decided. */
    onDecided?(index: number): void;
}
/** The look that decided: its counts and the numbers the verdict was read from. */
export interface Decision {
    verdict: ComparisonVerdict;
    pairs: number;
    control: ArmCounts;
    treatment: ArmCounts;
    stats: ComparisonStats;
}
export declare function runGroup(arms: GroupArm[], options: GroupOptions): Promise<GroupOutcome>;
/**
 * A comparison's record. Decided: the counts, interval and p of the look that decided (trials
 * that were running then and finished after are in the arms' results, not here), so the verdict
 * stands beside the numbers it was read from. Undecided: every judged trial, inconclusive.
 */
export declare function comparisonOf(input: {
    id: string;
    agent: string;
    control: string;
    treatment: string;
    margin: number;
    maxTrials: number;
    all: {
        control: ArmCounts;
        treatment: ArmCounts;
    };
    decision: Decision | undefined;
    reason: string | undefined;
    controlMeans?: ArmMeans | undefined;
    treatmentMeans?: ArmMeans | undefined;
}): ComparisonRecord;
