export const id = 722;
export const ids = [722];
export const modules = {

/***/ 70722:
/***/ ((__unused_webpack_module, __unused_webpack___webpack_exports__, __webpack_require__) => {


// EXTERNAL MODULE: ./src/start/index.ts
var start = __webpack_require__(73452);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/command.js
var command = __webpack_require__(89635);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/file-command.js
var file_command = __webpack_require__(82902);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/utils.js
var utils = __webpack_require__(4679);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/summary.js
var summary = __webpack_require__(1170);
;// CONCATENATED MODULE: ./src/github/runner.ts
// The runner protocol the Action speaks (inputs, outputs, masks, annotations, log groups, the step
// summary), built on @actions/core's own command modules.
//
// Why not `import * as core from "@actions/core"`: its index eagerly imports the OIDC client, which
// pulls in @actions/http-client and undici — about 1 MB of code the Action never uses, compiled on
// every start, which more than doubled the cold start of a YAML-only run (docs/benchmarks.md, figure 5).
// The functions below are the same one-liners as core's index over the same modules, so the escaping
// of commands, the file-command delimiters and the summary writer are still @actions/core's.
// The relative paths are needed because core's `exports` map only exposes its index; the lockfile
// pins the version, and a changed layout fails the build rather than a run.





/** An input as the runner passes it (`INPUT_<NAME>`), trimmed; "" when not set. */
function getInput(name) {
    return (process.env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}
function setOutput(name, value) {
    if (process.env.GITHUB_OUTPUT) {
        (0,file_command/* issueFileCommand */.n)("OUTPUT", (0,file_command/* prepareKeyValueMessage */.v)(name, value));
        return;
    }
    process.stdout.write(external_node_os_.EOL);
    (0,command/* issueCommand */.L)("set-output", { name }, (0,utils/* toCommandValue */.E)(value));
}
/** Masks `secret` in the job's log from now on. */
function setSecret(secret) {
    (0,command/* issueCommand */.L)("add-mask", {}, secret);
}
function info(message) {
    process.stdout.write(message + external_node_os_.EOL);
}
function runner_error(message, properties = {}) {
    annotate("error", message, properties);
}
function warning(message, properties = {}) {
    annotate("warning", message, properties);
}
function notice(message, properties = {}) {
    annotate("notice", message, properties);
}
/** Marks the step failed (exit code 1) and logs `message` as an error annotation. */
function setFailed(message) {
    process.exitCode = 1;
    runner_error(message);
}
/** Runs `fn` inside a collapsible log group. */
async function group(name, fn) {
    (0,command/* issue */.s)("group", name);
    try {
        return await fn();
    }
    finally {
        (0,command/* issue */.s)("endgroup");
    }
}
function annotate(kind, message, properties) {
    (0,command/* issueCommand */.L)(kind, (0,utils/* toCommandProperties */.k)(properties), message instanceof Error ? message.toString() : message);
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/model/index.ts + 11 modules
var model = __webpack_require__(77893);
// EXTERNAL MODULE: ./src/util/index.ts + 34 modules
var util = __webpack_require__(64410);
// EXTERNAL MODULE: ./src/agents/index.ts + 27 modules
var agents = __webpack_require__(99119);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
// EXTERNAL MODULE: ./src/run/index.ts + 64 modules
var run = __webpack_require__(95139);
// EXTERNAL MODULE: ./src/define/index.ts + 26 modules
var src_define = __webpack_require__(12412);
// EXTERNAL MODULE: ./src/plan/index.ts + 9 modules
var src_plan = __webpack_require__(34427);
;// CONCATENATED MODULE: ./src/github/inputs.ts
// The Action's inputs, read and checked in one place. A bad input fails the step before anything runs.







/** The `replay` input's reserved value: the cassettes stored on the results branch. */
const REPLAY_RESULTS_BRANCH = "results-branch";
class InputError extends model/* AgentEvalsError */.xu {
    constructor(message) {
        super(model/* Codes */.NC.actionInput, message);
    }
}
function list(name) {
    return getInput(name)
        .split(/[\n,]/)
        .map((s) => s.trim())
        .filter(Boolean);
}
function bool(name, fallback) {
    const value = getInput(name).trim().toLowerCase();
    if (value === "")
        return fallback;
    if (["true", "yes", "1", "on"].includes(value))
        return true;
    if (["false", "no", "0", "off"].includes(value))
        return false;
    throw new InputError(`input ${name}: expected true or false, got ${JSON.stringify(value)}`);
}
function sandbox() {
    const value = (getInput("sandbox").trim() || run/* DEFAULT_PROVIDER */.Gr.name);
    if (!run/* SANDBOX_KINDS */.Gk.includes(value))
        throw new InputError(`input sandbox: takes ${run/* SANDBOX_KINDS */.Gk.join(", ")}, got ${JSON.stringify(value)}`);
    return value;
}
/** The docker inputs, checked as an eval's sandbox.image and limits are. */
function container() {
    const text = (name) => getInput(name).trim() || undefined;
    const image = text("image");
    const memory = text("memory");
    const cpus = text("cpus") === undefined ? undefined : Number(text("cpus"));
    const pids = text("pids") === undefined ? undefined : Number(text("pids"));
    const problem = (0,src_define/* containerLimitProblem */.ij)({ image, cpus, memory, pids });
    if (problem)
        throw new InputError(`input ${problem.key}: ${problem.message.replace(/^sandbox\.\w+ /, "")}`);
    const limits = {
        ...(cpus !== undefined ? { cpus } : {}),
        ...(memory !== undefined ? { memory } : {}),
        ...(pids !== undefined ? { pids } : {}),
    };
    if (image === undefined && Object.keys(limits).length === 0)
        return undefined;
    return { ...(image ? { image } : {}), ...(Object.keys(limits).length ? { limits } : {}) };
}
function number(name, check, what) {
    const text = getInput(name).trim();
    if (text === "")
        return undefined;
    // Plain decimals only: Number() would also take 0x10, 1e3 and 0b1.
    const digits = text.replace(/^\$/, "");
    const n = /^\d+(\.\d+)?$/.test(digits) ? Number(digits) : NaN;
    if (!Number.isFinite(n) || !check(n))
        throw new InputError(`input ${name}: expected ${what}, got ${JSON.stringify(text)}`);
    return n;
}
/** `agent-version` (AGENT@VERSION), parsed as the CLI's --agent-version. */
function agentVersion() {
    const text = getInput("agent-version").trim();
    if (!text)
        return {};
    try {
        return { agentVersion: (0,agents/* parseAgentVersion */.$i)(text) };
    }
    catch (error) {
        throw new InputError(`input agent-version: ${(0,model/* errorMessage */.gJ)(error).replace(/^--agent-version /, "")}`);
    }
}
/** `detect` (points, above 0 and at most 100) and `power` (a percentage from 50 to 99). */
function detect() {
    const points = number("detect", (n) => n > 0 && n <= 100, "a drop in points, above 0 and at most 100 (e.g. 20)");
    const power = number("power", (n) => n >= 50 && n <= 99, "a percentage from 50 to 99 (e.g. 80)");
    if (points === undefined) {
        if (power !== undefined)
            throw new InputError("input power: goes with input detect");
        return {};
    }
    return { detect: { detect: points / 100, power: (power ?? model/* DEFAULT_POWER */.qc * 100) / 100 } };
}
function shard() {
    try {
        return (0,src_plan/* parseShard */.uK)(getInput("shard"));
    }
    catch (error) {
        throw new InputError(`input shard: ${(0,model/* errorMessage */.gJ)(error)}`);
    }
}
function mode() {
    const value = (getInput("mode").trim().toLowerCase() || "run");
    if (!["run", "plan", "publish"].includes(value))
        throw new InputError(`input mode: expected run, plan or publish, got ${JSON.stringify(value)}`);
    return value;
}
function shards() {
    try {
        return (0,src_plan/* parseShardCount */.vI)(getInput("shards").trim() || "auto");
    }
    catch (error) {
        throw new InputError(`input shards: ${(0,model/* errorMessage */.gJ)(error)}`);
    }
}
/** The plan's JSON itself (a job output) or the path of a file holding it. */
function shardPlan() {
    const text = getInput("shard-plan").trim();
    if (text === "")
        return undefined;
    try {
        return (0,src_plan/* readShardAssignment */.qz)(text.startsWith("{") ? text : (0,external_node_fs_.readFileSync)(text, "utf8"));
    }
    catch (error) {
        throw new InputError(`input shard-plan: ${(0,model/* errorMessage */.gJ)(error)}; pass the plan mode's shard-plan output`);
    }
}
function inputs_history() {
    if (getInput("history").trim().toLowerCase() === "read")
        return { history: true, historyWrite: false };
    const on = bool("history", true);
    return { history: on, historyWrite: on };
}
/** A branch name git and the results branch accept (checked before anything runs, not when pushing). */
function resultsBranch() {
    const branch = getInput("results-branch").trim() || model/* DEFAULT_RESULTS_BRANCH */.CW;
    if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(branch) ||
        /\.\.|\/\/|\/\.|\.lock$|\.lock\/|[/.]$/.test(branch))
        throw new InputError(`input results-branch: ${JSON.stringify(branch)} is not a usable branch name; use letters, digits, ".", "_", "-" and "/" (e.g. ${model/* DEFAULT_RESULTS_BRANCH */.CW})`);
    return branch;
}
/** An artifact name the artifact service takes (checked before anything runs, not at upload). */
function artifactName() {
    const name = getInput("artifact-name").trim() || DEFAULT_ARTIFACT_NAME;
    if (/[":<>|*?\\/\r\n]/.test(name) || name.length > 256)
        throw new InputError(`input artifact-name: ${JSON.stringify(name)} may not hold " : < > | * ? \\ / or a line break (at most 256 characters)`);
    return name;
}
/** `auto` (the default) or `false`: whether a re-run attempt resumes the earlier one's results. */
function resume() {
    const value = getInput("resume").trim().toLowerCase();
    if (value === "" || value === "auto")
        return true;
    if (value === "false")
        return false;
    throw new InputError(`input resume: expected auto or false, got ${JSON.stringify(value)}`);
}
function failOnSkip() {
    const value = getInput("fail-on-skip").trim().toLowerCase();
    if (value === "all")
        return "all";
    return value === "" || value === "auto" ? "auto" : bool("fail-on-skip", false);
}
const DEFAULT_ARTIFACT_NAME = "agent-evals-results";
function readInputs() {
    const changed = getInput("changed-only").trim().toLowerCase() || "auto";
    const failOn = (getInput("fail-on").trim().toLowerCase() || "failure");
    if (!["failure", "regression", "parity", "never"].includes(failOn)) {
        throw new InputError(`input fail-on: expected failure, regression, parity or never, got ${JSON.stringify(failOn)}`);
    }
    const baseline = (getInput("baseline").trim().toLowerCase() || "auto");
    if (!["history", "rerun", "auto"].includes(baseline)) {
        throw new InputError(`input baseline: expected history, rerun or auto, got ${JSON.stringify(baseline)}`);
    }
    const inputs = {
        mode: mode(),
        evals: list("evals"),
        agents: list("agents"),
        budgetUsd: number("budget-usd", (n) => n >= 0, "an amount of US dollars ≥ 0"),
        ...detect(),
        ...agentVersion(),
        ...(getInput("reference-agent").trim()
            ? { referenceAgent: getInput("reference-agent").trim() }
            : {}),
        trials: number("trials", (n) => Number.isInteger(n) && n >= 1 && n <= 100, "a whole number from 1 to 100"),
        workingDirectory: getInput("working-directory").trim() || ".",
        changedOnly: changed === "auto" ? "auto" : bool("changed-only", false),
        baseRef: getInput("base-ref").trim() || undefined,
        baseline,
        ...inputs_history(),
        resultsBranch: resultsBranch(),
        force: bool("force", false),
        comment: bool("comment", true),
        uploadTranscripts: bool("upload-transcripts", true),
        artifactName: artifactName(),
        retentionDays: number("retention-days", (n) => Number.isInteger(n) && n >= 1 && n <= 400, "a number of days from 1 to 400"),
        resume: resume(),
        shard: shard(),
        sandbox: sandbox(),
        record: bool("record", false),
        replay: getInput("replay").trim() || undefined,
        container: container(),
        shards: shards(),
        shardPlan: shardPlan(),
        mergeFrom: getInput("merge-from").trim() || undefined,
        pullRequest: number("pull-request", (n) => Number.isInteger(n) && n >= 1, "a pull request number"),
        concurrency: number("concurrency", (n) => Number.isInteger(n) && n >= 1, "a whole number ≥ 1"),
        failOn,
        failOnSkip: failOnSkip(),
        historyRequired: bool("history-required", false),
        allowedActors: list("allowed-actors"),
        githubToken: getInput("github-token").trim(),
    };
    if (inputs.record && inputs.replay)
        throw new InputError("inputs record and replay exclude each other: record in one run, replay its cassettes in another");
    if (inputs.mode === "publish" && !inputs.mergeFrom)
        throw new InputError("input merge-from: publish mode needs the folder the shards' results were downloaded to");
    if (inputs.mode === "run" && inputs.shardPlan && !inputs.shard)
        throw new InputError("input shard-plan: goes with shard (i/n) in run mode");
    return inputs;
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(57975);
;// CONCATENATED MODULE: ./src/github/action/context.ts
// What this run is about, read once before anything else: the workspace, the event GitHub wrote,
// the pull request (if any), the branch it is compared with, origin's URL.







const context_run = (0,external_node_util_.promisify)(external_node_child_process_.execFile);
async function readActionContext(inputs, scratch) {
    const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
    const projectRoot = external_node_path_default().resolve(workspace, inputs.workingDirectory);
    const event = await readEvent();
    const pr = event.pull_request ??
        (inputs.pullRequest !== undefined
            ? {
                number: inputs.pullRequest,
                base: { ref: inputs.baseRef?.replace(/^origin\//, "") ?? "main" },
            }
            : undefined);
    const baseBranch = pr?.base.ref ?? inputs.baseRef?.replace(/^origin\//, "") ?? "main";
    // Only history and a replay from the results branch need the remote; asking git costs a process
    // start on every run.
    const remote = inputs.history || inputs.replay === REPLAY_RESULTS_BRANCH
        ? await originUrl(projectRoot)
        : undefined;
    return {
        inputs,
        workspace,
        projectRoot,
        event,
        pr,
        baseBranch,
        remote,
        fork: isForkPullRequest(event),
        scratch,
    };
}
/** The event payload GitHub wrote for this run (read directly: @actions/github loads Octokit). */
async function readEvent() {
    const file = process.env.GITHUB_EVENT_PATH;
    if (!file)
        return {};
    try {
        return JSON.parse(await (0,promises_.readFile)(file, "utf8"));
    }
    catch (error) {
        warning(`could not read the event payload ${file}: ${(0,model/* errorMessage */.gJ)(error)}`);
        return {};
    }
}
/** A pull request whose head lives in another repository: its runs get no secrets. */
function isForkPullRequest(event) {
    const pr = event.pull_request;
    if (!pr?.head)
        return false;
    if (pr.head.repo === null)
        return true; // the fork was deleted
    const head = pr.head.repo?.full_name;
    const base = pr.base?.repo?.full_name;
    return head !== undefined && base !== undefined && head !== base;
}
/** The head commit the run measured: the pull request's head, else the workflow's commit. */
function headShaOf(event) {
    const head = event.pull_request?.head?.sha;
    return typeof head === "string" ? head : process.env.GITHUB_SHA;
}
/** This workflow run's attempt: 1, then 2 and on for each "Re-run jobs". */
function runAttempt() {
    const attempt = Number(process.env.GITHUB_RUN_ATTEMPT ?? "1");
    return Number.isSafeInteger(attempt) && attempt >= 1 ? attempt : 1;
}
function serverUrl() {
    return process.env.GITHUB_SERVER_URL ?? "https://github.com";
}
/** This workflow run's page, when the runner says which run it is. */
function workflowRunUrl() {
    return process.env.GITHUB_REPOSITORY && process.env.GITHUB_RUN_ID
        ? `${serverUrl()}/${process.env.GITHUB_REPOSITORY}/actions/runs/${process.env.GITHUB_RUN_ID}`
        : undefined;
}
async function originUrl(dir) {
    try {
        const { stdout } = await context_run("git", ["remote", "get-url", "origin"], { cwd: dir });
        return stdout.trim() || undefined;
    }
    catch {
        return undefined;
    }
}

// EXTERNAL MODULE: ./src/store/index.ts + 13 modules
var store = __webpack_require__(35548);
// EXTERNAL MODULE: ./src/report/index.ts + 13 modules
var src_report = __webpack_require__(31564);
// EXTERNAL MODULE: ./src/engine/index.ts + 10 modules
var engine = __webpack_require__(2742);
;// CONCATENATED MODULE: ./src/github/traffic.ts
// The record and replay inputs as the engine takes them, for every mode that plans or runs trials:
// the plan job must plan what the shard jobs will run (a replayed or recorded trial always runs, and
// a replay needs no API key).



/** The record and replay inputs as the engine takes them; a replay folder that is not there is an input error. */
function trafficOf(inputs, projectRoot) {
    if (inputs.record)
        return { traffic: { mode: "record" } };
    if (!inputs.replay)
        return {};
    const from = external_node_path_default().resolve(projectRoot, inputs.replay);
    if (!external_node_fs_default().existsSync(from))
        throw new InputError(`input replay: ${inputs.replay} does not exist under the working directory; give the folder of cassettes committed with the evals (a results folder of a run with record: true)`);
    return { traffic: { mode: "replay", from } };
}

;// CONCATENATED MODULE: ./src/github/publish/modes.ts
// The Action's sharded modes. `plan` splits the suite for the matrix (nothing runs); shard jobs run
// in the ordinary mode with `shard` (+ the plan's `shard-plan`) and `history: read`; `publish`
// merges their results folders into one run and reports it once (summary, comment, history).











/** plan mode: the shard split and the matrix, as outputs and in the step summary. */
async function planMode(inputs, projectRoot, options) {
    const { plan, notes, cache } = await (0,engine/* planEvals */.$R)({
        projectRoot,
        evals: inputs.evals.length ? inputs.evals : undefined,
        agents: inputs.agents,
        trials: inputs.trials,
        changedBase: options.changedBase,
        historyDir: options.historyDir,
        force: inputs.force,
        budgetUsd: inputs.budgetUsd,
        // What the shard jobs will run with: every pair runs (no cached verdict stands in), and a
        // replay needs no API key. A replay folder that is not there fails here, before any shard.
        ...trafficOf(inputs, projectRoot),
        env: process.env,
    });
    for (const note of notes)
        info(note);
    const split = (0,src_plan/* planShards */.tF)(plan.units, inputs.shards, cache.history, plan.traffic);
    const lines = (0,src_report/* shardPlanLines */.Jh)(split);
    for (const line of lines)
        info(line);
    const assignment = { count: split.count, shards: split.shards };
    setOutput("matrix", JSON.stringify(split.matrix));
    setOutput("shard-plan", JSON.stringify(assignment));
    setOutput("shard-count", split.count);
    setOutput("balance", split.balance);
    setOutput("pairs", plan.units.length);
    await summary/* summary */.z
        .addHeading(`agent-evals plan: ${plan.units.length} pair(s) in ${split.count} shard(s)`, 3)
        .addCodeBlock(lines.join("\n"))
        .write()
        .catch((error) => warning(`step summary: ${error.message}`));
    return split;
}
/** Results folders under `dir`: itself, or its subfolders (one per downloaded artifact), sorted. */
async function shardResultDirs(dir) {
    const has = (d) => external_node_fs_.promises.stat(external_node_path_default().join(d, model/* RUN_JSON */.Xr)).then(() => true, () => false);
    if (await has(dir))
        return [dir];
    const entries = await external_node_fs_.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
    const dirs = entries
        .filter((e) => e.isDirectory())
        .map((e) => external_node_path_default().join(dir, e.name))
        .sort();
    const found = [];
    for (const d of dirs)
        if (await has(d))
            found.push(d);
    return found;
}
/** publish mode: the shards' results merged into the project's results folder, as one run. */
async function publishMode(inputs, projectRoot) {
    if (inputs.shardPlan && inputs.shardPlan.shards.flat().length === 0) {
        // The plan chose nothing (changed-only, and no eval is affected): no shard ran, so there is
        // nothing to merge. An empty run, so the comment and the summary say that nothing ran rather
        // than keep showing an earlier commit's results.
        info("publish: the plan chose no eval × agent pair; nothing to merge");
        return { ...(await (0,engine/* writeEmptyRun */.kQ)(projectRoot)), missing: [] };
    }
    const from = external_node_path_default().resolve(projectRoot, inputs.mergeFrom);
    const dirs = await shardResultDirs(from);
    if (dirs.length === 0)
        throw new PublishError(`merge-from ${inputs.mergeFrom}: no run.json in it or its subfolders; download the shards' artifacts there first`);
    info(`publish: merging ${dirs.length} shard result(s): ${dirs.map((d) => external_node_path_default().relative(from, d) || ".").join(", ")}`);
    const merged = await (0,engine/* mergeRuns */.rV)(dirs, {
        projectRoot,
        evals: inputs.evals.length ? inputs.evals : undefined,
    });
    // The summaries need the definitions (this job's checkout); without them only the rows remain.
    if (merged.warning)
        warning(merged.warning);
    for (const line of merged.skipped)
        warning(line);
    const historyLines = [];
    for (const dir of dirs) {
        // From a downloaded artifact: a link (to a secret, to /dev/zero) or a FIFO is said, not read.
        const text = await (0,store/* readBack */.e7)(external_node_path_default().join(dir, model/* HISTORY_FILE */.CX), {
            without: "that shard's history lines are not recorded",
            warn: (message) => warning(`publish: ${message}`),
        }).catch(() => undefined);
        historyLines.push(...(0,store/* parseHistory */.i6)(text ?? ""));
    }
    const present = new Set(merged.run.evals.map((e) => (0,src_plan/* pairKey */.Yz)({ spec: { id: e.id }, agentName: e.agent })));
    const missing = (inputs.shardPlan?.shards.flat() ?? []).filter((key) => !present.has(key));
    let exitCode = merged.exitCode;
    if (missing.length) {
        runner_error(`${missing.length} planned pair(s) have no results (a shard failed before uploading?): ${missing.join(", ")}`, { title: "agent-evals: shard results missing" });
        exitCode = 2;
    }
    return {
        run: merged.run,
        exitCode,
        resultsDir: merged.resultsDir,
        historyLines,
        missing,
        summaries: merged.summaries,
    };
}
class PublishError extends model/* AgentEvalsError */.xu {
    constructor(message) {
        super(model/* Codes */.NC.mergeFailed, message);
    }
}
/** Run mode: the run's history lines beside run.json, for a publishing job (history: read). */
async function writeHistoryLines(resultsDir, lines) {
    // As appendHistory writes them: keys in order, redacted.
    const redact = (0,util/* outgoingRedactor */.PC)();
    // Whatever is in its place (a link an agent planted) goes first; "wx" never writes through one.
    const file = external_node_path_default().join(resultsDir, model/* HISTORY_FILE */.CX);
    await external_node_fs_.promises.rm(file, { force: true });
    await external_node_fs_.promises.writeFile(file, lines.map((line) => (0,store/* historyLineText */.Cz)(line, redact)).join(""), {
        flag: "wx",
    });
}

;// CONCATENATED MODULE: ./src/github/action/cassettes.ts
// Cassettes on the results branch (docs/record-replay.md): a run with `record: true` that writes
// history also stores its recordings there, under `cassettes/<eval>/<agent>/trial-<n>/`, the latest
// recording of each eval × agent replacing the one before (the branch grows with the evals, not
// with the runs). `replay: results-branch` fetches that folder into a temp folder, laid out as a
// replay folder (`evals/<eval>/<agent>/trial-<n>/`), and replays from it. What is fetched is read
// as hostile input: only regular files named as cassettes, within size limits, are taken.








/** The results branch's folder of cassettes. */
const CASSETTES_FOLDER = "cassettes";
/** The most bytes of cassettes `replay: results-branch` fetches in all (one is at most MAX_CASSETTE_BYTES). */
const MAX_FETCHED_CASSETTE_BYTES = 1024 * 1024 * 1024;
/**
 * The run's recordings as folders of the results branch: `cassettes/<eval>/<agent>/` for each
 * eval × agent with at least one cassette (the agent's and its judge calls', regular files only,
 * each within MAX_CASSETTE_BYTES), replaced whole.
 */
async function recordedCassettes(resultsDir) {
    const evalsDir = external_node_path_default().join(resultsDir, "evals");
    const folders = [];
    for (const evalId of await dirs(evalsDir))
        for (const agent of await dirs(external_node_path_default().join(evalsDir, evalId))) {
            const files = [];
            for (const trial of await dirs(external_node_path_default().join(evalsDir, evalId, agent))) {
                const trialDir = external_node_path_default().join(evalsDir, evalId, agent, trial);
                for (const name of (await external_node_fs_.promises.readdir(trialDir)).filter(run/* isCassetteFile */.LS).sort()) {
                    const read = (0,util/* readRegularSync */.Wy)(external_node_path_default().join(trialDir, name), run/* MAX_CASSETTE_BYTES */.O9);
                    if (read.kind === "file" && !read.truncated)
                        files.push({ path: `${trial}/${name}`, bytes: read.bytes });
                }
            }
            if (files.length)
                folders.push({ folder: `${CASSETTES_FOLDER}/${evalId}/${agent}`, files });
        }
    return folders;
}
async function dirs(dir) {
    const entries = await external_node_fs_.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
    return entries
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();
}
/**
 * The context with `replay: results-branch` resolved: the branch's cassettes fetched into a temp
 * folder (removed when the step ends) that the replay input then names. Any other input is
 * returned as it is. An InputError when the branch cannot be read or holds no cassette.
 */
async function withReplaySource(ctx) {
    const { inputs, remote } = ctx;
    if (inputs.replay !== REPLAY_RESULTS_BRANCH)
        return ctx;
    const where = `branch ${inputs.resultsBranch}`;
    if (!remote)
        throw new InputError(`input replay: ${REPLAY_RESULTS_BRANCH} needs the checkout's \`origin\` remote to read ${where} from`);
    const to = await external_node_fs_.promises.mkdtemp(external_node_path_default().join(external_node_os_default().tmpdir(), "agent-evals-branch-cassettes-"));
    ctx.scratch.push(() => external_node_fs_.promises.rm(to, { recursive: true, force: true }));
    const { fetchResultsFolder } = await Promise.all(/* import() */[__webpack_require__.e(830), __webpack_require__.e(724), __webpack_require__.e(865)]).then(__webpack_require__.bind(__webpack_require__, 24865));
    let fetched;
    try {
        fetched = await fetchResultsFolder({ remote, branch: inputs.resultsBranch, token: inputs.githubToken }, {
            folder: CASSETTES_FOLDER,
            to: external_node_path_default().join(to, "evals"),
            accepts: run/* isCassetteFile */.LS,
            maxFileBytes: run/* MAX_CASSETTE_BYTES */.O9,
            maxTotalBytes: MAX_FETCHED_CASSETTE_BYTES,
        });
    }
    catch (error) {
        throw new InputError(`input replay: could not read ${where}: ${(0,model/* errorMessage */.gJ)(error)}`);
    }
    for (const { path: file, reason } of fetched.refused)
        warning(`replay: ${file} on ${where} is ${reason}; not used`);
    if (!fetched.sha)
        throw new InputError(`input replay: ${where} does not exist; record first (record: true with history on stores the cassettes there)`);
    if (fetched.copied.length === 0 && fetched.refused.length === 0)
        throw new InputError(`input replay: ${where} holds no cassettes under ${CASSETTES_FOLDER}/; record first (record: true with history on stores them there)`);
    info(`replay: ${fetched.copied.length} cassette(s) from ${where} at ${fetched.sha.slice(0, 7)}${fetched.refused.length ? `, ${fetched.refused.length} refused` : ""}`);
    return { ...ctx, inputs: { ...inputs, replay: to } };
}

;// CONCATENATED MODULE: ./src/github/action/history.ts
// History on the results branch: read into a scratch checkout before the run (the base to compare
// with, the verdicts to reuse), this run's verdicts appended after it.







async function readHistory({ inputs, remote }) {
    let checkout;
    let before = new Map();
    let readable = inputs.history && remote !== undefined;
    if (inputs.history && remote) {
        try {
            const { readResultsBranch } = await Promise.all(/* import() */[__webpack_require__.e(830), __webpack_require__.e(724), __webpack_require__.e(865)]).then(__webpack_require__.bind(__webpack_require__, 24865));
            checkout = await readResultsBranch({
                remote,
                branch: inputs.resultsBranch,
                token: inputs.githubToken,
            });
            if (checkout)
                before = await (0,store/* readAllHistory */.iU)(external_node_path_default().join(checkout.dir, "history"));
            info(checkout
                ? `history: read ${before.size} eval(s) from ${inputs.resultsBranch}`
                : `history: ${inputs.resultsBranch} does not exist yet; it is created after this run`);
        }
        catch (error) {
            readable = false;
            warning(`history: could not read ${inputs.resultsBranch}: ${(0,model/* errorMessage */.gJ)(error)}. Running without history.`);
        }
    }
    return {
        before,
        dir: checkout ? external_node_path_default().join(checkout.dir, "history") : undefined,
        readable,
        dispose: async () => {
            await checkout?.dispose();
        },
    };
}
/** The verdicts beside run.json: a publishing job pushes them when this job only reads history. */
async function keepHistoryLines(outcome) {
    await writeHistoryLines(outcome.resultsDir, outcome.historyLines).catch((error) => warning(`history lines not written: ${error.message}`));
}
/** The recorded lines of the base branch only: what this run's verdicts are compared with. */
function baseLinesOf(history, baseBranch) {
    return new Map([...history.before].map(([id, lines]) => [
        id,
        lines.filter((l) => !l.ref || l.ref === baseBranch),
    ]));
}
/**
 * Appends the run's verdicts to the results branch (when this job is the one that writes) and
 * says in the log where they went; returns what went wrong, in one sentence, when not saved.
 */
async function saveHistory({ inputs, remote }, history, outcome) {
    const problem = await appendHistory(inputs, history.readable, remote, outcome);
    if (inputs.history && !inputs.historyWrite) {
        info(`history: read only; ${outcome.historyLines.length} line(s) left in ${outcome.resultsDir}/history.jsonl for the publishing job`);
    }
    else if (inputs.history && !remote) {
        notice("history skipped: the working directory has no `origin` remote");
    }
    return problem;
}
async function appendHistory(inputs, readable, remote, outcome) {
    if (!inputs.historyWrite)
        return undefined;
    if (!remote)
        return inputs.historyRequired ? "the checkout has no `origin` remote" : undefined;
    if (!readable)
        return `${inputs.resultsBranch} could not be read, so nothing was appended to it`;
    if (!outcome.historyLines.length)
        return undefined;
    try {
        const byId = new Map();
        for (const line of outcome.historyLines)
            byId.set(line.id, [...(byId.get(line.id) ?? []), JSON.stringify(line)]);
        const { appendToResultsBranch } = await Promise.all(/* import() */[__webpack_require__.e(830), __webpack_require__.e(724), __webpack_require__.e(865)]).then(__webpack_require__.bind(__webpack_require__, 24865));
        // A recording run's cassettes go in the same commit, each eval × agent's replacing the last.
        const cassettes = inputs.record ? await recordedCassettes(outcome.resultsDir) : [];
        const stored = cassettes.length
            ? ` and the cassettes of ${cassettes.length} eval × agent pair(s)`
            : "";
        // Pushed also when the branch did not exist yet (the first run creates it).
        const pushed = await appendToResultsBranch({ remote, branch: inputs.resultsBranch, token: inputs.githubToken }, [...byId].map(([id, lines]) => ({ path: `history/${id}.jsonl`, lines })), `agent-evals: ${outcome.historyLines.length} result(s)${stored} for ${process.env.GITHUB_SHA?.slice(0, 7) ?? "a run"}`, cassettes);
        info(`history: ${outcome.historyLines.length} line(s)${stored} pushed to ${inputs.resultsBranch} in ${pushed.attempts} attempt(s)`);
        return undefined;
    }
    catch (error) {
        const message = (0,model/* errorMessage */.gJ)(error);
        // A read-only token (fork PRs) is expected there: a notice; a refusal or an outage: a warning.
        if (error.kind === "permission")
            notice(`history not saved: ${message}`);
        else
            warning(`history not saved: ${message}`);
        return message;
    }
}
/** The health of every eval × agent over the recorded runs and this run's (broken, flaky, saturated). */
function healthSection(history, lines) {
    const all = new Map([...history.before].map(([id, l]) => [id, [...l]]));
    for (const line of lines)
        all.set(line.id, [...(all.get(line.id) ?? []), line]);
    return (0,src_report/* healthMarkdown */.gG)((0,store/* healthOf */.Wr)(all, store/* HEALTH_WINDOW */.w9), store/* HEALTH_WINDOW */.w9);
}

;// CONCATENATED MODULE: ./src/github/action/base.ts
// The base this run is measured against: changed-only's (which evals to run at all) and, on a pull
// request with baseline rerun, the base whose version of each changed eval runs beside the head's.




async function resolveBases(ctx) {
    const { inputs, pr, baseBranch, projectRoot, scratch } = ctx;
    const changed = inputs.mode === "publish"
        ? undefined
        : await changedBaseFor(inputs, pr !== undefined, baseBranch, projectRoot, scratch);
    // On a pull request the base's version of each changed eval runs beside the head's (rerun).
    const rerun = inputs.mode === "run" && pr !== undefined && inputs.baseline !== "history"
        ? (changed ?? (await fetchBase(inputs, baseBranch, projectRoot, scratch)))
        : undefined;
    if (inputs.mode === "run" && inputs.baseline === "rerun" && pr === undefined)
        notice("baseline rerun: not a pull request, so there is no base to run; history is used");
    return { changed, rerun };
}
/**
 * The run's evals: beside another version of an agent CLI (the `agent-version` input:
 * `compareAgentVersion`), else beside their base's version when there is one to rerun
 * (`compareEvals`), else alone.
 */
function againstBase(base, candidate) {
    if (candidate)
        return (options) => (0,engine/* compareAgentVersion */.BZ)({ ...options, candidate, say: (line) => info(line) });
    return base ? (options) => (0,engine/* compareEvals */.Bn)({ ...options, base }) : engine/* runEvals */.PP;
}
/** --changed's base: on pull requests by default, with the base branch fetched (best effort). */
async function changedBaseFor(inputs, isPullRequest, baseBranch, dir, scratch) {
    const on = inputs.changedOnly === "auto" ? isPullRequest : inputs.changedOnly;
    if (!on)
        return undefined;
    return fetchBase(inputs, baseBranch, dir, scratch);
}
/**
 * The base ref (base-ref, else origin/<base branch>). A branch of origin is fetched (depth 1) into
 * a scratch repository and read from there, so the checkout's refs, index and shallowness stay as
 * actions/checkout left them; when that fails, the checkout's own ref is used, if it has one.
 */
async function fetchBase(inputs, baseBranch, dir, scratch) {
    const base = inputs.baseRef ?? `origin/${baseBranch}`;
    if (!base.startsWith("origin/"))
        return base;
    const remote = await originUrl(dir);
    if (!remote)
        return base;
    try {
        const { fetchBranchTip } = await Promise.all(/* import() */[__webpack_require__.e(830), __webpack_require__.e(724), __webpack_require__.e(865)]).then(__webpack_require__.bind(__webpack_require__, 24865));
        const tip = await fetchBranchTip({
            remote,
            branch: base.slice("origin/".length),
            token: inputs.githubToken,
        });
        scratch.push(tip.dispose);
        return { ref: base, sha: tip.sha, objectsDir: tip.objectsDir };
    }
    catch (error) {
        warning(`base ${base}: could not fetch it (${(0,model/* errorMessage */.gJ)(error).split("\n")[0]}); using the checkout's ${base} if it has one`);
        return base;
    }
}

;// CONCATENATED MODULE: ./src/github/action/gate.ts
// Before anything is spent: may whoever started this run use the paid agents? When not, the
// engine gets an environment without any agent's credentials, so nothing paid can start.



async function gateActor({ inputs }) {
    const withheld = inputs.mode === "run" ? await actorRefusal(inputs) : undefined;
    if (withheld)
        warning(withheld, { title: "agent-evals: paid agents not run" });
    return { withheld, env: withheld ? withoutCredentials(process.env) : process.env };
}
/** Why the actor may not spend (see ../actor.ts); undefined outside GitHub or when they may. */
async function actorRefusal(inputs) {
    const actor = process.env.GITHUB_ACTOR;
    const [owner, repo] = (process.env.GITHUB_REPOSITORY ?? "").split("/");
    if (!actor || !owner || !repo)
        return undefined;
    const { spendingRefusal } = await Promise.all(/* import() */[__webpack_require__.e(119), __webpack_require__.e(351), __webpack_require__.e(666)]).then(__webpack_require__.bind(__webpack_require__, 22666));
    return spendingRefusal({
        token: inputs.githubToken,
        baseUrl: process.env.GITHUB_API_URL,
        owner,
        repo,
        actor,
        allowed: inputs.allowedActors,
    });
}
/** The environment without any agent's credential variables. */
function withoutCredentials(env) {
    const out = { ...env };
    for (const name of (0,util/* secretNames */.XG)(env, (0,agents/* builtInCredentialEnv */.kz)()))
        delete out[name];
    return out;
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
;// CONCATENATED MODULE: ./src/github/sandbox-cache.ts
// Keeping prepared sandboxes (a template filled and `setup` run in it) between workflow runs with
// the GitHub Actions cache, through @actions/cache (loaded only when the cache is used).
//
// Caching is an optimisation: nothing here throws for a cache problem. A failed or missing cache
// service, a miss, a key the service rejects: restorePrepared answers false, savePrepared saves
// nothing, and both say why through `log`.
//
// The cache ties an entry to the exact paths it was saved from (they are part of its version, and
// tar stores them relative to GITHUB_WORKSPACE), while prepared sandboxes live in fresh temp
// folders. So the tree goes through a folder whose path depends only on the key:
// `<RUNNER_TEMP or tmpdir>/agent-evals-sandbox-cache/<key>`, copied there to save, and restored
// there, then moved into `dir`.




const KEY_PREFIX = "agent-evals-sandbox-";
/**
 * The cache key of a prepared sandbox: `agent-evals-sandbox-<id>-<16 hex>`, the hex being the
 * start of a sha256 over the setup commands, the template hash and the platform and CPU
 * architecture (a tree after `npm ci` may hold native binaries).
 */
function cacheKeyFor(spec) {
    const digest = (0,external_node_crypto_.createHash)("sha256")
        .update(JSON.stringify({
        setup: spec.setup,
        templateHash: spec.templateHash,
        platform: process.platform,
        arch: process.arch,
    }))
        .digest("hex")
        .slice(0, 16);
    // Keys may not hold commas and are limited to 512 characters.
    const id = spec.id.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 200);
    return `${KEY_PREFIX}${id}-${digest}`;
}
/** Whether the environment names a cache service (the variables reach action steps only). */
function sandboxCacheConfigured() {
    const env = process.env;
    return Boolean(env["ACTIONS_RUNTIME_TOKEN"] && (env["ACTIONS_RESULTS_URL"] || env["ACTIONS_CACHE_URL"]));
}
function stagingDir(key, options) {
    const root = options.stagingRoot ?? (process.env["RUNNER_TEMP"] || (0,external_node_os_.tmpdir)());
    return external_node_path_default().resolve(root, "agent-evals-sandbox-cache", key);
}
function message(error) {
    return error instanceof Error ? error.message : String(error);
}
async function loadCache(log) {
    if (!sandboxCacheConfigured()) {
        log("sandbox cache: no cache service in this environment (ACTIONS_RUNTIME_TOKEN / ACTIONS_RESULTS_URL)");
        return undefined;
    }
    const cache = await Promise.all(/* import() */[__webpack_require__.e(119), __webpack_require__.e(830), __webpack_require__.e(947), __webpack_require__.e(142)]).then(__webpack_require__.bind(__webpack_require__, 60142));
    if (!cache.isFeatureAvailable()) {
        log("sandbox cache: the cache service is not available");
        return undefined;
    }
    return cache;
}
/**
 * Fill `dir` (created if missing) with the tree saved under `key`. True on an exact hit; false on
 * a miss or any problem. After false, a `dir` that was missing or empty is left missing or empty.
 */
async function restorePrepared(dir, key, options = {}) {
    const log = options.log ?? (() => { });
    const target = external_node_path_default().resolve(dir);
    let staging;
    let wasEmpty = true;
    let touched = false;
    try {
        const cache = await loadCache(log);
        if (!cache)
            return false;
        staging = stagingDir(key, options);
        await external_node_fs_.promises.rm(staging, { recursive: true, force: true });
        const matched = await cache.restoreCache([staging], key);
        if (matched !== key) {
            log(`sandbox cache: miss for ${key}`);
            return false;
        }
        if (!(await external_node_fs_.promises.stat(staging).catch(() => undefined))?.isDirectory()) {
            log(`sandbox cache: the entry for ${key} did not restore ${staging}`);
            return false;
        }
        const existing = await external_node_fs_.promises.readdir(target).catch(() => undefined);
        wasEmpty = !existing || existing.length === 0;
        touched = true;
        await external_node_fs_.promises.mkdir(external_node_path_default().dirname(target), { recursive: true });
        if (wasEmpty) {
            await external_node_fs_.promises.rm(target, { recursive: true, force: true });
            try {
                await external_node_fs_.promises.rename(staging, target);
            }
            catch {
                // Another file system (EXDEV) or the like: copy instead.
                await external_node_fs_.promises.cp(staging, target, { recursive: true, verbatimSymlinks: true });
            }
        }
        else {
            await external_node_fs_.promises.cp(staging, target, { recursive: true, verbatimSymlinks: true, force: true });
        }
        log(`sandbox cache: restored ${key}`);
        return true;
    }
    catch (error) {
        log(`sandbox cache: restore of ${key} failed: ${message(error)}`);
        if (touched && wasEmpty) {
            await external_node_fs_.promises.rm(target, { recursive: true, force: true }).catch(() => { });
        }
        return false;
    }
    finally {
        if (staging)
            await external_node_fs_.promises.rm(staging, { recursive: true, force: true }).catch(() => { });
    }
}
/** Save the tree in `dir` under `key`. Never throws; a save that didn't happen is logged. */
async function savePrepared(dir, key, options = {}) {
    const log = options.log ?? (() => { });
    let staging;
    try {
        const cache = await loadCache(log);
        if (!cache)
            return;
        staging = stagingDir(key, options);
        await external_node_fs_.promises.rm(staging, { recursive: true, force: true });
        await external_node_fs_.promises.mkdir(external_node_path_default().dirname(staging), { recursive: true });
        await external_node_fs_.promises.cp(external_node_path_default().resolve(dir), staging, { recursive: true, verbatimSymlinks: true });
        const id = await cache.saveCache([staging], key);
        if (id === -1)
            log(`sandbox cache: ${key} was not saved (see the cache warnings above)`);
        else
            log(`sandbox cache: saved ${key}`);
    }
    catch (error) {
        log(`sandbox cache: save of ${key} failed: ${message(error)}`);
    }
    finally {
        if (staging)
            await external_node_fs_.promises.rm(staging, { recursive: true, force: true }).catch(() => { });
    }
}

;// CONCATENATED MODULE: ./src/github/action/interrupt.ts
// A job that is cancelled or runs out of time: the runner sends SIGINT, then SIGTERM, then kills the
// process seconds later. Without a handler Node dies at the first signal and the results that
// finished are lost with it; so, as the CLI does (src/cli/interrupts.ts), the first signal aborts
// the run and kills its agents, the engine writes run.json marked interrupted, and the Action goes
// on to upload the results folder, from which a re-run of the job resumes. The handlers stay until
// the process ends: a repeated signal must not cut the upload short either.



/** Aborts when the runner stops the job; the handlers stay until the process ends. */
function abortOnRunnerSignals() {
    const controller = new AbortController();
    (0,util/* onTerminatingSignals */.XP)((signal, repeat) => {
        if (!repeat)
            warning(`${signal}: the job is being stopped; ending the run and uploading what finished`);
        controller.abort();
        (0,engine/* killAllAgents */.QC)();
    });
    return controller.signal;
}

;// CONCATENATED MODULE: ./src/github/publish/earlier-artifact.ts
// Finding and fetching the results an earlier attempt of this job uploaded, for a re-run to resume
// from. A workflow run's artifacts outlive its attempts (the results service lists every attempt's,
// and a name stays taken across them: see ./artifacts.ts), so attempt N finds attempt N−1's under
// the same name. The zip is fetched as it is (skipDecompress) and unpacked by ./unzip.ts, never by
// the client's extractor, which writes whatever the archive names.


/**
 * The artifact of this workflow run that the newest earlier attempt of this job uploaded: the
 * newest `<name>-<job>-attempt<k>` for k below `attempt` (what an attempt uploads when another job
 * of the run holds `name`: ./artifacts.ts), else `name`. One of the former says `name` is another
 * job's, however new it is (that job's own re-run replaces it). Undefined when there is none.
 */
async function findEarlierArtifact(options) {
    const { DefaultArtifactClient } = await Promise.all(/* import() */[__webpack_require__.e(119), __webpack_require__.e(351), __webpack_require__.e(830), __webpack_require__.e(947), __webpack_require__.e(799)]).then(__webpack_require__.bind(__webpack_require__, 76799));
    const { artifacts } = await new DefaultArtifactClient().listArtifacts();
    const fallback = new RegExp(`^${escapeRegExp(`${options.name}-${options.job}-attempt`)}(\\d+)$`);
    const attemptOf = (name) => Number(fallback.exec(name)?.[1] ?? 0);
    const own = artifacts
        .filter((a) => attemptOf(a.name) > 0 && attemptOf(a.name) < options.attempt)
        .sort((a, b) => attemptOf(b.name) - attemptOf(a.name));
    const found = own[0] ?? artifacts.find((a) => a.name === options.name);
    return found
        ? {
            id: found.id,
            name: found.name,
            size: found.size,
            ...(found.digest ? { digest: found.digest } : {}),
        }
        : undefined;
}
/**
 * Downloads the artifact's zip, unopened, into `into` (an empty folder made for it); its path.
 * Throws when the download fails or its sha256 is not the one the service listed.
 */
async function downloadArtifactZip(artifact, into) {
    const { DefaultArtifactClient } = await Promise.all(/* import() */[__webpack_require__.e(119), __webpack_require__.e(351), __webpack_require__.e(830), __webpack_require__.e(947), __webpack_require__.e(799)]).then(__webpack_require__.bind(__webpack_require__, 76799));
    const { digestMismatch } = await new DefaultArtifactClient().downloadArtifact(artifact.id, {
        path: into,
        skipDecompress: true,
        ...(artifact.digest ? { expectedHash: artifact.digest } : {}),
    });
    if (digestMismatch)
        throw new Error(`${artifact.name}: its sha256 is not the one listed`);
    const entries = await external_node_fs_.promises.readdir(into, { withFileTypes: true });
    const zip = entries.find((e) => e.isFile());
    if (entries.length !== 1 || !zip)
        throw new Error(`${artifact.name}: expected one downloaded file, found ${entries.length}`);
    return external_node_path_default().join(into, zip.name);
}
function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

;// CONCATENATED MODULE: ./src/github/publish/artifacts.ts
// Uploading a run's results folder as a workflow artifact, through @actions/artifact (loaded only
// when something is uploaded). The client zips the files, streams the zip to blob storage and
// reports its size and sha256 to the results service; see test/fakes/results-service.ts.





/** The web page of an artifact: `${serverUrl}/${repo}/actions/runs/${runId}/artifacts/${id}`. */
function artifactUrl(serverUrl, repo, runId, artifactId) {
    return `${serverUrl.replace(/\/+$/, "")}/${repo}/actions/runs/${runId}/artifacts/${artifactId}`;
}
/**
 * Upload every regular file under `options.dir` as one artifact. Throws when the upload fails (the
 * caller decides whether that fails the run). A folder with no files uploads nothing and
 * returns `{ size: 0, files: 0 }`.
 */
async function uploadResults(options) {
    const dir = external_node_path_default().resolve(options.dir);
    let relFiles = await listFiles(dir, options.log);
    if (relFiles.length === 0)
        return { name: options.name, size: 0, files: 0 };
    let root = dir;
    let staging;
    try {
        if (options.redact) {
            staging = await external_node_fs_.promises.mkdtemp(external_node_path_default().join((0,external_node_os_.tmpdir)(), "agent-evals-upload-"));
            root = external_node_path_default().join(staging, "results");
            relFiles = await stageRedacted(dir, root, relFiles, options.redact, options.log);
            if (relFiles.length === 0)
                return { name: options.name, size: 0, files: 0 };
        }
        const { DefaultArtifactClient } = await Promise.all(/* import() */[__webpack_require__.e(119), __webpack_require__.e(351), __webpack_require__.e(830), __webpack_require__.e(947), __webpack_require__.e(799)]).then(__webpack_require__.bind(__webpack_require__, 76799));
        const client = new DefaultArtifactClient();
        const send = (name) => client.uploadArtifact(name, relFiles.map((rel) => external_node_path_default().join(root, rel)), root, options.retentionDays === undefined ? {} : { retentionDays: options.retentionDays });
        let name = options.name;
        let response;
        try {
            response = await send(name);
        }
        catch (error) {
            if (!nameTaken(error))
                throw error;
            const attempt = options.attempt ?? 1;
            const job = options.job ?? "job";
            if (attempt > 1 && (await takenByEarlierAttempt(name, job, attempt))) {
                // A re-run: the name is the earlier attempt's. Replace it (names stay taken across
                // attempts), so the name's consumers (download-artifact by name or pattern, the report
                // job's merge) get this attempt's results, which hold every trial a resume kept.
                await client.deleteArtifact(name);
                options.log?.(`${name}: replaced the artifact of an earlier attempt of this run`);
            }
            else {
                name = `${name}-${job}-attempt${attempt}`;
                options.log?.(`${options.name} is already taken in this run (another job or step uploaded it): uploaded as ${name}; give each job its own artifact-name`);
            }
            response = await send(name);
        }
        const result = {
            name,
            size: response.size ?? 0,
            files: relFiles.length,
        };
        if (response.id !== undefined) {
            result.id = response.id;
            const repo = process.env["GITHUB_REPOSITORY"];
            const runId = process.env["GITHUB_RUN_ID"];
            if (repo && runId) {
                const server = process.env["GITHUB_SERVER_URL"] || "https://github.com";
                result.url = artifactUrl(server, repo, runId, response.id);
            }
        }
        return result;
    }
    finally {
        if (staging)
            await external_node_fs_.promises.rm(staging, { recursive: true, force: true });
    }
}
/**
 * Whether `name` is this job's own from an earlier attempt: not when an earlier attempt of this job
 * had to upload as `<name>-<job>-attempt<k>`, which says another job holds `name` (and deleting it
 * would lose that job's results).
 */
async function takenByEarlierAttempt(name, job, attempt) {
    const earlier = await findEarlierArtifact({ name, job, attempt });
    return earlier === undefined || earlier.name === name;
}
/** The service's 409: an artifact of that name exists in this workflow run. */
function nameTaken(error) {
    return /\(409\)|already exists|Conflict/i.test(error?.message ?? "");
}
/**
 * Regular files under `dir`, as sorted paths relative to `dir`. A link is never followed, to a file
 * or a folder: an agent of a `--sandbox none` run can plant one in the results folder (to a secret,
 * to /dev/zero), and the artifact is public to whoever can read the repository. Links, FIFOs,
 * sockets and devices are left out, each said through `log`.
 */
async function listFiles(dir, log) {
    const out = [];
    async function walk(rel) {
        // Dirent types come from the folder itself (lstat-like): a link is a link here.
        const entries = await external_node_fs_.promises.readdir(external_node_path_default().join(dir, rel), { withFileTypes: true });
        for (const entry of entries) {
            const childRel = rel ? external_node_path_default().join(rel, entry.name) : entry.name;
            if (entry.isDirectory())
                await walk(childRel);
            else if (entry.isFile())
                out.push(childRel);
            else {
                const stats = await external_node_fs_.promises.lstat(external_node_path_default().join(dir, childRel)).catch(() => undefined);
                if (stats)
                    log?.(`${childRel} is ${(0,util/* kindOf */.pP)(stats)}: not uploaded`);
            }
        }
    }
    await walk("");
    return out.sort();
}
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function decodeUtf8(bytes) {
    try {
        return utf8.decode(bytes);
    }
    catch {
        return undefined;
    }
}
/**
 * Copy `relFiles` from `from` to `to`, passing text files through `redact`; resolves to the files
 * copied. Each is opened without following a link and read only if it is still a regular file
 * (one swapped for a link or FIFO since it was listed is left out and said).
 */
async function stageRedacted(from, to, relFiles, redact, log) {
    const staged = [];
    for (const rel of relFiles) {
        const source = external_node_path_default().join(from, rel);
        const dest = external_node_path_default().join(to, rel);
        const opened = await (0,util/* openRegular */.lf)(source);
        if (opened.kind !== "file") {
            if (opened.kind === "refused")
                log?.(`${rel} is ${opened.what}: not uploaded`);
            continue;
        }
        let bytes;
        let mode;
        try {
            bytes = await opened.handle.readFile();
            mode = (await opened.handle.stat()).mode;
        }
        finally {
            await opened.handle.close();
        }
        await external_node_fs_.promises.mkdir(external_node_path_default().dirname(dest), { recursive: true });
        const text = decodeUtf8(bytes);
        const redacted = text === undefined ? undefined : redact(text);
        await external_node_fs_.promises.writeFile(dest, redacted === undefined || redacted === text ? bytes : redacted);
        await external_node_fs_.promises.chmod(dest, mode & 0o777);
        staged.push(rel);
    }
    return staged;
}

;// CONCATENATED MODULE: ./src/github/action/publish.ts
// Where the report goes: the transcripts artifact, the step summary, the failure annotations and
// the sticky PR comment. Each is best effort: a failure to publish is a warning, never the verdict.







const COMMENT_MARKER = "<!-- agent-evals:sticky -->";
/** Uploads the results folder (upload-transcripts); the artifact's page when GitHub gave an id. */
async function uploadArtifact(dir, inputs, declared) {
    if (!inputs.uploadTranscripts)
        return undefined;
    const uploaded = await upload(dir, inputs, declared);
    if (uploaded?.id !== undefined && process.env.GITHUB_REPOSITORY && process.env.GITHUB_RUN_ID)
        return artifactUrl(serverUrl(), process.env.GITHUB_REPOSITORY, process.env.GITHUB_RUN_ID, uploaded.id);
    return undefined;
}
/** Uploads the results folder; on a name taken in this run, see `uploadResults`. */
async function upload(dir, inputs, declared) {
    try {
        const uploaded = await uploadResults({
            redact: uploadRedactor(declared),
            dir,
            name: inputs.artifactName,
            retentionDays: inputs.retentionDays,
            attempt: runAttempt(),
            job: process.env.GITHUB_JOB ?? "job",
            log: (message) => warning(`artifact: ${message}`),
        });
        info(`artifact ${uploaded.name}: ${uploaded.files} file(s), ${uploaded.size} bytes`);
        return uploaded;
    }
    catch (error) {
        warning(`artifact: upload failed: ${(0,model/* errorMessage */.gJ)(error)}`);
        return undefined;
    }
}
/** Replaces credentials in uploaded files: the same values and forms as the run's own redaction. */
function uploadRedactor(declared) {
    const redactor = (0,util/* secretRedactor */.xc)(process.env, declared);
    return redactor.empty ? undefined : (text) => redactor.text(text);
}
async function writeStepSummary(report) {
    await summary/* summary */.z
        .addRaw((0,src_report/* renderRunMarkdown */.Bh)(report))
        .write()
        .catch((error) => warning(`step summary: ${error.message}`));
}
/** Failed checks become annotations on the eval file's line (paths relative to the repository). */
function annotateFailures(evals, workingDirectory) {
    for (const e of evals) {
        if (e.status !== "failed")
            continue;
        const trial = e.trials.find((t) => t.status === "failed");
        const check = trial?.checks.find((c) => !c.ok);
        const message = `${e.id} [${e.agent}] ${e.passes}/${e.trialsRun} passed. ${check ? `${check.name}: ${check.evidence}` : (trial?.reason ?? "")}`;
        runner_error(message.slice(0, 2000), {
            title: `agent-evals: ${e.id} failed`,
            file: external_node_path_default().normalize(external_node_path_default().join(workingDirectory, check?.file ?? e.file)),
            startLine: check?.line ?? e.line,
        });
    }
}
/** The sticky comment on the pull request (the comment input); its URL when posted. */
async function postStickyComment(ctx, report) {
    return upsertComment(ctx, (0,src_report/* renderRunMarkdown */.Bh)({ ...report, marker: COMMENT_MARKER }));
}
/**
 * The plan, as the sticky comment, before any trial starts (./evals.ts): what will run, the power
 * each comparison has, the forecast cost and the rule. The report replaces it when the run ends.
 */
async function postPlanComment(ctx, lines) {
    return upsertComment(ctx, [COMMENT_MARKER, ...lines, ""].join("\n"));
}
async function upsertComment({ inputs, pr }, body) {
    if (!pr || !inputs.comment)
        return undefined;
    try {
        const [owner = "", repo = ""] = (process.env.GITHUB_REPOSITORY ?? "").split("/");
        const { upsertStickyComment } = await Promise.all(/* import() */[__webpack_require__.e(119), __webpack_require__.e(351), __webpack_require__.e(798)]).then(__webpack_require__.bind(__webpack_require__, 3798));
        const comment = await upsertStickyComment({
            token: inputs.githubToken,
            baseUrl: process.env.GITHUB_API_URL,
            owner,
            repo,
            issueNumber: pr.number,
            body,
            marker: COMMENT_MARKER,
        });
        info(`PR comment ${comment.action}: ${comment.url}`);
        return comment.url;
    }
    catch (error) {
        warning(`PR comment not posted: ${(0,model/* errorMessage */.gJ)(error)}`);
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/github/action/evals.ts
// The run itself, by mode: plan only splits the suite into shards, publish merges the shards'
// results, run runs the evals (beside the base's version when there is one to rerun).











/**
 * Runs the mode the inputs ask for; undefined in plan mode, where nothing runs. Throws what the
 * engine throws (`DefinitionError`, `AgentEvalsError`: see ./refusal.ts).
 */
async function runTheEvals(ctx, { historyDir, bases, gate, resumed, declaredSecrets, }) {
    const { inputs, projectRoot } = ctx;
    if (inputs.mode === "plan") {
        await planMode(inputs, projectRoot, { historyDir, changedBase: bases.changed });
        return undefined;
    }
    if (inputs.mode === "publish") {
        const published = await publishMode(inputs, projectRoot);
        return { outcome: published, missing: published.missing };
    }
    const counts = { kept: 0, ran: 0 };
    const outcome = await group("agent-evals", () => runInGroup(ctx, { historyDir, bases, gate, declaredSecrets, resumed, counts }));
    return {
        outcome,
        missing: [],
        ...(resumed ? { resumed: { ...resumed, ...counts } } : {}),
    };
}
function runInGroup(ctx, step) {
    const { inputs, projectRoot, fork } = ctx;
    const { withheld, env } = step.gate;
    const garbage = new util/* GarbageCadence */.T();
    const style = (0,src_report/* makeStyle */.Oe)({}, {});
    return againstBase(step.bases.rerun, inputs.agentVersion)({
        projectRoot,
        evals: inputs.evals.length ? inputs.evals : undefined,
        agents: inputs.agents,
        trials: inputs.trials,
        concurrency: inputs.concurrency,
        sandbox: inputs.sandbox,
        container: inputs.container,
        ...trafficOf(inputs, projectRoot),
        budgetUsd: inputs.budgetUsd,
        shard: inputs.shard,
        shardPlan: inputs.shardPlan,
        changedBase: step.bases.changed,
        historyDir: step.historyDir,
        force: inputs.force,
        signal: abortOnRunnerSignals(),
        // The earlier attempt's results are in the results folder (./resume.ts): keep its finished trials.
        resume: step.resumed !== undefined,
        ...(inputs.detect ? { detect: inputs.detect } : {}),
        ...(inputs.referenceAgent ? { referenceAgent: inputs.referenceAgent } : {}),
        env,
        hideFromAgents: runnerInternal,
        preparedStore: sandboxCacheConfigured() ? actionsCacheStore() : undefined,
        // No saved logins on GitHub's runners; fork PRs get no secrets at all.
        skipWithoutCredentials: withheld || fork || process.env.RUNNER_ENVIRONMENT === "github-hosted"
            ? { fork, withheld }
            : undefined,
        events: {
            async onPlan({ plan, specs, notes, skippedForCredentials, keptTrials, history }) {
                step.counts.kept = keptTrials ?? 0;
                // Declared secrets are masked too, before anything could print them.
                for (const spec of specs)
                    for (const name of spec.prompt?.secrets ?? []) {
                        step.declaredSecrets.add(name);
                        if (process.env[name])
                            setSecret(process.env[name]);
                    }
                for (const note of notes)
                    info(note);
                if (skippedForCredentials)
                    notice(`${skippedForCredentials} eval × agent pair(s) skipped: their agent's API key is not set${fork ? " (pull request from a fork: GitHub passes it no secrets)" : ""}`);
                info(`${plan.units.length} eval × agent pair(s); ${plan.agentUnits} will start an agent`);
                // On a pull request the comment shows the plan before any trial starts (and is replaced
                // by the report at the end): what each comparison can detect and what the run may cost.
                if (ctx.pr && inputs.comment && plan.agentUnits > 0)
                    await postPlanComment(ctx, planCommentLines(plan, history, inputs.detect));
            },
            onTrialEnd(unit, trial) {
                step.counts.ran++;
                garbage.trialEnded();
                info((0,src_report/* trialLine */.Xh)((0,model/* unitLabel */.xj)(unit), unit.agentName, (0,model/* mostTrials */.H6)(unit), trial, style));
            },
        },
    });
}
/**
 * The runner's own credentials and endpoints (cache, artifacts, OIDC) and this step's inputs (the
 * token among them): the Action's, not the agents'. An agent holding ACTIONS_RUNTIME_TOKEN could
 * write the Actions cache that later runs restore. Without `sandbox: bwrap` an agent running as the
 * same user can still read them from its parent's /proc entry; bwrap's pid namespace closes that.
 */
function runnerInternal(name) {
    return /^(INPUT_|ACTIONS_(RUNTIME_|CACHE_|RESULTS_|ID_TOKEN_REQUEST_))/.test(name);
}
/** The prepared-sandbox store backed by the Actions cache (setup results survive between runs). */
function actionsCacheStore() {
    // The messages say "sandbox cache: …" themselves.
    const log = (message) => info(message);
    return {
        keyFor: cacheKeyFor,
        restore: (dir, key) => restorePrepared(dir, key, { log }),
        save: (dir, key) => savePrepared(dir, key, { log }),
    };
}
/**
 * The pre-run comment: the trials each pair runs, the power they have to flag a drop (the `detect`
 * input's, else DEFAULT_DETECT), the forecast cost from history, and the decision rule.
 */
function planCommentLines(plan, history, detect) {
    const target = detect ?? { detect: model/* DEFAULT_DETECT */.Y$, power: model/* DEFAULT_POWER */.qc };
    const power = (0,src_plan/* planPower */.B1)(plan, history, target);
    return [
        "### agent-evals: planned, running now",
        "",
        `Before any trial started: ${plan.agentUnits} eval × agent pair(s) will run. The results replace this comment when the run ends.`,
        "",
        ...(0,src_report/* powerPlanMarkdown */._e)(power, (0,src_plan/* decisionRule */.bH)(target)),
    ];
}

// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(38522);
;// CONCATENATED MODULE: ./src/github/publish/unzip.ts
// Extracting a downloaded artifact (a zip) that may be hostile: a pull request's agent wrote the
// files it holds, and anything holding the run's runtime token can upload one. So the zip is read
// here rather than by the artifact client's extractor: only folders and regular files come out,
// into a folder made fresh for it; a link, FIFO, device or socket entry is left out; no name may
// leave the folder; every size is capped before it is written. Nothing that is already there is
// ever written through: each file is created new (O_EXCL, O_NOFOLLOW), each folder made one step
// at a time and checked to be a folder.



const DEFAULT_UNZIP_LIMITS = {
    entries: 200_000,
    fileBytes: 256 * 1024 * 1024,
    totalBytes: 4 * 1024 * 1024 * 1024,
};
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const KINDS = {
    0o120000: "a symlink",
    0o010000: "a FIFO",
    0o020000: "a character device",
    0o060000: "a block device",
    0o140000: "a socket",
};
/** The zip is unreadable (truncated, zip64, encrypted, over a limit): nothing is to be trusted. */
class UnzipError extends Error {
}
/**
 * Extracts `zipFile` into `into`, which must be an empty folder made for it. Throws UnzipError when
 * the archive cannot be read or passes a limit (what was written so far stays: the caller removes
 * the folder).
 */
async function unzipInto(zipFile, into, limits = DEFAULT_UNZIP_LIMITS) {
    const handle = await external_node_fs_.promises.open(zipFile, external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW);
    try {
        const entries = await centralDirectory(handle, limits);
        const out = { files: 0, bytes: 0, skipped: [] };
        for (const entry of entries) {
            const parts = safeParts(entry.name);
            if (!parts) {
                out.skipped.push(`${JSON.stringify(entry.name)}: a name outside the folder`);
                continue;
            }
            const isDir = entry.name.endsWith("/") || entry.type === S_IFDIR;
            if (entry.type !== undefined && entry.type !== 0 && entry.type !== S_IFREG && !isDir) {
                out.skipped.push(`${parts.join("/")}: ${KINDS[entry.type] ?? "not a regular file"}`);
                continue;
            }
            if (isDir) {
                if (!(await folderAt(into, parts)))
                    out.skipped.push(`${parts.join("/")}: a file of that name is in the way`);
                continue;
            }
            if (entry.size > limits.fileBytes)
                throw new UnzipError(`${parts.join("/")}: ${entry.size} bytes, over ${limits.fileBytes}`);
            if (out.bytes + entry.size > limits.totalBytes)
                throw new UnzipError(`the files add up to more than ${limits.totalBytes} bytes`);
            const bytes = await contentOf(handle, entry, limits.fileBytes);
            const parent = await folderAt(into, parts.slice(0, -1));
            if (!parent) {
                out.skipped.push(`${parts.join("/")}: a file is in the way of its folder`);
                continue;
            }
            if (!(await createFile(external_node_path_default().join(parent, parts.at(-1)), bytes))) {
                out.skipped.push(`${parts.join("/")}: listed twice`);
                continue;
            }
            out.files++;
            out.bytes += bytes.length;
        }
        return out;
    }
    finally {
        await handle.close();
    }
}
/** The entries the central directory lists (the authoritative list; local headers only locate data). */
async function centralDirectory(handle, limits) {
    const { size } = await handle.stat();
    // The end record is 22 bytes plus a comment of at most 65,535.
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = await readAt(handle, size - tailLength, tailLength);
    let end = -1;
    for (let i = tail.length - 22; i >= 0; i--)
        if (tail.readUInt32LE(i) === EOCD) {
            end = i;
            break;
        }
    if (end < 0)
        throw new UnzipError("not a zip archive (no end of central directory)");
    const count = tail.readUInt16LE(end + 10);
    const cdSize = tail.readUInt32LE(end + 12);
    const cdOffset = tail.readUInt32LE(end + 16);
    if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
        throw new UnzipError("zip64 archives are not read (far larger than a results folder)");
    if (count > limits.entries)
        throw new UnzipError(`${count} entries, over ${limits.entries}`);
    if (cdOffset + cdSize > size)
        throw new UnzipError("the central directory is past the end");
    const cd = await readAt(handle, cdOffset, cdSize);
    const entries = [];
    let at = 0;
    for (let i = 0; i < count; i++) {
        if (at + 46 > cd.length || cd.readUInt32LE(at) !== CENTRAL)
            throw new UnzipError("a truncated central directory");
        const madeBy = cd.readUInt16LE(at + 4) >> 8;
        const nameLength = cd.readUInt16LE(at + 28);
        const extraLength = cd.readUInt16LE(at + 30);
        const commentLength = cd.readUInt16LE(at + 32);
        const mode = cd.readUInt32LE(at + 38) >>> 16;
        entries.push({
            flags: cd.readUInt16LE(at + 8),
            method: cd.readUInt16LE(at + 10),
            compressedSize: cd.readUInt32LE(at + 20),
            size: cd.readUInt32LE(at + 24),
            localOffset: cd.readUInt32LE(at + 42),
            name: cd.toString("utf8", at + 46, at + 46 + nameLength),
            // 3: made on unix, where the high half of the external attributes is st_mode.
            ...(madeBy === 3 ? { type: mode & S_IFMT } : {}),
        });
        at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
}
/** A file's bytes, inflated; never more than `cap` (a bomb stops at the cap, not at memory's end). */
async function contentOf(handle, entry, cap) {
    if (entry.flags & 0x1)
        throw new UnzipError(`${entry.name}: encrypted`);
    const local = await readAt(handle, entry.localOffset, 30);
    if (local.length < 30 || local.readUInt32LE(0) !== LOCAL)
        throw new UnzipError(`${entry.name}: no local header where the directory says`);
    const dataAt = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    const raw = await readAt(handle, dataAt, entry.compressedSize);
    if (raw.length !== entry.compressedSize)
        throw new UnzipError(`${entry.name}: truncated`);
    let bytes;
    if (entry.method === 0)
        bytes = raw;
    else if (entry.method === 8) {
        try {
            bytes = (0,external_node_zlib_.inflateRawSync)(raw, { maxOutputLength: Math.max(1, Math.min(cap, entry.size)) });
        }
        catch (error) {
            throw new UnzipError(`${entry.name}: does not inflate to its ${entry.size} bytes (${error})`);
        }
    }
    else
        throw new UnzipError(`${entry.name}: compression method ${entry.method}`);
    if (bytes.length !== entry.size)
        throw new UnzipError(`${entry.name}: ${bytes.length} bytes, the directory says ${entry.size}`);
    return bytes;
}
async function readAt(handle, position, length) {
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
        const { bytesRead } = await handle.read(buffer, read, length - read, position + read);
        if (bytesRead === 0)
            break;
        read += bytesRead;
    }
    return buffer.subarray(0, read);
}
/** The name's parts, or undefined when it could name anything outside the folder. */
function safeParts(name) {
    if (name.includes("\0") || name.includes("\\") || name.startsWith("/"))
        return undefined;
    const parts = name.split("/").filter((part, i, all) => !(part === "" && i === all.length - 1));
    if (parts.length === 0)
        return undefined;
    if (parts.some((part) => part === "" || part === "." || part === ".."))
        return undefined;
    return parts;
}
/** The folder `parts` names under `root`, made one step at a time; undefined when a file is in the way. */
async function folderAt(root, parts) {
    let dir = root;
    for (const part of parts) {
        dir = external_node_path_default().join(dir, part);
        await external_node_fs_.promises.mkdir(dir, { mode: 0o755 }).catch((error) => {
            if (error.code !== "EEXIST")
                throw error;
        });
        // lstat: only entries made here exist, and none is a link; a file of that name is in the way.
        if (!(await external_node_fs_.promises.lstat(dir)).isDirectory())
            return undefined;
    }
    return dir;
}
/** Creates `file` with `bytes`; false when something of that name is there already. */
async function createFile(file, bytes) {
    let handle;
    try {
        handle = await external_node_fs_.promises.open(file, external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | external_node_fs_.constants.O_EXCL | external_node_fs_.constants.O_NOFOLLOW, 0o644);
    }
    catch (error) {
        if (error.code === "EEXIST")
            return false;
        throw error;
    }
    try {
        await handle.writeFile(bytes);
    }
    finally {
        await handle.close();
    }
    return true;
}

;// CONCATENATED MODULE: ./src/github/action/resume.ts
// A re-run job resumes (the `resume` input): when GitHub runs a job again ("Re-run failed jobs"
// after a runner died or an infra error), the results its earlier attempt uploaded are laid into
// the results folder and the run goes on with `resume: true` (src/run/resume.ts), so the trials
// that finished are kept, not paid for twice, and only the unfinished and infra-error ones run.
//
// The artifact is hostile input: the agents of the earlier attempt could write in the folder it was
// made from, and anything holding the runtime token can upload. It is unpacked by ../publish/unzip.ts
// into a folder made for it (regular files only, sizes capped), and read by the resume reader,
// which never follows a link either. It cannot change a verdict's rule: an eval whose definition or
// prompt hash differs from the one its trials recorded runs whole, and the artifact of a run on
// another commit is not used at all.











/**
 * On a re-run attempt (`resume: auto`, run mode), the newest earlier attempt's results laid into
 * the results folder; undefined when this run starts afresh (first attempt, `resume: false`, no
 * artifact, another commit, an unreadable one), each said in a notice or a warning.
 */
async function resumeEarlierAttempt(ctx) {
    const { inputs } = ctx;
    const attempt = runAttempt();
    if (inputs.mode !== "run" || !inputs.resume || attempt === 1)
        return undefined;
    if (!process.env.ACTIONS_RUNTIME_TOKEN || !process.env.ACTIONS_RESULTS_URL) {
        notice(`resume: attempt ${attempt}, but no artifact service here: running every trial`);
        return undefined;
    }
    let artifact;
    try {
        artifact = await findEarlierArtifact({
            name: inputs.artifactName,
            job: process.env.GITHUB_JOB ?? "job",
            attempt,
        });
    }
    catch (error) {
        warning(`resume: could not list this run's artifacts: ${(0,model/* errorMessage */.gJ)(error)}`);
        return undefined;
    }
    if (!artifact) {
        // A job killed before its upload step leaves none; so does upload-transcripts: false.
        notice(`resume: attempt ${attempt} found no artifact ${inputs.artifactName} of an earlier attempt (killed before it uploaded?): running every trial`);
        return undefined;
    }
    // The listed size is the zip's: one larger than everything it may unpack to is not fetched.
    if (artifact.size > DEFAULT_UNZIP_LIMITS.totalBytes) {
        warning(`resume: ${artifact.name} is ${artifact.size} bytes, too large to resume from`);
        return undefined;
    }
    const download = await external_node_fs_.promises.mkdtemp(external_node_path_default().join(process.env.RUNNER_TEMP || external_node_os_default().tmpdir(), "ae-resume-"));
    try {
        const zip = await downloadArtifactZip(artifact, download);
        return await layDown(ctx, zip, artifact, attempt);
    }
    catch (error) {
        warning(`resume: artifact ${artifact.name} not used: ${(0,model/* errorMessage */.gJ)(error)}`);
        return undefined;
    }
    finally {
        await external_node_fs_.promises.rm(download, { recursive: true, force: true });
    }
}
/** Unpacks the zip into a fresh folder beside the results folder, checks it, and moves it there. */
async function layDown({ projectRoot }, zip, artifact, attempt) {
    const resultsDir = external_node_path_default().join(projectRoot, model/* RESULTS_DIR */.z5);
    // The checkout is the pull request's: `.copybook` may be a link it planted. The engine refuses
    // one too, later; the results are never written through it, here either.
    (0,store/* refuseLinkedOwnFolder */.Ad)(projectRoot, resultsDir);
    await external_node_fs_.promises.mkdir(external_node_path_default().join(projectRoot, model/* OWN_DIR */.hT)).catch((error) => {
        if (error.code !== "EEXIST")
            throw error;
    });
    const fresh = await external_node_fs_.promises.mkdtemp(external_node_path_default().join(projectRoot, model/* OWN_DIR */.hT, ".resume-"));
    try {
        const unzipped = await unzipInto(zip, fresh);
        if (unzipped.skipped.length)
            warning(`resume: ${artifact.name}: ${unzipped.skipped.length} entr${unzipped.skipped.length === 1 ? "y" : "ies"} left out: ${unzipped.skipped.slice(0, 10).join("; ")}`);
        const problem = await otherCommit(fresh, projectRoot);
        if (problem) {
            notice(`resume: ${artifact.name} not used: ${problem}; running every trial`);
            return undefined;
        }
        await external_node_fs_.promises.rm(resultsDir, { recursive: true, force: true });
        await external_node_fs_.promises.rename(fresh, resultsDir);
    }
    finally {
        await external_node_fs_.promises.rm(fresh, { recursive: true, force: true });
    }
    if (!(await (0,run/* readPreviousRun */.$Z)(projectRoot, resultsDir))) {
        notice(`resume: ${artifact.name} holds no run to resume: running every trial`);
        return undefined;
    }
    info(`resume: attempt ${attempt} goes on from ${artifact.name} (an earlier attempt's)`);
    return { attempt, artifact: artifact.name };
}
/**
 * Why the earlier results are of another commit than the checkout, or undefined. A re-run runs the
 * same commit, so they differ only when the workflow checks out something else (a branch that moved
 * since); then no trial is kept. Without run.json (the earlier attempt was killed) there is no
 * commit to compare: the artifact is this workflow run's, whose commit is the checkout's.
 */
async function otherCommit(dir, projectRoot) {
    const text = (0,util/* readRegularTextSync */.DM)(external_node_path_default().join(dir, model/* RUN_JSON */.Xr), 256 * 1024 * 1024);
    if (text === undefined)
        return undefined;
    let commit;
    try {
        commit = JSON.parse(text).commit;
    }
    catch {
        return undefined;
    }
    if (typeof commit !== "string")
        return undefined;
    const head = await (0,util/* gitHeadCommit */.q8)(projectRoot);
    return head !== undefined && head !== commit
        ? `its run measured commit ${commit.slice(0, 12)}, this checkout is ${head.slice(0, 12)}`
        : undefined;
}

;// CONCATENATED MODULE: ./src/github/action/refusal.ts
// A run that did not start says why: as annotations, in the step summary, and by failing the step.



/** Fails the step for an error the engine refused the run with; rethrows any other error. */
async function refuseRun(error, workingDirectory) {
    if (error instanceof model/* DefinitionError */.gk) {
        for (const p of error.problems) {
            runner_error(`${p.code} ${p.message}${p.fix ? ` — fix: ${p.fix}` : ""}`, {
                file: external_node_path_default().join(workingDirectory, p.file),
                startLine: p.line,
                title: "agent-evals: invalid eval definition",
            });
        }
        const message = `${error.problems.length} problem(s) in the eval definitions; nothing was run:\n${error.problems.map(model/* formatProblem */.Vw).join("\n")}`;
        await writeRefusal("agent-evals did not run: invalid eval definitions", message);
        return setFailed(message);
    }
    if (error instanceof model/* AgentEvalsError */.xu) {
        await writeRefusal("agent-evals did not run", error.message);
        return setFailed(error.message);
    }
    throw error;
}
/** A refused or invalid run says why in the step summary too, not only in the log. */
async function writeRefusal(title, message) {
    await summary/* summary */.z
        .addHeading(title, 3)
        .addCodeBlock(message)
        .write()
        .catch((error) => warning(`step summary: ${error.message}`));
}

// EXTERNAL MODULE: ./src/kinds/index.ts + 25 modules
var kinds = __webpack_require__(23012);
;// CONCATENATED MODULE: ./src/github/action/report.ts
// The report of the run, as the step summary and the PR comment show it: the rows against the base,
// the notes the reader must not miss, the sections the eval kinds add.









function compareWithBase({ baseBranch, projectRoot, workspace, inputs }, history, bases, run) {
    const baseLines = baseLinesOf(history, baseBranch);
    // With the base rerun here, the regression flag is the paired comparison's; the rows still list
    // each eval's result (against history where there is one).
    const comparisons = run.comparisons ?? [];
    const shown = relativeToRepository(run, projectRoot, workspace);
    const rows = (0,store/* compareRuns */.qB)(shown.evals.filter((e) => e.arm === undefined), baseLines);
    // The same with another agent CLI version as the treatment (the agent-version input).
    const regressions = bases.rerun || inputs.agentVersion
        ? comparisons.filter((c) => c.verdict === "regression").length
        : rows.filter((r) => r.flag === "regression").length;
    return { shown, rows, regressions };
}
/** What the reader must not miss: history not saved, pairs skipped, pairs the budget cut short. */
function reportNotes(run, historyProblem) {
    return [
        ...(historyProblem ? [`history not saved: ${historyProblem}`] : []),
        ...skippedNotes(run.evals),
        ...budgetNotes(run),
    ];
}
/** Every planned pair was skipped: the run measured nothing. */
function nothingJudged(run) {
    return !(0,model/* judgedAny */.M0)(run.evals) && run.counts.skipped > 0;
}
function warnIfNothingJudged(run, failure) {
    if (nothingJudged(run))
        warning(`nothing was judged: all ${run.counts.skipped} planned eval × agent pair(s) were skipped (see the summary)${failure ? "" : "; fail-on-skip: all (or true) fails the step on this"}`, { title: "agent-evals: nothing judged" });
}
function composeReport({ inputs, event, baseBranch }, history, bases, facts) {
    const { outcome, compared, notes } = facts;
    // A scheduled run says which evals need attention, from the history and this run.
    const nightly = process.env.GITHUB_EVENT_NAME === "schedule" && history.readable;
    return {
        run: compared.shown,
        rows: compared.rows,
        baseRef: baseBranch,
        runUrl: workflowRunUrl(),
        artifactUrl: facts.artifactUrl,
        headSha: headShaOf(event),
        ...(facts.resumed ? { resumed: resumedLine(facts.resumed) } : {}),
        notes: nothingJudged(outcome.run)
            ? [
                `nothing was judged: every planned eval × agent pair was skipped, so this run measured nothing`,
                ...notes,
            ]
            : notes,
        stepFailed: facts.failure !== undefined,
        // A shard's own summary would give precision and recall over its part of the queries only.
        sections: inputs.shard
            ? []
            : [
                ...(0,kinds/* markdownSections */.iW)(outcome.summaries),
                ...(nightly ? healthSection(history, outcome.historyLines) : []),
            ],
        nothingRanBecause: inputs.mode === "publish"
            ? "the plan chose no eval × agent pair (with changed-only, on by default for pull requests, none is affected by this change; otherwise the evals and agents inputs match none)"
            : bases.changed
                ? `none is affected by this change (changed-only, compared with ${(0,src_plan/* baseName */.Fl)(bases.changed)})`
                : undefined,
    };
}
/** `resumed attempt 2: kept 7 of 10 trials, ran 3 (from agent-evals-results)`. */
function resumedLine({ attempt, artifact, kept, ran }) {
    return `resumed attempt ${attempt}: kept ${kept} of ${kept + ran} trials, ran ${ran} (from ${artifact}, an earlier attempt's results)`;
}
/** The skipped pairs, said once: what was planned and did not run, and why. */
function skippedNotes(evals) {
    const skipped = evals.filter((e) => e.arm === undefined && e.status === "skipped");
    if (!skipped.length)
        return [];
    const reasons = [...new Set(skipped.map((e) => e.reason ?? "no reason given"))];
    const names = skipped.map((e) => `${e.id} [${e.agent}]`);
    return [
        `${skipped.length} planned eval × agent pair(s) skipped, not run: ${names.slice(0, 10).join(", ")}${names.length > 10 ? ", …" : ""} (${reasons.slice(0, 3).join("; ")})`,
    ];
}
/** The pairs the budget cut short, named in the log, as an annotation and in the report. */
function budgetNotes({ evals, budgetUsd }) {
    const cut = evals.filter((e) => e.arm === undefined && e.status === "incomplete");
    if (!cut.length)
        return [];
    const names = cut.map((e) => `${e.id} [${e.agent}] (${e.trialsRun}/${e.trialsPlanned} trials)`);
    const budget = budgetUsd !== undefined ? ` of ${(0,src_report/* usd */.dR)(budgetUsd)}` : "";
    const note = `the budget${budget} cut ${cut.length} eval × agent pair(s) short: ${names.join(", ")}`;
    warning(note, { title: "agent-evals: budget cut" });
    return [note];
}
/**
 * The run as the comment and the annotations show it: paths relative to the repository, never
 * the runner's absolute ones (a check's file, the workspace in evidence and reasons).
 */
function relativeToRepository(run, projectRoot, workspace) {
    const prefix = workspace.endsWith((external_node_path_default()).sep) ? workspace : `${workspace}${(external_node_path_default()).sep}`;
    const strip = (text) => text.split(prefix).join("");
    const file = (f) => f === undefined ? undefined : external_node_path_default().isAbsolute(f) ? external_node_path_default().relative(projectRoot, f) : f;
    return {
        ...run,
        evals: run.evals.map((e) => ({
            ...e,
            ...(e.reason !== undefined ? { reason: strip(e.reason) } : {}),
            trials: e.trials.map((t) => ({
                ...t,
                ...(t.reason !== undefined ? { reason: strip(t.reason) } : {}),
                checks: t.checks.map((c) => ({
                    ...c,
                    evidence: strip(c.evidence),
                    ...(c.file !== undefined ? { file: file(c.file) } : {}),
                })),
            })),
        })),
    };
}

;// CONCATENATED MODULE: ./src/github/action/outcome.ts
// The step's outcome: its outputs, and whether it fails (fail-on, fail-on-skip, history-required).



function setOutputs(outcome, regressions, commentUrl) {
    const { run } = outcome;
    const c = run.counts;
    setOutput("passed", c.passed);
    setOutput("failed", c.failed);
    setOutput("skipped", c.skipped);
    setOutput("cached", c.cached);
    setOutput("incomplete", c.incomplete);
    setOutput("cost-usd", run.costUsd);
    setOutput("results-json", external_node_path_default().join(outcome.resultsDir, model/* RUN_JSON */.Xr));
    setOutput("comment-url", commentUrl ?? "");
    setOutput("regressions", regressions);
}
/** Why the step fails, or undefined when it succeeds. */
function stepFailure(inputs, outcome, facts) {
    const c = outcome.run.counts;
    const failOnSkip = inputs.failOnSkip === "auto"
        ? ["schedule", "workflow_dispatch"].includes(process.env.GITHUB_EVENT_NAME ?? "")
        : inputs.failOnSkip;
    const skipFails = c.skipped > 0 &&
        (failOnSkip === true || (failOnSkip === "all" && !(0,model/* judgedAny */.M0)(outcome.run.evals)));
    if (facts.missing.length)
        return `${facts.missing.length} planned eval × agent pair(s) have no results: see the log`;
    if (outcome.exitCode === 2)
        return "agent-evals could not run some evals (infra errors or failed setup): see the log";
    if (inputs.failOn === "failure" && outcome.exitCode === 1)
        return `${c.failed + c.incomplete + c.inconclusive} eval × agent pair(s) did not pass`;
    if (inputs.failOn === "parity" && (0,model/* parityFails */.V_)(outcome.run.parity ?? []))
        return "an agent falls behind the reference agent by more than the margin: see the parity table";
    if (inputs.failOn === "regression" && facts.regressions > 0)
        return inputs.agentVersion
            ? `${facts.regressions} significant regression(s) of ${inputs.agentVersion.agent}@${inputs.agentVersion.version} against the installed CLI`
            : `${facts.regressions} significant regression(s) against ${facts.baseBranch}`;
    if (skipFails)
        return failOnSkip === "all"
            ? `all ${c.skipped} planned eval × agent pair(s) were skipped: nothing was judged (fail-on-skip: all): see the summary`
            : `${c.skipped} planned eval × agent pair(s) were skipped and did not run (fail-on-skip): see the summary`;
    if (inputs.historyRequired && facts.historyProblem)
        return `history not saved (history-required): ${facts.historyProblem}`;
    return undefined;
}

;// CONCATENATED MODULE: ./src/github/run-action.ts
// The Action: inputs → engine → publish (summary, annotations, artifact, PR comment, history).
// The engine knows nothing of GitHub; everything GitHub-shaped happens here and in ./action/, one
// module per step, which `runWith` calls in order.

















async function runAction() {
    let inputs;
    try {
        inputs = readInputs();
    }
    catch (error) {
        if (error instanceof InputError) {
            await writeRefusal("agent-evals did not run: invalid input", error.message);
            return setFailed(error.message);
        }
        throw error;
    }
    // Credential variables (known names, names that look like one, AGENT_EVALS_REDACT) never appear in the log.
    for (const name of (0,util/* secretNames */.XG)(process.env, (0,agents/* builtInCredentialEnv */.kz)()))
        if (process.env[name])
            setSecret(process.env[name]);
    if (inputs.githubToken)
        setSecret(inputs.githubToken);
    const scratch = [];
    try {
        await runWith(inputs, scratch);
    }
    finally {
        for (const dispose of scratch)
            await dispose().catch(() => undefined);
    }
}
async function runWith(inputs, scratch) {
    const ctx = await readActionContext(inputs, scratch);
    const history = await readHistory(ctx);
    const bases = await resolveBases(ctx);
    const gate = await gateActor(ctx);
    let ran;
    const declaredSecrets = new Set();
    try {
        // `replay: results-branch`: the branch's cassettes fetched first (an input error if it can't
        // be), before the costlier download of an earlier attempt's results.
        const replaySource = await withReplaySource(ctx);
        // A re-run attempt: the earlier attempt's results laid into the results folder, to go on from.
        const resumed = await resumeEarlierAttempt(ctx);
        ran = await runTheEvals(replaySource, {
            historyDir: history.dir,
            bases,
            gate,
            declaredSecrets,
            ...(resumed ? { resumed } : {}),
        });
    }
    catch (error) {
        await history.dispose();
        // A crash mid-run (not a refusal, which ran nothing) may leave finished trials: upload them,
        // so that a re-run of this job resumes from them instead of paying for them again.
        if (inputs.mode === "run" && !(error instanceof model/* AgentEvalsError */.xu))
            await uploadArtifact(external_node_path_default().join(ctx.projectRoot, model/* RESULTS_DIR */.z5), inputs, declaredSecrets);
        return refuseRun(error, inputs.workingDirectory);
    }
    // Plan mode: the shards were planned; nothing ran, so there is nothing to report.
    if (!ran)
        return history.dispose();
    const { outcome } = ran;
    if (ran.resumed)
        notice(resumedLine(ran.resumed));
    if (inputs.mode === "run")
        await keepHistoryLines(outcome);
    // The artifact first: a cancelled job has seconds left, and a re-run resumes from it.
    const artifactUrl = await uploadArtifact(outcome.resultsDir, inputs, declaredSecrets);
    const compared = compareWithBase(ctx, history, bases, outcome.run);
    // History before the report: whether it was saved goes into the summary and the comment.
    const historyProblem = await saveHistory(ctx, history, outcome);
    await history.dispose();
    const notes = reportNotes(outcome.run, historyProblem);
    // Whether the step fails is settled before the report: its headline never shows ✅ on a failed step.
    const failure = stepFailure(inputs, outcome, {
        missing: ran.missing,
        regressions: compared.regressions,
        baseBranch: ctx.baseBranch,
        historyProblem,
    });
    warnIfNothingJudged(outcome.run, failure);
    const report = composeReport(ctx, history, bases, {
        outcome,
        compared,
        notes,
        artifactUrl,
        failure,
        ...(ran.resumed ? { resumed: ran.resumed } : {}),
    });
    await writeStepSummary(report);
    annotateFailures(compared.shown.evals, inputs.workingDirectory);
    const commentUrl = await postStickyComment(ctx, report);
    setOutputs(outcome, compared.regressions, commentUrl);
    if (failure)
        setFailed(failure);
}

;// CONCATENATED MODULE: ./src/github/main.ts
// The GitHub Action's run: everything happens in src/github/. A chunk of the package's bundle
// (src/package.ts), which dist/index.js (src/start/action.ts) starts.



runAction()
    .catch((error) => {
    setFailed(`agent-evals: internal error: ${error.stack ?? String(error)}`);
})
    // core.setFailed sets process.exitCode.
    .finally(() => (0,start/* exitWhenFlushed */.KE)(Number(process.exitCode ?? 0)));


/***/ }),

/***/ 73452:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   KE: () => (/* binding */ exitWhenFlushed)
/* harmony export */ });
/* unused harmony exports enableCompileCache, keepYoungGenerationSmall */
/* harmony import */ var node_module__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(98995);
/* harmony import */ var node_module__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_module__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_v8__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(78877);
/* harmony import */ var node_v8__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_v8__WEBPACK_IMPORTED_MODULE_1__);
// How the entry points start and end.
//
// Start: on Node >= 22.1, V8's compiled code of the bundle is kept on disk between runs
// (module.enableCompileCache; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so only the first run on
// a machine compiles the whole bundle. It covers what is loaded after it is enabled, so the
// entries are small and import the rest once it is on.
//
// Memory: V8 doubles the young generation each time the objects that survive its scavenges add up
// to more than its size, so any long run ends with the largest one (16 MiB semi-spaces on Node 20,
// 32 MiB on Node 24), whatever the run keeps: 1,000 evals peaked at 1.28× the RSS of 100, with the
// same heap after a full GC. A growth factor of 1 keeps the first size. V8 reads that flag at each
// growth, so it still acts when set after start (--max-semi-space-size is read once, when the heap
// is set up, and would need a second Node start). A semi-space flag the user gave Node wins.
//
// End: once the run's promise has settled and stdout/stderr have taken everything written to them,
// `process.exit`. Left to end by itself, Node first tears its heap down page by page (seen with
// strace; about 5 ms of a YAML-only run here), which a finished command does not need.


function enableCompileCache() {
    try {
        module.enableCompileCache?.();
    }
    catch {
        // A cache that cannot be set up (read-only temp folder) only costs speed.
    }
}
/** Only for entry points: it changes a V8 flag of the whole process. */
function keepYoungGenerationSmall() {
    const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" ");
    if (given.includes("semi-space"))
        return;
    try {
        v8.setFlagsFromString("--semi-space-growth-factor=1");
    }
    catch {
        // A Node without the flag only keeps its default growth.
    }
}
/** Only for entry points, after every piece of work has been awaited. */
function exitWhenFlushed(code) {
    process.exitCode = code;
    let pending = 2;
    // A write's callback runs after everything queued before it has been handed to the OS, also
    // where pipes are asynchronous (macOS).
    const flushed = () => {
        if (--pending > 0)
            return;
        try {
            node_module__WEBPACK_IMPORTED_MODULE_0___default().flushCompileCache?.();
        }
        catch {
            // as above: only speed
        }
        process.exit(code);
    };
    process.stdout.write("", flushed);
    process.stderr.write("", flushed);
}


/***/ }),

/***/ 89635:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ issueCommand),
/* harmony export */   s: () => (/* binding */ issue)
/* harmony export */ });
/* harmony import */ var os__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(70857);
/* harmony import */ var _utils_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4679);


