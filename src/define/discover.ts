// Finds eval files: `**/*.eval.{ts,mts,js,mjs,yaml,yml}` under evals/ and _evals/, or a glob.
// Symlinks are listed as they are and never followed here: whether a linked eval file may be read
// (it must stay inside the project) is load.ts's question, so a link is refused with a reason
// instead of vanishing, and a linked folder is never walked (a link to `/` would walk everything).

import fs from "node:fs";
import { glob, type FileSystemAdapter } from "tinyglobby";
import { OWN_DIR } from "../model/index.js";

export const EVAL_FILE_PATTERN = "**/*.eval.{ts,mts,js,mjs,yaml,yml}";
export const DEFAULT_EVAL_DIRS = ["evals", "_evals"];
const NEVER = ["**/node_modules/**", "**/.git/**", `**/${OWN_DIR}/**`];

/**
 * tinyglobby either drops symlinks or follows them (into linked folders too). Its crawler resolves
 * a link with realpath, then stat: answered with the link itself and lstat, a link is listed as a
 * file entry and never entered.
 */
const LINKS_AS_FILES = {
  realpath: (p: string, done: (error: null, resolved: string) => void) => done(null, p),
  realpathSync: (p: string) => p,
  stat: fs.lstat,
  statSync: fs.lstatSync,
} as unknown as FileSystemAdapter;

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
    followSymbolicLinks: true,
    fs: LINKS_AS_FILES,
  });
  return files.filter(isEvalFile).sort();
}

export function isEvalFile(file: string): boolean {
  return /\.eval\.(ts|mts|js|mjs|ya?ml)$/.test(file);
}

export function isYamlFile(file: string): boolean {
  return /\.ya?ml$/.test(file);
}
