import { type EvalResult } from "../model/index.js";
import type { HistoryLine } from "./history.js";
export interface ComparisonRow {
    id: string;
    agent: string;
    file: string;
    line?: number;
    head: EvalResult;
    /** The newest base line of this id × agent with a verdict (passed or failed). */
    base?: HistoryLine;
    /**
     * The baseline the head is compared with: base's judged trials pooled with earlier lines of the
     * same definition and agent version (historyBaseline).
     */
    baseline?: {
        passes: number;
        trials: number;
        runs: number;
    };
    /** head.passRate − the baseline's pass rate, when both ran trials. */
    delta?: number;
    /** Two-sided Fisher's exact p-value of base passes/fails vs head passes/fails. */
    pValue?: number;
    /** Set only when p < alpha, and never for cached, skipped, incomplete or error results. */
    flag?: "regression" | "improvement";
    /** Pass rates of the last ≤10 history lines that ran trials, oldest first, then the head's. */
    trend: number[];
}
export interface CompareOptions {
    /** Significance level of the flag (default 0.05). */
    alpha?: number;
}
/**
 * Two-sided p-value of Fisher's exact test on the 2×2 table [[a, b], [c, d]]: the probability,
 * with the margins fixed, of a table no more likely than the observed one (the convention of R's
 * `fisher.test`, with its 1e-7 relative tolerance for ties).
 */
export declare function fisherExactTwoSided(a: number, b: number, c: number, d: number): number;
/** How many judged trials a history baseline pools at most: the trials of a PR comparison's arm. */
export declare const HISTORY_POOL_TRIALS = 50;
/** A history baseline: pooled pass/fail counts and the lines they come from. */
export interface PooledBaseline {
    passes: number;
    trials: number;
    /** How reports name it: `history@<commit>` of the newest line. */
    label: string;
    /** The newest line pooled. */
    newest: HistoryLine;
    /** How many lines were pooled (1 = the newest alone). */
    runs: number;
}
/**
 * The baseline a run compares an eval × agent with: the judged trials of its newest history lines
 * with a verdict (passed or failed), pooled back from the newest while a line has the newest's
 * definition and agent version (the same eval, run the same way, so the trials are draws of one
 * pass rate) and until HISTORY_POOL_TRIALS trials are pooled. One 10-trial line cannot show a
 * −30-point drop (README › Comparisons › Against the history); five such runs can.
 */
export declare function historyBaseline(lines: HistoryLine[], agent: string): PooledBaseline | undefined;
/**
 * One row per head result, in the head's order. `baseHistory` holds the base branch's history
 * lines keyed by eval id (readAllHistory). A row is flagged only when Fisher's exact test on
 * base passes/fails vs head passes/fails gives p < alpha; cached, skipped, incomplete and error
 * results are never flagged (nor compared), nor are a comparison's other arms (`arm`).
 */
export declare function compareRuns(head: EvalResult[], baseHistory: Map<string, HistoryLine[]>, options?: CompareOptions): ComparisonRow[];
/** One bar per value on a 0..1 scale (values outside are clamped; non-numbers show as a space). */
export declare function sparkline(values: number[]): string;
