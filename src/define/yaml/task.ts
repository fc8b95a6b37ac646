// Loads one YAML task (`*.eval.yaml`) into an EvalSpec. Validation is the zod schema's
// (./schema.ts); ./yaml-source.ts parses the text and places problems on their keys,
// ./yaml-validate.ts words zod's issues; this file maps a valid task onto the shared model.

import { createHash } from "node:crypto";
import path from "node:path";
import type * as z from "zod/mini";
import type {
  CheckSpec,
  ContainerLimits,
  EvalSpec,
  JudgeSpec,
  McpServerSpec,
  Pattern,
  PromptSpec,
  SandboxSpec,
  ShimSpec,
  SourceRef,
  VariantSpec,
} from "../../model/index.js";
import { Codes, DefinitionError } from "../../model/index.js";
import {
  yamlTaskDefaults,
  yamlTaskSchema,
  type YamlAssertions,
  type YamlSandbox,
  type YamlShim,
  type YamlTask,
  type YamlVariant,
  judgeCheckSchema,
  trialCounts,
  workflowSchema,
} from "./schema.js";
import { normalizeShim, resolveUserPath } from "./normalize.js";
import {
  definitionErrorsOnly,
  locate,
  parseYamlSource,
  type KeyPath,
  type YamlSource,
} from "./source.js";
import { validateWithSchema } from "./validate.js";
import { MAX_EVAL_FILE_BYTES, tooLarge } from "../eval-file.js";

export interface LoadContext {
  /** Relative `template`/`repo` paths resolve against it (unless they start with `./` or `../`). */
  projectRoot: string;
}

export { MAX_EVAL_FILE_BYTES } from "../eval-file.js";

// ---------- public API ----------

/**
 * Parse and validate one YAML eval file's text. Throws DefinitionError listing every problem
 * found, each with file, line, column, key, message, fix and code; never throws anything else.
 */
export function loadYamlEval(file: string, text: string, ctx: LoadContext): EvalSpec {
  return yamlTaskEval(parseYamlSource(file, text), ctx);
}

/** The EvalSpec of an already parsed YAML task; throws like loadYamlEval. */
export function yamlTaskEval(source: YamlSource, ctx: LoadContext): EvalSpec {
  return definitionErrorsOnly(source.file, () =>
    toEvalSpec(validateWithSchema(source, yamlTaskSchema), source, ctx),
  );
}

/** The text of an eval file's bytes; throws AE114 when too large, AE113 when not UTF-8. */
export function decodeEvalFile(file: string, bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_EVAL_FILE_BYTES)
    throw new DefinitionError([tooLarge(file, bytes.byteLength)]);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new DefinitionError([
      {
        file,
        line: firstNonUtf8Line(bytes),
        code: Codes.notUtf8,
        message: "the file is not valid UTF-8",
        fix: "save the file with UTF-8 encoding",
      },
    ]);
  }
}

/** 1-based line of the first invalid UTF-8 sequence (a newline byte never occurs inside one). */
function firstNonUtf8Line(bytes: Uint8Array): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let line = 1;
  for (let start = 0; start <= bytes.length; line += 1) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline;
    try {
      decoder.decode(bytes.subarray(start, end));
    } catch {
      return line;
    }
    start = end + 1;
  }
  return 1;
}

// ---------- mapping to the model ----------

function toEvalSpec(task: YamlTask, source: YamlSource, ctx: LoadContext): EvalSpec {
  const projectRoot = path.resolve(ctx.projectRoot);
  const evalFile = path.resolve(projectRoot, source.file);
  const sourceAt = (keyPath: KeyPath): SourceRef => ({
    file: evalFile,
    line: locate(source, keyPath).line,
  });
  return {
    id: task.name,
    file: evalFile,
    line: locate(source, ["name"], "key").line,
    format: "yaml",
    ...(task.prompt !== undefined ? { prompt: toPromptSpec(task, task.prompt, evalFile) } : {}),
    agents: task.agents ?? [],
    ...trialCounts(task.trials, yamlTaskDefaults.trials),
    passRate: task.passRate ?? yamlTaskDefaults.passRate,
    sandbox: toSandboxSpec(task.sandbox, evalFile, projectRoot),
    setup: task.setup ?? [],
    shims: toShimSpecs(task.shims ?? {}),
    checks: toChecks(task.assertions ?? {}, sourceAt, (dir) =>
      resolveUserPath(dir, { evalFile, projectRoot }),
    ),
    timeoutMs: (task.timeout ?? yamlTaskDefaults.timeoutSeconds) * 1000,
    ...(task.maxCostUsd !== undefined ? { maxCostUsd: task.maxCostUsd } : {}),
    ...(task.model !== undefined ? { model: task.model } : {}),
    ...(task.mcp && Object.keys(task.mcp).length ? { mcp: toMcpServers(task.mcp) } : {}),
    ...(task.variants?.length
      ? {
          variants: task.variants.map((variant, index) =>
            toVariantSpec(
              variant,
              (text) => toPromptSpec(task, text, evalFile),
              sourceAt(["variants", index]),
            ),
          ),
        }
      : {}),
    // The whole text: a change to a variant changes it too.
    definitionHash: createHash("sha256").update(source.text).digest("hex"),
  };
}

