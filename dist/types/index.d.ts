/** A call or text pattern: a string matches as a substring, a RegExp as a regular expression. */
type Pattern = string | RegExp;
/** A prompt before rendering: `{{name}}` placeholders are filled from params, then secrets. */
interface PromptSpec {
    id?: string;
    /** The template text (already read from `file` when one was given). */
    text: string;
    /** Where the text came from, for messages. */
    file?: string;
    params: Record<string, string | number | boolean>;
    /** Names of environment variables filled in at render time and never written anywhere. */
    secrets: string[];
}
/**
 * What fills a trial's workspace before the agent starts: a template folder, an inline fixture or a
 * snapshot of a repository, a variant's overlay, and files for the trial's HOME. (Written as
 * `sandbox:` in YAML and in `defineEval`, whose `kind`, `image` and limits go to IsolationSpec.)
 */
type WorkspaceSpec = ({
    kind: "template";
    dir: string;
} | {
    kind: "fixture";
    files: Record<string, string>;
} | {
    kind: "repo";
    dir: string;
}) & {
    /**
     * Files written over the filled tree (a variant's `files`): relative path → content, or null to
     * remove the file. Paths are checked at definition time to stay inside the workspace.
     */
    overlay?: Record<string, string | null>;
    /**
     * Files written into each trial's own HOME (path relative to HOME → content), over the login
     * files carried over: a `.claude/CLAUDE.md`, a `.codex/AGENTS.md`. Checked like fixture paths.
     */
    home?: Record<string, string>;
};
/**
 * What an eval's trials run inside: the isolation provider (`none`, `bwrap`, `docker` …) and a
 * container's image and limits. Each is written in the definition's `sandbox:` (`sandbox.kind`,
 * `.image`, `.cpus`, `.memory`, `.pids`) and, when absent, comes from the run's flags.
 */
interface IsolationSpec {
    /**
     * The isolation provider this eval's trials run inside (`sandbox.kind`: `none`, `bwrap` …), over
     * the run's `--sandbox`; checked against the providers' registry when the evals load.
     */
    provider?: string;
    /** The image a container provider (`docker`) runs the trials in (`sandbox.image`), over `--image`. */
    image?: string;
    /** A container provider's resource limits (`sandbox.cpus`, `.memory`, `.pids`), over the CLI's. */
    limits?: ContainerLimits;
}
/** Resource limits of a container provider's trials: they decide part of a run's noise, so runs record them. */
interface ContainerLimits {
    /** CPUs the trial may use (`1.5`). */
    cpus?: number;
    /** Memory, as Docker writes it: bytes or a number with b, k, m or g (`2g`). */
    memory?: string;
    /** The most processes and threads at once. */
    pids?: number;
}
/**
 * An MCP server the trial's agent is given (`mcp:` in a definition), started by the agent over
 * stdio: written into the agent's own config (Claude Code's `--mcp-config`, Gemini's settings,
 * OpenCode's config, Codex's `-c mcp_servers.<name>`, Copilot's `--additional-mcp-config`). Its
 * tools appear in the trajectory as `mcp__<server>__<tool>`.
 */
interface McpServerSpec {
    command: string;
    args: string[];
    env: Record<string, string>;
}
/**
 * A named set of overrides of an eval, run beside the eval as defined (the control) and compared
 * with it: "with skill / without skill", "prompt v1 vs v2", "model A vs B".
 */
interface VariantSpec {
    /** Unique within the eval; letters, digits, `.`, `_`, `-`. */
    name: string;
    /** Replaces the eval's prompt. */
    prompt?: PromptSpec;
    /** Added to the workspace over the eval's own files (null removes a file): a SKILL.md, a CLAUDE.md. */
    files?: Record<string, string | null>;
    /** Replaces the eval's model. */
    model?: string;
    /** Extra command-line arguments for the agent (appended to the adapter's own). */
    args?: string[];
    /** Replaces the eval's setup commands. */
    setup?: string[];
    /** MCP servers added to (or, with null, removed from) the eval's `mcp`. */
    mcp?: Record<string, McpServerSpec | null>;
    /**
     * `AGENT@VERSION`: that agent's pairs run this version of its CLI (installed into a cache); the
     * eval's other agents get no treatment from this variant.
     */
    agentVersion?: string;
    /** Where the variant was declared. */
    source?: SourceRef;
}
/** A binary put first on PATH: every call is logged; it stubs or passes through to the real one. */
type ShimSpec = {
    mode: "passthrough";
} | {
    mode: "script";
    script: string;
} | {
    mode: "stub";
    exitCode: number;
    stdout: string;
    stderr: string;
};
/** Where a check was declared, so failures can point at the eval file. */
interface SourceRef {
    file: string;
    line?: number;
}
interface CustomCheckContext {
    /** Absolute path of the trial's workspace: the tree the agent worked in. */
    workspace: string;
    /**
     * The same path as `workspace`, under its old name: checks written before it keep working.
     * @deprecated Read `workspace` instead.
     */
    sandbox: string;
    /**
     * The shimmed calls the agent made, in the order they started, as calls.jsonl records them: the
     * first 10,000 (or 16 MiB), each argument over 4 KiB cut in the middle.
     */
    calls: ShimCall[];
    /** What the agent run returned. */
    run: AgentRunResult;
    /**
     * The trial's environment, for commands a check starts: what the agent got (its HOME and TMPDIR,
     * the shims first on PATH, without what the run hides from agents), with shim calls logged apart
     * from the agent's.
     */
    env: Record<string, string>;
    /**
     * Aborted when the check runs past the eval's timeout (or the run is interrupted): stop what the
     * check started. A check still running then fails, whatever it returns later.
     */
    signal: AbortSignal;
}
type CustomCheckResult = boolean | string | {
    ok: boolean;
    evidence?: string;
} | void;
/** How an observed trajectory is compared with the expected tools. */
type TrajectoryMode = "superset" | "subset" | "unordered" | "strict";
interface ExpectedTool {
    /** Tool name (normalized across agents, case-insensitive: Bash, Read, Edit, Write, …). */
    name: string;
    /** Each key's value must contain this text (an input like `{ file_path: "src/app.ts" }`). */
    argsContain?: Record<string, string>;
    /** This call must come after a call of that tool. */
    after?: string;
}
interface TrajectorySpec {
    mode: TrajectoryMode;
    expected: ExpectedTool[];
    forbidden: string[];
}
/** A labelled example a judge is calibrated on: a folder, or files given inline. */
interface JudgeExample {
    label: "pass" | "fail";
    /** Absolute path of a folder that stands for a trial's final workspace. */
    dir?: string;
    /** Workspace-relative path → content: the workspace, written out. */
    files?: Record<string, string>;
    /** A name for the calibration report (default: the folder, or `example <n>`). */
    name?: string;
}
/** A model-graded check: an agent CLI, read-only, on a copy of the final workspace. */
interface JudgeSpec {
    /** What the work must satisfy, in plain words. */
    rubric: string;
    /** Files the judge should read first (their content goes into its prompt). */
    files: string[];
    /** The agent that judges: "claude-code", "codex", or an adapter that can judge. */
    agent: AgentRef;
    model?: string;
    /** Independent calls; the verdict is their majority. */
    samples: number;
    /** Run even when a deterministic check failed or the agent failed. */
    always: boolean;
    examples: JudgeExample[];
}
/** A check as data: the `check` stage knows how to run each kind. */
type CheckSpec = ({
    type: "ran";
    pattern: Pattern;
} | {
    type: "notRan";
    pattern: Pattern;
} | {
    type: "ranInOrder";
    patterns: Pattern[];
} | {
    type: "fileExists";
    path: string;
} | {
    type: "fileAbsent";
    path: string;
} | {
    type: "fileContains";
    path: string;
    pattern: Pattern;
} | {
    type: "fileLacks";
    path: string;
    pattern: Pattern;
}
/** Text that must appear in some file the run created or modified. */
 | {
    type: "changedFilesContain";
    text: string;
}
/** Text that must appear in no file the run created or modified. */
 | {
    type: "changedFilesLack";
    text: string;
} | {
    type: "succeeds";
    command: string;
    exitCode: number;
} | ({
    type: "trajectory";
} & TrajectorySpec) | {
    type: "judge";
    judge: JudgeSpec;
} | {
    type: "custom";
    name: string;
    fn: (ctx: CustomCheckContext) => CustomCheckResult | Promise<CustomCheckResult>;
}) & {
    source?: SourceRef;
};
/** One normalized eval, whichever format it was written in. */
interface EvalSpec {
    id: string;
    /** Absolute path of the file that defines it. */
    file: string;
    /** 1-based line of the definition, when known. */
    line?: number;
    format: "ts" | "yaml";
    /** Absent: no agent runs, only the checks (against the prepared workspace). */
    prompt?: PromptSpec;
    /** Agent names or adapters; empty means "whatever --agent says", else skipped. */
    agents: AgentRef[];
    /** Trials per agent; with `adaptive`, the most that may run. */
    trials: number;
    /** Sequential trials: from `min` up to `trials`, until the Wilson interval clears passRate. */
    adaptive?: {
        min: number;
        confidence: number;
    };
    /** Run every planned trial: the trials measure a rate (a skill's trigger rate), not a verdict. */
    allTrials?: boolean;
    passRate: number;
    /** What fills each trial's workspace (the definition's `sandbox:` contents). */
    workspace: WorkspaceSpec;
    /** What each trial runs inside (the definition's `sandbox.kind`, `.image` and limits). */
    isolation: IsolationSpec;
    setup: string[];
    shims: Record<string, ShimSpec>;
    checks: CheckSpec[];
    /** Each of setup, the agent, a check and a judge may take this long (DEFAULT_TIMEOUT_MS). */
    timeoutMs: number;
    /**
     * The whole trial, agent and checks and judges together, may take this long; a part then gets
     * what is left of it when that is less than `timeoutMs`. Undefined: only the parts are limited.
     */
    trialTimeoutMs?: number;
    maxCostUsd?: number;
    /** Model for agents that take one. */
    model?: string;
    /** Extra command-line arguments for the agent (a variant's `args`). */
    agentArgs?: string[];
    /** MCP servers the agent is given, by name. */
    mcp?: Record<string, McpServerSpec>;
    /** Named overrides, each compared with the eval as defined (see VariantSpec). */
    variants?: VariantSpec[];
    /** Set on the spec a variant expands to: the variant's name (the eval as defined has none). */
    variant?: string;
    /** sha256 of the definition (the YAML text, or the TS options minus functions). */
    definitionHash: string;
    /** Set on the evals one multi-part file expands to (a skill file's trigger, e2e and hook parts). */
    part?: EvalPart;
}
/**
 * One part of a multi-part eval file, set by the eval kind that loaded it. The fields here are the
 * ones later stages read (selection, planning, variants); the kind's own data rides along in the
 * same object (kinds/skill's `SkillPart` extends this), and only that kind reads it.
 */
