// defineEval and definePrompt: what users call in `*.eval.ts`. They only record what was said; the
// loader validates it (so errors can name the file and line) and turns it into an EvalSpec.

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AgentRef, CheckSpec } from "../../model/index.js";
import { errorMessage } from "../../model/index.js";

const EVAL_BRAND = Symbol.for("agent-evals.eval");
const PROMPT_BRAND = Symbol.for("agent-evals.prompt");

export type ShimOption =
  "passthrough" | { script: string } | { exitCode?: number; stdout?: string; stderr?: string };

export type SandboxOption = (
  | { template: string }
  | { fixture: Record<string, string> }
  | { repo: string | true }
  | { home: Record<string, string> }
  | { kind: string }
  | { image: string }
) & {
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

export interface EvalOptions {
  /** The eval's id; defaults to the export's name. */
  id?: string;
  agents?: AgentRef[];
  /** Trials per agent, or `{ min, max }` for adaptive trials. */
  trials?: number | { min: number; max: number; confidence?: number };
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
export interface VariantOption {
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
export interface McpServerOption {
  command: string;
  args?: string[];
  env?: Record<string, string>;
}

export interface PromptOptions {
  id?: string;
  text?: string;
  /** A markdown file, relative to the file that calls definePrompt (or a file: URL). */
  file?: string | URL;
  params?: Record<string, string | number | boolean>;
  /** Environment variables whose values fill `{{NAME}}` at render time, never written anywhere. */
  secrets?: string[];
}

export interface PromptDefinition {
  readonly [PROMPT_BRAND]: true;
  id?: string;
  text: string;
  file?: string;
  params: Record<string, string | number | boolean>;
  secrets: string[];
}

/** A prompt: plain text, or a definePrompt result; `null` runs no agent, only the assertions. */
export type PromptInput = string | PromptDefinition | null;

export interface EvalDefinition {
  readonly [EVAL_BRAND]: true;
  prompt: PromptInput;
  options: EvalOptions;
}

export function defineEval(prompt: PromptInput, options: EvalOptions = {}): EvalDefinition {
  return { [EVAL_BRAND]: true, prompt, options };
}

export function isEvalDefinition(value: unknown): value is EvalDefinition {
  return typeof value === "object" && value !== null && EVAL_BRAND in value;
}

export function isPromptDefinition(value: unknown): value is PromptDefinition {
  return typeof value === "object" && value !== null && PROMPT_BRAND in value;
}

export function definePrompt(options: PromptOptions): PromptDefinition {
  if ((options.text === undefined) === (options.file === undefined)) {
    throw new Error("definePrompt: give exactly one of `text` or `file`");
  }
  let text = options.text;
  let file: string | undefined;
  if (options.file !== undefined) {
    file = resolvePromptFile(options.file);
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      throw new Error(`definePrompt: cannot read prompt file ${file}: ${errorMessage(error)}`, {
        cause: error,
      });
    }
  }
  return {
    [PROMPT_BRAND]: true,
    id: options.id,
    text: text ?? "",
    file,
    params: { ...options.params },
    secrets: [...(options.secrets ?? [])],
  };
}

function resolvePromptFile(file: string | URL): string {
  if (file instanceof URL || file.startsWith("file:")) return fileURLToPath(file);
  if (path.isAbsolute(file)) return file;
  return path.resolve(path.dirname(callerFile() ?? path.join(process.cwd(), "x")), file);
}

/** The file of the first stack frame outside agent-evals: the module that called definePrompt. */
function callerFile(): string | undefined {
  const self = fileURLToPath(import.meta.url);
  for (const frame of new Error().stack?.split("\n").slice(1) ?? []) {
    const match = /(?:\(|at )((?:file:\/\/)?\/[^()]*?):\d+:\d+\)?$/.exec(frame.trim());
    if (!match) continue;
    const file = match[1]!.startsWith("file:") ? fileURLToPath(match[1]!) : match[1]!;
    if (file !== self && !file.includes(`${path.sep}node_modules${path.sep}jiti${path.sep}`)) {
      return file;
    }
  }
  return undefined;
}
