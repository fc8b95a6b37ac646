import { AgentEvalsError } from "../../model/index.js";
export interface UpsertStickyCommentOptions {
    token: string;
    /** REST API root; default https://api.github.com (a GHES or a fake server otherwise). */
    baseUrl?: string;
    owner: string;
    repo: string;
    /** The pull request's (or issue's) number. */
    issueNumber: number;
    body: string;
    /** Hidden text that identifies the comment, e.g. `<!-- agent-evals:sticky -->`. */
    marker: string;
    /** Retries of a failed request (default 3). */
    retries?: number;
}
export interface StickyCommentResult {
    url: string;
    id: number;
    action: "created" | "updated";
}
/** The token may not do what was asked: a read-only token (fork PRs) or a missing permission. */
export declare class CommentPermissionError extends AgentEvalsError {
    readonly status: number;
    constructor(message: string, status: number, options?: {
        cause?: unknown;
    });
}
type Retry = {
    retry: true;
    waitMs: number;
} | {
    retry: false;
};
/**
 * Whether a failed request is worth repeating, and after how long. 5xx (and network failures,
 * which Octokit reports as 500) back off exponentially; 429 and 403 secondary rate limits wait
 * for `retry-after` or the rate-limit reset (capped at MAX_WAIT_MS, beyond which it gives up).
 */
export declare function retryDecision(error: unknown, attempt: number, now?: number): Retry;
/**
 * Create or update the PR's sticky comment: every page of the issue's comments is listed, the
 * newest one containing `marker` is updated in place, and a new one is created only when none
 * does. The body gets the marker prepended when it lacks it, so the next run finds it.
 */
export declare function upsertStickyComment(options: UpsertStickyCommentOptions): Promise<StickyCommentResult>;
export {};