interface EvalPart {
    /** The eval kind that made the part (its registry name: `skill`). */
    kind: string;
    /** The file's `name`: `agent-evals eval <group>` runs every part of it. */
    group: string;
    /** Which part it is; `--axis` selects by it. */
    axis: string;
    /** The agent the part is written for: `--agent` does not replace it (see otherAgent). */
    agent: string;
    /** What the part is, for messages: `a skill eval of Claude Code (.claude/skills/x/SKILL.md)`. */
    about: string;
    /** Why another agent cannot run it, when otherAgent gives no reason of its own. */
    agentOnlyReason: string;
    /** The model the agent is asked to use, when one is set (a variant's model replaces it). */
    model?: string;
    /** Its trials measure a rate: with `--trials N`, all N run. */
    measuresRate?: boolean;
    /**
     * `--agent <other>` for this part: the adapter that runs it (e.g. codex with the skill installed
     * where Codex looks), or why that agent cannot. Absent: only `agent` runs it.
     */
    otherAgent?: (agent: AgentAdapter) => {
        agent: AgentAdapter;
    } | {
        reason: string;
    };
}
type AgentRef = string | AgentAdapter;
/** A normalized tool call of an agent's trajectory. */
interface ToolCall {
    /** Tool name, normalized across agents to Claude Code's names: Bash, Read, Edit, Write, … */
    tool: string;
    /** The agent's own name for the tool, when it differs (codex: command_execution, file_change). */
    agentTool?: string;
    input: unknown;
    result?: string;
    isError?: boolean;
    exitCode?: number;
}
/**
 * Token counts, one rule for every agent (docs/agents.md › Agent matrix): `input` is every prompt token,
 * the ones read from and written to the cache included; `cacheRead` and `cacheWrite` are those
 * parts of it; `output` is every output token, reasoning included.
 */
interface TokenUsage {
    input: number;
    output: number;
    cacheRead: number;
    cacheWrite: number;
}
interface AgentRunContext {
    /** The rendered prompt (secrets filled in: pass it to the agent, never write it down). */
    prompt: string;
    /** The prompt's embedded commands, in order. */
    commands: string[];
    /** The trial's workspace: run the agent here. */
    cwd: string;
    /** The environment to run with: shims first on PATH, a per-trial TMPDIR. */
    env: Record<string, string>;
    timeoutMs: number;
    maxCostUsd?: number;
    model?: string;
    /** The trial's results folder: write transcripts here. */
    outDir: string;
    /** Aborted when agent-evals is interrupted: stop and clean up. */
    signal: AbortSignal;
    /** Extra command-line arguments the eval asks for (a variant's `args`): append them. */
    extraArgs?: string[];
    /**
     * MCP servers the eval gives the agent, by name: write them into its config. An adapter whose
     * agent has no MCP support throws an InfraError naming it when this is non-empty.
     */
    mcp?: Record<string, McpServerSpec>;
    /**
     * Set when the run records or replays the model traffic (`--record`, `--replay`): send it to
     * this base URL, a proxy on loopback, instead of the one the agent is configured with (the URL
     * `modelUpstream` gave, with its path).
     */
    modelBaseUrl?: string;
}
interface AgentRunResult {
    exitCode: number | null;
    timedOut: boolean;
    /** Set when the agent itself failed the task (a literal step failed, budget or turns ran out). */
    agentFailure?: string;
    costUsd?: number;
    tokens?: TokenUsage;
    turns?: number;
    trajectory: ToolCall[];
    finalMessage?: string;
    /** Files written to outDir, relative to it. */
    transcripts: string[];
    durationMs: number;
    /** What the adapter wants the report to say beside the verdict (e.g. cost unknown). */
    warnings?: string[];
}
/**
 * Anything that can run a prompt. Throw `InfraError` (model/errors.ts, from `run`) when the failure was the
 * harness's or the outside world's, not the agent's: such trials are retried, never counted failed.
 */
