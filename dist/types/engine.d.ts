import type { AgentRef, EvalSpec } from "./model/eval.js";
import { type RunResult } from "./model/result.js";
import type { HistoryLine } from "./history/store.js";
import { type CacheContext } from "./plan/cache.js";
export { shardOf } from "./plan/shard.js";
import { type Plan } from "./plan/plan.js";
import type { PreparedStore } from "./run/prepare.js";
import { type SuiteEvents } from "./run/suite.js";
/** Where results go, under the project root (the seeds' name, kept for compatibility). */
export declare const RESULTS_DIR: string;
export interface RunEvalsOptions {
    projectRoot: string;
    /** Globs of eval files, relative to the project root; default evals/ and _evals/. */
    evals?: string[];
    names?: string[];
    agents?: AgentRef[];
    trials?: number;
    concurrency?: number;
    allTrials?: boolean;
    keepWorkspace?: boolean;
    /** Run agents outside CI (CI=true) anyway. */
    unsafeLocal?: boolean;
    env?: Record<string, string | undefined>;
    /** Only evals whose rendered prompt or definition differs at this git ref (new ones too). */
    changedBase?: string;
    /** Run only shard `index` (1-based) of `count`: a stable split of the eval × agent pairs. */
    shard?: {
        index: number;
        count: number;
    };
    /** Appends one JSON line per eval × agent to `<dir>/<id>.jsonl`, and reads cached verdicts there. */
    historyDir?: string;
    /** Re-run evals even when a recorded verdict matches. */
    force?: boolean;
    /** Without a history folder: don't use the checkout's fingerprint cache. */
    noCache?: boolean;
    /** Keeps prepared sandboxes (the result of `setup`) between runs; the Action uses the Actions cache. */
    preparedStore?: PreparedStore;
    /** The most the whole run may spend, in USD: no trial starts unless its worst case fits. */
    budgetUsd?: number;
    signal?: AbortSignal;
    events?: SuiteEvents & {
        onPlan?(plan: Plan, specs: EvalSpec[], notes: string[]): void;
    };
    maxRetries?: number;
}
export interface RunEvalsOutcome {
    run: RunResult;
    exitCode: 0 | 1 | 2;
    resultsDir: string;
    /** One history line per eval × agent that ran (what --history-dir appended). */
    historyLines: HistoryLine[];
}
export declare class CiGateError extends Error {
}
export declare function isCi(env: Record<string, string | undefined>): boolean;
export interface PlannedRun {
    projectRoot: string;
    specs: EvalSpec[];
    plan: Plan;
    /** What the run should say before it starts (e.g. the base's definitions did not load). */
    notes: string[];
    cache: CacheContext;
}
/** Discover, load and plan, without running anything. Throws DefinitionError on bad input. */
export declare function planEvals(options: RunEvalsOptions): Promise<PlannedRun>;
/** Load, plan and run. Throws DefinitionError (exit 2) before anything runs when input is bad. */
export declare function runEvals(options: RunEvalsOptions): Promise<RunEvalsOutcome>;
/** Kill every agent process group still running (for SIGINT/SIGTERM handlers). */
export declare function killAllAgents(): void;
