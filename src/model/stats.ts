// Verdict arithmetic: how many passes a pass rate needs, when the verdict is decided, the Wilson
// interval. Pure functions shared by the runner, the reports and the history.

/**
 * Passes needed out of `trials` for `passRate`. Rates are read as their author writes them, to the
 * half percentage point: 0.67 means two thirds (2 of 3 passes), 0.33 one third, 0.5 a half.
 */
export function requiredPasses(trials: number, passRate: number): number {
  if (passRate <= 0) return 0;
  const tolerance = 0.005;
  return Math.min(trials, Math.max(0, Math.ceil(trials * (passRate - tolerance) - 1e-9)));
}

export function meetsPassRate(passes: number, trials: number, passRate: number): boolean {
  return trials > 0 && passes >= requiredPasses(trials, passRate);
}

export type Verdict = "passed" | "failed" | "undecided";

/**
 * The verdict once `passes` and `failures` of `trials` are known, if the rest can no longer change
 * it. Exact: stopping here always gives the verdict that running every trial would give.
 */
export function curtailedVerdict(
  passes: number,
  failures: number,
  trials: number,
  passRate: number,
): Verdict {
  const required = requiredPasses(trials, passRate);
  if (passes >= required) return "passed";
  if (passes + (trials - passes - failures) < required) return "failed";
  return "undecided";
}

/** Trials that are certainly still needed to reach a verdict: never start more than this at once. */
export function trialsCertainlyNeeded(
  passes: number,
  failures: number,
  trials: number,
  passRate: number,
): number {
  const required = requiredPasses(trials, passRate);
  const toPass = required - passes;
  const toFail = trials - required + 1 - failures;
  return Math.max(0, Math.min(toPass, toFail));
}

/** Wilson score interval (95% by default) of `passes` successes out of `trials`. */
export function wilsonInterval(passes: number, trials: number, z = 1.959964): [number, number] {
  if (trials === 0) return [0, 1];
  const p = passes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return [clamp01(centre - half), clamp01(centre + half)];
}

export function clamp01(x: number): number {
  return Math.min(1, Math.max(0, round6(x)));
}

/**
 * The sequential (adaptive) rule: decided once the Wilson interval lies wholly at or above the
 * pass rate (passed) or wholly below it (failed); the same half-point tolerance as fixed trials.
 */
export function adaptiveVerdict(
  passes: number,
  trials: number,
  passRate: number,
  confidence = 0.95,
): Verdict {
  if (trials === 0) return "undecided";
  const [lo, hi] = wilsonInterval(passes, trials, zFor(confidence));
  if (lo >= passRate - 0.005) return "passed";
  if (hi < passRate - 0.005) return "failed";
  return "undecided";
}

/** The two-sided normal quantile for a confidence level (0.95 → 1.96). */
export function zFor(confidence: number): number {
  return inverseNormal(1 - (1 - confidence) / 2);
}

/** Inverse of the standard normal CDF (Acklam's rational approximation, |error| < 1.2e-9). */
export function inverseNormal(p: number): number {
  if (p <= 0 || p >= 1) throw new RangeError(`probability out of (0, 1): ${p}`);
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972,
    -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734,
    4.374664141464968, 2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  const poly = (k: number[], x: number) => k.reduce((acc, coef) => acc * x + coef, 0);
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(c, q) / (poly(d, q) * q + 1);
  }
  if (p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -poly(c, q) / (poly(d, q) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (poly(a, r) * q) / (poly(b, r) * r + 1);
}

/** Rounded to 6 decimals: how rates and US dollar amounts are stored and shown. */
export function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/**
 * Accuracy and Cohen's κ of a judge's answers against the examples' labels. The categories are
 * pass, fail and unknown (labels are only pass or fail, so every unknown answer is a disagreement).
 * κ = (pₒ − pₑ) / (1 − pₑ), pₒ the share of agreements, pₑ = Σₖ (share of labels k) · (share of
 * answers k); null when pₑ = 1 (every label and every answer the same: chance explains it all).
 */
export function agreementOf(
  pairs: Array<{ label: "pass" | "fail"; answer: "pass" | "fail" | "unknown" }>,
): { n: number; accuracy: number; kappa: number | null } {
  const n = pairs.length;
  if (n === 0) return { n, accuracy: 0, kappa: null };
  const agreed = pairs.filter((p) => p.label === p.answer).length;
  const po = agreed / n;
  const share = (pick: (p: (typeof pairs)[number]) => string, k: string) =>
    pairs.filter((p) => pick(p) === k).length / n;
  const pe = (["pass", "fail", "unknown"] as const).reduce(
    (sum, k) => sum + share((p) => p.label, k) * share((p) => p.answer, k),
    0,
  );
  const kappa = pe >= 1 - 1e-12 ? null : (po - pe) / (1 - pe);
  return { n, accuracy: po, kappa };
}
