// Did a change help? The arithmetic of comparing a control's pass rate with a treatment's: the
// interval of the difference, an exact test, the verdict rule, and the sequential rule that says
// when trials may stop. Pure functions; docs/verdicts.md › Comparisons
// states the rule and bench/comparison.ts measures its error rates by simulation.

import type { Reliability } from "./result.js";
import { inverseNormal, round6, wilsonInterval, zFor } from "./stats.js";

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
  return newcombe(
    p1,
    wilsonInterval(control.passes, control.trials, z),
    p2,
    wilsonInterval(treatment.passes, treatment.trials, z),
  );
}

/** Newcombe's interval of p2 − p1 from each rate and its Wilson interval. */
function newcombe(
  p1: number,
  [l1, u1]: [number, number],
  p2: number,
  [l2, u2]: [number, number],
): [number, number] {
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
 * The verdict rule, on an interval of the difference (95% at the last look, 99.8% before) and
 * Fisher's p-value of the same counts, α = 0.05:
 * - `regression`: the whole interval lies below 0 and p < α (the treatment is worse);
 * - `improvement`: the whole interval lies above 0 and p < α;
 * - `no-change`: the whole interval lies within ±margin (two one-sided tests, each at half of
 *   1 − the interval's confidence);
 * - `inconclusive`: anything else (more trials would be needed to say).
 * Without a p-value only the interval is read.
 */
export function verdictOf(
  interval: [number, number],
  margin = DEFAULT_MARGIN,
  pValue?: number,
  alpha = 1 - FINAL_CONFIDENCE,
): ComparisonVerdict {
  const [lower, upper] = interval;
  const significant = pValue === undefined || pValue < alpha;
  if (upper < 0 && significant) return "regression";
  if (lower > 0 && significant) return "improvement";
  if (lower >= -margin && upper <= margin) return "no-change";
  return "inconclusive";
}

/**
 * The counts compared, with the 95% interval and Fisher's p-value shown beside the verdict, and
 * the verdict of the rule at `confidence` (the 99.8% of an interim look, the 95% of the last).
 * Label and numbers come from the same counts: an interim verdict's interval is nested in the 95%
 * one shown, and p < 0.05 is part of the rule, so a REGRESSION never stands beside p ≥ 0.05.
 */
export function compareArms(
  control: ArmCounts,
  treatment: ArmCounts,
  margin = DEFAULT_MARGIN,
  confidence = FINAL_CONFIDENCE,
): ComparisonStats {
  const interval = differenceInterval(control, treatment);
  const pValue = fisherExact(control, treatment);
  const judged =
    confidence === FINAL_CONFIDENCE ? interval : differenceInterval(control, treatment, confidence);
  const rate = (arm: ArmCounts) => (arm.trials ? arm.passes / arm.trials : 0);
  return {
    delta: round6(rate(treatment) - rate(control)),
    interval,
    pValue,
    verdict: verdictOf(judged, margin, pValue),
  };
}

/** The chance a `no-change` should have, when nothing changed, at the trials noChangeTrials gives. */
export const NO_CHANGE_POWER = 0.8;

/**
 * The chance that the rule's 95% interval of `trials` + `trials` trials lies within ±margin when
 * both arms pass at `rate`: summed exactly over the two arms' binomial outcomes (those further than
 * 6 standard deviations from the mean, a share below 1e-8, are left out).
 */
export function noChangeChance(rate: number, margin: number, trials: number): number {
  if (trials < 1) return 0;
  const z = zFor(FINAL_CONFIDENCE);
  const outcomes = likelyOutcomes(trials, rate).map(([k, chance]) => ({
    rate: k / trials,
    wilson: wilsonInterval(k, trials, z),
    chance,
  }));
  let chance = 0;
  for (const a of outcomes) {
    for (const b of outcomes) {
      const [lower, upper] = newcombe(a.rate, a.wilson, b.rate, b.wilson);
      if (lower >= -margin && upper <= margin) chance += a.chance * b.chance;
    }
  }
  return Math.min(1, chance);
}

/**
 * Each outcome k of Binomial(n, p) within 6 standard deviations of the mean, with its chance: the
 * ones left out add up to less than 1e-8 (noChangeChance here, regressionChance in ./power.ts).
 */
export function likelyOutcomes(n: number, p: number): Array<[number, number]> {
  const pmf = binomialPmf(n, p);
  const spread = 6 * Math.sqrt(n * p * (1 - p)) + 1;
  const from = Math.max(0, Math.floor(n * p - spread));
  const to = Math.min(n, Math.ceil(n * p + spread));
  const out: Array<[number, number]> = [];
  for (let k = from; k <= to; k++) out.push([k, pmf[k]!]);
  return out;
}

function binomialPmf(n: number, p: number): number[] {
  if (p <= 0 || p >= 1) return [...Array(n + 1)].map((_, k) => (k === (p <= 0 ? 0 : n) ? 1 : 0));
  const logFactorial = logFactorials(n);
  return [...Array(n + 1)].map((_, k) =>
    Math.exp(
      logFactorial[n]! -
        logFactorial[k]! -
        logFactorial[n - k]! +
        k * Math.log(p) +
        (n - k) * Math.log(1 - p),
    ),
  );
}

/**
 * Trials per arm a `no-change` within ±margin needs when both arms pass at `rate`: the smallest n
 * at which the 95% rule says it with a chance of at least `power` (noChangeChance, searched by
 * bisection from the normal approximation n ≈ 2·p(1−p)·((z₀.₉₇₅ + z₍₁₊power₎/₂) / margin)², the
 * usual sample size of two one-sided tests at a true difference of 0). That n is of a fixed-n
 * comparison; the sequential rule's earlier (99.8%) looks only add chances. Where the
 * approximation passes 1000 (rates far from 0 and 1 with a margin under 10 points) it is returned
 * as it is: there it is within a few trials of the exact figure, which takes long to sum.
 */
export function noChangeTrials(rate: number, margin: number, power = NO_CHANGE_POWER): number {
  const p = Math.min(1, Math.max(0, rate));
  const key = `${p} ${margin} ${power}`;
  const known = neededTrials.get(key);
  if (known !== undefined) return known;
  const z = zFor(FINAL_CONFIDENCE) + inverseNormal((1 + power) / 2);
  const approx = Math.ceil(2 * p * (1 - p) * (z / margin) ** 2);
  const needed = approx > 1000 ? approx : searchTrials(p, margin, power, approx);
  neededTrials.set(key, needed);
  return needed;
}

const neededTrials = new Map<string, number>();

/** The smallest n whose noChangeChance reaches `power`, bisected from a bracket around `guess`. */
function searchTrials(p: number, margin: number, power: number, guess: number): number {
  const reaches = (n: number) => noChangeChance(p, margin, n) >= power;
  let low = Math.floor(guess * 0.75);
  if (low > 0 && reaches(low)) low = 0;
  let high = Math.max(low + 1, 2, Math.ceil(guess * 1.25));
  while (!reaches(high)) {
    low = high;
    high *= 2;
    if (high > 8192) return Math.max(guess, low); // margins of a fraction of a point only
  }
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (reaches(mid)) high = mid;
    else low = mid;
  }
  return high;
}

export interface SequentialOptions {
  margin?: number;
  /**
   * The control's counts are all there will be (a history baseline): the looks are after each
   * treatment trial, and the remaining trials are the treatment's only.
   */
  fixedControl?: boolean;
}

/**
 * The sequential rule, one stopping rule for every baseline (a base ref, a variant's control, the
 * history), looked at after each pair of trials (the first k judged trials of each arm, by trial
 * number, so the looks are balanced whatever order trials finish in; against a history baseline,
 * after each treatment trial). Decided, in this order:
 * 1. at `max`: the verdict of the 95% rule, inconclusive included;
 * 2. from the FIRST_LOOK-th look on: the 99.8% rule's verdict, when it is not inconclusive;
 * 3. at any look: regression (improvement) when the 95% rule says it of the counts so far and
 *    would say it at `max` even if every remaining treatment trial passed (failed) and every
 *    remaining control trial failed (passed): the verdict at the maximum can no longer change.
 * Undefined: not decided yet, run another trial of each arm.
 */
export function sequentialVerdict(
  control: ArmCounts,
  treatment: ArmCounts,
  max: number,
  options: SequentialOptions | number = {},
): ComparisonVerdict | undefined {
  return sequentialDecision(control, treatment, max, options)?.verdict;
}

/** The decision of sequentialVerdict with the numbers it was read from (see compareArms). */
export function sequentialDecision(
  control: ArmCounts,
  treatment: ArmCounts,
  max: number,
  options: SequentialOptions | number = {},
): ComparisonStats | undefined {
  const { margin = DEFAULT_MARGIN, fixedControl = false } =
    typeof options === "number" ? { margin: options } : options;
  const looks = fixedControl ? treatment.trials : Math.min(control.trials, treatment.trials);
  if (looks === 0) return undefined;
  if (looks >= max) return compareArms(control, treatment, margin);
  if (looks >= FIRST_LOOK) {
    const interim = compareArms(control, treatment, margin, INTERIM_CONFIDENCE);
    if (interim.verdict !== "inconclusive") return interim;
  }
  const leftT = max - treatment.trials;
  const leftC = fixedControl ? 0 : max - control.trials;
  const at = (c: number, t: number) =>
    compareArms(
      { passes: control.passes + c, trials: control.trials + leftC },
      { passes: treatment.passes + t, trials: treatment.trials + leftT },
      margin,
    ).verdict;
  const best = at(0, leftT);
  const worst = at(leftC, 0);
  if (best !== worst || (best !== "regression" && best !== "improvement")) return undefined;
  // And the counts so far say it too, so the label stands beside its own interval and p.
  const now = compareArms(control, treatment, margin);
  return now.verdict === best ? now : undefined;
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