interface AgentAdapter {
    name: string;
    /** True when a run costs nothing (literal, scripted): the budget never holds it back. */
    free?: boolean;
    /**
     * Environment variables that log this agent in, any one of them enough (`ANTHROPIC_API_KEY`, …).
     * Their values are redacted everywhere; where no saved login can exist (a GitHub-hosted runner,
     * a fork's pull request) a pair whose agent has none of them set is skipped with that reason.
     */
    credentialEnv?: readonly string[];
    /**
     * Why a set credential variable's value cannot log this agent in (undefined when it can): such a
     * value does not make a pair runnable where no saved login can exist. Copilot: a GitHub Actions
     * token (`ghs_…`, a runner's GITHUB_TOKEN) or a classic PAT (`ghp_…`).
     */
    credentialProblem?(name: string, value: string): string | undefined;
    /**
     * The program the agent runs (a name looked up on the trial's PATH, or a path). Its install folder
     * differs from machine to machine and from version to version, and some CLIs name it in their
     * requests (gemini: its built-in skills' paths): record and replay match requests without it.
     */
    executable?: string;
    available(): Promise<boolean>;
    version(): Promise<string | undefined>;
    run(ctx: AgentRunContext): Promise<AgentRunResult>;
    /**
     * The base URL the agent sends its model traffic to, with the run's environment `env`: what a
     * recording proxy forwards to (docs/record-replay.md). Undefined for an agent without model
     * traffic (literal, scripts) or one whose traffic cannot be pointed elsewhere (copilot without a
     * provider of its own); such an agent cannot be recorded or replayed.
     */
    modelUpstream?(run: {
        env: Record<string, string>;
        model?: string;
    }): string | undefined;
    /**
     * One read-only judge call (docs/writing-evals.md › Judges): answer `ctx.prompt` in
     * `ctx.schema`'s shape without
     * changing anything. Throw InfraError for the outside world's failures (API 5xx, not logged in).
     */
    judge?(ctx: JudgeCallContext): Promise<JudgeCallResult>;
}
interface JudgeCallContext {
    prompt: string;
    /** The JSON Schema of the answer, for the CLI's structured-output flag. */
    schema: Record<string, unknown>;
    /** A copy of the trial's final workspace: read it, never the live sandbox. */
    cwd: string;
    env: Record<string, string>;
    timeoutMs: number;
    maxCostUsd?: number;
    model?: string;
    /** Where the call's transcripts go, and their file name stem (`judge-2-1`). */
    outDir: string;
    name: string;
    signal: AbortSignal;
    /**
     * Set when the run records or replays the model traffic (`--record`, `--replay`): send the
     * judge's to this base URL, a proxy on loopback of this call's own, as `AgentRunContext`'s.
     */
    modelBaseUrl?: string;
}
interface JudgeCallResult {
    /** The structured answer, when the CLI gave one. */
    structured?: unknown;
    /** The final message text (parsed as JSON when there is no structured answer). */
    text?: string;
    /** Why the call gave no usable answer although nothing failed outside (retries exhausted…). */
    problem?: string;
    costUsd?: number;
    /** Files written to outDir, relative to it. */
    transcripts: string[];
    /** Set when the cost is not known (a model without a price). */
    warning?: string;
}
interface ShimCall {
    bin: string;
    argv: string[];
    cwd: string;
    /** Epoch milliseconds when the call started. */
    time: number;
    /** Exit code; null when the call never finished (killed). */
    exit: number | null;
}

/**
 * Why a trial failed for a reason of the harness rather than of the prompt, from recorded evidence
 * only (docs/verdicts.md › Harness reasons):
 * - `shim-not-found`: the agent's own output (agent.stdout, agent.stderr) says a shimmed tool was
 *   not found (`neon: command not found`) and the shim log has no call of it;
 * - `shim-bypassed`: the trajectory shows a shimmed tool run by its absolute path;
 * - `shim-unrecorded`: the trajectory shows a shimmed tool's command, the shim log no call of it;
 * - `outside-workspace`: shimmed calls ran from folders outside the trial's workspace (shim log),
 *   or the agent wrote beside its workspace (the trial's folder).
 */
type HarnessReasonKind = "shim-not-found" | "shim-bypassed" | "shim-unrecorded" | "outside-workspace";
interface HarnessReason {
    kind: HarnessReasonKind;
    /** The shimmed tool it concerns, for the shim reasons. */
    tool?: string;
    /** Where the evidence was read: `agent output`, `trajectory`, `shim log`, `workspace`. */
    source: "agent output" | "trajectory" | "shim log" | "workspace";
    /** The evidence, in one sentence. */
    evidence: string;
}
type ParityVerdict = "behind" | "ahead" | "on-par" | "inconclusive";
/** One harness reason over an agent's failed trials of one eval. */
interface ParityReason extends HarnessReason {
    /** Failed trials with this reason. */
    trials: number;
}
/** One eval × agent against the eval's reference agent, both run in the same run. */
interface ParityRecord {
    id: string;
    /** The reference agent: `--reference-agent`, else the first agent the eval lists. */
    reference: string;
    agent: string;
    referencePasses: number;
    referenceTrials: number;
    /** Wilson 95% interval of the reference's pass rate. */
    referenceInterval: [number, number];
    agentPasses: number;
    agentTrials: number;
    agentInterval: [number, number];
    /** Agent rate minus reference rate, in [-1, 1]. */
    delta: number;
    /** 95% Newcombe interval of the difference (independent arms). */
    interval: [number, number];
    /** Two-sided p-value of Fisher's exact test. */
    pValue: number;
    /** The comparison rule's verdict: regression → behind, improvement → ahead, no-change → on-par. */
    verdict: ParityVerdict;
    margin: number;
    /** Behind by more than the margin: behind, and the interval's upper end below −margin. */
    beyondMargin: boolean;
    /** The agent's failed trials, and how many of them have a harness reason. */
    failedTrials: number;
    explained: number;
    /** Set when at least one failed trial has a harness reason: said next to the row. */
    flagged: boolean;
    reasons?: ParityReason[];
}

