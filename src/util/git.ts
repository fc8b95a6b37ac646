// Is there a git repository around a folder at all? A look for `.git` up the tree answers "no"
// without starting git, which costs a process start (~10 ms from a large Node parent) per question
// on every run outside a repository. When the answer may be "yes", ask git itself.

import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

/**
 * False only when `dir` can't be in a git work tree: no `.git` (folder, or file for worktrees and
 * submodules) in it or any folder above it, and no `GIT_DIR` pointing git elsewhere.
 */
export function mayBeInGitRepo(dir: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.GIT_DIR) return true;
  let current = path.resolve(dir);
  for (;;) {
    if (existsSync(path.join(current, ".git"))) return true;
    const parent = path.dirname(current);
    if (parent === current) return false;
    current = parent;
  }
}

/** The commit checked out in `dir`, or undefined outside git (or when git fails). */
export async function gitHeadCommit(dir: string): Promise<string | undefined> {
  if (!mayBeInGitRepo(dir)) return undefined;
  try {
    const { stdout } = await promisify(execFile)("git", ["rev-parse", "HEAD"], { cwd: dir });
    return stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}