/**
 * Issues a command to the GitHub Actions runner
 *
 * @param command - The command name to issue
 * @param properties - Additional properties for the command (key-value pairs)
 * @param message - The message to include with the command
 * @remarks
 * This function outputs a specially formatted string to stdout that the Actions
 * runner interprets as a command. These commands can control workflow behavior,
 * set outputs, create annotations, mask values, and more.
 *
 * Command Format:
 *   ::name key=value,key=value::message
 *
 * @example
 * ```typescript
 * // Issue a warning annotation
 * issueCommand('warning', {}, 'This is a warning message');
 * // Output: ::warning::This is a warning message
 *
 * // Set an environment variable
 * issueCommand('set-env', { name: 'MY_VAR' }, 'some value');
 * // Output: ::set-env name=MY_VAR::some value
 *
 * // Add a secret mask
 * issueCommand('add-mask', {}, 'secretValue123');
 * // Output: ::add-mask::secretValue123
 * ```
 *
 * @internal
 * This is an internal utility function that powers the public API functions
 * such as setSecret, warning, error, and exportVariable.
 */
function issueCommand(command, properties, message) {
    const cmd = new Command(command, properties, message);
    process.stdout.write(cmd.toString() + os__WEBPACK_IMPORTED_MODULE_0__.EOL);
}
function issue(name, message = '') {
    issueCommand(name, {}, message);
}
const CMD_STRING = '::';
class Command {
    constructor(command, properties, message) {
        if (!command) {
            command = 'missing.command';
        }
        this.command = command;
        this.properties = properties;
        this.message = message;
    }
    toString() {
        let cmdStr = CMD_STRING + this.command;
        if (this.properties && Object.keys(this.properties).length > 0) {
            cmdStr += ' ';
            let first = true;
            for (const key in this.properties) {
                if (this.properties.hasOwnProperty(key)) {
                    const val = this.properties[key];
                    if (val) {
                        if (first) {
                            first = false;
                        }
                        else {
                            cmdStr += ',';
                        }
                        cmdStr += `${key}=${escapeProperty(val)}`;
                    }
                }
            }
        }
        cmdStr += `${CMD_STRING}${escapeData(this.message)}`;
        return cmdStr;
    }
}
function escapeData(s) {
    return (0,_utils_js__WEBPACK_IMPORTED_MODULE_1__/* .toCommandValue */ .E)(s)
        .replace(/%/g, '%25')
        .replace(/\r/g, '%0D')
        .replace(/\n/g, '%0A');
}
function escapeProperty(s) {
    return (0,_utils_js__WEBPACK_IMPORTED_MODULE_1__/* .toCommandValue */ .E)(s)
        .replace(/%/g, '%25')
        .replace(/\r/g, '%0D')
        .replace(/\n/g, '%0A')
        .replace(/:/g, '%3A')
        .replace(/,/g, '%2C');
}
//# sourceMappingURL=command.js.map

