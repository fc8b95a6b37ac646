import { type EvalResult, type RunResult, type TrialResult } from "./result.js";
/**
 * The code of an eval × agent result, or undefined for a pass (and a cached pass). The stage that
 * decided the outcome set it (run/suite.ts: setup failed, infra, budget cut, interrupted); a status
 * with a single meaning gets its code here. Results without one (a run.json written before codes
 * were recorded) fall back on the status alone.
 */
export declare function evalCode(result: EvalResult): string | undefined;
/**
 * The code of a trial, or undefined when it passed: the one run/trial.ts recorded (a timeout, then
 * the agent's own failure, then its checks), else what the status alone says.
 */
export declare function trialCode(trial: TrialResult): string | undefined;
/** Annotates evals and trials with their codes and lists every diagnostic of the run. */
export declare function withDiagnostics(run: RunResult, projectRoot?: string): RunResult;
