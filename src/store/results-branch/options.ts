// What a results-branch operation is given: the remote, the branch, the token, the author, and
// the retry settings, with their defaults.

export const DEFAULT_RESULTS_AUTHOR = {
  name: "github-actions[bot]",
  email: "41898282+github-actions[bot]@users.noreply.github.com",
} as const;

export interface ResultsBranchOptions {
  /** The origin's URL (`https://github.com/o/r.git`), or a local path / `file://` URL. */
  remote: string;
  /** Default `copybook-results`. */
  branch?: string;
  /**
   * For https remotes (and http ones on 127.0.0.1/localhost, for tests): sent as the header
   * `AUTHORIZATION: basic base64("x-access-token:" + token)` through `-c` on each git command.
   * Never written to a file or URL, never logged. Ignored for ssh, file and path remotes.
   */
  token?: string;
  /** Default github-actions[bot]. */
  author?: { name: string; email: string };
  /** Push attempts, default 8. */
  maxAttempts?: number;
  /** Parent of the scratch repository; default os.tmpdir(). */
  scratchDir?: string;
  /** @internal Tests: leave the writer's scratch repository in `scratchDir`. */
  keepScratch?: boolean;
  /**
   * @internal Tests. The pause before retry n is random in [0, min(max, b × 2^(n-1))) ms, b the
   * larger of `base` and the time the last attempt took. Default { base: 500, max: 8000 }.
   */
  backoffMs?: { base: number; max: number };
}

export const DEFAULT_MAX_ATTEMPTS = 8;
export const DEFAULT_BACKOFF = { base: 500, max: 8_000 };
