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
    /** head.passRate − base.passRate, when both ran trials. */
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
/**
 * The baseline a run compares an eval × agent with: the newest of its history lines with a verdict
 * (passed or failed), as pass/fail counts of its judged trials.
 */
export declare function historyBaseline(lines: HistoryLine[], agent: string): {
    passes: number;
    trials: number;
    label: string;
} | undefined;
/**
 * One row per head result, in the head's order. `baseHistory` holds the base branch's history
 * lines keyed by eval id (readAllHistory). A row is flagged only when Fisher's exact test on
 * base passes/fails vs head passes/fails gives p < alpha; cached, skipped, incomplete and error
 * results are never flagged (nor compared), nor are a comparison's other arms (`arm`).
 */
export declare function compareRuns(head: EvalResult[], baseHistory: Map<string, HistoryLine[]>, options?: CompareOptions): ComparisonRow[];
/** One bar per value on a 0..1 scale (values outside are clamped; non-numbers show as a space). */
export declare function sparkline(values: number[]): string;
