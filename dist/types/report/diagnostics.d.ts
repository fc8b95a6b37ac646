import { type EvalResult, type RunResult, type TrialResult } from "../model/result.js";
/** The code of an eval × agent result, or undefined for a pass (and a cached pass). */
export declare function evalCode(result: EvalResult): string | undefined;
/**
 * The code of a trial, or undefined when it passed. A trial fails for one reason first (see
 * verdictOf in src/run/trial.ts): a timeout, then the agent's own failure, then its checks.
 */
export declare function trialCode(trial: TrialResult): string | undefined;
/** Annotates evals and trials with their codes and lists every diagnostic of the run. */
export declare function withDiagnostics(run: RunResult, projectRoot?: string): RunResult;
