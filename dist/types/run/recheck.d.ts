import { type CalibrationFigure, type EvalResult, type EvalSpec, type JudgeSpec, type TrialResult } from "../model/index.js";
import { type PreparedSandbox } from "./workspace/prepare.js";
import type { BudgetLedger } from "./budget.js";
import { type TrialIsolation } from "./isolation/resolve.js";
export interface RecheckTrialInput {
    spec: EvalSpec;
    /** The trial as the run recorded it. */
    trial: TrialResult;
    /** Its results folder (absolute): outcome.json, calls.jsonl and trial.json are read, then rewritten. */
    trialDir: string;
    prepared: PreparedSandbox;
    baseEnv: Record<string, string>;
    isolation?: TrialIsolation;
    signal: AbortSignal;
    /** The most the trial's judges may spend. */
    capUsd?: number;
    calibrationOf?: (judge: JudgeSpec) => CalibrationFigure | undefined;
}
/** The trial with the verdict of the current checks; unchanged (with a warning) when it kept no outcome. */
export declare function recheckTrial(input: RecheckTrialInput): Promise<TrialResult>;
export interface RecheckEvalInput {
    spec: EvalSpec;
    /** The eval × agent as the run recorded it. */
    result: EvalResult;
    /** The results folder whose trial folders are rechecked (absolute). */
    resultsDir: string;
    baseEnv: Record<string, string>;
    isolation?: TrialIsolation;
    signal: AbortSignal;
    budget: BudgetLedger;
    calibrationOf?: (judge: JudgeSpec) => CalibrationFigure | undefined;
}
/**
 * An eval × agent checked again: its prepared tree re-created (filled, `setup` run: what a check
 * may need that the outcome does not hold, such as node_modules), each trial that ran rechecked,
 * the verdict taken again over them. A tree that cannot be re-created makes it an error, saying why.
 */
export declare function recheckEval(input: RecheckEvalInput): Promise<EvalResult>;
/**
 * A trial's folder inside `resultsDir`. The run recorded it relative to its project root
 * (`.copybook/results/evals/<id>/<agent>/trial-<n>`); a downloaded artifact holds it from `evals/`.
 */
export declare function trialFolder(resultsDir: string, dir: string): string;
