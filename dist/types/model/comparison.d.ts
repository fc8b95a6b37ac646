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
 * The verdict rule, on the 95% interval of the difference:
 * - `regression`: the whole interval lies below 0 (the treatment is worse);
 * - `improvement`: the whole interval lies above 0;
 * - `no-change`: the whole interval lies within ±margin;
 * - `inconclusive`: anything else (more trials would be needed to say).
 */
export declare function verdictOf(interval: [number, number], margin?: number): ComparisonVerdict;
export declare function compareArms(control: ArmCounts, treatment: ArmCounts, margin?: number): ComparisonStats;
/**
 * The sequential rule, looked at after each pair of trials (the first k judged trials of each
 * arm, by trial number, so the looks are balanced whatever order trials finish in): from the
 * FIRST_LOOK-th pair on, the verdict of the 99.8% interval decides as soon as it is not
 * inconclusive; at `max` pairs the 95% interval gives the verdict, inconclusive included.
 * Undefined: not decided yet, run another pair.
 */
export declare function sequentialVerdict(control: ArmCounts, treatment: ArmCounts, max: number, margin?: number): ComparisonVerdict | undefined;
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
