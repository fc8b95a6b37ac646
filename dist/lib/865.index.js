export const id = 865;
export const ids = [865];
export const modules = {

/***/ 24865:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  appendToResultsBranch: () => (/* reexport */ appendToResultsBranch),
  fetchBranchTip: () => (/* reexport */ fetchBranchTip),
  fetchResultsFolder: () => (/* reexport */ fetchResultsFolder),
  readResultsBranch: () => (/* reexport */ readResultsBranch)
});

// UNUSED EXPORTS: DEFAULT_RESULTS_AUTHOR, DEFAULT_RESULTS_BRANCH, ResultsBranchError, classifyGitFailure

// EXTERNAL MODULE: ./src/model/index.ts + 11 modules
var model = __webpack_require__(77893);
;// CONCATENATED MODULE: ./src/store/results-branch/options.ts
// What a results-branch operation is given: the remote, the branch, the token, the author, and
// the retry settings, with their defaults.
const DEFAULT_RESULTS_AUTHOR = {
    name: "github-actions[bot]",
    email: "41898282+github-actions[bot]@users.noreply.github.com",
};
const DEFAULT_MAX_ATTEMPTS = 8;
const DEFAULT_BACKOFF = { base: 500, max: 8_000 };

// EXTERNAL MODULE: ./node_modules/simple-git/dist/index.mjs + 2 modules
var dist = __webpack_require__(74724);
;// CONCATENATED MODULE: ./src/store/results-branch/failures.ts
// Telling failures apart: a git command that failed (GitFailure), what its output says happened
// (a race, a permission problem, a refusal by the remote, or a transient failure), and the error
// the operations throw (ResultsBranchError).


class ResultsBranchError extends model/* AgentEvalsError */.xu {
    kind;
    constructor(kind, message, options) {
        super(model/* Codes */.NC.historyNotSaved, message, options);
        this.kind = kind;
    }
}
/**
 * A git command that failed: its exit code and output, token masked. A GitError, so that
 * simple-git hands it on as it is (it wraps any other error in a GitError of its own).
 */
class GitFailure extends dist/* GitError */.XS {
    exitCode;
    stdout;
    stderr;
    constructor(exitCode, stdout, stderr) {
        super(undefined, stderr.trim() || stdout.trim() || `git exited with ${exitCode}`);
        this.exitCode = exitCode;
        this.stdout = stdout;
        this.stderr = stderr;
        this.name = "GitFailure";
    }
}
const PERMISSION_PATTERN = new RegExp([
    String.raw `permission to \S+ denied`,
    "permission denied",
    String.raw `returned error: 40[13]\b`,
    String.raw `\bHTTP 40[13]\b`,
    "write access to repository not granted",
    "authentication failed",
    "invalid username or password",
    "could not read (?:username|password)",
    "not allowed to push",
    "insufficient permission",
    "resource not accessible by integration",
    "permission",
].join("|"), "i");
/** Reasons of `[remote rejected]` that mean another push updated the ref at the same moment. */
const REF_RACE_PATTERN = /cannot lock ref|failed to update ref|failed to lock|incorrect old value|reference already exists|is at [0-9a-f]+ but expected/i;
/**
 * Classify a failed git command. For `git push --porcelain`, the status line of `ref` on stdout
 * decides (`!` + `[rejected]` is a race, `[remote rejected]` a refusal unless the reason is a lost
 * ref lock); without one the transport failed and stderr decides between a permission problem
 * and a transient failure.
 * @internal exported for tests
 */
