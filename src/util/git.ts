// Is there a git repository around a folder at all? A look for `.git` up the tree answers "no"
// without starting git, which costs a process start (~10 ms from a large Node parent) per question
// on every run outside a repository. When the answer may be "yes", ask git itself.

import { existsSync } from "node:fs";
import path from "node:path";

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
