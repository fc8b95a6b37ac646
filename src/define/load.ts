// Loads every discovered eval file into EvalSpecs. All problems of all files are collected before
// anything runs: one invalid definition stops the whole run with exit 2 and nothing is lost.

import fs from "node:fs";
import path from "node:path";
import type { EvalSpec } from "../model/index.js";
import { Codes, DefinitionError, type DefinitionProblem, errorMessage } from "../model/index.js";
import { isYamlFile } from "./discover.js";
import { displayPath } from "../util/index.js";
import { decodeEvalFile, evalFileProblem } from "./eval-file.js";
import { createModuleLoader, evalExports, type ModuleLoader } from "./ts/module.js";
import { specsFromExports } from "./ts/exports.js";
import { parseYamlSource, problemAt, type YamlSource } from "./yaml/source.js";
import type { YamlKindLoader } from "./kinds.js";

export interface LoadOptions {
  projectRoot: string;
  /** The library API eval files import as `agent-evals` / `@copybook/cli`. */
  libraryApi: Record<string, unknown>;
  /** The eval kinds' YAML loaders (kinds/index.ts registers them), chosen by a file's `type:`. */
  kinds: readonly YamlKindLoader[];
  /** For the kinds' loaders: EVAL_MODEL, HOME, credentials (default: process.env). */
  env?: Record<string, string | undefined>;
  /** Trials will run with the real HOME (`--real-home`): its user-level skills reach them. */
  realHome?: boolean;
  /** The sandbox providers' names (run/'s registry): what an eval's `sandbox.kind` may name. */
  sandboxKinds?: readonly string[];
}

/** Every eval of every file; throws DefinitionError listing all problems found. */
export async function loadEvals(files: string[], options: LoadOptions): Promise<EvalSpec[]> {
  const specs: EvalSpec[] = [];
  const problems: DefinitionProblem[] = [];
  let loader: ModuleLoader | undefined;
  for (const file of files) {
    // Checked before a byte is read: a FIFO, a 1.5 GB file or a link out of the project are
    // refused from what lstat says.
    const unreadable = evalFileProblem(file, options.projectRoot);
    if (unreadable) {
      problems.push(unreadable);
      continue;
    }
    try {
      if (isYamlFile(file)) {
        specs.push(...(await loadYamlFile(file, options)));
      } else {
        loader ??= await createModuleLoader(options.libraryApi);
        const loaded = await loadModuleFile(file, loader, options);
        specs.push(...loaded.specs);
        problems.push(...loaded.problems);
      }
    } catch (error) {
      if (error instanceof DefinitionError) problems.push(...error.problems);
      else
        problems.push({
          file,
          code: Codes.loadFailed,
          message: errorMessage(error),
          fix: "fix the file so it loads",
        });
    }
  }
  problems.push(...duplicateIdProblems(specs, options.projectRoot));
  if (options.sandboxKinds) problems.push(...unknownSandboxKinds(specs, options.sandboxKinds));
  if (problems.length > 0) {
    throw new DefinitionError(
      problems.map((p) => ({ ...p, file: displayPath(p.file, options.projectRoot) })),
    );
  }
  return specs;
}

function unknownSandboxKinds(specs: EvalSpec[], known: readonly string[]): DefinitionProblem[] {
  return specs
    .filter(
      (spec) => spec.isolation.provider !== undefined && !known.includes(spec.isolation.provider),
    )
    .map((spec) => ({
      file: spec.file,
      line: spec.line,
      key: "sandbox.kind",
      code: Codes.schema,
      message: `eval ${spec.id}: unknown sandbox kind ${JSON.stringify(spec.isolation.provider)}, known: ${known.join(", ")}`,
      fix: `set \`sandbox.kind\` to one of ${known.join(", ")}, or remove it to use the run's --sandbox`,
    }));
}

async function loadYamlFile(file: string, options: LoadOptions): Promise<EvalSpec[]> {
  // Parsed once; its `type:` says which kind's loader validates it.
  const source = parseYamlSource(file, decodeEvalFile(file, fs.readFileSync(file)));
  const kind = kindOf(source, options.kinds);
  return kind.loadYaml(source, {
    projectRoot: options.projectRoot,
    env: options.env ?? process.env,
    realHome: options.realHome ?? false,
  });
}

/**
 * The kind that reads this file. A `type:` no kind reads is said as such: a misspelt `type: skil`
 * would otherwise be validated as a YAML task, which names `type` and its siblings unknown keys.
 */
function kindOf(source: YamlSource, kinds: readonly YamlKindLoader[]): YamlKindLoader {
  const type = (source.data as { type?: unknown }).type ?? null;
  const kind = kinds.find((k) => k.yamlTypes.includes(type as string | null));
  if (kind) return kind;
  const named = kinds.flatMap((k) => k.yamlTypes).filter((t): t is string => t !== null);
  const listed = `${named.slice(0, -1).join(", ")} or ${named.at(-1)}`;
  const untyped = kinds.find((k) => k.yamlTypes.includes(null));
  throw new DefinitionError([
    problemAt(source, ["type"], {
      code: Codes.schema,
      message: `\`type\` must be ${listed} (got ${JSON.stringify(type)})`,
      fix: `set \`type:\` to ${listed}${untyped ? `; a YAML ${untyped.name} has no \`type:\` key` : ""}`,
    }),
  ]);
}

async function loadModuleFile(
  file: string,
  loader: ModuleLoader,
  options: LoadOptions,
): Promise<{ specs: EvalSpec[]; problems: DefinitionProblem[] }> {
  const source = fs.readFileSync(file, "utf8");
  let mod: Record<string, unknown>;
  try {
    mod = await loader(file);
  } catch (error) {
    return {
      specs: [],
      problems: [
        {
          file,
          line: errorLine(error, file),
          code: Codes.loadFailed,
          message: `could not load: ${firstLine(errorMessage(error))}`,
          fix: "fix the error so the module loads (try `node --check` or your editor's TypeScript errors)",
        },
      ],
    };
  }
  const exports = evalExports(mod);
  if (exports.length === 0) {
    return {
      specs: [],
      problems: [
        {
          file,
          code: Codes.noEvals,
          message: "this eval file exports no defineEval(...) result",
          fix: "export the eval: `export const myEval = defineEval(prompt, { ... })`",
        },
      ],
    };
  }
  return specsFromExports(exports, { projectRoot: options.projectRoot, file, source });
}

function duplicateIdProblems(specs: EvalSpec[], projectRoot: string): DefinitionProblem[] {
  const seen = new Map<string, EvalSpec>();
  const problems: DefinitionProblem[] = [];
  for (const spec of specs) {
    const first = seen.get(spec.id);
    if (!first) {
      seen.set(spec.id, spec);
      continue;
    }
    const firstWhere = `${path.relative(projectRoot, first.file)}${first.line ? `:${first.line}` : ""}`;
    problems.push({
      file: spec.file,
      line: spec.line,
      key: spec.format === "yaml" ? "name" : "id",
      code: Codes.duplicateId,
      message: `eval id ${JSON.stringify(spec.id)} is already defined at ${firstWhere}`,
      fix:
        spec.format === "yaml"
          ? "give this eval a different `name`"
          : "rename the export or set a different `id` option",
    });
  }
  return problems;
}

function errorLine(error: unknown, file: string): number | undefined {
  const stack = (error as Error)?.stack ?? "";
  const match = new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:(\\d+)`).exec(stack);
  return match ? Number(match[1]) : undefined;
}

function firstLine(text: string): string {
  return text.split("\n")[0] ?? text;
}
