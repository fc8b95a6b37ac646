// appendToResultsBranch: commit the lines, then push with retry. A rejected push is followed by a
// fetch, a rebase of our one commit onto the new tip (or the commit made again there) and a pause
// with jitter; a refusal is not retried; a push that landed although git reported a failure is
// recognised instead of being pushed twice.

import { backoffDelay, sleep } from "./backoff.js";
import { checkOut } from "./checkout.js";
import {
  checkFiles,
  checkReplacements,
  commitAdditions,
  type FolderReplacement,
  type Work,
} from "./commit.js";
import {
  classifyGitFailure,
  GitFailure,
  ResultsBranchError,
  type GitFailureVerdict,
} from "./failures.js";
import type { ResultsBranchOptions } from "./options.js";
import { fetchBranch, head, openSession, succeeds, type Session } from "./session.js";

export interface AppendResult {
  /** The pushed commit. */
  commit: string;
  /** Push attempts made (1 when nobody else was pushing). */
  attempts: number;
  /** Whether this call created the branch. */
  created: boolean;
}

/**
 * Append lines to files on the branch (creating the orphan branch, with `.gitattributes`
 * `*.jsonl merge=union`, when it is missing), commit and push. A rejected push is followed by a
 * fetch, a rebase and a pause with jitter before the next attempt; nothing is ever force-pushed.
 * `replace` folders are replaced whole in the same commit (after a rebase that conflicts on them,
 * the commit is made again on the new tip: the last writer's folder wins).
 * Throws ResultsBranchError: `permission` at once when the remote refuses the push, `conflict`
 * when other writers won every attempt, `unavailable` when the remote could not be reached.
 */
export async function appendToResultsBranch(
  options: ResultsBranchOptions,
  files: Array<{ path: string; lines: string[] }>,
  message: string,
  replace: FolderReplacement[] = [],
): Promise<AppendResult> {
  const additions = checkFiles(files);
  const replacements = checkReplacements(replace);
  if (typeof message !== "string" || message.trim() === "") {
    throw new Error("results branch: the commit message is empty");
  }
  const session = await openSession(options);
  try {
    const checkout = await checkOut(session);
    await commitAdditions(session, additions, message, replacements);
    const work: Work = { additions, replacements, message, root: checkout === "new" };
    let rebased = false;
    // How long our last fetch-rebase-push took: the pause before a retry scales with it, so that
    // on a slow machine or network the writers still spread out enough for several to win a round.
    let cycleStart = Date.now();
    for (let attempts = 1; ; attempts++) {
      const failure = await push(session);
      const cycleMs = Date.now() - cycleStart;
      if (!failure) {
        return { commit: await head(session), attempts, created: checkout === "new" && !rebased };
      }
      if (failure.kind === "permission" || failure.kind === "refused") {
        throw refusal(session, failure);
      }
      if (attempts >= session.maxAttempts) throw exhausted(session, failure, attempts);
      await sleep(backoffDelay(attempts, session.backoff, cycleMs));
      cycleStart = Date.now();
      const sync = await catchUp(session, work, failure);
      if (sync === "landed") {
        return { commit: await head(session), attempts, created: checkout === "new" && !rebased };
      }
      if (sync === "moved") rebased = true;
    }
  } finally {
    if (!options.keepScratch) await session.dispose();
  }
}

/** Push HEAD to the branch: undefined when it landed, else why not. */
async function push(session: Session): Promise<GitFailureVerdict | undefined> {
  const ref = `refs/heads/${session.branch}`;
  try {
    await session.git(["push", "--porcelain", "--no-verify", "origin", `HEAD:${ref}`]);
    return undefined;
  } catch (error) {
    if (!(error instanceof GitFailure)) throw error;
    return classifyGitFailure(error, ref);
  }
}

/**
 * After a failed push: fetch the branch and put our commit on its new tip. "landed" when our
 * commit is already there (a push that worked although git reported a failure), "moved" when it
 * was rebased (or made again) onto a new tip, "unchanged" when the branch could not be fetched or
 * had not moved. Between this fetch and the next push runs as little as possible: the shorter
 * that window, the likelier the push wins against other writers.
 */
async function catchUp(
  session: Session,
  work: Work,
  failure: GitFailureVerdict,
): Promise<"landed" | "moved" | "unchanged"> {
  const { git, branch } = session;
  const upstream = `origin/${branch}`;
  try {
    await fetchBranch(session);
  } catch (error) {
    if (error instanceof GitFailure) return "unchanged"; // the next push attempt tells
    throw error;
  }
  if (failure.kind !== "race") {
    // Only a push that failed in transit can have landed; only then may the remote be unmoved.
    if (await succeeds(git, ["merge-base", "--is-ancestor", "HEAD", upstream])) return "landed";
    if (await succeeds(git, ["merge-base", "--is-ancestor", upstream, "HEAD"])) return "unchanged";
  }
  // Our work is exactly one commit: replay just that one, never its (shallow or orphan) base.
  const rebase = work.root
    ? ["rebase", "--onto", upstream, "--root"]
    : ["rebase", "--onto", upstream, "HEAD^"];
  if (!(await succeeds(git, rebase))) {
    // The union merge did not apply (a changed .gitattributes?): make the commit again on the tip.
    await succeeds(git, ["rebase", "--abort"]);
    await git(["reset", "-q", "--hard", upstream]);
    await git(["clean", "-q", "-ffdx"]);
    await commitAdditions(session, work.additions, work.message, work.replacements);
  }
  work.root = false;
  return "moved";
}

function refusal(session: Session, failure: GitFailureVerdict): ResultsBranchError {
  const where = `branch ${session.branch} of ${session.shownRemote}`;
  if (failure.kind === "permission") {
    return new ResultsBranchError(
      "permission",
      `cannot push to ${where}: the token may not write to the repository. Give the job ` +
        `\`permissions: contents: write\` (pull requests from forks get a read-only token, so ` +
        `their history is skipped). The remote said: ${failure.detail}`,
    );
  }
  return new ResultsBranchError(
    "permission",
    `cannot push to ${where}: the remote refused the push (${failure.detail}). A branch ` +
      `protection rule or a server-side hook? The job needs \`permissions: contents: write\` ` +
      `and a branch it may push to; such refusals are not retried.`,
  );
}

function exhausted(
  session: Session,
  failure: GitFailureVerdict,
  attempts: number,
): ResultsBranchError {
  const where = `branch ${session.branch} of ${session.shownRemote}`;
  if (failure.kind === "race") {
    return new ResultsBranchError(
      "conflict",
      `could not push to ${where} in ${attempts} attempts: other writers updated it each ` +
        `time (${failure.detail}). Nothing was lost on the branch; run again to record this run.`,
    );
  }
  return new ResultsBranchError(
    "unavailable",
    `could not push to ${where} in ${attempts} attempts: ${failure.detail}`,
  );
}