/** A validated `variants:` item as the model's VariantSpec; `prompt` made the format's way. */
export function toVariantSpec<P>(
  variant: Omit<YamlVariant, "prompt"> & { prompt?: P | undefined },
  prompt: (given: P) => PromptSpec,
  source: SourceRef,
): VariantSpec {
  return {
    name: variant.name,
    ...(variant.prompt !== undefined ? { prompt: prompt(variant.prompt) } : {}),
    ...(variant.files !== undefined && Object.keys(variant.files).length
      ? { files: { ...variant.files } }
      : {}),
    ...(variant.model !== undefined ? { model: variant.model } : {}),
    ...(variant.args?.length ? { args: [...variant.args] } : {}),
    ...(variant.setup !== undefined ? { setup: [...variant.setup] } : {}),
    ...(variant.mcp !== undefined && Object.keys(variant.mcp).length
      ? {
          mcp: Object.fromEntries(
            Object.entries(variant.mcp).map(([name, server]) => [
              name,
              server === null ? null : toMcpServer(server),
            ]),
          ),
        }
      : {}),
    source,
  };
}

type McpServerInput = { command: string; args?: string[]; env?: Record<string, string> };

function toMcpServer(server: McpServerInput): McpServerSpec {
  return { command: server.command, args: [...(server.args ?? [])], env: { ...server.env } };
}

/** A validated `mcp:` mapping as the model's servers (args and env always present). */
export function toMcpServers(
  servers: Record<string, McpServerInput>,
): Record<string, McpServerSpec> {
  return Object.fromEntries(
    Object.entries(servers).map(([name, server]) => [name, toMcpServer(server)]),
  );
}

function toPromptSpec(task: YamlTask, text: string, evalFile: string): PromptSpec {
  return { text, file: evalFile, params: { ...task.params }, secrets: task.secrets ?? [] };
}

function resolveSandboxDir(dir: string, evalFile: string, projectRoot: string): string {
  return resolveUserPath(dir, { evalFile, projectRoot });
}

function toSandboxSpec(
  sandbox: YamlSandbox | undefined,
  evalFile: string,
  projectRoot: string,
): SandboxSpec {
  const tree = toSandboxTree(sandbox, evalFile, projectRoot);
  return {
    ...tree,
    ...(sandbox?.home ? { home: { ...sandbox.home } } : {}),
    ...(sandbox?.kind !== undefined ? { provider: sandbox.kind } : {}),
    ...(sandbox?.image !== undefined ? { image: sandbox.image } : {}),
    ...(sandbox && limitsOf(sandbox) ? { limits: limitsOf(sandbox) } : {}),
  };
}

/** `sandbox.cpus`, `.memory`, `.pids` (checked by the schema), when any is given. */
function limitsOf(sandbox: YamlSandbox): ContainerLimits | undefined {
  const limits: ContainerLimits = {
    ...(sandbox.cpus !== undefined ? { cpus: sandbox.cpus } : {}),
    ...(sandbox.memory !== undefined ? { memory: sandbox.memory } : {}),
    ...(sandbox.pids !== undefined ? { pids: sandbox.pids } : {}),
  };
  return Object.keys(limits).length ? limits : undefined;
}

function toSandboxTree(
  sandbox: YamlSandbox | undefined,
  evalFile: string,
  projectRoot: string,
): SandboxSpec {
  if (sandbox?.template !== undefined) {
    return { kind: "template", dir: resolveSandboxDir(sandbox.template, evalFile, projectRoot) };
  }
  if (sandbox?.fixture !== undefined) return { kind: "fixture", files: { ...sandbox.fixture } };
  if (sandbox?.repo !== undefined) {
    const dir =
      sandbox.repo === true ? projectRoot : resolveSandboxDir(sandbox.repo, evalFile, projectRoot);
    return { kind: "repo", dir };
  }
  return { kind: "repo", dir: projectRoot };
}

