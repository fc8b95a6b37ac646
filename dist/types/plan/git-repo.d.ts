/**
 * False only when `dir` can't be in a git work tree: no `.git` (folder, or file for worktrees and
 * submodules) in it or any folder above it, and no `GIT_DIR` pointing git elsewhere.
 */
export declare function mayBeInGitRepo(dir: string, env?: NodeJS.ProcessEnv): boolean;
