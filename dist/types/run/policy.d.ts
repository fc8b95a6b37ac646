import type { EvalStatus } from "../model/index.js";
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
