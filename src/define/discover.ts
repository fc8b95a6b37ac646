// Finds eval files: `**/*.eval.{ts,mts,js,mjs,yaml,yml}` under evals/ and _evals/, or a glob.

import { glob } from "tinyglobby";
import { OWN_DIR } from "../model/index.js";

export const EVAL_FILE_PATTERN = "**/*.eval.{ts,mts,js,mjs,yaml,yml}";
export const DEFAULT_EVAL_DIRS = ["evals", "_evals"];
const NEVER = ["**/node_modules/**", "**/.git/**", `**/${OWN_DIR}/**`];

/** Absolute paths of the eval files, sorted, so runs and ids are stable. */
export async function discoverEvalFiles(
  projectRoot: string,
  patterns?: string[],
): Promise<string[]> {
  const globs = patterns?.length
    ? patterns
    : DEFAULT_EVAL_DIRS.map((dir) => `${dir}/${EVAL_FILE_PATTERN}`);
  const files = await glob(globs, {
    cwd: projectRoot,
    absolute: true,
    onlyFiles: true,
    ignore: NEVER,
    dot: false,
    followSymbolicLinks: false,
  });
  return files.filter(isEvalFile).sort();
}

export function isEvalFile(file: string): boolean {
  return /\.eval\.(ts|mts|js|mjs|ya?ml)$/.test(file);
}

export function isYamlFile(file: string): boolean {
  return /\.ya?ml$/.test(file);
}
