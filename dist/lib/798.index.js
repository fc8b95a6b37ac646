export const id = 798;
export const ids = [798];
export const modules = {

/***/ 3798:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   upsertStickyComment: () => (/* binding */ upsertStickyComment)
/* harmony export */ });
/* unused harmony exports CommentPermissionError, retryDecision, ACTIONS_BOT, writtenBy */
/* harmony import */ var _model_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77893);
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(61351);
/* harmony import */ var _util_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(64410);
// The sticky PR comment: one comment per pull request, found by a hidden marker and edited in
// place on every run. Retries GitHub's transient failures (5xx, secondary rate limits) without
// ever posting a duplicate: a create that failed is never simply repeated, the comments are
// listed again first, since the failed request may have created it anyway.



/** The token may not do what was asked: a read-only token (fork PRs) or a missing permission. */
class CommentPermissionError extends _model_index_js__WEBPACK_IMPORTED_MODULE_0__/* .AgentEvalsError */ .xu {
    status;
    constructor(message, status, options) {
        super(_model_index_js__WEBPACK_IMPORTED_MODULE_0__/* .Codes */ .NC.commentNotPosted, message, options);
        this.status = status;
    }
}
const DEFAULT_RETRIES = 3;
/** First backoff after a 5xx; doubles on each retry. */
const BASE_DELAY_MS = 200;
/** The longest single wait: a retry-after or rate-limit reset further away fails instead. */
const MAX_WAIT_MS = 60_000;
/** Comments listed per page (GitHub's maximum). */
const PER_PAGE = 100;
function asHttpError(error) {
    if (!error || typeof error !== "object")
        return undefined;
    const status = error.status;
    if (typeof status !== "number")
        return undefined;
    return error;
}
function header(error, name) {
    const value = error.response?.headers?.[name];
    return value === undefined ? undefined : String(value);
}
function apiMessage(error) {
    const data = error.response?.data;
    if (data &&
        typeof data === "object" &&
        typeof data.message === "string")
        return data.message;
    return error.message;
}
function isRateLimit(http) {
    return (http.status === 429 ||
        (http.status === 403 &&
            (header(http, "retry-after") !== undefined ||
                header(http, "x-ratelimit-remaining") === "0" ||
                /rate limit|abuse/i.test(apiMessage(http)))));
}
/**
 * Whether a failed request is worth repeating, and after how long. 5xx (and network failures,
 * which Octokit reports as 500) back off exponentially; 429 and 403 secondary rate limits wait
 * for `retry-after` or the rate-limit reset (capped at MAX_WAIT_MS, beyond which it gives up).
 */
