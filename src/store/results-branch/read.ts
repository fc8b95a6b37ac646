// Reading the branch: a scratch checkout of its history, or its tip's objects to read it from.

import { promises as fs } from "node:fs";
import path from "node:path";
import { copyRegularTree } from "../copy-regular.js";
import { checkOut } from "./checkout.js";
import { classifyGitFailure, GitFailure, ResultsBranchError } from "./failures.js";
import type { ResultsBranchOptions } from "./options.js";
import { fetchBranch, NO_HOOKS_DIR, openSession } from "./session.js";

export interface ResultsCheckout {
  /** A depth-1 checkout of the branch; the history is in `<dir>/history/`. */
  dir: string;
  /** Removes `dir`. */
  dispose(): Promise<void>;
}

/**
 * A scratch checkout (depth 1) of the branch to read the history from, or undefined when the
 * branch does not exist. The caller removes `dir` (or calls `dispose`).
 */
export async function readResultsBranch(
  options: ResultsBranchOptions,
): Promise<ResultsCheckout | undefined> {
  const session = await openSession(options);
  try {
    if ((await checkOut(session)) === "new") {
      await session.dispose();
      return undefined;
    }
    // git runs no more in this directory: the empty hooks directory has done its job.
    await fs.rm(path.join(session.dir, ".git", NO_HOOKS_DIR), { recursive: true, force: true });
    return { dir: session.dir, dispose: session.dispose };
  } catch (error) {
    await session.dispose();
    throw error;
  }
}

/** A branch's tip fetched into a scratch repository: its commit and the objects to read it from. */
export interface FetchedTip {
  sha: string;
  /** The scratch repository's object folder (git reads it through GIT_ALTERNATE_OBJECT_DIRECTORIES). */
  objectsDir: string;
  dispose(): Promise<void>;
}

/**
 * The tip of `options.branch` (depth 1) fetched into a scratch repository, never into the user's
 * checkout: its refs, index and shallowness stay as they were (a depth-1 fetch there would make a
 * full clone shallow). Throws ResultsBranchError when the branch can't be fetched.
 */
export async function fetchBranchTip(options: ResultsBranchOptions): Promise<FetchedTip> {
  const session = await openSession(options);
  try {
    await fetchBranch(session, ["--depth", "1"]).catch((error: unknown) => {
      if (!(error instanceof GitFailure)) throw error;
      const failure = classifyGitFailure(error, `refs/heads/${session.branch}`);
      throw new ResultsBranchError(
        failure.kind === "permission" ? "permission" : "unavailable",
        `could not fetch ${session.branch} from ${session.shownRemote}: ${failure.detail}`,
        { cause: error },
      );
    });
    const sha = (await session.git(["rev-parse", `refs/remotes/origin/${session.branch}`])).trim();
    await fs.rm(path.join(session.dir, ".git", NO_HOOKS_DIR), { recursive: true, force: true });
    return { sha, objectsDir: path.join(session.dir, ".git", "objects"), dispose: session.dispose };
  } catch (error) {
    await session.dispose();
    throw error;
  }
}

/** What `fetchResultsFolder` copies, and its limits. */
export interface FolderFetch {
  /** The folder on the branch (`cassettes`). */
  folder: string;
  /** Where its files go, in the same layout under it (made when missing). */
  to: string;
  /** Only files whose name it accepts are taken; every other file is left out. */
  accepts: (name: string) => boolean;
  /** The most bytes one file may hold, and all of them together. */
  maxFileBytes: number;
  maxTotalBytes: number;
}

/** What `fetchResultsFolder` did: the files copied, those refused (and why), the tip read. */
export interface FolderFetched {
  /** undefined when the branch does not exist. */
  sha?: string;
  copied: string[];
  refused: Array<{ path: string; reason: string }>;
}

/**
 * The files `accepts` takes under `folder` on the branch's tip, copied to `to`: read as hostile
 * input. The branch's tree is listed first (`git ls-tree`) and only regular files within the
 * limits are checked out, in a scratch repository: a link, a submodule or a file over the limit
 * is refused (listed in `refused`) and never written; past the total limit the rest is refused.
 */
export async function fetchResultsFolder(
  options: ResultsBranchOptions,
  fetch: FolderFetch,
): Promise<FolderFetched> {
  const session = await openSession(options);
  try {
    if ((await checkOut(session, { checkout: false })) === "new")
      return { copied: [], refused: [] };
    const sha = (await session.git(["rev-parse", `refs/remotes/origin/${session.branch}`])).trim();
    const listing = await session.git(["ls-tree", "-r", "-z", "--long", sha, "--", fetch.folder]);
    const copied: string[] = [];
    const refused: FolderFetched["refused"] = [];
    let total = 0;
    for (const entry of listing.split("\0")) {
      const match = /^(\d+) (\w+) ([0-9a-f]+) +(-|\d+)\t(.+)$/s.exec(entry);
      if (!match) continue;
      const [, mode, , , size, file] = match as unknown as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      if (!fetch.accepts(path.posix.basename(file))) continue;
      const bytes = Number(size);
      const reason = refusal(mode, file, bytes, total, fetch);
      if (reason) {
        refused.push({ path: file, reason });
        continue;
      }
      total += bytes;
      copied.push(file);
    }
    if (copied.length) {
      // Only the listed regular files are checked out (paths given in a file: no length limit).
      const list = path.join(session.dir, ".git", "agent-evals-paths");
      await fs.writeFile(list, copied.map((f) => `${f}\0`).join(""));
      await session.git(["checkout", sha, "--pathspec-from-file", list, "--pathspec-file-nul"]);
      await copyRegularTree(path.join(session.dir, ...fetch.folder.split("/")), fetch.to);
    }
    return { sha, copied, refused };
  } finally {
    await session.dispose();
  }
}

/** Why a listed entry of the branch is not fetched (undefined: it is). */
function refusal(
  mode: string,
  file: string,
  bytes: number,
  total: number,
  limits: { maxFileBytes: number; maxTotalBytes: number },
): string | undefined {
  if (mode === "120000") return "a symlink";
  if (mode === "160000") return "a submodule";
  if (!/^100(644|755)$/.test(mode)) return `not a regular file (mode ${mode})`;
  if (file.split("/").some((s) => s === "" || s === "." || s === ".." || s.includes("\\")))
    return "not a plain path";
  if (bytes > limits.maxFileBytes) return `${bytes} bytes, more than ${limits.maxFileBytes}`;
  if (total + bytes > limits.maxTotalBytes) return `past ${limits.maxTotalBytes} bytes in all`;
  return undefined;
}
