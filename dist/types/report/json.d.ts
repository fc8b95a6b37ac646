import type { EvalResult, RunResult } from "../model/index.js";
export interface RunMeta {
    version: string;
    startedAt: Date;
    durationMs: number;
    commit?: string;
    budgetUsd?: number;
    isolation: string;
    projectRoot: string;
}
export declare function buildRunResult(evals: EvalResult[], meta: RunMeta): RunResult;
export declare function writeRunJson(resultsDir: string, run: RunResult): Promise<string>;