type TrialStatus = "passed" | "failed" | "error";
type EvalStatus = "passed" | "failed" | "skipped" | "cached" | "error" | "incomplete" | "inconclusive";
interface CheckOutcome {
    name: string;
    ok: boolean;
    evidence: string;
    /** Where the check was declared. */
    file?: string;
    line?: number;
    /** Not run (a judge after a failed deterministic check): counts neither way. */
    skipped?: boolean;
    /** A judge's answers, agreement and cost. */
    judge?: JudgeOutcome;
}
type JudgeVerdict = "pass" | "fail" | "unknown";
/** One judge call's answer; `unknown` also stands for an answer that did not parse. */
interface JudgeSample {
    verdict: JudgeVerdict;
    reason: string;
    quotes: string[];
    /** Why the answer is unusable, when it is. */
    problem?: string;
    costUsd?: number;
}
interface JudgeOutcome {
    agent: string;
    model?: string;
    /** The majority of the samples (more than half), else unknown. */
    verdict: JudgeVerdict;
    /** The share of samples that gave the majority answer. */
    agreement: number;
    samples: JudgeSample[];
    costUsd: number;
    /** Agreement with labelled examples (`agent-evals calibrate`), when this judge was calibrated. */
    calibration?: CalibrationFigure;
}
/** How a judge did on its labelled examples. */
interface CalibrationFigure {
    /** Examples judged. */
    n: number;
    accuracy: number;
    /** Cohen's κ; null when it is undefined (every label and answer the same). */
    kappa: number | null;
    /** When calibrate measured it. */
    time: string;
}
interface TrialResult {
    n: number;
    status: TrialStatus;
    durationMs: number;
    costUsd?: number;
    checks: CheckOutcome[];
    /** Results folder of the trial, relative to the project root. */
    dir: string;
    /** Why the trial failed when it was not a check: timeout, agent failure, infra error. */
    reason?: string;
    agentExitCode?: number | null;
    timedOut?: boolean;
    /** How many times an infra error made the trial run again (rate-limit retries not counted). */
    retries?: number;
    /**
     * What the provider gates did for this trial, every attempt and judge call included (set when a
     * throttled answer was absorbed, a request was held back 1 s or more, or a rate limit made the
     * trial run again; docs/reliability.md › Rate limits).
     */
    rateLimits?: TrialRateLimits;
    /** Shim calls the agent made, also those past the call log's cap (calls.jsonl then holds fewer). */
    calls?: number;
    toolCalls?: number;
    /** Things the verdict may not show: e.g. a shimmed binary run by its absolute path. */
    warnings?: string[];
    /**
     * Reasons of the harness rather than the prompt that recorded evidence shows for this trial
     * (a shimmed tool not found, run around its shim, work outside the workspace): model/parity.ts.
     */
    harness?: HarnessReason[];
    /**
     * What this trial's cost broke, one sentence each (AE411): the agent reported more than the cap
     * it was given (maxCostUsd, or what was left of --budget-usd), or its cost took the run's spend
     * past --budget-usd. Set by the suite when it settles the trial's cost.
     */
    overBudget?: string[];
    /** Diagnostic code of a trial that did not pass (AE302, AE401–AE403; src/model/errors.ts). */
    code?: string;
    /** Tokens the agent reported (input, cached ones included, + output), when it did. */
    tokens?: number;
    /** Agent turns, when the agent reported them. */
    turns?: number;
}
/** A trial's rate limits: what its provider's gate kept from the agent, and what it waited. */
interface TrialRateLimits {
    /** 429, 503 and 529 answers absorbed by the gate: not passed on, the request sent again later. */
    absorbed: number;
    /** Wall-clock milliseconds during which at least one of its requests was held back by the gate. */
    heldMs: number;
    /** Attempts run again after the agent gave up on a rate limit (not counted in `retries`). */
    retries?: number;
}
/** A run's rate limits: its trials' added up, and how many trials met one. */
interface RunRateLimits {
    absorbed: number;
    heldMs: number;
    retries: number;
    /** Trials that have `rateLimits`. */
    trials: number;
}
interface EvalResult {
    id: string;
    file: string;
    line?: number;
    agent: string;
    /**
     * Set on the arm of a comparison that is not the eval as defined in the working tree: the
     * variant's name, or the git ref of `compare --base` (`base@origin/main`). Such results are
     * compared, not judged: they never fail a run, and they are not recorded in history.
     */
    arm?: string;
    agentVersion?: string;
    promptHash?: string;
    /** The eval's definition hash when it ran (`eval --resume` compares it with the definition now). */
    definitionHash?: string;
    status: EvalStatus;
    /** Why it was skipped / errored, in one sentence. */
    reason?: string;
    passes: number;
    trialsRun: number;
    trialsPlanned: number;
    passRate: number;
    /** Required pass rate. */
    threshold: number;
    /** Wilson 95% interval of the observed pass rate. */
    interval: [number, number];
    /** For a cached result: the recorded run it stands for (nothing ran now). */
    cachedFrom?: CachedVerdict;
    costUsd: number;
    durationMs: number;
    trials: TrialResult[];
    /** The sandbox provider its trials ran inside (`none`, `bwrap` …), when an agent ran now. */
    sandbox?: string;
    /** For a container provider: the image and the limits its trials ran with. */
    container?: {
        image: string;
    } & ContainerLimits;
    /** Diagnostic code of a result that is not a pass (AE301–AE302, AE404–AE409). */
    code?: string;
    /**
     * How reliable the agent is beyond the pass rate, from the judged trials (n of them): for
     * k = 1…n, pass@k (at least one of k trials passes) and pass^k (all k pass), unbiased estimators.
     */
    reliability?: Reliability;
}
interface Reliability {
    /** Index k − 1: pass@k. */
    passAtK: number[];
    /** Index k − 1: pass^k. */
    passHatK: number[];
}
/** A verdict recorded earlier for the same prompt, definition and agent version. */
interface CachedVerdict {
    status: "passed" | "failed";
    time: string;
    commit?: string;
    passes: number;
    trials: number;
    passRate: number;
    interval: [number, number];
    costUsd: number;
    /** Where it was found: the history folder or the checkout's fingerprint cache. */
    source: "history" | "fingerprint";
}
type StatusCounts = Record<EvalStatus, number>;
interface RunResult {
    schemaVersion: number;
    tool: {
        name: "agent-evals";
        version: string;
    };
    startedAt: string;
    durationMs: number;
    commit?: string;
    costUsd: number;
    budgetUsd?: number;
    /** The verdicts of the evals as defined (a comparison's other arms, with `arm`, are not counted). */
    counts: StatusCounts;
    /** What the sandbox isolates and what it does not, said once per run. */
    isolation: string;
    evals: EvalResult[];
    /** Set when agent-evals was interrupted (SIGINT/SIGTERM/SIGHUP): the evals not finished are incomplete. */
    interrupted?: boolean;
    /** Set by `agent-evals recheck`: the checks ran again on the stored outcomes; no agent ran. */
    recheck?: boolean;
    /** With `recheck`: the results folder whose outcomes were re-checked. */
    recheckedFrom?: string;
    /** Every failure, warning and skip of the run, flat, each with a stable code. */
    diagnostics?: RunDiagnostic[];
    /**
     * The run's rate limits, its trials' `rateLimits` added up (set when any trial has them):
     * docs/reliability.md › Rate limits. `heldMs` adds each trial's, so trials held together count
     * once each.
     */
    rateLimits?: RunRateLimits;
    /** Control vs treatment, one row per eval × agent × compared arm (compare --base, variants). */
    comparisons?: ComparisonRecord[];
    /**
     * Each agent of an eval run by two or more against the eval's reference agent (docs/verdicts.md ›
     * Parity across agents). Absent when no eval ran with two agents.
     */
    parity?: ParityRecord[];
}
/** Means per judged trial of one arm: what a change costs besides its pass rate. */
interface ArmMeans {
    costUsd: number;
    durationMs: number;
    /** Absent when no trial reported any. */
    tokens?: number;
    turns?: number;
}
/** One controlled comparison: the same eval × agent run as the control and as the treatment. */
interface ComparisonRecord {
    id: string;
    agent: string;
    /** What the control arm is: `base@<ref>` for compare --base, the eval as defined for variants. */
    control: string;
    /** What the treatment arm is: `working tree`, or the variant's name. */
    treatment: string;
    controlPasses: number;
    controlTrials: number;
    treatmentPasses: number;
    treatmentTrials: number;
    /** Treatment pass rate minus control pass rate, in [-1, 1], over every judged trial. */
    delta: number;
    /** 95% Newcombe interval of the difference, over every judged trial. */
    interval: [number, number];
    /** Two-sided p-value of Fisher's exact test, over every judged trial. */
    pValue: number;
    verdict: "regression" | "improvement" | "no-change" | "inconclusive";
    /** The margin of `no-change` (default 0.1: ±10 points). */
    margin: number;
    /** The pairs of trials the sequential rule decided on (absent: it did not decide). */
    decidedAfter?: number;
    /** The most trials each arm could run. */
    maxTrials: number;
    /** Why the rule gave no verdict, when something cut the comparison short (budget, error, interrupt). */
    reason?: string;
    controlMeans?: ArmMeans;
    treatmentMeans?: ArmMeans;
}
/** One thing a tool may want to act on: a failed check, a timeout, a budget cut, a skip… */
interface RunDiagnostic {
    code: string;
    /** error: makes the run fail (exit 1 or 2); warning: passed but suspicious; notice: skipped. */
    severity: "error" | "warning" | "notice";
    id: string;
    agent: string;
    /** The trial's number, for trial-level diagnostics. */
    trial?: number;
    /** The check's name, for AE401. */
    check?: string;
    message: string;
    evidence?: string;
    /** Where to look: the check's declaration, else the eval's. Relative to the project root. */
    file?: string;
    line?: number;
    /** The trial's results folder. */
    dir?: string;
}

/**
 * The base of every error agent-evals raises on purpose. `code` is a stable diagnostic code (the
 * table `Codes` below, docs/results.md › Diagnostic codes); `exitCode` is what the CLI exits with when the
 * error ends a command (2: the harness could not run; nothing was judged).
 */
declare class AgentEvalsError extends Error {
    readonly code: string;
    readonly exitCode: 1 | 2;
    constructor(code: string, message: string, options?: {
        cause?: unknown;
        exitCode?: 1 | 2;
    });
}
/**
 * An error of the outside world or the harness (agent missing, API 5xx, sandbox I/O), not the
 * agent's: trials that end in one are retried when `retryable`, and never counted as failed.
 */
declare class InfraError extends AgentEvalsError {
    readonly retryable: boolean;
    constructor(message: string, retryable?: boolean);
}

interface RenderedPrompt {
    /** What the agent gets: secrets filled in. Never write this down. */
    text: string;
    /** The same text with each secret shown as `{{NAME}}`: safe to write to prompt.md. */
    safeText: string;
    /** sha256 of `safeText`: the prompt's snapshot hash. */
    hash: string;
    /** Embedded commands, in order: what the literal agent runs. */
    commands: string[];
    /** The secret values, so writers can redact them. */
    secretValues: string[];
}
/** One eval × agent to run. `agent` undefined: an eval without a prompt (checks only). */
interface PlannedUnit {
    spec: EvalSpec;
    agent?: AgentAdapter;
    agentName: string;
    agentVersion?: string;
    prompt?: RenderedPrompt;
    trials: number;
    /** Set on the units of a controlled comparison (compare --base, variants). */
    arm?: ArmPlan;
    /** Set when the plan already knows the outcome (skipped …): nothing runs. */
    settled?: {
        status: EvalStatus;
        reason: string;
        cached?: CachedVerdict;
        code?: string;
    };
    /**
     * The unit's part of the run's budget (USD), in proportion to its expected cost from history:
     * what a shard holding it may spend. Set on every unit when the run has a budget.
     */
    budgetShareUsd?: number;
}
interface Plan {
    units: PlannedUnit[];
    /** The most the whole run may spend (USD): no trial starts unless its worst case fits. */
    budgetUsd?: number;
    /** Units that will start an agent: what the CI gate guards. */
    agentUnits: number;
    /**
     * The run records or replays its model traffic (`--record`, `--replay`): a replayed trial spends
     * nothing (docs/record-replay.md › Cost and budget).
     */
    traffic?: "record" | "replay";
}
/**
 * A unit's place in a comparison group: one control and one or more treatments of the same
 * eval × agent, whose trials the suite interleaves and stops together (src/run/group.ts).
 */
