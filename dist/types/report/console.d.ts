import type { EvalResult, RunResult, TrialResult } from "../model/index.js";
export interface Style {
    green(s: string): string;
    red(s: string): string;
    yellow(s: string): string;
    dim(s: string): string;
    bold(s: string): string;
}
/** ANSI colours only on a terminal, and never when NO_COLOR is set. */
export declare function makeStyle(stream: {
    isTTY?: boolean;
}, env: Record<string, string | undefined>): Style;
export declare function seconds(ms: number): string;
export declare function percent(x: number): string;
export declare function usd(x: number): string;
export declare function trialLine(id: string, agent: string, planned: number, trial: TrialResult, style: Style): string;
/** The word each verdict is printed as (the skill/command/hook sections use it too). */
export declare const STATUS_LABEL: Record<EvalResult["status"], string>;
export declare function evalBlock(result: EvalResult, projectRoot: string, style: Style, verbose?: boolean, 
/** The result is an arm of a comparison: it ran what the comparison needed. */
compared?: boolean): string;
/**
 * The skipped eval × agent pairs, by reason: `skipped, 3 eval × agent pairs: <reason>` and the pairs under it, so a
 * summary's "N skipped" never hides which ones or why. Nothing when none was skipped.
 */
export declare function skippedLines(run: RunResult, style: Style): string[];
export declare function summaryLine(run: RunResult, resultsDir: string, style: Style): string;
