// How many trials an eval × agent runs: a fixed number with exact curtailment (or all of them with
// --all-trials), or adaptively from `min` up to `max` until the Wilson interval clears the rate.

import type { ArmCounts, ComparisonStats, EvalStatus } from "../model/index.js";
import {
  DEFAULT_COMPARISON_TRIALS,
  DEFAULT_MARGIN,
  adaptiveVerdict,
  compareArms,
  requiredPasses,
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
 * The eval's own policy, made comparison-aware against a history baseline. Trials go on (one at a
 * time once the eval's own verdict is decided) until the sequential rule of model/comparison.ts
 * decides the comparison with the recorded counts, as it does for a base ref or a variant, up to
 * `comparisonMax` trials (the trials of a PR comparison's arm: the eval's own few cannot show a
 * −30-point drop). Past the eval's own trials they go on only while this run's pass rate is not
 * above the baseline's, it has failed at least once, and a regression can still be reached: otherwise it stops there (a futility
 * stop; it can only turn a regression call into none, so it adds no false positive). Looks are after each finished
 * trial; the first decision stands. bench/verdict-sim.ts measures the error rates and the trials.
 */
export function againstBaseline(
  own: TrialPolicy,
  baseline: ArmCounts,
  options: { passRate: number; margin?: number; comparisonMax?: number },
): BaselinePolicy {
  const { passRate, margin = DEFAULT_MARGIN, comparisonMax = DEFAULT_COMPARISON_TRIALS } = options;
  const max = Math.max(own.max, comparisonMax);
  // Past the eval's own trials its verdict is read from all of them, as a comparison arm's is.
  const ownStatus = (p: number, f: number): EvalStatus =>
    p + f <= own.max
      ? own.finalStatus(p, f)
      : p >= requiredPasses(p + f, passRate)
        ? "passed"
        : "failed";
  let decided: ReturnType<BaselinePolicy["decision"]>;
  let looked = 0;
  const open = (p: number, f: number) => {
    const n = p + f;
    if (!decided && n > looked) {
      looked = n;
      const treatment = { passes: p, trials: n };
      const stats = sequentialDecision(baseline, treatment, max, { margin, fixedControl: true });
      if (stats) decided = { stats, looks: n, treatment };
    }
    if (decided || n >= max) return false;
    // Within the eval's own trials, on; past them, only while this run does no better than its
    // history, has failed at least once (a run that never failed shows no drop: an eval at 100%
    // stays at its own trials) and a regression is still reachable (it is not if every remaining
    // trial failing would still not make one, as against a history that always failed).
    if (n < own.max) return true;
    if (p * baseline.trials > baseline.passes * n || p === n) return false;
    return compareArms(baseline, { passes: p, trials: max }, margin).verdict === "regression";
  };
  return {
    max,
    verdict: (p, f) => {
      const n = p + f;
      const verdict = n < own.max ? own.verdict(p, f) : "decided";
      if (verdict === "undecided" || open(p, f)) return "undecided";
      return n <= own.max ? own.verdict(p, f) : ownStatus(p, f) === "passed" ? "passed" : "failed";
    },
    wanted: (p, f, launched) =>
      p + f < own.max && own.verdict(p, f) === "undecided"
        ? own.wanted(p, f, launched)
        : open(p, f)
          ? 1
          : 0,
    finalStatus: ownStatus,
    decision: () => decided,
  };
}
