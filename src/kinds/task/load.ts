// Loads one YAML task (`*.eval.yaml` with no `type:` key) into an EvalSpec. Validation is the zod
// schema's (./schema.ts); define/yaml/source.ts parses the text and places problems on their keys,
// define/yaml/validate.ts words zod's issues; this file maps a valid task onto the shared model.

import { createHash } from "node:crypto";
import path from "node:path";
import type {
  CheckSpec,
  ContainerLimits,
  EvalSpec,
  IsolationSpec,
  Pattern,
  PromptSpec,
  ShimSpec,
  SourceRef,
  WorkspaceSpec,
} from "../../model/index.js";
import {
  definitionErrorsOnly,
  judgeCheck,
  locate,
  normalizeShim,
  parseYamlSource,
  resolveUserPath,
  toMcpServers,
  toVariantSpec,
  trialCounts,
  validateWithSchema,
  workflowCheck,
  yamlTaskDefaults,
  type KeyPath,
  type YamlSource,
} from "../../define/index.js";
import {
  yamlTaskSchema,
  type YamlAssertions,
  type YamlSandbox,
  type YamlShim,
  type YamlTask,
} from "./schema.js";

export interface LoadContext {
  /** Relative `template`/`repo` paths resolve against it (unless they start with `./` or `../`). */
  projectRoot: string;
}

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
    workspace: toWorkspaceSpec(task.sandbox, evalFile, projectRoot),
    isolation: toIsolationSpec(task.sandbox),
    setup: task.setup ?? [],
    shims: toShimSpecs(task.shims ?? {}),
    checks: toChecks(task.assertions ?? {}, sourceAt, (dir) =>
      resolveUserPath(dir, { evalFile, projectRoot }),
    ),
    timeoutMs: (task.timeout ?? yamlTaskDefaults.timeoutSeconds) * 1000,
    ...(task.trialTimeout !== undefined ? { trialTimeoutMs: task.trialTimeout * 1000 } : {}),
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

function toPromptSpec(task: YamlTask, text: string, evalFile: string): PromptSpec {
  return { text, file: evalFile, params: { ...task.params }, secrets: task.secrets ?? [] };
}

function resolveSandboxDir(dir: string, evalFile: string, projectRoot: string): string {
  return resolveUserPath(dir, { evalFile, projectRoot });
}

/** `sandbox:`'s tree and `home` files: what fills each trial's workspace. */
function toWorkspaceSpec(
  sandbox: YamlSandbox | undefined,
  evalFile: string,
  projectRoot: string,
): WorkspaceSpec {
  const tree = toWorkspaceTree(sandbox, evalFile, projectRoot);
  return {
    ...tree,
    ...(sandbox?.home ? { home: { ...sandbox.home } } : {}),
  };
}

/** `sandbox.kind`, `.image` and the limits: what each trial runs inside. */
function toIsolationSpec(sandbox: YamlSandbox | undefined): IsolationSpec {
  return {
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

function toWorkspaceTree(
  sandbox: YamlSandbox | undefined,
  evalFile: string,
  projectRoot: string,
): WorkspaceSpec {
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
