// The eval definitions: a project's eval files found and loaded with every kind registered (used
// by plan, compare, recheck, merge and calibrate).

import path from "node:path";
import { discoverEvalFiles, isYamlFile, loadEvals } from "../define/index.js";
import * as libraryApi from "../library.js";
import { Codes, DefinitionError, type EvalSpec } from "../model/index.js";
import { PROVIDER_NAMES } from "../run/index.js";
import { EVAL_KINDS } from "../kinds/index.js";

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

/** The eval files of a project, loaded with every kind registered. Throws DefinitionError. */
export async function loadDefinitions(
  options: SelectOptions & { yamlOnly?: boolean; realHome?: boolean; isolateHome?: boolean },
): Promise<EvalSpec[]> {
  const projectRoot = path.resolve(options.projectRoot);
  const found = await discoverEvalFiles(projectRoot, options.evals);
  const files = options.yamlOnly ? found.filter(isYamlFile) : found;
  if (files.length === 0 && !options.yamlOnly) {
    throw new DefinitionError([
      {
        file: projectRoot,
        code: Codes.noEvals,
        message: options.evals?.length
          ? `no eval file matches ${options.evals.join(", ")}`
          : "no eval files under evals/ or _evals/",
        fix: "add a *.eval.yaml or *.eval.ts file under evals/, or pass --evals <glob>",
      },
    ]);
  }
  return loadFiles(files, projectRoot, options.env ?? process.env, usesRealHome(options));
}

/** Trials run with the user's real HOME (`--real-home`), not one of their own. */
export function usesRealHome(options: { realHome?: boolean; isolateHome?: boolean }): boolean {
  return options.realHome ?? options.isolateHome === false;
}

export function loadFiles(
  files: string[],
  projectRoot: string,
  env: Record<string, string | undefined>,
  realHome = false,
): Promise<EvalSpec[]> {
  return loadEvals(files, {
    projectRoot,
    libraryApi: { ...libraryApi },
    kinds: EVAL_KINDS,
    env,
    realHome,
    sandboxKinds: PROVIDER_NAMES,
  });
}
