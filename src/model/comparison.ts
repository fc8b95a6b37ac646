// Did a change help? The arithmetic of comparing a control's pass rate with a treatment's: the
// interval of the difference, an exact test, the verdict rule, and the sequential rule that says
// when trials may stop. Pure functions; README "Comparisons"
// states the rule and bench/comparison.ts measures its error rates by simulation.

import type { Reliability } from "./result.js";
import { round6, wilsonInterval, zFor } from "./stats.js";

export type ComparisonVerdict = "regression" | "improvement" | "no-change" | "inconclusive";

export interface ArmCounts {
  passes: number;
  trials: number;
}

export interface ComparisonStats {
  /** Treatment rate minus control rate, in [-1, 1]. */
  delta: number;
  /** 95% interval of the difference (Newcombe's hybrid score interval, method 10). */
  interval: [number, number];
  /** Two-sided p-value of Fisher's exact test. */
  pValue: number;
  verdict: ComparisonVerdict;
}

/** The default margin within which a difference counts as no change: 10 points. */
export const DEFAULT_MARGIN = 0.1;

/**
 * The most trials each arm of a comparison runs by default (an eval's own larger `trials` wins).
 * Chosen with bench/comparison.ts: at this N the sequential rule below flags a 30-point drop at
 * least 80% of the time at control rates 0.5, 0.8 and 0.95, and flags no change at most 5%.
 */
export const DEFAULT_COMPARISON_TRIALS = 50;

/** The first look of the sequential rule: after this many pairs of trials. */
export const FIRST_LOOK = 3;

/**
 * Confidence of the interval at the looks before the last. Looking after every pair would raise
 * the false-alarm rate of a 95% interval to about 15%; a 99.8% interval at the interim looks and
 * 95% at the last keeps it under 5% (bench/comparison.ts measures it).
 */
export const INTERIM_CONFIDENCE = 0.998;
export const FINAL_CONFIDENCE = 0.95;

/**
 * Newcombe's hybrid score interval for p_treatment − p_control, from each arm's Wilson interval.
 * Good coverage at small n and at rates near 0 or 1, where the Wald interval fails.
 */
export function differenceInterval(
  control: ArmCounts,
  treatment: ArmCounts,
  confidence = FINAL_CONFIDENCE,
): [number, number] {
  if (control.trials === 0 || treatment.trials === 0) return [-1, 1];
  const p1 = control.passes / control.trials;
  const p2 = treatment.passes / treatment.trials;
  const z = zFor(confidence);
  const [l1, u1] = wilsonInterval(control.passes, control.trials, z);
  const [l2, u2] = wilsonInterval(treatment.passes, treatment.trials, z);
  const d = p2 - p1;
  const lower = d - Math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2);
  const upper = d + Math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2);
  return [round6(Math.max(-1, lower)), round6(Math.min(1, upper))];
}

/**
 * Two-sided p-value of Fisher's exact test on the 2×2 table (passes and failures of each arm):
 * the probability, with the margins fixed, of a table at most as likely as the one seen.
 */
export function fisherExact(control: ArmCounts, treatment: ArmCounts): number {
  const a = control.passes;
  const b = control.trials - control.passes;
  const c = treatment.passes;
  const d = treatment.trials - treatment.passes;
  const row1 = a + b;
  const col1 = a + c;
  const n = a + b + c + d;
  if (n === 0) return 1;
  const logFactorial = logFactorials(n);
  const logP = (x: number) =>
    logFactorial[row1]! +
    logFactorial[n - row1]! +
    logFactorial[col1]! +
    logFactorial[n - col1]! -
    logFactorial[n]! -
    logFactorial[x]! -
    logFactorial[row1 - x]! -
    logFactorial[col1 - x]! -
    logFactorial[n - row1 - col1 + x]!;
  const observed = logP(a);
  let p = 0;
  for (let x = Math.max(0, row1 + col1 - n); x <= Math.min(row1, col1); x++) {
    const lp = logP(x);
    // Tables as likely as the observed one count too (a relative tolerance for rounding).
    if (lp <= observed + 1e-7) p += Math.exp(lp);
  }
  return Math.min(1, round6(p));
}

