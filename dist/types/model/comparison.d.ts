import type { Reliability } from "./result.js";
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
export declare const DEFAULT_MARGIN = 0.1;
/**
 * The most trials each arm of a comparison runs by default (an eval's own larger `trials` wins).
 * Chosen with bench/comparison.ts: at this N the sequential rule below flags a 30-point drop at
 * least 80% of the time at control rates 0.5, 0.8 and 0.95, and flags no change at most 5%.
 */
export declare const DEFAULT_COMPARISON_TRIALS = 50;
/** The first look of the sequential rule: after this many pairs of trials. */
export declare const FIRST_LOOK = 3;
/**
 * Confidence of the interval at the looks before the last. Looking after every pair would raise
 * the false-alarm rate of a 95% interval to about 15%; a 99.8% interval at the interim looks and
 * 95% at the last keeps it under 5% (bench/comparison.ts measures it).
 */
export declare const INTERIM_CONFIDENCE = 0.998;
export declare const FINAL_CONFIDENCE = 0.95;
/**
 * Newcombe's hybrid score interval for p_treatment − p_control, from each arm's Wilson interval.
 * Good coverage at small n and at rates near 0 or 1, where the Wald interval fails.
 */
export declare function differenceInterval(control: ArmCounts, treatment: ArmCounts, confidence?: number): [number, number];
/**
 * Two-sided p-value of Fisher's exact test on the 2×2 table (passes and failures of each arm):
 * the probability, with the margins fixed, of a table at most as likely as the one seen.
 */
export declare function fisherExact(control: ArmCounts, treatment: ArmCounts): number;
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
export declare function verdictOf(interval: [number, number], margin?: number, pValue?: number, alpha?: number): ComparisonVerdict;
/**
 * The counts compared, with the 95% interval and Fisher's p-value shown beside the verdict, and
 * the verdict of the rule at `confidence` (the 99.8% of an interim look, the 95% of the last).
 * Label and numbers come from the same counts: an interim verdict's interval is nested in the 95%
 * one shown, and p < 0.05 is part of the rule, so a REGRESSION never stands beside p ≥ 0.05.
 */
export declare function compareArms(control: ArmCounts, treatment: ArmCounts, margin?: number, confidence?: number): ComparisonStats;
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
export declare function sequentialVerdict(control: ArmCounts, treatment: ArmCounts, max: number, options?: SequentialOptions | number): ComparisonVerdict | undefined;
/** The decision of sequentialVerdict with the numbers it was read from (see compareArms). */
export declare function sequentialDecision(control: ArmCounts, treatment: ArmCounts, max: number, options?: SequentialOptions | number): ComparisonStats | undefined;
/**
 * Unbiased estimator of pass@k from c passes in n trials: the chance that at least one of k
 * trials drawn without replacement passes, 1 − C(n−c, k) / C(n, k).
 */
export declare function passAtK(n: number, c: number, k: number): number;
/**
 * Unbiased estimator of pass^k from c passes in n trials: the chance that all of k trials drawn
 * without replacement pass, C(c, k) / C(n, k) — how reliable an agent is run after run.
 */
export declare function passHatK(n: number, c: number, k: number): number;
/** pass@k and pass^k for k = 1…n from c passes in n judged trials (none without trials). */
export declare function reliabilityOf(c: number, n: number): Reliability | undefined;
