// Listing a repository's files for a snapshot: git's view (tracked plus untracked-but-not-ignored)
// in a work tree, else a walk; never node_modules/, .git/ or .copybook/. Git is run with execFile,
// never through a shell.

import { NEVER_SNAPSHOT_DIRS } from "../../model/index.js";
import { execFile } from "node:child_process";
import { lstat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { mayBeInGitRepo } from "../../util/index.js";
import { errorCode, ioFailure, mapLimit, PARALLEL_IO, TreeError } from "./io.js";
import { walkTree, type EntryKind, type TreeEntry } from "./tree.js";

const execFileAsync = promisify(execFile);

/** Folder names a repository snapshot never includes, at any depth. */
const EXCLUDED_FROM_REPO = new Set(NEVER_SNAPSHOT_DIRS);

/**
 * The files of the repository at `dir`, relative to it: tracked plus untracked-but-not-ignored
 * files when `dir` is in a git work tree, else every file found by a walk. Never includes
 * node_modules/, .git/ or .copybook/ at any depth. Tracked files deleted from the work tree are
 * still listed (that is git's view); callers copying them must tolerate their absence.
 */
export async function repoFiles(dir: string): Promise<string[]> {
  const root = resolve(dir);
  const listed = (await isInGitWorkTree(root)) ? await gitListFiles(root) : await walkFiles(root);
  return [...new Set(listed)].filter((rel) => !isExcludedFromRepo(rel)).sort();
}

/** Git's environment overrides would point it at another repository than `dir`'s. */
function gitEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.GIT_DIR;
  delete env.GIT_WORK_TREE;
  delete env.GIT_INDEX_FILE;
  return env;
}

async function isInGitWorkTree(dir: string): Promise<boolean> {
  if (!mayBeInGitRepo(dir, gitEnv())) return false;
  try {
    const { stdout } = await execFileAsync("git", ["rev-parse", "--is-inside-work-tree"], {
      cwd: dir,
      env: gitEnv(),
    });
    return stdout.trim() === "true";
  } catch {
    return false; // not a repository, or git isn't installed: walk instead
  }
}

/** `git ls-files` run in `dir` lists only files under it, relative to it. */
async function gitListFiles(dir: string): Promise<string[]> {
  try {
    const { stdout } = await execFileAsync("git", ["ls-files", "-co", "--exclude-standard", "-z"], {
      cwd: dir,
      env: gitEnv(),
      maxBuffer: 512 * 1024 * 1024,
    });
    // An untracked nested repository is listed once, as "sub/": keep it as a folder path.
    return stdout
      .split("\0")
      .filter((p) => p !== "")
      .map((p) => p.replace(/\/$/, ""));
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new TreeError(
      `git ls-files failed in ${dir}${stderr ? `: ${stderr}` : ""}. Fix: run \`git status\` there and repair the repository.`,
      { cause: err },
    );
  }
}

function isExcludedFromRepo(rel: string): boolean {
  return rel.split("/").some((segment) => EXCLUDED_FROM_REPO.has(segment));
}

async function walkFiles(root: string): Promise<string[]> {
  const entries = await walkTree(root, (name) => EXCLUDED_FROM_REPO.has(name));
  return entries.filter((e) => e.kind !== "dir").map((e) => e.rel);
}

/**
 * Turn listed repo paths into copyable entries: paths deleted from the work tree are skipped,
 * and listed folders (submodules, untracked nested repositories) are walked.
 */
export async function classifyRepoFiles(root: string, listed: string[]): Promise<TreeEntry[]> {
  const classified = await mapLimit(listed, PARALLEL_IO, async (rel): Promise<TreeEntry[]> => {
    const kind = await entryKindAt(join(root, rel));
    if (kind === undefined) return [];
    if (kind !== "dir") return [{ rel, kind }];
    const inside = await walkTree(join(root, rel), (name) => EXCLUDED_FROM_REPO.has(name));
    return inside
      .filter((e) => e.kind !== "dir")
      .map((e) => ({ rel: `${rel}/${e.rel}`, kind: e.kind }));
  });
  return classified.flat();
}

/** The kind of entry at `abs`, or undefined when it is gone or is a socket, FIFO or device. */
async function entryKindAt(abs: string): Promise<EntryKind | undefined> {
  try {
    const stats = await lstat(abs);
    if (stats.isSymbolicLink()) return "link";
    if (stats.isDirectory()) return "dir";
    if (stats.isFile()) return "file";
    return undefined;
  } catch (err) {
    if (errorCode(err) === "ENOENT") return undefined;
    throw ioFailure("cannot read", abs, err);
  }
}