const factorialCache: number[] = [0];
function logFactorials(n: number): number[] {
  for (let i = factorialCache.length; i <= n; i++)
    factorialCache[i] = factorialCache[i - 1]! + Math.log(i);
  return factorialCache;
}

/**
 * The verdict rule, on the 95% interval of the difference:
 * - `regression`: the whole interval lies below 0 (the treatment is worse);
 * - `improvement`: the whole interval lies above 0;
 * - `no-change`: the whole interval lies within ±margin;
 * - `inconclusive`: anything else (more trials would be needed to say).
 */
export function verdictOf(interval: [number, number], margin = DEFAULT_MARGIN): ComparisonVerdict {
  const [lower, upper] = interval;
  if (upper < 0) return "regression";
  if (lower > 0) return "improvement";
  if (lower >= -margin && upper <= margin) return "no-change";
  return "inconclusive";
}

export function compareArms(
  control: ArmCounts,
  treatment: ArmCounts,
  margin = DEFAULT_MARGIN,
): ComparisonStats {
  const interval = differenceInterval(control, treatment);
  const rate = (arm: ArmCounts) => (arm.trials ? arm.passes / arm.trials : 0);
  return {
    delta: round6(rate(treatment) - rate(control)),
    interval,
    pValue: fisherExact(control, treatment),
    verdict: verdictOf(interval, margin),
  };
}

/**
 * The sequential rule, looked at after each pair of trials (the first k judged trials of each
 * arm, by trial number, so the looks are balanced whatever order trials finish in): from the
 * FIRST_LOOK-th pair on, the verdict of the 99.8% interval decides as soon as it is not
 * inconclusive; at `max` pairs the 95% interval gives the verdict, inconclusive included.
 * Undefined: not decided yet, run another pair.
 */
export function sequentialVerdict(
  control: ArmCounts,
  treatment: ArmCounts,
  max: number,
  margin = DEFAULT_MARGIN,
): ComparisonVerdict | undefined {
  const pairs = Math.min(control.trials, treatment.trials);
  if (pairs >= max) return verdictOf(differenceInterval(control, treatment), margin);
  if (pairs < FIRST_LOOK) return undefined;
  const verdict = verdictOf(differenceInterval(control, treatment, INTERIM_CONFIDENCE), margin);
  return verdict === "inconclusive" ? undefined : verdict;
}

/**
 * Unbiased estimator of pass@k from c passes in n trials: the chance that at least one of k
 * trials drawn without replacement passes, 1 − C(n−c, k) / C(n, k).
 */
export function passAtK(n: number, c: number, k: number): number {
  if (k > n || k < 1) throw new RangeError(`pass@k needs 1 ≤ k ≤ n, got k=${k}, n=${n}`);
  if (n - c < k) return 1;
  let fail = 1;
  for (let i = n - c + 1; i <= n; i++) fail *= 1 - k / i;
  return round6(1 - fail);
}

/**
 * Unbiased estimator of pass^k from c passes in n trials: the chance that all of k trials drawn
 * without replacement pass, C(c, k) / C(n, k) — how reliable an agent is run after run.
 */
export function passHatK(n: number, c: number, k: number): number {
  if (k > n || k < 1) throw new RangeError(`pass^k needs 1 ≤ k ≤ n, got k=${k}, n=${n}`);
  if (c < k) return 0;
  let all = 1;
  for (let i = 0; i < k; i++) all *= (c - i) / (n - i);
  return round6(all);
}

/** pass@k and pass^k for k = 1…n from c passes in n judged trials (none without trials). */
export function reliabilityOf(c: number, n: number): Reliability | undefined {
  if (n < 1) return undefined;
  const ks = [...Array(n)].map((_, i) => i + 1);
  return { passAtK: ks.map((k) => passAtK(n, c, k)), passHatK: ks.map((k) => passHatK(n, c, k)) };
}
