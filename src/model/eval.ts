// The data model every stage shares: what an eval *is* once any of the three file formats has been
// loaded. Pure types and tiny helpers only; no I/O. Later stages import from here, never the reverse.

/** A call or text pattern: a string matches as a substring, a RegExp as a regular expression. */
export type Pattern = string | RegExp;

/** A prompt before rendering: `{{name}}` placeholders are filled from params, then secrets. */
export interface PromptSpec {
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
export type WorkspaceSpec = (
  | { kind: "template"; dir: string }
  | { kind: "fixture"; files: Record<string, string> }
  | { kind: "repo"; dir: string }
) & {
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
export interface IsolationSpec {
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
export interface ContainerLimits {
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
export interface McpServerSpec {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * A named set of overrides of an eval, run beside the eval as defined (the control) and compared
 * with it: "with skill / without skill", "prompt v1 vs v2", "model A vs B".
 */
export interface VariantSpec {
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
export type ShimSpec =
  | { mode: "passthrough" }
  | { mode: "script"; script: string }
  | { mode: "stub"; exitCode: number; stdout: string; stderr: string };

/** Where a check was declared, so failures can point at the eval file. */
export interface SourceRef {
  file: string;
  line?: number;
}

export interface CustomCheckContext {
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

export type CustomCheckResult = boolean | string | { ok: boolean; evidence?: string } | void;

/** How an observed trajectory is compared with the expected tools. */
export type TrajectoryMode = "superset" | "subset" | "unordered" | "strict";

export interface ExpectedTool {
  /** Tool name (normalized across agents, case-insensitive: Bash, Read, Edit, Write, …). */
  name: string;
  /** Each key's value must contain this text (an input like `{ file_path: "src/app.ts" }`). */
  argsContain?: Record<string, string>;
  /** This call must come after a call of that tool. */
  after?: string;
}

export interface TrajectorySpec {
  mode: TrajectoryMode;
  expected: ExpectedTool[];
  forbidden: string[];
}

/** A labelled example a judge is calibrated on: a folder, or files given inline. */
export interface JudgeExample {
  label: "pass" | "fail";
  /** Absolute path of a folder that stands for a trial's final workspace. */
  dir?: string;
  /** Workspace-relative path → content: the workspace, written out. */
  files?: Record<string, string>;
  /** A name for the calibration report (default: the folder, or `example <n>`). */
  name?: string;
}

/** A model-graded check: an agent CLI, read-only, on a copy of the final workspace. */
export interface JudgeSpec {
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
export type CheckSpec = (
  | { type: "ran"; pattern: Pattern }
  | { type: "notRan"; pattern: Pattern }
  | { type: "ranInOrder"; patterns: Pattern[] }
  | { type: "fileExists"; path: string }
  | { type: "fileAbsent"; path: string }
  | { type: "fileContains"; path: string; pattern: Pattern }
  | { type: "fileLacks"; path: string; pattern: Pattern }
  /** Text that must appear in some file the run created or modified. */
  | { type: "changedFilesContain"; text: string }
  /** Text that must appear in no file the run created or modified. */
  | { type: "changedFilesLack"; text: string }
  | { type: "succeeds"; command: string; exitCode: number }
  | ({ type: "trajectory" } & TrajectorySpec)
  | { type: "judge"; judge: JudgeSpec }
  | {
      type: "custom";
      name: string;
      fn: (ctx: CustomCheckContext) => CustomCheckResult | Promise<CustomCheckResult>;
    }
) & { source?: SourceRef };

export type CheckType = CheckSpec["type"];

/** One normalized eval, whichever format it was written in. */
export interface EvalSpec {
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
  adaptive?: { min: number; confidence: number };
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
export interface EvalPart {
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
  otherAgent?: (agent: AgentAdapter) => { agent: AgentAdapter } | { reason: string };
}

// ---------- agents ----------

export type AgentRef = string | AgentAdapter;

/** A normalized tool call of an agent's trajectory. */
export interface ToolCall {
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
export interface TokenUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface AgentRunContext {
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

export interface AgentRunResult {
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
export interface AgentAdapter {
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
  modelUpstream?(run: { env: Record<string, string>; model?: string }): string | undefined;
  /**
   * One read-only judge call (docs/writing-evals.md › Judges): answer `ctx.prompt` in
   * `ctx.schema`'s shape without
   * changing anything. Throw InfraError for the outside world's failures (API 5xx, not logged in).
   */
  judge?(ctx: JudgeCallContext): Promise<JudgeCallResult>;
}

export interface JudgeCallContext {
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

export interface JudgeCallResult {
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

// ---------- shims ----------

export interface ShimCall {
  bin: string;
  argv: string[];
  cwd: string;
  /** Epoch milliseconds when the call started. */
  time: number;
  /** Exit code; null when the call never finished (killed). */
  exit: number | null;
}

/** `bin arg1 arg2`: the string call patterns are matched against. */
export function callLine(call: ShimCall): string {
  return [call.bin, ...call.argv].join(" ");
}

export function describePattern(p: Pattern): string {
  return typeof p === "string" ? JSON.stringify(p) : String(p);
}

export function matchesPattern(text: string, p: Pattern): boolean {
  if (typeof p === "string") return text.includes(p);
  p.lastIndex = 0;
  return p.test(text);
}

/** An eval's timeout when its definition names none, in either format: ten minutes. */
export const DEFAULT_TIMEOUT_MS = 10 * 60_000;