function classifyGitFailure(failure, ref) {
    const remoteSaid = summarize(failure.stderr) || summarize(failure.stdout);
    const status = refStatus(failure.stdout, ref);
    if (status && status.flag === "!") {
        const reason = status.reason ?? "";
        if (status.summary === "[rejected]") {
            return { kind: "race", detail: `rejected (${reason || "non-fast-forward"})` };
        }
        if (status.summary === "[remote rejected]") {
            if (PERMISSION_PATTERN.test(reason) || PERMISSION_PATTERN.test(failure.stderr)) {
                return { kind: "permission", detail: remoteSaid || reason };
            }
            if (REF_RACE_PATTERN.test(reason))
                return { kind: "race", detail: reason };
            return { kind: "refused", detail: remoteSaid ? `${reason}: ${remoteSaid}` : reason };
        }
        return { kind: "transient", detail: `${status.summary} ${reason}`.trim() };
    }
    if (PERMISSION_PATTERN.test(failure.stderr)) {
        return { kind: "permission", detail: remoteSaid };
    }
    return { kind: "transient", detail: remoteSaid || `git exited with ${failure.exitCode}` };
}
/** The `--porcelain` line for `ref`: `<flag>\t<from>:<to>\t<summary> (<reason>)`. */
function refStatus(stdout, ref) {
    for (const line of stdout.split("\n")) {
        const match = /^([ +\-*!=])\t([^\t]*)\t(.*)$/.exec(line.replace(/\r$/, ""));
        if (!match)
            continue;
        const [, flag = "", refs = "", rest = ""] = match;
        if (refs.slice(refs.lastIndexOf(":") + 1) !== ref)
            continue;
        const summary = /^(\[[^\]]*\]|\S+)\s*(?:\((.*)\))?\s*$/.exec(rest);
        return { flag, summary: summary?.[1] ?? rest, reason: summary?.[2] };
    }
    return undefined;
}
/** The lines worth showing of git's stderr, as one line. */
function summarize(text) {
    return text
        .split(/\r?\n/)
        .map((l) => l.replace(/^remote:\s*/, "").trim())
        .filter((l) => l && !/^(To |Done$|error: failed to push some refs)/.test(l))
        .join(" / ")
        .slice(0, 1000);
}

;// CONCATENATED MODULE: ./src/store/results-branch/backoff.ts
// The pause before a retry: full jitter, growing with each attempt.
/**
 * Full jitter: random in [0, cap), the cap doubling with each attempt from the larger of the
 * configured base and the time one attempt took, up to the configured maximum.
 */
function backoffDelay(attempt, backoff, cycleMs = 0) {
    const cap = Math.min(backoff.max, Math.max(backoff.base, cycleMs) * 2 ** (attempt - 1));
    return Math.random() * cap;
}
function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
;// CONCATENATED MODULE: ./src/store/results-branch/session.ts
// The scratch repository every operation works in (git plumbing): `git init` in a temp folder under
// `scratchDir`, the remote as `origin`, hooks off, user configuration that could change the
// outcome overridden, no GIT_* variable of this process, the token only ever on the command line
// (masked in every message). Also the few git steps the reads and writes share.








