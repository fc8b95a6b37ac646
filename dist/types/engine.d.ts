import type { AgentRef, CalibrationFigure, EvalSpec, Plan } from "./model/index.js";
import { RESULTS_DIR, type RunResult } from "./model/index.js";
import type { HistoryLine } from "./store/index.js";
import { type CacheContext, type CredentialPolicy, type BaseSpec, type ShardAssignment } from "./plan/index.js";
import { type Endpoint, type ContainerOptions, type SandboxKind, type TrialIsolation, type CalibratedExample, type SuiteEvents } from "./run/index.js";
import type { PreparedStore } from "./run/index.js";
import { type KindSummary } from "./kinds/index.js";
export { shardOf } from "./plan/index.js";
export { RESULTS_DIR };
export type { CredentialPolicy };
/** Which evals a command line names, and where their files are. */
export interface SelectOptions {
    projectRoot: string;
    /** Globs of eval files, relative to the project root; default evals/ and _evals/. */
    evals?: string[];
    names?: string[];
    /** Only the parts of this kind of evals that have parts (skill evals: trigger, e2e or hook). */
    axis?: string;
    env?: Record<string, string | undefined>;
}
/** What to plan: the selection, the agents and trials, and which units are skipped or cached. */
export interface PlanOptions extends SelectOptions {
    /**
     * Run trials with the user's real HOME (shell rc files, ~/.claude, ~/.codex…) instead of a HOME of
     * their own holding only the login files and `sandbox.home`. Not with bwrap, which gives each
     * trial its own HOME.
     */
    realHome?: boolean;
    /** @deprecated A HOME of its own per trial is the default; `false` is `realHome: true`. */
    isolateHome?: boolean;
    agents?: AgentRef[];
    trials?: number;
    /** Only evals whose rendered prompt or definition differs at this git ref (new ones too). */
    changedBase?: BaseSpec;
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
    /**
     * Skip pairs whose agent has none of its credential variables set, with the reason, instead of
     * failing at the first model call: where no saved login can exist (the Action on a GitHub-hosted
     * runner, a fork's pull request).
     */
    skipWithoutCredentials?: CredentialPolicy;
    /** Run each eval's variants beside it and compare them (default true; compare --base: false). */
    variants?: boolean;
    /** The margin of a comparison's `no-change` (default 0.1: ±10 points). */
    margin?: number;
}
/** How to run what was planned. */
export interface RunEvalsOptions extends PlanOptions {
    concurrency?: number;
    allTrials?: boolean;
    keepWorkspace?: boolean;
    /** Run agents outside CI (CI=true) anyway. */
    unsafeLocal?: boolean;
    /** Keeps prepared sandboxes (the result of `setup`) between runs; the Action uses the Actions cache. */
    preparedStore?: PreparedStore;
    /** The most the whole run may spend, in USD: no trial starts unless its worst case fits. */
    budgetUsd?: number;
    signal?: AbortSignal;
    events?: SuiteEvents & {
        onPlan?(planned: PlannedRunInfo): void;
    };
    maxRetries?: number;
    /** none (default): a temp dir; bwrap: bubblewrap, or refuse to run; auto: bubblewrap where it works. */
    sandbox?: SandboxKind;
    /** With bwrap: endpoints agents may reach besides the model APIs and AGENT_EVALS_ALLOW_HOSTS. */
    allowHosts?: Endpoint[];
    /** With docker: the image (`--image`) and limits (`--cpus` …) of evals that give none of their own. */
    container?: ContainerOptions;
    /** Further environment variables whose values are replaced by *** in every output. */
    redact?: string[];
    /**
     * Variables the agents' environment leaves out (their values are still redacted everywhere): the
     * Action hides the runner's own tokens and its step inputs, which no agent needs.
     */
    hideFromAgents?: (name: string) => boolean;
}
/** What a run is about to do, before its first trial (for progress and masking). */
export interface PlannedRunInfo {
    plan: Plan;
    specs: EvalSpec[];
    /** What the run should say before it starts (changed-only, sandbox fallbacks). */
    notes: string[];
    /** How trials are isolated; its note is among `notes` when it is not the default temp folder. */
    isolation: TrialIsolation;
    /** Pairs skipped for want of credentials (skipWithoutCredentials). */
    skippedForCredentials: number;
}
export interface RunEvalsOutcome {
    run: RunResult;
    exitCode: 0 | 1 | 2;
    resultsDir: string;
    /** One history line per eval × agent that ran (what --history-dir appended). */
    historyLines: HistoryLine[];
    /** What evals spread over several parts add up to (a skill's trigger metrics …), also written. */
    summaries: KindSummary[];
    /** recheck --from: the links and special files in the input's trial folders, not copied. */
    skipped?: string[];
}
export declare function isCi(env: Record<string, string | undefined>): boolean;
export interface PlannedRun {
    projectRoot: string;
    specs: EvalSpec[];
    plan: Plan;
    /** What the run should say before it starts (e.g. the base's definitions did not load). */
    notes: string[];
    cache: CacheContext;
    skippedForCredentials: number;
}
/** The eval files of a project, loaded with every kind registered. Throws DefinitionError. */
export declare function loadDefinitions(options: SelectOptions & {
    yamlOnly?: boolean;
    realHome?: boolean;
    isolateHome?: boolean;
}): Promise<EvalSpec[]>;
/** Discover, load and plan, without running anything. Throws DefinitionError on bad input. */
export declare function planEvals(options: PlanOptions): Promise<PlannedRun>;
/** Load, plan and run. Throws DefinitionError (exit 2) before anything runs when input is bad. */
export declare function runEvals(options: RunEvalsOptions): Promise<RunEvalsOutcome>;
/** What `compare --base` takes besides a run's options. */
export interface CompareOptions extends RunEvalsOptions {
    /** The git ref whose version of each selected eval is the control. */
    base: BaseSpec;
}
/**
 * Every selected eval as it is at `base` (the control: definitions, prompt files, templates, read
 * from git into a scratch folder) against the working tree (the treatment), in one run with the
 * same agents, trials interleaved. Nothing is cached: both arms run now. Throws DefinitionError or
 * ChangedBaseError (exit 2) before anything runs when input or the ref is bad.
 */
