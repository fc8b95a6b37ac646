// The branch's tip put into a scratch repository, or an unborn branch when the remote has none.

import { classifyGitFailure, GitFailure, ResultsBranchError } from "./failures.js";
import { backoffDelay, sleep } from "./backoff.js";
import { fetchBranch, type Session } from "./session.js";

/**
 * Put the branch's tip (depth 1) in the scratch repository, or leave HEAD an unborn branch when
 * the remote has no such branch. Unreachable remotes are retried; refusals are not. With
 * `checkout: false` the tip is only fetched (`origin/<branch>`), nothing written to the work tree.
 */
export async function checkOut(
  session: Session,
  { checkout = true }: { checkout?: boolean } = {},
): Promise<"fetched" | "new"> {
  const { git, branch } = session;
  for (let attempt = 1; ; attempt++) {
    try {
      const listing = await git(["ls-remote", "--refs", "origin", `refs/heads/${branch}`]);
      const exists = listing
        .split("\n")
        .some((line) => line.split("\t")[1]?.trim() === `refs/heads/${branch}`);
      if (!exists) return "new";
      await fetchBranch(session, ["--depth", "1"]);
      if (checkout) await git(["reset", "-q", "--hard", `origin/${branch}`]);
      return "fetched";
    } catch (error) {
      if (!(error instanceof GitFailure)) throw error;
      const failure = classifyGitFailure(error, `refs/heads/${branch}`);
      if (failure.kind === "permission") {
        throw new ResultsBranchError(
          "permission",
          `cannot read branch ${branch} of ${session.shownRemote}: the remote refused the ` +
            `credentials. In GitHub Actions pass a token that may read the repository ` +
            `(\`permissions: contents: read\`, or \`contents: write\` to record history). ` +
            `The remote said: ${failure.detail}`,
          { cause: error },
        );
      }
      if (attempt >= session.maxAttempts) {
        throw new ResultsBranchError(
          "unavailable",
          `could not reach ${session.shownRemote} after ${attempt} attempt(s): ${failure.detail}`,
          { cause: error },
        );
      }
      await sleep(backoffDelay(attempt, session.backoff));
    }
  }
}