/** A git command that prints nothing for this long is killed (a stalled network). */
const GIT_SILENCE_TIMEOUT_MS = 120_000;
const NO_HOOKS_DIR = "agent-evals-no-hooks";
function checkBranch(branch) {
    if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(branch) ||
        /\.\.|\/\/|\/\.|\.lock$|\.lock\/|[/.]$/.test(branch)) {
        throw new Error(`results branch: ${JSON.stringify(branch)} is not a usable branch name`);
    }
    return branch;
}
function resolveRemote(remote, token) {
    if (typeof remote !== "string" || remote.trim() === "" || remote.startsWith("-")) {
        throw new Error(`results branch: ${JSON.stringify(remote)} is not a remote`);
    }
    if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(remote)) {
        let parsed;
        try {
            parsed = new URL(remote);
        }
        catch {
            throw new Error("results branch: the remote is not a valid URL");
        }
        const https = parsed.protocol === "https:";
        const loopback = parsed.protocol === "http:" &&
            ["127.0.0.1", "localhost", "[::1]"].includes(parsed.hostname.toLowerCase());
        if (token && parsed.protocol === "http:" && !loopback) {
            throw new Error("results branch: refusing to send a token over plain http");
        }
        if (token && (https || loopback)) {
            return { url: remote, tokenScope: `${parsed.protocol}//${parsed.host}/` };
        }
        return { url: remote };
    }
    // scp-like `user@host:path` (a ":" before any "/") is an ssh remote; anything else is a path,
    // made absolute (git runs in the scratch dir) and a file:// URL (so --depth 1 applies).
    if (/^[^/]+:/.test(remote))
        return { url: remote };
    return { url: (0,external_node_url_.pathToFileURL)(external_node_path_default().resolve(remote)).href };
}
function shownRemote(url) {
    try {
        const parsed = new URL(url);
        parsed.username = "";
        parsed.password = "";
        return parsed.href;
    }
    catch {
        return url;
    }
}
async function openSession(options) {
    const branch = checkBranch(options.branch ?? model/* DEFAULT_RESULTS_BRANCH */.CW);
    const token = options.token || undefined;
    const remote = resolveRemote(options.remote, token);
    const author = options.author ?? DEFAULT_RESULTS_AUTHOR;
    const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS));
    const header = token ? Buffer.from(`x-access-token:${token}`, "utf8").toString("base64") : "";
    const mask = (text) => {
        let out = text;
        for (const secret of [token, header])
            if (secret)
                out = out.split(secret).join("***");
        return out;
    };
    const parent = options.scratchDir ?? external_node_os_default().tmpdir();
    await external_node_fs_.promises.mkdir(parent, { recursive: true });
    const dir = await external_node_fs_.promises.realpath(await external_node_fs_.promises.mkdtemp(external_node_path_default().join(parent, "agent-evals-results-")));
    const dispose = () => external_node_fs_.promises.rm(dir, { recursive: true, force: true });
    const config = [
        `core.hooksPath=${external_node_path_default().join(dir, ".git", NO_HOOKS_DIR)}`,
        "core.autocrlf=false",
        "core.safecrlf=false",
        "core.symlinks=false",
        "core.quotePath=false",
        "commit.gpgSign=false",
        "gc.auto=0",
        "maintenance.auto=false",
        "rebase.backend=merge",
        "rebase.autoStash=false",
        "rebase.autoSquash=false",
        "rebase.updateRefs=false",
        "submodule.recurse=false",
        "advice.detachedHead=false",
        "color.ui=false",
        `user.name=${author.name}`,
        `user.email=${author.email}`,
    ];
    if (remote.tokenScope) {
        config.push(`http.${remote.tokenScope}.extraheader=AUTHORIZATION: basic ${header}`);
    }
    const simple = (0,dist/* simpleGit */.Lp)({
        baseDir: dir,
        config,
        maxConcurrentProcesses: 1,
        // Done when the output streams close, not 50 ms after the exit (which can cut the output).
        completion: { onClose: true, onExit: false },
        timeout: { block: GIT_SILENCE_TIMEOUT_MS },
        unsafe: { allowUnsafeHooksPath: true },
        allowEnvironment: ["GIT_TERMINAL_PROMPT"],
        errors: (error, result) => {
            if (result.exitCode === 0 && !(error instanceof Error))
                return error;
            return new GitFailure(result.exitCode, mask(Buffer.concat(result.stdOut).toString("utf8")), mask(Buffer.concat(result.stdErr).toString("utf8") ||
                (error instanceof Error ? error.message : "")));
        },
    }).env(gitEnvironment());
    const git = async (args) => {
        try {
            return await simple.raw(args);
        }
        catch (error) {
            if (error instanceof GitFailure)
                throw error;
            // simple-git's own failures (the silence timeout, a refused argument) become GitFailures.
            if (error instanceof dist/* GitError */.XS)
                throw new GitFailure(-1, "", mask(error.message));
            throw error;
        }
    };
    const session = {
        git,
        dir,
        branch,
        shownRemote: mask(shownRemote(remote.url)),
        maxAttempts,
        backoff: options.backoffMs ?? DEFAULT_BACKOFF,
        dispose,
    };
    try {
        await git(["init"]);
        await external_node_fs_.promises.mkdir(external_node_path_default().join(dir, ".git", NO_HOOKS_DIR));
        await git(["symbolic-ref", "HEAD", `refs/heads/${branch}`]);
        await git(["remote", "add", "origin", remote.url]);
    }
    catch (error) {
        await dispose();
        throw error;
    }
    return session;
}
/** Where simple-git guards an environment variable (it throws when one is passed explicitly). */
const GUARDED_VARIABLES = new Set(["editor", "pager", "prefix", "ssh_askpass", "visual"]);
/**
 * This process's environment without any GIT_* variable (GIT_DIR, GIT_INDEX_FILE, GIT_WORK_TREE
 * of a hook or a parent git would point git at the user's repository) nor locale settings (git's
 * messages stay English: the transport errors are read from them).
 */