export declare function compareEvals(options: CompareOptions): Promise<RunEvalsOutcome>;
/**
 * compare's plan: the working tree's units, each paired with its control at the base. The base's
 * scratch folder holds the control's templates: `dispose` removes it once the run is over.
 */
export declare function planComparison(options: CompareOptions): Promise<{
    planned: PlannedRun;
    dispose(): Promise<void>;
}>;
export interface MergeRunsOptions {
    projectRoot: string;
    /** Where the merged run goes (default: the project's results folder). */
    outDir?: string;
    /** The eval globs the run used: the definitions the summaries are rebuilt from. */
    evals?: string[];
}
export interface MergedRun {
    run: RunResult;
    exitCode: 0 | 1 | 2;
    resultsDir: string;
    summaries: KindSummary[];
    /** Why the summaries could not be rebuilt, when they could not. */
    warning?: string;
    /** The links and special files in the shards' trial folders, not copied (one line each). */
    skipped: string[];
}
/**
 * Shards' results folders merged into one run, as if one process had run every shard's trials:
 * run.json, the trial folders, report.html and junit.xml, and the summaries of evals spread over
 * several parts, computed again over all of them (each shard saw only its own part). Takes the
 * output folder's lock, as a run does. Used by `agent-evals merge` and the Action's publish mode.
 */
export declare function mergeRuns(dirs: string[], options: MergeRunsOptions): Promise<MergedRun>;
/** An empty run (the plan chose nothing), written so reports say that nothing ran. */
export declare function writeEmptyRun(projectRoot: string, options?: Pick<PlanOptions, "historyDir">): Promise<RunEvalsOutcome>;
/**
 * Kill every agent process still running, with its group and its cgroup (for SIGINT/SIGTERM/SIGHUP
 * handlers); escapees outside both are found by each process's own clean-up as it ends.
 */
export declare function killAllAgents(): void;
export interface RecheckOptions {
    projectRoot: string;
    /** The results folder whose stored outcomes are rechecked (default: the last run's). */
    from?: string;
    evals?: string[];
    names?: string[];
    env?: Record<string, string | undefined>;
    /** The most the judges may spend, in USD. */
    budgetUsd?: number;
    signal?: AbortSignal;
    redact?: string[];
    realHome?: boolean;
}
export declare function recheckEvals(options: RecheckOptions): Promise<RunEvalsOutcome>;
export interface CalibrateOptions {
    projectRoot: string;
    evals?: string[];
    names?: string[];
    env?: Record<string, string | undefined>;
    budgetUsd?: number;
    signal?: AbortSignal;
    realHome?: boolean;
    /** Each example as it is judged. */
    onExample?: (judge: CalibratedJudge, example: CalibratedExample) => void;
}
export interface CalibratedJudge {
    eval: string;
    check: string;
    figure: CalibrationFigure;
    examples: CalibratedExample[];
}
/**
 * `agent-evals calibrate`: every judge with labelled examples (of the named evals, or all) run on
 * them; accuracy and Cohen's κ written to .copybook/calibration.json, where runs find them.
 */
export declare function calibrateEvals(options: CalibrateOptions): Promise<{
    judges: CalibratedJudge[];
    file?: string;
    costUsd: number;
}>;