/***/ }),

/***/ 82902:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ issueFileCommand),
/* harmony export */   v: () => (/* binding */ prepareKeyValueMessage)
/* harmony export */ });
/* harmony import */ var crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76982);
/* harmony import */ var fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(79896);
/* harmony import */ var os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(70857);
/* harmony import */ var _utils_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4679);
// For internal use, subject to change.
// We use any as a valid input type
/* eslint-disable @typescript-eslint/no-explicit-any */




function issueFileCommand(command, message) {
    const filePath = process.env[`GITHUB_${command}`];
    if (!filePath) {
        throw new Error(`Unable to find environment variable for file command ${command}`);
    }
    if (!fs__WEBPACK_IMPORTED_MODULE_1__.existsSync(filePath)) {
        throw new Error(`Missing file at path: ${filePath}`);
    }
    fs__WEBPACK_IMPORTED_MODULE_1__.appendFileSync(filePath, `${(0,_utils_js__WEBPACK_IMPORTED_MODULE_3__/* .toCommandValue */ .E)(message)}${os__WEBPACK_IMPORTED_MODULE_2__.EOL}`, {
        encoding: 'utf8'
    });
}
function prepareKeyValueMessage(key, value) {
    const delimiter = `ghadelimiter_${crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID()}`;
    const convertedValue = (0,_utils_js__WEBPACK_IMPORTED_MODULE_3__/* .toCommandValue */ .E)(value);
    // These should realistically never happen, but just in case someone finds a
    // way to exploit uuid generation let's not allow keys or values that contain
    // the delimiter.
    if (key.includes(delimiter)) {
        throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
    }
    if (convertedValue.includes(delimiter)) {
        throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
    }
    return `${key}<<${delimiter}${os__WEBPACK_IMPORTED_MODULE_2__.EOL}${convertedValue}${os__WEBPACK_IMPORTED_MODULE_2__.EOL}${delimiter}`;
}
//# sourceMappingURL=file-command.js.map