function gitEnvironment() {
    const env = {};
    for (const [key, value] of Object.entries(process.env)) {
        if (value === undefined)
            continue;
        const lower = key.toLowerCase();
        if (lower.startsWith("git_") || GUARDED_VARIABLES.has(lower))
            continue;
        if (lower === "lang" || lower === "language" || lower.startsWith("lc_"))
            continue;
        env[key] = value;
    }
    env.LC_ALL = "C";
    env.GIT_TERMINAL_PROMPT = "0";
    env.GCM_INTERACTIVE = "never";
    return env;
}
async function fetchBranch(session, extra = []) {
    const { branch } = session;
    await session.git([
        "fetch",
        "--no-tags",
        ...extra,
        "origin",
        `+refs/heads/${branch}:refs/remotes/origin/${branch}`,
    ]);
}
async function head(session) {
    return (await session.git(["rev-parse", "HEAD"])).trim();
}
async function succeeds(git, args) {
    try {
        await git(args);
        return true;
    }
    catch (error) {
        if (error instanceof GitFailure)
            return false;
        throw error;
    }
}

;// CONCATENATED MODULE: ./src/store/results-branch/checkout.ts
// The branch's tip put into a scratch repository, or an unborn branch when the remote has none.



/**
 * Put the branch's tip (depth 1) in the scratch repository, or leave HEAD an unborn branch when
 * the remote has no such branch. Unreachable remotes are retried; refusals are not. With
 * `checkout: false` the tip is only fetched (`origin/<branch>`), nothing written to the work tree.
 */
async function checkOut(session, { checkout = true } = {}) {
    const { git, branch } = session;
    for (let attempt = 1;; attempt++) {
        try {
            const listing = await git(["ls-remote", "--refs", "origin", `refs/heads/${branch}`]);
            const exists = listing
                .split("\n")
                .some((line) => line.split("\t")[1]?.trim() === `refs/heads/${branch}`);
            if (!exists)
                return "new";
            await fetchBranch(session, ["--depth", "1"]);
            if (checkout)
                await git(["reset", "-q", "--hard", `origin/${branch}`]);
            return "fetched";
        }
        catch (error) {
            if (!(error instanceof GitFailure))
                throw error;
            const failure = classifyGitFailure(error, `refs/heads/${branch}`);
            if (failure.kind === "permission") {
                throw new ResultsBranchError("permission", `cannot read branch ${branch} of ${session.shownRemote}: the remote refused the ` +
                    `credentials. In GitHub Actions pass a token that may read the repository ` +
                    `(\`permissions: contents: read\`, or \`contents: write\` to record history). ` +
                    `The remote said: ${failure.detail}`, { cause: error });
            }
            if (attempt >= session.maxAttempts) {
                throw new ResultsBranchError("unavailable", `could not reach ${session.shownRemote} after ${attempt} attempt(s): ${failure.detail}`, { cause: error });
            }
            await sleep(backoffDelay(attempt, session.backoff));
        }
    }
}

;// CONCATENATED MODULE: ./src/store/results-branch/commit.ts
// Writing to the branch: the lines to append checked, then appended to their files in the scratch
// work tree (with `.gitattributes` `*.jsonl merge=union`) and committed; and folders replaced
// whole (the latest recordings: `cassettes/<eval>/<agent>/`) in the same commit.