interface ArmPlan {
    /** Units with the same key form one group. */
    group: string;
    role: "control" | "treatment";
    /** The arm's name in reports: `base@<ref>`, `working tree`, a variant's name, `control`. */
    label: string;
    /**
     * The arm that is the eval as defined in the working tree: it also runs until its own verdict
     * is decided, and its result is judged and recorded as usual. The others are only compared.
     */
    primary: boolean;
    /** The most trials this arm may run for the comparison. */
    maxTrials: number;
    /** The margin of the `no-change` verdict. */
    margin: number;
}

/** agent-evals' version; a test keeps it equal to package.json's. */
declare const VERSION = "0.1.0";

declare const EVAL_BRAND: unique symbol;
declare const PROMPT_BRAND: unique symbol;
type ShimOption = "passthrough" | {
    script: string;
} | {
    exitCode?: number;
    stdout?: string;
    stderr?: string;
};
type SandboxOption = ({
    template: string;
} | {
    fixture: Record<string, string>;
} | {
    repo: string | true;
} | {
    home: Record<string, string>;
} | {
    kind: string;
} | {
    image: string;
}) & {
    /** For `kind: "docker"`: the image the trials run in (over `--image`); it must exist locally. */
    image?: string;
    /** For `kind: "docker"`: the CPUs each trial may use (over `--cpus`). */
    cpus?: number;
    /** For `kind: "docker"`: the memory each trial may use, e.g. `"2g"` (over `--memory`). */
    memory?: string;
    /** For `kind: "docker"`: the most processes and threads a trial may have at once (over `--pids`). */
    pids?: number;
    /**
     * The sandbox provider the trials' agents run inside: `"none"`, `"bwrap"` or `"docker"` (docs/sandboxes.md › Sandbox
     * providers). Over the run's `--sandbox`; an unknown or unavailable one stops the run (exit 2).
     */
    kind?: string;
    /**
     * Files written into each trial's own HOME (path relative to HOME → content), e.g.
     * `{ ".claude/CLAUDE.md": "…" }`: otherwise only the login files of the real HOME reach a trial.
     */
    home?: Record<string, string>;
};
interface EvalOptions {
    /** The eval's id; defaults to the export's name. */
    id?: string;
    agents?: AgentRef[];
    /** Trials per agent, or `{ min, max }` for adaptive trials. */
    trials?: number | {
        min: number;
        max: number;
        confidence?: number;
    };
    passRate?: number;
    sandbox?: SandboxOption;
    setup?: string[];
    shims?: Record<string, ShimOption>;
    assert?: CheckSpec[];
    maxCostUsd?: number;
    /** Each part of a trial (setup, the agent, a check, a judge) may take this long (default 600,000). */
    timeoutMs?: number;
    /** The whole trial, agent and checks together, may take this long (default: only the parts'). */
    trialTimeoutMs?: number;
    params?: Record<string, string | number | boolean>;
    model?: string;
    /**
     * MCP servers the agent is given, by name (letters, digits, `_`, `-`), started over stdio:
     * written into the trial's agent config; their tools are `mcp__<name>__<tool>` in the trajectory.
     */
    mcp?: Record<string, McpServerOption>;
    /** Named overrides, each run beside the eval as defined and compared with it (docs/writing-evals.md › Variants). */
    variants?: VariantOption[];
}
/** A variant of an eval: its name and at least one override. */
interface VariantOption {
    /** Unique in the eval: letters, digits, `.`, `_`, `-`. */
    name: string;
    /** Replaces the eval's prompt: text or a definePrompt(...) result (the eval's `params` apply). */
    prompt?: string | PromptDefinition;
    /** Written over the sandbox (relative path → content), or null to remove the file. */
    files?: Record<string, string | null>;
    /** Replaces the eval's model. */
    model?: string;
    /** Extra command-line arguments for the agent, appended to its own. */
    args?: string[];
    /** Replaces the eval's setup commands. */
    setup?: string[];
    /** MCP servers added over the eval's `mcp`, or null to remove one. */
    mcp?: Record<string, McpServerOption | null>;
}
/** An MCP server started over stdio. */
interface McpServerOption {
    command: string;
    args?: string[];
    env?: Record<string, string>;
}
interface PromptOptions {
    id?: string;
    text?: string;
    /** A markdown file, relative to the file that calls definePrompt (or a file: URL). */
    file?: string | URL;
    params?: Record<string, string | number | boolean>;
    /** Environment variables whose values fill `{{NAME}}` at render time, never written anywhere. */
    secrets?: string[];
}
interface PromptDefinition {
    readonly [PROMPT_BRAND]: true;
    id?: string;
    text: string;
    file?: string;
    params: Record<string, string | number | boolean>;
    secrets: string[];
}
/** A prompt: plain text, or a definePrompt result; `null` runs no agent, only the assertions. */
type PromptInput = string | PromptDefinition | null;
interface EvalDefinition {
    readonly [EVAL_BRAND]: true;
    prompt: PromptInput;
    options: EvalOptions;
}
declare function defineEval(prompt: PromptInput, options?: EvalOptions): EvalDefinition;
declare function definePrompt(options: PromptOptions): PromptDefinition;

/** A shimmed call matches `pattern` (matched against `bin arg1 arg2`). */
declare function ran(pattern: Pattern): CheckSpec;
/** No shimmed call matches `pattern`. */
declare function notRan(pattern: Pattern): CheckSpec;
/** Calls matching each pattern happened in this order, with others allowed in between. */
declare function ranInOrder(patterns: Pattern[]): CheckSpec;
/** The file exists in the sandbox. */
declare function fileExists(path: string): CheckSpec;
/** The file does not exist in the sandbox. */
declare function fileAbsent(path: string): CheckSpec;
/** The file exists and matches `pattern` (substring or RegExp). */
declare function fileContains(path: string, pattern: Pattern): CheckSpec;
/** The file, if it exists, does not match `pattern`. */
declare function fileLacks(path: string, pattern: Pattern): CheckSpec;
/** The shell command, run in the sandbox, exits with `exitCode` (default 0). */
declare function succeeds(command: string, options?: {
    exitCode?: number;
}): CheckSpec;
/**
 * Your own check. It gets the agent run, the calls and the sandbox path; it passes when it returns
 * true, nothing, or `{ ok: true }`, and fails when it returns false, a string (the evidence), or
 * `{ ok: false, evidence }`, or throws.
 */
declare function assertThat(name: string, fn: (ctx: CustomCheckContext) => CustomCheckResult | Promise<CustomCheckResult>): CheckSpec;
/** The agent's trajectory, compared in one of four modes; see docs/writing-evals.md › Trajectories. */
declare function trajectory(spec: {
    mode?: TrajectoryMode;
    expected?: Array<string | ExpectedTool>;
    forbidden?: string[];
}): CheckSpec;
/** The agent used at least these tools (`mode: "subset"`: only tools among these). */
declare function usedTools(names: string[], mode?: TrajectoryMode): CheckSpec;
/** The agent called the tool, with arguments containing the given texts, optionally after another tool. */
declare function calledTool(name: string, argsContain?: Record<string, string>, options?: {
    after?: string;
}): CheckSpec;
/** The agent never called the tool. */
declare function notUsedTool(name: string): CheckSpec;
interface JudgeOptions {
    /** Files the judge reads first: their text goes into its prompt. */
    files?: string[];
    /** "claude-code" (default), "codex", or an adapter made by claudeCode()/codex(). */
    agent?: "claude-code" | "codex" | AgentAdapter;
    model?: string;
    /** Independent calls; the verdict is their majority (default 1). */
    samples?: number;
    /** Run even when a deterministic check failed or the agent failed. */
    always?: boolean;
    /** Labelled examples for `agent-evals calibrate`: `{ label, dir }` or `{ label, files }`. */
    examples?: JudgeExample[];
}
/**
 * A model-graded check: after every other check held, an agent CLI reads a copy of the final
 * workspace, read-only, and answers whether the work meets `rubric` (docs/writing-evals.md › Judges).
 */
