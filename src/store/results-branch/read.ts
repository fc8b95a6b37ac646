// Reading the branch: a scratch checkout of its history, or its tip's objects to read it from.

import { promises as fs } from "node:fs";
import path from "node:path";
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
