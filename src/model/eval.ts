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

/** How a trial's working directory is filled before the agent starts. */
export type SandboxSpec = (
  | { kind: "template"; dir: string }
  | { kind: "fixture"; files: Record<string, string> }
  | { kind: "repo"; dir: string }
) & {
  /**
   * Files written over the filled tree (a variant's `files`): relative path → content, or null to
   * remove the file. Paths are checked at definition time to stay inside the sandbox.
   */
  overlay?: Record<string, string | null>;
  /**
   * Files written into each trial's own HOME (path relative to HOME → content), over the login
   * files carried over: a `.claude/CLAUDE.md`, a `.codex/AGENTS.md`. Checked like fixture paths.
   */
  home?: Record<string, string>;
  /**
   * The sandbox provider this eval's trials run inside (`sandbox.kind`: `none`, `bwrap` …), over
   * the run's `--sandbox`; checked against the providers' registry when the evals load.
   */
  provider?: string;
  /** The image a container provider (`docker`) runs the trials in (`sandbox.image`), over `--image`. */
  image?: string;
  /** A container provider's resource limits (`sandbox.cpus`, `.memory`, `.pids`), over the CLI's. */
  limits?: ContainerLimits;
};

/** Resource limits of a container sandbox: they decide part of a run's noise, so runs record them. */
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
  /** Added to the sandbox over the eval's own files (null removes a file): a SKILL.md, a CLAUDE.md. */
  files?: Record<string, string | null>;
  /** Replaces the eval's model. */
  model?: string;
  /** Extra command-line arguments for the agent (appended to the adapter's own). */
  args?: string[];
  /** Replaces the eval's setup commands. */
  setup?: string[];
  /** MCP servers added to (or, with null, removed from) the eval's `mcp`. */
  mcp?: Record<string, McpServerSpec | null>;
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
  /** Absolute path of the trial's sandbox. */
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
  /** Sandbox-relative path → content: the workspace, written out. */
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
  /** Absent: no agent runs, only the checks (against the prepared sandbox). */
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
  sandbox: SandboxSpec;
  setup: string[];
  shims: Record<string, ShimSpec>;
  checks: CheckSpec[];
  /** Each of setup, the agent, a check and a judge may take this long (DEFAULT_TIMEOUT_MS). */
  timeoutMs: number;
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
  /** Set on the evals a Claude Code skill/command/hook file expands to (one file → several evals). */
  claudeCode?: ClaudeCodePart;
}

/** Which part of a skill/command/hook eval file an EvalSpec is. */
export type ClaudeCodeAxis = "trigger" | "e2e" | "hook";

export interface ClaudeCodePart {
  /** The file's `name`: `agent-evals eval <name>` runs every part of it. */
  group: string;
  type: "skill" | "command" | "hook";
  /** The target file, relative to the project root. */
  target: string;
  axis: ClaudeCodeAxis;
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
  candidates?: Array<{ name: string; names: string[]; installedAt: string }>;
  /** e2e: the scenario's name. */
  scenario?: string;
  /** e2e: each outcome's type and the guide's description of it, in check order. */
  outcomes?: Array<{ type: string; description: string }>;
  /** The file's default model (EVAL_MODEL over its `model:`), when one is set. */
  defaultModel?: string;
  /** hook: the cases' scenario names, in check order. */
  cases?: string[];
  /** The model the agent is asked to use, when one is set. */
  model?: string;
  /** Things the report should say about the target (e.g. a user-level skill shadows it). */
  warnings: string[];
  /**
   * `--agent <other>` for this part: the adapter that runs it (e.g. codex with the skill installed
   * where Codex looks), or why that agent cannot. Absent: only Claude Code runs it.
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
 * Token counts, one rule for every agent (README › Agent matrix): `input` is every prompt token,
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
  /** The sandbox: run the agent here. */
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
  available(): Promise<boolean>;
  version(): Promise<string | undefined>;
  run(ctx: AgentRunContext): Promise<AgentRunResult>;
  /**
   * One read-only judge call (README › Judges): answer `ctx.prompt` in `ctx.schema`'s shape without
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