const ATTRIBUTES_FILE = ".gitattributes";
const UNION_ATTRIBUTE = "*.jsonl merge=union";
function checkFiles(files) {
    if (!Array.isArray(files))
        throw new Error("results branch: files must be an array");
    const additions = new Map();
    let count = 0;
    for (const file of files) {
        const rel = checkPath(file?.path);
        if (!Array.isArray(file.lines)) {
            throw new Error(`results branch: the lines for ${rel} must be an array of strings`);
        }
        for (const line of file.lines) {
            if (typeof line !== "string") {
                throw new Error(`results branch: a line for ${rel} is not a string`);
            }
            if (/[\r\n]/.test(line)) {
                throw new Error(`results branch: a line for ${rel} contains a line break`);
            }
        }
        additions.set(rel, [...(additions.get(rel) ?? []), ...file.lines]);
        count += file.lines.length;
    }
    if (count === 0)
        throw new Error("results branch: no lines to append");
    return additions;
}
/** The replacements checked: their folders and files' paths as `checkFiles` checks a path. */
function checkReplacements(replacements) {
    if (!Array.isArray(replacements))
        throw new Error("results branch: replacements must be an array");
    const folders = new Set();
    return replacements.map(({ folder, files }) => {
        const rel = checkPath(folder);
        for (const other of folders)
            if (rel === other || rel.startsWith(`${other}/`) || other.startsWith(`${rel}/`))
                throw new Error(`results branch: folders ${other} and ${rel} overlap`);
        folders.add(rel);
        if (!Array.isArray(files))
            throw new Error(`results branch: the files of ${rel} must be an array`);
        return {
            folder: rel,
            files: files.map((file) => {
                if (!Buffer.isBuffer(file?.bytes))
                    throw new Error(`results branch: a file of ${rel} has no bytes`);
                return { path: checkPath(file.path), bytes: file.bytes };
            }),
        };
    });
}
function checkPath(value) {
    const shown = JSON.stringify(value);
    if (typeof value !== "string" || value === "") {
        throw new Error(`results branch: file path ${shown} is not a non-empty string`);
    }
    if (value.includes("\\") || value.includes("\0")) {
        throw new Error(`results branch: file path ${shown} must use "/" and no NUL`);
    }
    if (value.startsWith("/") || /^[A-Za-z]:/.test(value)) {
        throw new Error(`results branch: file path ${shown} must be relative`);
    }
    const segments = value.split("/");
    if (segments.some((s) => s === "" || s === "." || s === "..")) {
        throw new Error(`results branch: file path ${shown} must not contain "..", "." or "//"`);
    }
    if (segments.some((s) => s.toLowerCase() === ".git") || value === ATTRIBUTES_FILE) {
        throw new Error(`results branch: file path ${shown} is reserved`);
    }
    return value;
}
/** Write the lines (and the union attribute when missing) into the work tree and commit them. */
async function commitAdditions(session, additions, message, replacements = []) {
    const paths = [];
    const attributes = external_node_path_default().join(session.dir, ATTRIBUTES_FILE);
    const current = await readIfExists(attributes);
    if (current === undefined || !current.split(/\r?\n/).some((l) => l.trim() === UNION_ATTRIBUTE)) {
        await appendLines(attributes, current, [UNION_ATTRIBUTE]);
        paths.push(ATTRIBUTES_FILE);
    }
    for (const [rel, lines] of additions) {
        if (lines.length === 0)
            continue;
        const file = external_node_path_default().join(session.dir, ...rel.split("/"));
        await external_node_fs_.promises.mkdir(external_node_path_default().dirname(file), { recursive: true });
        await appendLines(file, await readIfExists(file), lines);
        paths.push(rel);
    }
    // The folder's old files go (whatever they are: links are removed, never followed), its new ones
    // come; `add --all` stages both. The work tree holds no links: core.symlinks=false checks a
    // link on the branch out as a plain file, so no parent here leads out of it.
    for (const { folder, files } of replacements) {
        const dir = external_node_path_default().join(session.dir, ...folder.split("/"));
        await external_node_fs_.promises.rm(dir, { recursive: true, force: true });
        for (const file of files) {
            const target = external_node_path_default().join(dir, ...file.path.split("/"));
            await external_node_fs_.promises.mkdir(external_node_path_default().dirname(target), { recursive: true });
            await external_node_fs_.promises.writeFile(target, file.bytes, { flag: "wx" });
        }
        paths.push(folder);
    }
    await session.git(["add", "--force", "--all", "--", ...paths]);
    await session.git(["commit", "--no-verify", "-m", message]);
}
async function appendLines(file, current, lines) {
    const separator = current && !current.endsWith("\n") ? "\n" : "";
    await external_node_fs_.promises.appendFile(file, `${separator}${lines.join("\n")}\n`, "utf8");
}
async function readIfExists(file) {
    try {
        const stat = await external_node_fs_.promises.lstat(file);
        if (!stat.isFile())
            throw new Error(`results branch: ${file} is not a regular file`);
        return await external_node_fs_.promises.readFile(file, "utf8");
    }
    catch (error) {
        if (error.code === "ENOENT")
            return undefined;
        throw error;
    }
}

;// CONCATENATED MODULE: ./src/store/results-branch/append.ts
// appendToResultsBranch: commit the lines, then push with retry. A rejected push is followed by a
// fetch, a rebase of our one commit onto the new tip (or the commit made again there) and a pause
// with jitter; a refusal is not retried; a push that landed although git reported a failure is
// recognised instead of being pushed twice.





/**
 * Append lines to files on the branch (creating the orphan branch, with `.gitattributes`
 * `*.jsonl merge=union`, when it is missing), commit and push. A rejected push is followed by a
 * fetch, a rebase and a pause with jitter before the next attempt; nothing is ever force-pushed.
 * `replace` folders are replaced whole in the same commit (after a rebase that conflicts on them,
 * the commit is made again on the new tip: the last writer's folder wins).
 * Throws ResultsBranchError: `permission` at once when the remote refuses the push, `conflict`
 * when other writers won every attempt, `unavailable` when the remote could not be reached.
 */
