import type { CalibrationFigure, JudgeSpec, PlannedUnit, EvalSpec, ComparisonRecord, EvalResult, TrialResult } from "../model/index.js";
import { type BudgetLedger } from "./budget.js";
import { type Baseline } from "./policy.js";
import { type PreparedStore } from "./workspace/prepare.js";
import { type TrialIsolation } from "./isolation/resolve.js";
export interface SuiteEvents {
    onTrialStart?(unit: PlannedUnit, n: number): void;
    /** A trial hit an infra error and will be tried again; `elapsedMs` since its first attempt. */
    onTrialRetry?(unit: PlannedUnit, n: number, retry: {
        attempt: number;
        of: number;
        reason: string;
        elapsedMs: number;
    }): void;
    onTrialEnd?(unit: PlannedUnit, trial: TrialResult): void;
    onUnitEnd?(unit: PlannedUnit, result: EvalResult): void;
}
export interface SuiteOptions {
    projectRoot: string;
    resultsDir: string;
    concurrency: number;
    allTrials: boolean;
    keepWorkspace: boolean;
    /** Infra-error retries per trial. */
    maxRetries: number;
    env: Record<string, string>;
    signal: AbortSignal;
    events?: SuiteEvents;
    budget: BudgetLedger;
    /** Keeps prepared sandboxes (setup results) between runs. */
    preparedStore?: PreparedStore;
    /** Own HOME per trial, bubblewrap. */
    isolation?: TrialIsolation;
    /**
     * The recorded verdict an eval × agent is compared with (a history folder's last one): its
     * trials then go on until the comparison is decided too, and the run's comparisons include it.
     */
    baselineOf?(unit: PlannedUnit): Baseline | undefined;
    /** The calibration figure of an eval's judge, when `agent-evals calibrate` measured it. */
    calibrationOf?: (spec: EvalSpec, judge: JudgeSpec) => CalibrationFigure | undefined;
}
export type { PlannedUnit };
export interface SuiteOutcome {
    /** One per unit, in plan order. */
    results: EvalResult[];
    /** One per treatment arm of each comparison group, in plan order. */
    comparisons: ComparisonRecord[];
}
export declare function runSuite(units: PlannedUnit[], options: SuiteOptions): Promise<SuiteOutcome>;
/**
 * The time some part of a unit was running (ms): `before` (its preparing), then each stretch in
 * which at least one of its trials ran. Trials waiting in the queue for a slot add nothing, so a
 * unit run beside others takes what it took alone, not what it waited.
 */
export declare class ActiveTime {
    private running;
    private since;
    private spent;
    constructor(before?: number);
    during<T>(fn: () => Promise<T>): Promise<T>;
    total(): number;
}
/**
 * A folder-safe form of an agent name. A name that is already safe is its own folder ("literal",
 * "claude-code"); any other gets a short hash of the whole name ("claude -p {prompt}" →
 * "claude-p-prompt-1a2b3c4d"), so two command templates that differ only in what was replaced or
 * cut never share a trial folder.
 */
export declare function slug(name: string): string;
