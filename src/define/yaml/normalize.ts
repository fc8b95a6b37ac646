// Pieces both definition formats share: sandbox (workspace + isolation) and shim options → the model.

import path from "node:path";
import type { ContainerLimits, IsolationSpec, ShimSpec, WorkspaceSpec } from "../../model/index.js";
import { Codes, type DefinitionProblem } from "../../model/index.js";
import { isValidShimName } from "../../util/index.js";
import { homePathProblem, staysInsideSandbox } from "./schema.js";
import { containerLimitProblem, type ContainerOptionInput } from "./container.js";

export type SandboxOptionInput =
  | ((
      | { template: string }
      | { fixture: Record<string, string> }
      | { repo: string | true }
      | { home: Record<string, string> }
      | { kind: string }
      | { image: string }
    ) & { home?: Record<string, string>; kind?: string } & ContainerOptionInput)
  | undefined;

export interface PathContext {
  projectRoot: string;
  evalFile: string;
  key: string;
  line?: number;
}

/** `./x` and `../x` are relative to the eval file; other relative paths to the project root. */
export function resolveUserPath(p: string, ctx: { projectRoot: string; evalFile: string }): string {
  if (path.isAbsolute(p)) return p;
  if (p.startsWith("./") || p.startsWith("../")) return path.resolve(path.dirname(ctx.evalFile), p);
  return path.resolve(ctx.projectRoot, p);
}

/**
 * A definition's `sandbox:` option → what fills the workspace (its tree and HOME files) and what
 * the trials run inside (`kind` → the provider, a container's image and limits).
 */
export function normalizeSandbox(
  option: SandboxOptionInput,
  ctx: PathContext,
): { workspace: WorkspaceSpec; isolation: IsolationSpec } | { problem: DefinitionProblem } {
  const tree = normalizeWorkspaceTree(option, ctx);
  if ("problem" in tree) return tree;
  const container = normalizeContainer(option ?? {}, ctx);
  if ("problem" in container) return container;
  const isolation: IsolationSpec = {
    ...(option?.kind !== undefined ? { provider: option.kind } : {}),
    ...container.options,
  };
  if (!option?.home) return { workspace: tree.workspace, isolation };
  for (const key of Object.keys(option.home)) {
    const why = key.startsWith("~") ? "starts with `~`" : homePathProblem(key);
    if (why === undefined) continue;
    return {
      problem: {
        file: ctx.evalFile,
        line: ctx.line,
        key: `${ctx.key}.home.${key}`,
        code: Codes.badPath,
        message: `sandbox.home path ${JSON.stringify(key)} ${why}`,
        fix: "write the path relative to HOME, without `..` or a leading `/` or `~`, e.g. `.claude/CLAUDE.md`",
      },
    };
  }
  return { workspace: { ...tree.workspace, home: { ...option.home } }, isolation };
}

function normalizeContainer(
  input: ContainerOptionInput,
  ctx: PathContext,
): { options: Pick<IsolationSpec, "image" | "limits"> } | { problem: DefinitionProblem } {
  const problem = containerLimitProblem(input);
  if (problem) {
    return {
      problem: {
        file: ctx.evalFile,
        line: ctx.line,
        key: `${ctx.key}.${problem.key}`,
        code: Codes.schema,
        message: problem.message,
        fix: problem.fix,
      },
    };
  }
  const limits: ContainerLimits = {
    ...(input.cpus !== undefined ? { cpus: input.cpus } : {}),
    ...(input.memory !== undefined ? { memory: input.memory } : {}),
    ...(input.pids !== undefined ? { pids: input.pids } : {}),
  };
  return {
    options: {
      ...(input.image !== undefined ? { image: input.image } : {}),
      ...(Object.keys(limits).length ? { limits } : {}),
    },
  };
}

function normalizeWorkspaceTree(
  option: SandboxOptionInput,
  ctx: PathContext,
): { workspace: WorkspaceSpec } | { problem: DefinitionProblem } {
  if (!option || !("template" in option || "repo" in option || "fixture" in option))
    return { workspace: { kind: "repo", dir: ctx.projectRoot } };
  if ("template" in option) {
    return { workspace: { kind: "template", dir: resolveUserPath(option.template, ctx) } };
  }
  if ("repo" in option) {
    const dir = option.repo === true ? ctx.projectRoot : resolveUserPath(option.repo, ctx);
    return { workspace: { kind: "repo", dir } };
  }
  for (const key of Object.keys(option.fixture)) {
    if (!key || !staysInsideSandbox(key)) {
      return {
        problem: {
          file: ctx.evalFile,
          line: ctx.line,
          key: `${ctx.key}.fixture.${key}`,
          code: Codes.badPath,
          message: `fixture path ${JSON.stringify(key)} escapes the sandbox`,
          fix: "use a relative path inside the sandbox, without `..` (e.g. src/app.ts)",
        },
      };
    }
  }
  return { workspace: { kind: "fixture", files: { ...option.fixture } } };
}

export type ShimOptionInput =
  "passthrough" | { script: string } | { exitCode?: number; stdout?: string; stderr?: string };

export function normalizeShims(
  shims: Record<string, ShimOptionInput>,
  where: { file: string; line?: number; key: string },
): { shims: Record<string, ShimSpec> } | { problems: DefinitionProblem[] } {
  const out: Record<string, ShimSpec> = {};
  const problems: DefinitionProblem[] = [];
  for (const [bin, option] of Object.entries(shims)) {
    if (!isValidShimName(bin)) {
      problems.push({
        file: where.file,
        line: where.line,
        key: `${where.key}.${bin}`,
        code: Codes.schema,
        message: `shim name ${JSON.stringify(bin)} is not a command name`,
        fix: "name the binary only (e.g. neon, npm), without a path or spaces",
      });
      continue;
    }
    out[bin] = normalizeShim(option);
  }
  return problems.length ? { problems } : { shims: out };
}

export function normalizeShim(option: ShimOptionInput): ShimSpec {
  if (option === "passthrough") return { mode: "passthrough" };
  if ("script" in option) return { mode: "script", script: option.script };
  return {
    mode: "stub",
    exitCode: option.exitCode ?? 0,
    stdout: option.stdout ?? "",
    stderr: option.stderr ?? "",
  };
}