function retryDecision(error, attempt, now = Date.now()) {
    const http = asHttpError(error);
    if (!http)
        return { retry: false };
    const backoff = BASE_DELAY_MS * 2 ** attempt;
    if (http.status >= 500)
        return { retry: true, waitMs: backoff };
    if (!isRateLimit(http))
        return { retry: false };
    const retryAfter = header(http, "retry-after");
    if (retryAfter !== undefined) {
        const seconds = Number(retryAfter);
        const waitMs = Number.isFinite(seconds) ? Math.max(0, seconds * 1000) : backoff;
        return waitMs <= MAX_WAIT_MS ? { retry: true, waitMs } : { retry: false };
    }
    if (header(http, "x-ratelimit-remaining") === "0") {
        const reset = Number(header(http, "x-ratelimit-reset"));
        const waitMs = Number.isFinite(reset) ? Math.max(0, reset * 1000 - now) : backoff;
        return waitMs <= MAX_WAIT_MS ? { retry: true, waitMs } : { retry: false };
    }
    return { retry: true, waitMs: Math.max(backoff, 1000) };
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The login GITHUB_TOKEN's comments carry: the identity assumed when the token's can't be read. */
const ACTIONS_BOT = "github-actions[bot]";
/**
 * Who the token is, as REST shows a comment's author: GraphQL's `viewer` answers user tokens
 * (PATs) and installation tokens (GITHUB_TOKEN: `github-actions[bot]`, another app's
 * `<slug>[bot]`) alike; REST `GET /user` answers only user tokens. Undefined when neither does.
 */
async function tokenLogin(octokit) {
    try {
        const data = await octokit.graphql("query { viewer { login } }");
        if (typeof data.viewer?.login === "string" && data.viewer.login)
            return data.viewer.login;
    }
    catch {
        // GHES without GraphQL, or a proxy: try REST.
    }
    try {
        const { data } = await octokit.rest.users.getAuthenticated();
        return data.login;
    }
    catch {
        return undefined;
    }
}
/**
 * Whether `comment` was written by `login`: a person's comment is never ours, whatever it quotes.
 * (Logins are case-insensitive; a bot's may come without its `[bot]` suffix.)
 */
function writtenBy(comment, login) {
    const author = comment.user?.login.toLowerCase();
    const me = login.toLowerCase();
    return author === me || (comment.user?.type === "Bot" && author === `${me}[bot]`);
}
/**
 * Create or update the PR's sticky comment: every page of the issue's comments is listed, the
 * newest one containing `marker` and written by the token's own identity is updated in place, and
 * a new one is created only when none is (a person's comment that quotes the marker is left alone). The body gets the marker prepended when it lacks it, so the next run finds it.
 */
async function upsertStickyComment(options) {
    const { owner, repo, issueNumber, marker } = options;
    if (!marker.trim())
        throw new Error("upsertStickyComment: the marker is empty");
    const retries = Math.max(0, options.retries ?? DEFAULT_RETRIES);
    // The last check before the text is public: no secret value of this run or environment.
    const body = (0,_util_index_js__WEBPACK_IMPORTED_MODULE_2__/* .redactOutgoing */ .qR)(options.body.includes(marker) ? options.body : `${marker}\n${options.body}`);
    const where = `${owner}/${repo}#${issueNumber}`;
    const octokit = (0,_actions_github__WEBPACK_IMPORTED_MODULE_1__/* .getOctokit */ .Q)(options.token, options.baseUrl ? { baseUrl: options.baseUrl.replace(/\/+$/, "") } : {});
    // Idempotent requests (list pages, updates) are repeated here; a create is not (see below).
    octokit.hook.wrap("request", async (request, requestOptions) => {
        for (let attempt = 0;; attempt++) {
            try {
                return await request(requestOptions);
            }
            catch (error) {
                const decision = retryDecision(error, attempt);
                if (requestOptions.method === "POST" || !decision.retry || attempt >= retries)
                    throw error;
                await sleep(decision.waitMs);
            }
        }
    });
    // Only our own comment is ever edited: a person quoting the marker keeps their comment.
    const identity = options.identity ?? (await tokenLogin(octokit)) ?? ACTIONS_BOT;
    const find = async () => {
        const comments = await octokit.paginate(octokit.rest.issues.listComments, {
            owner,
            repo,
            issue_number: issueNumber,
            per_page: PER_PAGE,
        });
        // Listed oldest first: the newest match is the one to keep editing.
        let found;
        for (const comment of comments) {
            if (comment.body?.includes(marker) && writtenBy(comment, identity))
                found = comment;
        }
        return found;
    };
    let createAttempted = false;
    for (let attempt = 0;; attempt++) {
        let existing;
        try {
            existing = await find();
        }
        catch (error) {
            throw explain(error, "read the comments of", where);
        }
        if (existing) {
            // A create that failed in transit but landed: it already holds this body.
            if (createAttempted && existing.body === body) {
                return { url: existing.html_url, id: existing.id, action: "created" };
            }
            try {
                const { data } = await octokit.rest.issues.updateComment({
                    owner,
                    repo,
                    comment_id: existing.id,
                    body,
                });
                return { url: data.html_url, id: data.id, action: "updated" };
            }
            catch (error) {
                throw explain(error, "update the sticky comment on", where);
            }
        }
        try {
            createAttempted = true;
            const { data } = await octokit.rest.issues.createComment({
                owner,
                repo,
                issue_number: issueNumber,
                body,
            });
            return { url: data.html_url, id: data.id, action: "created" };
        }
        catch (error) {
            const decision = retryDecision(error, attempt);
            if (!decision.retry || attempt >= retries) {
                throw explain(error, "create the sticky comment on", where);
            }
            // The create may have succeeded before the failure reached us: list again before retrying.
            await sleep(decision.waitMs);
        }
    }
}
/** An error that says what could not be done, and for a 401/403/404 what to change. */
function explain(error, doing, where) {
    const http = asHttpError(error);
    if (!http)
        return error instanceof Error ? error : new Error(String(error));
    const detail = `HTTP ${http.status}: ${apiMessage(http)}`;
    const writing = !doing.startsWith("read");
    if (isRateLimit(http)) {
        return new Error(`agent-evals: could not ${doing} ${where}: GitHub's rate limit still applied after the retries (${detail})`, { cause: error });
    }
    if (http.status === 403 && writing) {
        return new CommentPermissionError(`agent-evals: the token can't write comments: could not ${doing} ${where} (${detail}). ` +
            "A pull request from a fork gets a read-only GITHUB_TOKEN: post the comment from a " +
            "`workflow_run` job instead; otherwise give the job `permissions: pull-requests: write`.", http.status, { cause: error });
    }
    if (http.status === 401 || http.status === 403 || http.status === 404) {
        return new CommentPermissionError(`agent-evals: could not ${doing} ${where} (${detail}). Check that the token is valid and ` +
            "can see the repository (`permissions: pull-requests: write` to comment).", http.status, { cause: error });
    }
    return new Error(`agent-evals: could not ${doing} ${where} (${detail})`, { cause: error });
}


/***/ })

};
