import type { AgentRef, ClaudeCodeAxis, EvalSpec } from "./model/eval.js";
import { type RunResult } from "./model/result.js";
import type { HistoryLine } from "./history/store.js";
import { type CacheContext } from "./plan/cache.js";
import { type ShardAssignment } from "./plan/shard.js";
export { shardOf } from "./plan/shard.js";
import { type Plan } from "./plan/plan.js";
import { type SandboxKind } from "./run/isolation.js";
import { type Endpoint } from "./run/bwrap.js";
import type { PreparedStore } from "./run/prepare.js";
import { type SuiteEvents } from "./run/suite.js";
import { type ClaudeCodeReport } from "./skills/results.js";
/** Where results go, under the project root (the seeds' name, kept for compatibility). */
export declare const RESULTS_DIR: string;
export interface RunEvalsOptions {
    projectRoot: string;
    /** Globs of eval files, relative to the project root; default evals/ and _evals/. */
    evals?: string[];
    names?: string[];
    /** Only the skill/command/hook eval parts of this kind (trigger, e2e or hook). */
    axis?: ClaudeCodeAxis;
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
    /** The split a plan recorded (`plan --shards N --format json`); without it `shard` splits by history. */
    shardPlan?: ShardAssignment;
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
    /** none (default): a temp dir; bwrap: bubblewrap, or refuse to run; auto: bubblewrap where it works. */
    sandbox?: SandboxKind;
    /** A HOME of its own per trial; default: on in CI. Always on with bwrap. */
    isolateHome?: boolean;
    /** With bwrap: endpoints agents may reach besides the model APIs and AGENT_EVALS_ALLOW_HOSTS. */
    allowHosts?: Endpoint[];
    /** Further environment variables whose values are replaced by *** in every output. */
    redact?: string[];
    /**
     * Variables the agents' environment leaves out (their values are still redacted everywhere): the
     * Action hides the runner's own tokens and its step inputs, which no agent needs.
     */
    hideFromAgents?: (name: string) => boolean;
}
export interface RunEvalsOutcome {
    run: RunResult;
    exitCode: 0 | 1 | 2;
    resultsDir: string;
    /** One history line per eval × agent that ran (what --history-dir appended). */
    historyLines: HistoryLine[];
    /** Skill/command/hook evals put back together (also written to `_evals/results/`). */
    claudeCode?: ClaudeCodeReport[];
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
