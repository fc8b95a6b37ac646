import type { ArmCounts, ComparisonStats, EvalStatus } from "../model/index.js";
import { type Verdict } from "../model/index.js";
export interface TrialPolicy {
    /** The verdict from the trials finished so far, if it can no longer change. */
    verdict(passes: number, failures: number): Verdict;
    /** How many trials should be running at once now, given those finished and started. */
    wanted(passes: number, failures: number, launched: number): number;
    /** The status once no more trials will run. */
    finalStatus(passes: number, failures: number): EvalStatus;
    readonly max: number;
}
export declare function fixedPolicy(trials: number, passRate: number, allTrials: boolean): TrialPolicy;
export declare function adaptivePolicy(min: number, max: number, passRate: number, confidence?: number): TrialPolicy;
/** A history baseline: the pass/fail counts of the eval's last recorded verdict. */
export interface Baseline extends ArmCounts {
    /** How reports name it. */
    label: string;
}
export interface BaselinePolicy extends TrialPolicy {
    /** The comparison with the baseline, once the sequential rule decided it. */
    decision(): {
        stats: ComparisonStats;
        looks: number;
        treatment: ArmCounts;
    } | undefined;
}
/**
 * The eval's own policy, made comparison-aware against a history baseline. Trials go on (one at a
 * time once the eval's own verdict is decided) until the sequential rule of model/comparison.ts
 * decides the comparison with the recorded counts, as it does for a base ref or a variant, up to
 * `comparisonMax` trials (the trials of a PR comparison's arm: the eval's own few cannot show a
 * −30-point drop). Past the eval's own trials they go on only while this run's pass rate is not
 * above the baseline's, it has failed at least once, and a regression can still be reached: otherwise it stops there (a futility
 * stop; it can only turn a regression call into none, so it adds no false positive). Looks are after each finished
 * trial; the first decision stands. bench/verdict-sim.ts measures the error rates and the trials.
 */
export declare function againstBaseline(own: TrialPolicy, baseline: ArmCounts, options: {
    passRate: number;
    margin?: number;
    comparisonMax?: number;
}): BaselinePolicy;
