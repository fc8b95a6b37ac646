import type { ComparisonRecord, EvalResult, RunResult } from "../model/index.js";
export interface RunMeta {
    version: string;
    startedAt: Date;
    durationMs: number;
    commit?: string;
    budgetUsd?: number;
    isolation: string;
    projectRoot: string;
    /** The run's controlled comparisons (compare --base, variants). */
    comparisons?: ComparisonRecord[];
}
export declare function buildRunResult(evals: EvalResult[], meta: RunMeta): RunResult;
/**
 * Writes run.json as `JSON.stringify(run, null, 2)` would, an eval at a time: the whole text of a
 * run of thousands of trials (megabytes) is never one string in memory.
 */
export declare function writeRunJson(resultsDir: string, run: RunResult): Promise<string>;
