import { AgentEvalsError, DEFAULT_RESULTS_BRANCH } from "../model/index.js";
export { DEFAULT_RESULTS_BRANCH };
export declare const DEFAULT_RESULTS_AUTHOR: {
    readonly name: "github-actions[bot]";
    readonly email: "41898282+github-actions[bot]@users.noreply.github.com";
};
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
    author?: {
        name: string;
        email: string;
    };
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
    backoffMs?: {
        base: number;
        max: number;
    };
}
export type ResultsBranchErrorKind = "permission" | "conflict" | "unavailable";
export declare class ResultsBranchError extends AgentEvalsError {
    readonly kind: ResultsBranchErrorKind;
    constructor(kind: ResultsBranchErrorKind, message: string, options?: {
        cause?: unknown;
    });
}
export interface AppendResult {
    /** The pushed commit. */
    commit: string;
    /** Push attempts made (1 when nobody else was pushing). */
    attempts: number;
    /** Whether this call created the branch. */
    created: boolean;
}
export interface ResultsCheckout {
    /** A depth-1 checkout of the branch; the history is in `<dir>/history/`. */
    dir: string;
    /** Removes `dir`. */
    dispose(): Promise<void>;
}
/**
 * Append lines to files on the branch (creating the orphan branch, with `.gitattributes`
 * `*.jsonl merge=union`, when it is missing), commit and push. A rejected push is followed by a
 * fetch, a rebase and a pause with jitter before the next attempt; nothing is ever force-pushed.
 * Throws ResultsBranchError: `permission` at once when the remote refuses the push, `conflict`
 * when other writers won every attempt, `unavailable` when the remote could not be reached.
 */
export declare function appendToResultsBranch(options: ResultsBranchOptions, files: Array<{
    path: string;
    lines: string[];
}>, message: string): Promise<AppendResult>;
/**
 * A scratch checkout (depth 1) of the branch to read the history from, or undefined when the
 * branch does not exist. The caller removes `dir` (or calls `dispose`).
 */
export declare function readResultsBranch(options: ResultsBranchOptions): Promise<ResultsCheckout | undefined>;
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
export declare function fetchBranchTip(options: ResultsBranchOptions): Promise<FetchedTip>;
export interface GitFailureVerdict {
    /**
     * `race`: the remote branch moved (retry after a rebase). `permission`: the credentials may not
     * do this. `refused`: the remote's hooks or rules declined the push. `transient`: anything else
     * (unreachable, a server error), worth retrying.
     */
    kind: "race" | "permission" | "refused" | "transient";
    /** What the remote said, one line. */
    detail: string;
}
/**
 * Classify a failed git command. For `git push --porcelain`, the status line of `ref` on stdout
 * decides (`!` + `[rejected]` is a race, `[remote rejected]` a refusal unless the reason is a lost
 * ref lock); without one the transport failed and stderr decides between a permission problem
 * and a transient failure.
 * @internal exported for tests
 */
export declare function classifyGitFailure(failure: {
    exitCode: number;
    stdout: string;
    stderr: string;
}, ref: string): GitFailureVerdict;
