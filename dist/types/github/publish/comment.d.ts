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
    /**
     * The login whose comment is the sticky one (default: the token's own, asked of GitHub; when it
     * can't be read, github-actions[bot]).
     */
    identity?: string;
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
interface IssueComment {
    id: number;
    html_url: string;
    body?: string | null;
    user?: {
        login: string;
        type?: string;
    } | null;
}
/** The login GITHUB_TOKEN's comments carry: the identity assumed when the token's can't be read. */
export declare const ACTIONS_BOT = "github-actions[bot]";
/**
 * Whether `comment` was written by `login`: a person's comment is never ours, whatever it quotes.
 * (Logins are case-insensitive; a bot's may come without its `[bot]` suffix.)
 */
export declare function writtenBy(comment: IssueComment, login: string): boolean;
/**
 * Create or update the PR's sticky comment: every page of the issue's comments is listed, the
 * newest one containing `marker` and written by the token's own identity is updated in place, and
 * a new one is created only when none is (a person's comment that quotes the marker is left alone). The body gets the marker prepended when it lacks it, so the next run finds it.
 */
export declare function upsertStickyComment(options: UpsertStickyCommentOptions): Promise<StickyCommentResult>;
export {};