/***/ }),

/***/ 1170:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   z: () => (/* binding */ summary)
/* harmony export */ });
/* unused harmony exports SUMMARY_ENV_VAR, SUMMARY_DOCS_URL, markdownSummary */
/* harmony import */ var os__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(70857);
/* harmony import */ var fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(79896);
var __awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};


const { access, appendFile, writeFile } = fs__WEBPACK_IMPORTED_MODULE_1__.promises;
const SUMMARY_ENV_VAR = 'GITHUB_STEP_SUMMARY';
const SUMMARY_DOCS_URL = 'https://docs.github.com/actions/using-workflows/workflow-commands-for-github-actions#adding-a-job-summary';
class Summary {
    constructor() {
        this._buffer = '';
    }
    /**
     * Finds the summary file path from the environment, rejects if env var is not found or file does not exist
     * Also checks r/w permissions.
     *
     * @returns step summary file path
     */
    filePath() {
        return __awaiter(this, void 0, void 0, function* () {
            if (this._filePath) {
                return this._filePath;
            }
            const pathFromEnv = process.env[SUMMARY_ENV_VAR];
            if (!pathFromEnv) {
                throw new Error(`Unable to find environment variable for $${SUMMARY_ENV_VAR}. Check if your runtime environment supports job summaries.`);
            }
            try {
                yield access(pathFromEnv, fs__WEBPACK_IMPORTED_MODULE_1__.constants.R_OK | fs__WEBPACK_IMPORTED_MODULE_1__.constants.W_OK);
            }
            catch (_a) {
                throw new Error(`Unable to access summary file: '${pathFromEnv}'. Check if the file has correct read/write permissions.`);
            }
            this._filePath = pathFromEnv;
            return this._filePath;
        });
    }
    /**
     * Wraps content in an HTML tag, adding any HTML attributes
     *
     * @param {string} tag HTML tag to wrap
     * @param {string | null} content content within the tag
     * @param {[attribute: string]: string} attrs key-value list of HTML attributes to add
     *
     * @returns {string} content wrapped in HTML element
     */
    wrap(tag, content, attrs = {}) {
        const htmlAttrs = Object.entries(attrs)
            .map(([key, value]) => ` ${key}="${value}"`)
            .join('');
        if (!content) {
            return `<${tag}${htmlAttrs}>`;
        }
        return `<${tag}${htmlAttrs}>${content}</${tag}>`;
    }
    /**
     * Writes text in the buffer to the summary buffer file and empties buffer. Will append by default.
     *
     * @param {SummaryWriteOptions} [options] (optional) options for write operation
     *
     * @returns {Promise<Summary>} summary instance
     */
    write(options) {
        return __awaiter(this, void 0, void 0, function* () {
            const overwrite = !!(options === null || options === void 0 ? void 0 : options.overwrite);
            const filePath = yield this.filePath();
            const writeFunc = overwrite ? writeFile : appendFile;
            yield writeFunc(filePath, this._buffer, { encoding: 'utf8' });
            return this.emptyBuffer();
        });
    }
    /**
     * Clears the summary buffer and wipes the summary file
     *
     * @returns {Summary} summary instance
     */
    clear() {
        return __awaiter(this, void 0, void 0, function* () {
            return this.emptyBuffer().write({ overwrite: true });
        });
    }
    /**
     * Returns the current summary buffer as a string
     *
     * @returns {string} string of summary buffer
     */
    stringify() {
        return this._buffer;
    }
    /**
     * If the summary buffer is empty
     *
     * @returns {boolen} true if the buffer is empty
     */
    isEmptyBuffer() {
        return this._buffer.length === 0;
    }
    /**
     * Resets the summary buffer without writing to summary file
     *
     * @returns {Summary} summary instance
     */
    emptyBuffer() {
        this._buffer = '';
        return this;
    }
    /**
     * Adds raw text to the summary buffer
     *
     * @param {string} text content to add
     * @param {boolean} [addEOL=false] (optional) append an EOL to the raw text (default: false)
     *
     * @returns {Summary} summary instance
     */
    addRaw(text, addEOL = false) {
        this._buffer += text;
        return addEOL ? this.addEOL() : this;
    }
    /**
     * Adds the operating system-specific end-of-line marker to the buffer
     *
     * @returns {Summary} summary instance
     */
    addEOL() {
        return this.addRaw(os__WEBPACK_IMPORTED_MODULE_0__.EOL);
    }
    /**
     * Adds an HTML codeblock to the summary buffer
     *
     * @param {string} code content to render within fenced code block
     * @param {string} lang (optional) language to syntax highlight code
     *
     * @returns {Summary} summary instance
     */
    addCodeBlock(code, lang) {
        const attrs = Object.assign({}, (lang && { lang }));
        const element = this.wrap('pre', this.wrap('code', code), attrs);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML list to the summary buffer
     *
     * @param {string[]} items list of items to render
     * @param {boolean} [ordered=false] (optional) if the rendered list should be ordered or not (default: false)
     *
     * @returns {Summary} summary instance
     */
    addList(items, ordered = false) {
        const tag = ordered ? 'ol' : 'ul';
        const listItems = items.map(item => this.wrap('li', item)).join('');
        const element = this.wrap(tag, listItems);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML table to the summary buffer
     *
     * @param {SummaryTableCell[]} rows table rows
     *
     * @returns {Summary} summary instance
     */
    addTable(rows) {
        const tableBody = rows
            .map(row => {
            const cells = row
                .map(cell => {
                if (typeof cell === 'string') {
                    return this.wrap('td', cell);
                }
                const { header, data, colspan, rowspan } = cell;
                const tag = header ? 'th' : 'td';
                const attrs = Object.assign(Object.assign({}, (colspan && { colspan })), (rowspan && { rowspan }));
                return this.wrap(tag, data, attrs);
            })
                .join('');
            return this.wrap('tr', cells);
        })
            .join('');
        const element = this.wrap('table', tableBody);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds a collapsable HTML details element to the summary buffer
     *
     * @param {string} label text for the closed state
     * @param {string} content collapsable content
     *
     * @returns {Summary} summary instance
     */
    addDetails(label, content) {
        const element = this.wrap('details', this.wrap('summary', label) + content);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML image tag to the summary buffer
     *
     * @param {string} src path to the image you to embed
     * @param {string} alt text description of the image
     * @param {SummaryImageOptions} options (optional) addition image attributes
     *
     * @returns {Summary} summary instance
     */
    addImage(src, alt, options) {
        const { width, height } = options || {};
        const attrs = Object.assign(Object.assign({}, (width && { width })), (height && { height }));
        const element = this.wrap('img', null, Object.assign({ src, alt }, attrs));
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML section heading element
     *
     * @param {string} text heading text
     * @param {number | string} [level=1] (optional) the heading level, default: 1
     *
     * @returns {Summary} summary instance
     */
    addHeading(text, level) {
        const tag = `h${level}`;
        const allowedTag = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].includes(tag)
            ? tag
            : 'h1';
        const element = this.wrap(allowedTag, text);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML thematic break (<hr>) to the summary buffer
     *
     * @returns {Summary} summary instance
     */
    addSeparator() {
        const element = this.wrap('hr', null);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML line break (<br>) to the summary buffer
     *
     * @returns {Summary} summary instance
     */
    addBreak() {
        const element = this.wrap('br', null);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML blockquote to the summary buffer
     *
     * @param {string} text quote text
     * @param {string} cite (optional) citation url
     *
     * @returns {Summary} summary instance
     */
    addQuote(text, cite) {
        const attrs = Object.assign({}, (cite && { cite }));
        const element = this.wrap('blockquote', text, attrs);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML anchor tag to the summary buffer
     *
     * @param {string} text link text/content
     * @param {string} href hyperlink
     *
     * @returns {Summary} summary instance
     */
    addLink(text, href) {
        const element = this.wrap('a', text, { href });
        return this.addRaw(element).addEOL();
    }
}
const _summary = new Summary();
/**
 * @deprecated use `core.summary`
 */
const markdownSummary = (/* unused pure expression or super */ null && (_summary));
const summary = _summary;
//# sourceMappingURL=summary.js.map

/***/ }),

/***/ 4679:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ toCommandValue),
/* harmony export */   k: () => (/* binding */ toCommandProperties)
/* harmony export */ });
// We use any as a valid input type
/* eslint-disable @typescript-eslint/no-explicit-any */
/**
 * Sanitizes an input into a string so it can be passed into issueCommand safely
 * @param input input to sanitize into a string
 */
function toCommandValue(input) {
    if (input === null || input === undefined) {
        return '';
    }
    else if (typeof input === 'string' || input instanceof String) {
        return input;
    }
    return JSON.stringify(input);
}
/**
 *
 * @param annotationProperties
 * @returns The command properties to send with the actual annotation command
 * See IssueCommandProperties: https://github.com/actions/runner/blob/main/src/Runner.Worker/ActionCommandManager.cs#L646
 */
function toCommandProperties(annotationProperties) {
    if (!Object.keys(annotationProperties).length) {
        return {};
    }
    return {
        title: annotationProperties.title,
        file: annotationProperties.file,
        line: annotationProperties.startLine,
        endLine: annotationProperties.endLine,
        col: annotationProperties.startColumn,
        endColumn: annotationProperties.endColumn
    };
}
//# sourceMappingURL=utils.js.map

/***/ })

};
