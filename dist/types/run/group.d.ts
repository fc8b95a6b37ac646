import type { ComparisonRecord, PlannedUnit, TrialResult } from "../model/index.js";
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
}
export declare function runGroup(arms: GroupArm[], options: GroupOptions): Promise<GroupOutcome>;
