// How many trials an eval × agent runs: a fixed number with exact curtailment (or all of them with
// --all-trials), or adaptively from `min` up to `max` until the Wilson interval clears the rate.

import type { EvalStatus } from "../model/index.js";
import {
  adaptiveVerdict,
  curtailedVerdict,
  trialsCertainlyNeeded,
  type Verdict,
} from "../model/index.js";

export interface TrialPolicy {
  /** The verdict from the trials finished so far, if it can no longer change. */
  verdict(passes: number, failures: number): Verdict;
  /** How many trials should be running at once now, given those finished and started. */
  wanted(passes: number, failures: number, launched: number): number;
  /** The status once no more trials will run. */
  finalStatus(passes: number, failures: number): EvalStatus;
  readonly max: number;
}

export function fixedPolicy(trials: number, passRate: number, allTrials: boolean): TrialPolicy {
  return {
    max: trials,
    verdict: (p, f) =>
      allTrials && p + f < trials
        ? "undecided"
        : p + f === 0
          ? "undecided"
          : curtailedVerdict(p, f, trials, passRate),
    wanted: (p, f, launched) => {
      // Every trial not finished yet may run at once (those in flight among them).
      if (allTrials) return trials - p - f;
      // Never more at once than are certainly needed: no trial starts that could not matter.
      return Math.max(trialsCertainlyNeeded(p, f, trials, passRate), launched === 0 ? 1 : 0);
    },
    finalStatus: (p, f) =>
      curtailedVerdict(p, f, trials, passRate) === "passed" ? "passed" : "failed",
  };
}

export function adaptivePolicy(
  min: number,
  max: number,
  passRate: number,
  confidence = 0.95,
): TrialPolicy {
  return {
    max,
    verdict: (p, f) =>
      p + f < min ? "undecided" : adaptiveVerdict(p, p + f, passRate, confidence),
    // The first `min` run together; after that one at a time, looking after each.
    wanted: (p, f) => (p + f < min ? min - (p + f) : 1),
    finalStatus: (p, f) => {
      const v = adaptiveVerdict(p, p + f, passRate, confidence);
      return v === "undecided" ? "inconclusive" : v;
    },
  };
}