declare function judge(rubric: string, options?: JudgeOptions): CheckSpec;

interface ClaudeCodeOptions {
    /** Model name or alias (sonnet, haiku, opus); the eval's `model` wins over this. */
    model?: string;
    /** Extra arguments, after ours. */
    args?: string[];
    /** The claude executable (default: `claude` on PATH). */
    bin?: string;
    /** Extra environment for the agent. */
    env?: Record<string, string>;
    /** `--bare` minimal mode (no hooks, skills, CLAUDE.md): faster, but not for skill or hook evals. */
    bare?: boolean;
}
declare function claudeCode(options?: ClaudeCodeOptions): AgentAdapter;

interface ModelPrice {
    input: number;
    /** Input tokens served from the prompt cache. */
    cachedInput: number;
    /** Input tokens written to the cache (billed as input where the provider has no surcharge). */
    cacheWrite: number;
    output: number;
}
declare const PRICE_TABLE_VERSION = "2026-11-01";
/** Published list prices (USD / 1M tokens) as of PRICE_TABLE_VERSION. */
declare const OPENAI_PRICES: Record<string, ModelPrice>;

interface CodexOptions {
    model?: string;
    args?: string[];
    bin?: string;
    env?: Record<string, string>;
    /** Prices (USD per million tokens) to use instead of, or on top of, the built-in table. */
    prices?: Record<string, ModelPrice>;
    /**
     * API errors in a row (codex's "Reconnecting… n/5" notices) before the run is stopped as an
     * infra error (default 2); a 401/403 stops it at its first notice.
     */
    maxApiErrors?: number;
}
declare function codex(options?: CodexOptions): AgentAdapter;

interface CopilotOptions {
    model?: string;
    args?: string[];
    /** The copilot executable (default: `copilot` on PATH). */
    bin?: string;
    env?: Record<string, string>;
    /** Failed model calls in a row (copilot retries each) before the run is stopped (default 3). */
    maxApiErrors?: number;
    /** Prices (USD per million tokens) over the built-in table. */
    prices?: Record<string, ModelPrice>;
}
declare function copilot(options?: CopilotOptions): AgentAdapter;

interface GeminiOptions {
    model?: string;
    args?: string[];
    /** The gemini executable (default: `gemini` on PATH). */
    bin?: string;
    env?: Record<string, string>;
    /** Turn limit (settings `model.maxSessionTurns`); reaching it is the agent's failure. */
    maxTurns?: number;
    /** Settings merged over ours into the trial's settings.json (e.g. `{ general: { maxAttempts: 1 } }`). */
    settings?: Record<string, unknown>;
    /** Prices (USD per million tokens) over the built-in table. */
    prices?: Record<string, ModelPrice>;
}
declare function gemini(options?: GeminiOptions): AgentAdapter;

declare function commandAgent(template: string, name?: string): AgentAdapter;

declare function literal(): AgentAdapter;

interface OpencodeOptions {
    /** `provider/model`; the eval's `model` wins over this. */
    model?: string;
    args?: string[];
    /** The opencode executable (default: `opencode` on PATH). */
    bin?: string;
    env?: Record<string, string>;
    /** Config merged over ours (e.g. a custom `provider`). */
    config?: Record<string, unknown>;
    /** Step limit of the `build` agent; reaching it is the agent's failure. */
    maxTurns?: number;
    /** API errors in a row (opencode retries each) before the run is stopped as an infra error (default 2). */
    maxApiErrors?: number;
    /** Prices for a model opencode reports no cost for (cost 0 with tokens spent). */
    prices?: Record<string, ModelPrice>;
}
declare function opencode(options?: OpencodeOptions): AgentAdapter;

interface PiOptions {
    /** `provider/model` or a model pattern (`--model`); the eval's `model` wins over this. */
    model?: string;
    args?: string[];
    /** The pi executable (default: `pi` on PATH). */
    bin?: string;
    env?: Record<string, string>;
    /** Merged over the trial's settings.json (e.g. `{ retry: { enabled: false } }`). */
    settings?: Record<string, unknown>;
    /** Custom providers (the `providers` of models.json), merged over the user's. */
    providers?: Record<string, unknown>;
}
declare function pi(options?: PiOptions): AgentAdapter;

interface ProcessResult {
    exitCode: number | null;
    signal: NodeJS.Signals | null;
    timedOut: boolean;
    aborted: boolean;
    durationMs: number;
    /** Bytes the child wrote, including the ones dropped past the cap. */
    stdoutBytes: number;
    stderrBytes: number;
    stdoutTruncated: boolean;
    stderrTruncated: boolean;
    /** Whether the output file exists (false only with skipEmptyFiles, when nothing was written). */
    stdoutWritten: boolean;
    stderrWritten: boolean;
    /** Set when the program could not be started at all (exitCode is then null). */
    spawnError?: string;
}

interface AgentProcessOptions {
    command: string;
    args: string[];
    env?: Record<string, string>;
    onStdout?: (chunk: Buffer) => void;
    onStderr?: (chunk: Buffer) => void;
    /** Aborts the run like an interrupt (the adapter saw it cannot succeed: API errors on repeat). */
    signal?: AbortSignal;
    extraFdFiles?: string[];
}
interface AgentProcessRun {
    process: ProcessResult;
    stdoutFile: string;
    stderrFile: string;
    result: AgentRunResult;
}
declare function runAgentProcess(ctx: AgentRunContext, options: AgentProcessOptions): Promise<AgentProcessRun>;

type ScriptFunction = (ctx: AgentRunContext) => Promise<Partial<AgentRunResult> | void> | Partial<AgentRunResult> | void;
declare function scriptAgent(name: string, script: string | ScriptFunction): AgentAdapter;

interface HistoryLine {
    /** When the run started, ISO 8601. */
    time: string;
    commit?: string;
    ref?: string;
    id: string;
    agent: string;
    agentVersion?: string;
    /** The rendered prompt's hash (EvalResult.promptHash); absent for evals without a prompt. */
    snapshotHash?: string;
    definitionHash: string;
    /** Trials run. */
    trials: number;
    trialsPlanned: number;
    passes: number;
    passRate: number;
    /** Required pass rate. */
    threshold: number;
    interval: [number, number];
    costUsd: number;
    durationMs: number;
    status: EvalStatus;
}

/** The split a plan decided: for each shard (index 0 = shard 1), the keys of its pairs. */
interface ShardAssignment {
    count: number;
    shards: string[][];
}

/**
 * A base fetched outside the user's repository (the Action fetches it into a scratch repository,
 * never into the checkout): its name for messages, its commit, and the object folder holding it.
 */
interface FetchedBase {
    ref: string;
    sha: string;
    objectsDir: string;
}
/** A git ref of the user's repository (origin/main, a sha, HEAD~1), or a fetched base. */
type BaseSpec = string | FetchedBase;

interface CredentialPolicy {
    /** A pull request from a fork: GitHub passes it no secrets (said in the reason). */
    fork: boolean;
    /**
     * Why no credential may be used at all (the Action: the actor who started the run may not
     * spend): every pair whose agent needs one is skipped with this reason, whatever is set.
     */
    withheld?: string;
}

/** What to plan for: a drop of `detect` (0–1) flagged with a chance of `power`. */
interface PowerTarget {
    detect: number;
    power: number;
}

/** Which evals a command line names, and where their files are. */
interface SelectOptions {
    projectRoot: string;
    /** Globs of eval files, relative to the project root; default evals/ and _evals/. */
    evals?: string[];
    names?: string[];
    /** Only the parts of this kind of evals that have parts (skill evals: trigger, e2e or hook). */
    axis?: string;
    env?: Record<string, string | undefined>;
}

