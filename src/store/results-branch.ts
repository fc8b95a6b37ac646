// The results branch: agent-evals keeps its history (`history/<id>.jsonl`, see src/store/history.ts)
// on an orphan branch of the user's own repository, `copybook-results` by default.
//
// Every operation works in its own scratch repository under `scratchDir` (os.tmpdir()), never in
// the user's checkout: `git init`, then either a depth-1 fetch of the branch or an orphan branch
// started from nothing. Writers append lines, commit and push, and never force: when another
// writer got there first, the push is rejected, and the writer fetches, rebases its one commit
// onto the new tip — `.gitattributes` says `*.jsonl merge=union`, so two sets of lines appended to
// the same file merge into both — backs off with jitter and pushes again. Should a rebase still
// conflict (someone edited `.gitattributes`), the commit is made again on the new tip from the
// lines in memory, so lines are never lost and never doubled.
//
// Telling a race from a refusal: `git push --porcelain` reports each ref on stdout in a fixed
// format, `!` then `[rejected]` (the remote moved: a race) or `[remote rejected] (reason)` (the
// remote's hooks refused). A failure of the transport itself (exit 128, no ref status) is read from
// stderr, where HTTP 401/403 and "Permission to o/r.git denied" appear; anything else there counts
// as the remote being unavailable. Refusals are not retried. Before a retry the writer fetches, and
// a push that did land although git reported a failure is recognised (our commit is already on
// the remote branch) instead of being pushed twice.
//
// Isolation: every git command gets `-c core.hooksPath=<an empty dir>` and settings that user
// configuration could otherwise change (signing, autocrlf, symlinks, rebase backend); GIT_DIR,
// GIT_INDEX_FILE, GIT_WORK_TREE and every other GIT_* variable of this process are removed from
// git's environment (simple-git also strips them). The token only ever travels as
// `-c http.<origin>.extraheader=AUTHORIZATION: basic …` on the command line of each git command:
// it is never written to a file or a URL, and is masked in every message this module makes.
//
// The parts, in ./results-branch/: options.ts (what an operation is given), session.ts (the
// scratch repository and its git plumbing), checkout.ts and read.ts (reading the branch),
// commit.ts (appending lines and committing them), append.ts (the push with retry),
// failures.ts (telling a race from a refusal; the errors thrown), backoff.ts (the pause before a
// retry). This module is the entry the rest of src/ loads lazily (eslint.config.js, LAYERS).

import { DEFAULT_RESULTS_BRANCH } from "../model/index.js";

export { DEFAULT_RESULTS_BRANCH };
export { DEFAULT_RESULTS_AUTHOR, type ResultsBranchOptions } from "./results-branch/options.js";
export {
  classifyGitFailure,
  ResultsBranchError,
  type GitFailureVerdict,
  type ResultsBranchErrorKind,
} from "./results-branch/failures.js";
export { appendToResultsBranch, type AppendResult } from "./results-branch/append.js";
export {
  fetchBranchTip,
  fetchResultsFolder,
  readResultsBranch,
  type FetchedTip,
  type FolderFetch,
  type FolderFetched,
  type ResultsCheckout,
} from "./results-branch/read.js";
export { type FolderReplacement } from "./results-branch/commit.js";
