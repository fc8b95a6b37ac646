/**
 * False only when `dir` can't be in a git work tree: no `.git` (folder, or file for worktrees and
 * submodules) in it or any folder above it, and no `GIT_DIR` pointing git elsewhere.
 */
export declare function mayBeInGitRepo(dir: string, env?: NodeJS.ProcessEnv): boolean;
/** The commit checked out in `dir`, or undefined outside git (or when git fails). */
export declare function gitHeadCommit(dir: string): Promise<string | undefined>;
