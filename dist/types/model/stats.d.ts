/**
 * Passes needed out of `trials` for `passRate`. Rates are read as their author writes them, to the
 * half percentage point: 0.67 means two thirds (2 of 3 passes), 0.33 one third, 0.5 a half.
 */
export declare function requiredPasses(trials: number, passRate: number): number;
export declare function meetsPassRate(passes: number, trials: number, passRate: number): boolean;
export type Verdict = "passed" | "failed" | "undecided";
/**
 * The verdict once `passes` and `failures` of `trials` are known, if the rest can no longer change
 * it. Exact: stopping here always gives the verdict that running every trial would give.
 */
export declare function curtailedVerdict(passes: number, failures: number, trials: number, passRate: number): Verdict;
/** Trials that are certainly still needed to reach a verdict: never start more than this at once. */
export declare function trialsCertainlyNeeded(passes: number, failures: number, trials: number, passRate: number): number;
/** Wilson score interval (95% by default) of `passes` successes out of `trials`. */
export declare function wilsonInterval(passes: number, trials: number, z?: number): [number, number];
/**
 * The sequential (adaptive) rule: decided once the Wilson interval lies wholly at or above the
 * pass rate (passed) or wholly below it (failed); the same half-point tolerance as fixed trials.
 */
export declare function adaptiveVerdict(passes: number, trials: number, passRate: number, confidence?: number): Verdict;
/** The two-sided normal quantile for a confidence level (0.95 → 1.96). */
export declare function zFor(confidence: number): number;
/** Inverse of the standard normal CDF (Acklam's rational approximation, |error| < 1.2e-9). */
export declare function inverseNormal(p: number): number;
/** Rounded to 6 decimals: how rates and US dollar amounts are stored and shown. */
export declare function round6(x: number): number;
/**
 * Accuracy and Cohen's κ of a judge's answers against the examples' labels. The categories are
 * pass, fail and unknown (labels are only pass or fail, so every unknown answer is a disagreement).
 * κ = (pₒ − pₑ) / (1 − pₑ), pₒ the share of agreements, pₑ = Σₖ (share of labels k) · (share of
 * answers k); null when pₑ = 1 (every label and every answer the same: chance explains it all).
 */
export declare function agreementOf(pairs: Array<{
    label: "pass" | "fail";
    answer: "pass" | "fail" | "unknown";
}>): {
    n: number;
    accuracy: number;
    kappa: number | null;
};