/** What to plan: the selection, the agents and trials, and which units are skipped or cached. */
interface PlanOptions extends SelectOptions {
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
    /** The most the whole run may spend, in USD: no trial starts unless its worst case fits. */
    budgetUsd?: number;
    /**
     * Record each trial's model traffic, or replay it from a results (or cassette) folder
     * (docs/record-replay.md): every trial runs (no cached verdict stands in), and a replay needs no
     * credentials.
     */
    traffic?: {
        mode: "record";
    } | {
        mode: "replay";
        from: string;
    };
    /** Only the pairs whose agent's results folder has this name (`agent-evals replay <trial>`). */
    agentFolder?: string;
}

interface Endpoint {
    host: string;
    port: number;
}

/** What a container provider runs trials in: the eval's `sandbox.image` and limits over the CLI's. */
interface ContainerOptions {
    image?: string;
    limits?: ContainerLimits;
}
/** What a provider is given to isolate one trial. */
interface TrialSpace {
    /** The trial's own folder (the provider may keep its state here). */
    root: string;
    /**
     * What the agent may write: its workspace, TMPDIR, HOME, the call log. Each exists when the
     * trial is prepared.
     */
    writable: string[];
    /** What it runs from (its shims, its results folder, its PATH), readable at least. */
    readable: string[];
    /** host:port endpoints the agent may connect to (the model APIs, --allow-host …). */
    allow: Endpoint[];
    /**
     * The trial's own read-only files among `readable` (its shims, its results folder): what a
     * provider with a filesystem of its own (an image) brings in; the rest of `readable` is the host's.
     */
    ownReadable: string[];
    /** For a container provider: the image (the eval's setup layer, when it has one) and limits. */
    container: ContainerOptions;
    /** The trial's workspace folder on the host (among `writable`): where checks on the host read it. */
    workspace: string;
    /**
     * Where the prepared tree is inside what the trial runs from, when its eval was prepared with the
     * tree kept there (PreparedEval.treeInside): the trial's workspace is then the sandbox's own
     * copy-on-write view of it, `workspace` starts empty, and TrialSandbox.changes fills it.
     */
    treeInside?: string;
}
/** An eval prepared by a provider whose setup runs inside it (once per eval). */
interface PreparedEval {
    /** What the eval's trials run from instead (an image holding the setup's layer). */
    container: ContainerOptions;
    /**
     * Where the prepared tree is kept inside what its trials run from (an image layer), when the
     * provider keeps it there: each trial then costs what it changes, not what the tree holds.
     */
    treeInside?: string;
    dispose(): Promise<void>;
}
/** What a trial changed in a workspace its sandbox keeps (TrialSpace.treeInside). */
interface WorkspaceChanges {
    /** Paths of the prepared tree that are gone (a folder stands for all below it). */
    deleted: string[];
    /** Whether the workspace folder itself is gone (then `deleted` is every path). */
    gone: boolean;
}
/** A trial prepared by a provider. */
interface TrialSandbox {
    /** Runs `fn` (the agent's run) so that every process it starts runs inside the sandbox. */
    run<T>(fn: () => Promise<T>): Promise<T>;
    /** Removes what the provider set up for the trial (a container …), when the trial ends. */
    dispose?(): Promise<void>;
    /**
     * With TrialSpace.treeInside: puts what the trial created or changed so far (files, links, new
     * folders) into TrialSpace.workspace, which then holds only those, and says what it deleted.
     * Cheap when nothing ran since the last call.
     */
    changes?(): Promise<WorkspaceChanges>;
}
type Availability = {
    ok: true;
} | {
    ok: false;
    reason: string;
    fix: string;
};
interface SandboxProvider {
    /** Its name: the value of `--sandbox`, the Action's `sandbox` input and an eval's `sandbox.kind`. */
    readonly name: string;
    /** Whether it gives each trial its own HOME whatever the run says (it cannot work with the real one). */
    readonly ownHome: boolean;
    /**
     * How much it isolates, to order providers: an eval's `sandbox.kind` may ask for more isolation
     * than the run's, never less (a pull request's eval must not opt out of the sandbox CI chose).
     */
    readonly strength: number;
    /** Whether it can run on this machine, and if not why and what to do. */
    available(): Promise<Availability>;
    /** One line: what it protects and what it does not (`home`: trials get a HOME of their own). */
    note(context?: {
        home?: boolean;
    }): string;
    /** Sets up one trial; what the returned sandbox runs is isolated as `note` says. */
    prepareTrial(space: TrialSpace): Promise<TrialSandbox>;
    /**
     * Whether the checks' commands run inside the trial's sandbox too, after the agent: they run what
     * the agent left (a planted git config, a hook, a test script), and in a container the agent's
     * tools are the image's, so are the checks'. Otherwise they run on the host.
     */
    readonly checksInside?: boolean;
    /** Whether an eval's options can run (its image exists), before anything runs. */
    checkOptions?(options: ContainerOptions): Promise<Availability>;
    /**
     * Runs an eval's `setup` (in `dir`, the tree its trials copy) inside the sandbox, once per eval,
     * and may keep the prepared tree in what its trials run from (PreparedEval.treeInside). Called
     * for every eval of the provider, `setup` undefined when there is none to run (or it was
     * restored). Without it, setup runs on the host.
     */
    prepareEval?(input: {
        id: string;
        dir: string;
        container: ContainerOptions;
        allow: Endpoint[];
    }, setup: (() => Promise<void>) | undefined): Promise<PreparedEval>;
    /** Removes whatever this process's trials left (containers, images), at the end of a run. */
    disposeRun?(): Promise<void>;
    /** What its trials of an eval ran with, for run.json (a container's image and limits). */
    record?(options: ContainerOptions): {
        image: string;
    } & ContainerLimits;
}

/** A provider's name (`none`, `bwrap` …: PROVIDERS), or `auto`: bwrap where it works, else none. */
type SandboxKind = string;
/** How each trial of a run is isolated (an eval's `sandbox.kind` names its own provider). */
interface TrialIsolation {
    /** What the agent runs inside (already found available). */
    provider: SandboxProvider;
    /** Give each trial its own HOME (always where the provider says `ownHome`). */
    home: boolean;
    /** The endpoints agents may connect to, where the provider limits the network. */
    allow: Endpoint[];
    /** A container provider's image and limits (the CLI's; an eval's own are over them). */
    container?: ContainerOptions;
}

/**
 * Somewhere to keep prepared trees between runs (the Action plugs in @actions/cache). Keys name the
 * eval, its setup commands and the content it was filled from; a store never throws.
 */
interface PreparedStore {
    restore(dir: string, key: string): Promise<boolean>;
    save(dir: string, key: string): Promise<void>;
    keyFor(spec: {
        id: string;
        setup: string[];
        templateHash: string;
    }): string;
}