function toShimSpecs(shims: Record<string, YamlShim>): Record<string, ShimSpec> {
  return Object.fromEntries(Object.entries(shims).map(([bin, shim]) => [bin, normalizeShim(shim)]));
}

type CommandCheck = NonNullable<YamlAssertions["commands"]>[number];
type TextCheck = NonNullable<YamlAssertions["contains"]>[number];

function pinnedPattern(pinned: Exclude<TextCheck, string>): Pattern {
  return pinned.matches !== undefined ? new RegExp(pinned.matches) : (pinned.text ?? "");
}

function commandCheck(command: CommandCheck): CheckSpec {
  if (typeof command === "string") {
    return { type: "succeeds", command, exitCode: yamlTaskDefaults.commandExitCode };
  }
  return {
    type: "succeeds",
    command: command.run,
    exitCode: command.exitCode ?? yamlTaskDefaults.commandExitCode,
  };
}

function containsCheck(item: TextCheck): CheckSpec {
  if (typeof item === "string") return { type: "changedFilesContain", text: item };
  return { type: "fileContains", path: item.file, pattern: pinnedPattern(item) };
}

function forbiddenCheck(item: TextCheck): CheckSpec {
  if (typeof item === "string") return { type: "changedFilesLack", text: item };
  return { type: "fileLacks", path: item.file, pattern: pinnedPattern(item) };
}

/** The YAML `workflow` block as a trajectory check. */
export function workflowCheck(workflow: z.output<typeof workflowSchema>): CheckSpec {
  return {
    type: "trajectory",
    mode: workflow.match_mode ?? "superset",
    expected: (workflow.expected_tools ?? []).map((t) => ({
      name: t.name,
      ...(t.args_contain ? { argsContain: t.args_contain } : {}),
      ...(t.after ? { after: t.after } : {}),
    })),
    forbidden: workflow.forbidden_tools ?? [],
  };
}

/** A validated judge (YAML task or skill outcome) as a check; example folders resolved. */
export function judgeCheck(
  judge: Omit<z.output<typeof judgeCheckSchema>, "agent"> & { agent?: JudgeSpec["agent"] },
  resolveDir: (dir: string) => string,
): CheckSpec {
  return {
    type: "judge",
    judge: {
      rubric: judge.rubric,
      files: judge.files ?? [],
      agent: judge.agent ?? "claude-code",
      ...(judge.model !== undefined ? { model: judge.model } : {}),
      samples: judge.samples ?? 1,
      always: judge.always ?? false,
      examples: (judge.examples ?? []).map((e) => ({
        label: e.label,
        ...(e.dir !== undefined ? { dir: resolveDir(e.dir) } : {}),
        ...(e.files !== undefined ? { files: { ...e.files } } : {}),
        ...(e.name !== undefined ? { name: e.name } : {}),
      })),
    },
  };
}

/** Checks in a fixed order: files, absent, commands, contains, forbidden, workflow, judge. */
function toChecks(
  assertions: YamlAssertions,
  sourceAt: (keyPath: KeyPath) => SourceRef,
  resolveDir: (dir: string) => string,
): CheckSpec[] {
  const from = <T>(
    key: keyof YamlAssertions,
    items: T[] | undefined,
    toCheck: (item: T) => CheckSpec,
  ) =>
    (items ?? []).map((item, index) => ({
      ...toCheck(item),
      source: sourceAt(["assertions", key, index]),
    }));
  return [
    ...from("files", assertions.files, (p): CheckSpec => ({ type: "fileExists", path: p })),
    ...from("absent", assertions.absent, (p): CheckSpec => ({ type: "fileAbsent", path: p })),
    ...from("commands", assertions.commands, commandCheck),
    ...from("contains", assertions.contains, containsCheck),
    ...from("forbidden", assertions.forbidden, forbiddenCheck),
    ...(assertions.workflow
      ? [{ ...workflowCheck(assertions.workflow), source: sourceAt(["assertions", "workflow"]) }]
      : []),
    ...from("judge", assertions.judge, (j) => judgeCheck(j, resolveDir)),
  ];
}
