// How many trials an eval × agent runs: a fixed number with exact curtailment (or all of them with
// --all-trials), or adaptively from `min` up to `max` until the Wilson interval clears the rate.

import type { ArmCounts, ComparisonStats, EvalStatus } from "../model/index.js";
import {
  DEFAULT_MARGIN,
  adaptiveVerdict,
  sequentialDecision,
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

/** A history baseline: the pass/fail counts of the eval's last recorded verdict. */
export interface Baseline extends ArmCounts {
  /** How reports name it. */
  label: string;
}

export interface BaselinePolicy extends TrialPolicy {
  /** The comparison with the baseline, once the sequential rule decided it. */
  decision(): { stats: ComparisonStats; looks: number; treatment: ArmCounts } | undefined;
}

/**
 * The eval's own policy, made comparison-aware against a history baseline: trials go on (one at
 * a time once the eval's own verdict is decided) until the sequential rule of model/comparison.ts
 * decides the comparison with the recorded counts too, as it does for a base ref or a variant,
 * or the eval's maximum is reached. Looks are after each finished trial; the first decision
 * stands (later trials the own verdict needed do not change it).
 */
export function againstBaseline(
  own: TrialPolicy,
  baseline: ArmCounts,
  margin = DEFAULT_MARGIN,
): BaselinePolicy {
  let decided: ReturnType<BaselinePolicy["decision"]>;
  let looked = 0;
  const open = (p: number, f: number) => {
    const n = p + f;
    if (!decided && n > looked) {
      looked = n;
      const treatment = { passes: p, trials: n };
      const stats = sequentialDecision(baseline, treatment, own.max, {
        margin,
        fixedControl: true,
      });
      if (stats) decided = { stats, looks: n, treatment };
    }
    return !decided && n < own.max;
  };
  return {
    max: own.max,
    verdict: (p, f) => {
      const verdict = own.verdict(p, f);
      return verdict !== "undecided" && open(p, f) ? "undecided" : verdict;
    },
    wanted: (p, f, launched) =>
      own.verdict(p, f) === "undecided" ? own.wanted(p, f, launched) : open(p, f) ? 1 : 0,
    finalStatus: own.finalStatus,
    decision: () => decided,
  };
}
