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
export declare function writeRunJson(resultsDir: string, run: RunResult): Promise<string>;