async function appendToResultsBranch(options, files, message, replace = []) {
    const additions = checkFiles(files);
    const replacements = checkReplacements(replace);
    if (typeof message !== "string" || message.trim() === "") {
        throw new Error("results branch: the commit message is empty");
    }
    const session = await openSession(options);
    try {
        const checkout = await checkOut(session);
        await commitAdditions(session, additions, message, replacements);
        const work = { additions, replacements, message, root: checkout === "new" };
        let rebased = false;
        // How long our last fetch-rebase-push took: the pause before a retry scales with it, so that
        // on a slow machine or network the writers still spread out enough for several to win a round.
        let cycleStart = Date.now();
        for (let attempts = 1;; attempts++) {
            const failure = await push(session);
            const cycleMs = Date.now() - cycleStart;
            if (!failure) {
                return { commit: await head(session), attempts, created: checkout === "new" && !rebased };
            }
            if (failure.kind === "permission" || failure.kind === "refused") {
                throw refusal(session, failure);
            }
            if (attempts >= session.maxAttempts)
                throw exhausted(session, failure, attempts);
            await sleep(backoffDelay(attempts, session.backoff, cycleMs));
            cycleStart = Date.now();
            const sync = await catchUp(session, work, failure);
            if (sync === "landed") {
                return { commit: await head(session), attempts, created: checkout === "new" && !rebased };
            }
            if (sync === "moved")
                rebased = true;
        }
    }
    finally {
        if (!options.keepScratch)
            await session.dispose();
    }
}
/** Push HEAD to the branch: undefined when it landed, else why not. */
async function push(session) {
    const ref = `refs/heads/${session.branch}`;
    try {
        await session.git(["push", "--porcelain", "--no-verify", "origin", `HEAD:${ref}`]);
        return undefined;
    }
    catch (error) {
        if (!(error instanceof GitFailure))
            throw error;
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
async function catchUp(session, work, failure) {
    const { git, branch } = session;
    const upstream = `origin/${branch}`;
    try {
        await fetchBranch(session);
    }
    catch (error) {
        if (error instanceof GitFailure)
            return "unchanged"; // the next push attempt tells
        throw error;
    }
    if (failure.kind !== "race") {
        // Only a push that failed in transit can have landed; only then may the remote be unmoved.
        if (await succeeds(git, ["merge-base", "--is-ancestor", "HEAD", upstream]))
            return "landed";
        if (await succeeds(git, ["merge-base", "--is-ancestor", upstream, "HEAD"]))
            return "unchanged";
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
function refusal(session, failure) {
    const where = `branch ${session.branch} of ${session.shownRemote}`;
    if (failure.kind === "permission") {
        return new ResultsBranchError("permission", `cannot push to ${where}: the token may not write to the repository. Give the job ` +
            `\`permissions: contents: write\` (pull requests from forks get a read-only token, so ` +
            `their history is skipped). The remote said: ${failure.detail}`);
    }
    return new ResultsBranchError("permission", `cannot push to ${where}: the remote refused the push (${failure.detail}). A branch ` +
        `protection rule or a server-side hook? The job needs \`permissions: contents: write\` ` +
        `and a branch it may push to; such refusals are not retried.`);
}
function exhausted(session, failure, attempts) {
    const where = `branch ${session.branch} of ${session.shownRemote}`;
    if (failure.kind === "race") {
        return new ResultsBranchError("conflict", `could not push to ${where} in ${attempts} attempts: other writers updated it each ` +
            `time (${failure.detail}). Nothing was lost on the branch; run again to record this run.`);
    }
    return new ResultsBranchError("unavailable", `could not push to ${where} in ${attempts} attempts: ${failure.detail}`);
}

// EXTERNAL MODULE: ./src/store/copy-regular.ts
var copy_regular = __webpack_require__(49633);
;// CONCATENATED MODULE: ./src/store/results-branch/read.ts
// Reading the branch: a scratch checkout of its history, or its tip's objects to read it from.






/**
 * A scratch checkout (depth 1) of the branch to read the history from, or undefined when the
 * branch does not exist. The caller removes `dir` (or calls `dispose`).
 */
async function readResultsBranch(options) {
    const session = await openSession(options);
    try {
        if ((await checkOut(session)) === "new") {
            await session.dispose();
            return undefined;
        }
        // git runs no more in this directory: the empty hooks directory has done its job.
        await external_node_fs_.promises.rm(external_node_path_default().join(session.dir, ".git", NO_HOOKS_DIR), { recursive: true, force: true });
        return { dir: session.dir, dispose: session.dispose };
    }
    catch (error) {
        await session.dispose();
        throw error;
    }
}
/**
 * The tip of `options.branch` (depth 1) fetched into a scratch repository, never into the user's
 * checkout: its refs, index and shallowness stay as they were (a depth-1 fetch there would make a
 * full clone shallow). Throws ResultsBranchError when the branch can't be fetched.
 */
async function fetchBranchTip(options) {
    const session = await openSession(options);
    try {
        await fetchBranch(session, ["--depth", "1"]).catch((error) => {
            if (!(error instanceof GitFailure))
                throw error;
            const failure = classifyGitFailure(error, `refs/heads/${session.branch}`);
            throw new ResultsBranchError(failure.kind === "permission" ? "permission" : "unavailable", `could not fetch ${session.branch} from ${session.shownRemote}: ${failure.detail}`, { cause: error });
        });
        const sha = (await session.git(["rev-parse", `refs/remotes/origin/${session.branch}`])).trim();
        await external_node_fs_.promises.rm(external_node_path_default().join(session.dir, ".git", NO_HOOKS_DIR), { recursive: true, force: true });
        return { sha, objectsDir: external_node_path_default().join(session.dir, ".git", "objects"), dispose: session.dispose };
    }
    catch (error) {
        await session.dispose();
        throw error;
    }
}
/**
 * The files `accepts` takes under `folder` on the branch's tip, copied to `to`: read as hostile
 * input. The branch's tree is listed first (`git ls-tree`) and only regular files within the
 * limits are checked out, in a scratch repository: a link, a submodule or a file over the limit
 * is refused (listed in `refused`) and never written; past the total limit the rest is refused.
 */
async function fetchResultsFolder(options, fetch) {
    const session = await openSession(options);
    try {
        if ((await checkOut(session, { checkout: false })) === "new")
            return { copied: [], refused: [] };
        const sha = (await session.git(["rev-parse", `refs/remotes/origin/${session.branch}`])).trim();
        const listing = await session.git(["ls-tree", "-r", "-z", "--long", sha, "--", fetch.folder]);
        const copied = [];
        const refused = [];
        let total = 0;
        for (const entry of listing.split("\0")) {
            const match = /^(\d+) (\w+) ([0-9a-f]+) +(-|\d+)\t(.+)$/s.exec(entry);
            if (!match)
                continue;
            const [, mode, , , size, file] = match;
            if (!fetch.accepts(external_node_path_default().posix.basename(file)))
                continue;
            const bytes = Number(size);
            const reason = read_refusal(mode, file, bytes, total, fetch);
            if (reason) {
                refused.push({ path: file, reason });
                continue;
            }
            total += bytes;
            copied.push(file);
        }
        if (copied.length) {
            // Only the listed regular files are checked out (paths given in a file: no length limit).
            const list = external_node_path_default().join(session.dir, ".git", "agent-evals-paths");
            await external_node_fs_.promises.writeFile(list, copied.map((f) => `${f}\0`).join(""));
            await session.git(["checkout", sha, "--pathspec-from-file", list, "--pathspec-file-nul"]);
            await (0,copy_regular/* copyRegularTree */.u)(external_node_path_default().join(session.dir, ...fetch.folder.split("/")), fetch.to);
        }
        return { sha, copied, refused };
    }
    finally {
        await session.dispose();
    }
}
/** Why a listed entry of the branch is not fetched (undefined: it is). */
function read_refusal(mode, file, bytes, total, limits) {
    if (mode === "120000")
        return "a symlink";
    if (mode === "160000")
        return "a submodule";
    if (!/^100(644|755)$/.test(mode))
        return `not a regular file (mode ${mode})`;
    if (file.split("/").some((s) => s === "" || s === "." || s === ".." || s.includes("\\")))
        return "not a plain path";
    if (bytes > limits.maxFileBytes)
        return `${bytes} bytes, more than ${limits.maxFileBytes}`;
    if (total + bytes > limits.maxTotalBytes)
        return `past ${limits.maxTotalBytes} bytes in all`;
    return undefined;
}

;// CONCATENATED MODULE: ./src/store/results-branch.ts
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









/***/ })

};