interface SuiteEvents {
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

/** What a kind's evals add up to after a run (e.g. a skill's trigger precision and recall). */
interface Summary {
    /** The ids of the evals this summary is made of: their own rows are shown inside it. */
    parts: string[];
    status: "passed" | "failed" | "skipped" | "error";
}

/** Which part of a skill/command/hook eval file an EvalSpec is. */
type SkillAxis = "trigger" | "e2e" | "hook";
interface SkillPart extends EvalPart {
    kind: "skill";
    axis: SkillAxis;
    type: "skill" | "command" | "hook";
    /** The target file, relative to the project root. */
    target: string;
    /** trigger: the request, whether it should trigger the target, and how it is judged. */
    query?: {
        text: string;
        note?: string;
        shouldTrigger: boolean;
        mode: "observe" | "ask";
        /** With `trigger.holdout`: whether the query is a training or a held-out one. */
        split?: "train" | "holdout";
    };
    /**
     * trigger, observe: the skills/commands installed in the trial (the target first, then its
     * `competitors`), with the names they are invoked by, to tell which one a run triggered.
     */
    candidates?: Array<{
        name: string;
        names: string[];
        installedAt: string;
    }>;
    /** e2e: the scenario's name. */
    scenario?: string;
    /** e2e: each outcome's type and the guide's description of it, in check order. */
    outcomes?: Array<{
        type: string;
        description: string;
    }>;
    /** The file's default model (EVAL_MODEL over its `model:`), when one is set. */
    defaultModel?: string;
    /** hook: the cases' scenario names, in check order. */
    cases?: string[];
    /** Things the report should say about the target (e.g. a user-level skill shadows it). */
    warnings: string[];
}

interface Confusion {
    truePositive: number;
    falseNegative: number;
    falsePositive: number;
    trueNegative: number;
}
interface TriggerMetrics {
    precision: number | null;
    recall: number | null;
    f1: number | null;
}

interface TriggerQueryReport {
    id: string;
    query: string;
    note?: string;
    should_trigger: boolean;
    status: EvalStatus;
    reason?: string;
    runs: number;
    triggered: number;
    trigger_rate: number | null;
    interval: [number, number];
    cost_usd: number;
    /** The first run's tool calls and what its check saw. */
    trajectory: string[];
    evidence?: string;
    /** With `trigger.holdout`: a training or a held-out query. */
    split?: "train" | "holdout";
    /** With competitors: how many runs triggered each installed skill/command first, or none. */
    triggered_by?: Record<string, number>;
    /** Not run now: the recorded result it stands for (its trajectory and evidence are that run's). */
    cached?: CachedFrom;
}
interface CachedFrom {
    /** When the recorded result was produced (ISO 8601). */
    from: string;
    /** The flag that runs it again. */
    rerun: "--no-cache" | "--force";
}
/** Precision, recall and F1 of one split of the queries, with the counts they come from. */
interface SplitMetrics extends TriggerMetrics {
    queries: number;
    confusion: Confusion;
}
interface SideReport {
    total: number;
    passed: number;
    /** Passed share of the queries that were decided (not skipped or errored). */
    rate: number | null;
}
interface TriggerReport extends TriggerMetrics {
    mode: "observe" | "ask";
    positive: SideReport;
    negative: SideReport;
    confusion: Confusion;
    /** With `trigger.holdout`: the metrics of the training and of the held-out queries apart. */
    train?: SplitMetrics;
    holdout?: SplitMetrics;
    /**
     * With competitors: runs counted by what they should trigger (row: the target, or not the
     * target) and what they triggered first (column: the target, each competitor, or none).
     */
    matrix?: {
        labels: string[];
        rows: Record<"positive" | "negative", Record<string, number>>;
    };
    queries: TriggerQueryReport[];
    cost_usd: number;
}
interface ScenarioReport {
    id: string;
    scenario: string;
    status: EvalStatus;
    reason?: string;
    model?: string;
    trajectory: Array<{
        tool_name: string;
        tool_args: unknown;
    }>;
    outcomes: OutcomeReport[];
    workflow?: WorkflowReport;
    /** The agent's final message in the shown trial (`--verbose` prints it). */
    final_output?: string;
    passes: number;
    trials: number;
    trials_planned: number;
    cost_usd: number;
    duration_ms: number;
    passed: boolean;
    cached?: CachedFrom;
}
interface OutcomeReport {
    /** The outcome's type as written (file-contains, bash-succeeds, …). */
    type: string;
    description: string;
    passed: boolean;
    evidence: string;
    line?: number;
}
/** The guide's three workflow checks, plus the combined verdict and evidence of ours. */
interface WorkflowReport {
    tool_match: {
        passed: boolean;
        reason: string;
    };
    forbidden_check: {
        passed: boolean;
        violations: string[];
    };
    ordering_check: {
        passed: boolean;
        violations: string[];
    };
    passed: boolean;
    evidence: string;
    line?: number;
}
interface E2eReport {
    scenarios: ScenarioReport[];
    pass_rate: number | null;
    total_cost_usd: number;
}
interface HookReport {
    status: EvalStatus;
    reason?: string;
    cases: Array<{
        scenario: string;
        passed: boolean;
        evidence: string;
        line?: number;
    }>;
}
interface ClaudeCodeReport {
    name: string;
    type: SkillPart["type"];
    /** The ids of the evals this one ran as (one per query, per scenario; the hook eval itself). */
    parts: string[];
    target: string;
    /** The eval file, relative to the project root. */
    file: string;
    timestamp: string;
    status: "passed" | "failed" | "skipped" | "error";
    /** `agent`: set when another agent than Claude Code ran the parts (`--agent codex`). */
    config: {
        model?: string;
        trials: number;
        agent?: string;
    };
    warnings: string[];
    trigger?: TriggerReport;
    e2e?: E2eReport;
    hook?: HookReport;
    duration_ms: number;
    /** Where the JSON was written (absolute); not part of the file. */
    resultFile?: string;
}

type SkillSummary = ClaudeCodeReport;

/** A summary as the registry hands it out: tagged with the name of the kind that made it. */
type Tagged<S extends Summary = Summary, N extends string = string> = S & {
    kind: N;
};
/**
 * Each registered kind's summary type, by the kind's name. Written out (not derived from the list
 * below) so that the published types name no kind's internals; `register` accepts only a kind
 * listed here, with this summary type.
 */
interface SummaryByKind {
    task: Summary;
    skill: SkillSummary;
}
/** A summary of any registered kind, tagged with the kind's name. */
type KindSummary = {
    [N in keyof SummaryByKind]: Tagged<SummaryByKind[N], N>;
}[keyof SummaryByKind];

/** How to run what was planned. */
interface RunEvalsOptions extends PlanOptions {
    concurrency?: number;
    /** The agent each eval's other agents are compared with in the parity rows (default: its first). */
    referenceAgent?: string;
    allTrials?: boolean;
    keepWorkspace?: boolean;
    /** Run agents outside CI (CI=true) anyway. */
    unsafeLocal?: boolean;
    /** Keeps prepared sandboxes (the result of `setup`) between runs; the Action uses the Actions cache. */
    preparedStore?: PreparedStore;
    signal?: AbortSignal;
    /** `onPlan` may return a promise: no trial starts before it settles (the Action's plan comment). */
    events?: SuiteEvents & {
        onPlan?(planned: PlannedRunInfo): void | Promise<void>;
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
    /**
     * Send the trials' model requests through one gate per provider (default true):
     * docs/reliability.md › Rate limits. `false` is `--no-provider-gate`.
     */
    providerGate?: boolean;
    /**
     * `eval --resume`: keep the finished trials of the run the results folder holds and run only the
     * others (run/resume.ts); an eval whose definition changed since runs whole.
     */
    resume?: boolean;
    /**
     * compare (and the Action's PR comparison): each pair's arms run up to the trials the power plan
     * gives it (plan/power.ts: the figure `plan --detect` prints) instead of --trials or the default.
     */
    detect?: PowerTarget;
}
/** What a run is about to do, before its first trial (for progress and masking). */
interface PlannedRunInfo {
    plan: Plan;
    specs: EvalSpec[];
    /** What the run should say before it starts (changed-only, sandbox fallbacks). */
    notes: string[];
    /** How trials are isolated; its note is among `notes` when it is not the default temp folder. */
    isolation: TrialIsolation;
    /** Pairs skipped for want of credentials (skipWithoutCredentials). */
    skippedForCredentials: number;
    /** `--resume`: the previous run's trials kept, not run again (progress counts only the rest). */
    keptTrials?: number;
    /** The history the plan read (`--history-dir`), by eval id: for a power plan (plan/power.ts). */
    history: Map<string, HistoryLine[]>;
}
interface RunEvalsOutcome {
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
/** Load, plan and run. Throws DefinitionError (exit 2) before anything runs when input is bad. */
declare function runEvals(options: RunEvalsOptions): Promise<RunEvalsOutcome>;

export { InfraError, OPENAI_PRICES, PRICE_TABLE_VERSION, VERSION, assertThat, calledTool, claudeCode, codex, commandAgent, copilot, defineEval, definePrompt, fileAbsent, fileContains, fileExists, fileLacks, gemini, judge, literal, notRan, notUsedTool, opencode, pi, ran, ranInOrder, runAgentProcess, runEvals, scriptAgent, succeeds, trajectory, usedTools };
export type { AgentAdapter, AgentRunContext, AgentRunResult, CheckOutcome, CheckSpec, ClaudeCodeOptions, CodexOptions, CopilotOptions, CustomCheckContext, EvalDefinition, EvalOptions, EvalResult, EvalSpec, GeminiOptions, JudgeOptions, McpServerOption, ModelPrice, OpencodeOptions, Pattern, PiOptions, PromptDefinition, PromptOptions, RunEvalsOptions, RunEvalsOutcome, RunResult, SandboxOption, ScriptFunction, ShimCall, ShimOption, TokenUsage, ToolCall, TrialResult, VariantOption };
