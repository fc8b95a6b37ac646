export const id = 556;
export const ids = [556];
export const modules = {

/***/ 31556:
/***/ ((__unused_webpack_module, __unused_webpack___webpack_exports__, __webpack_require__) => {


// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/model/index.ts + 11 modules
var model = __webpack_require__(77893);
// EXTERNAL MODULE: ./src/engine/index.ts + 10 modules
var engine = __webpack_require__(2742);
// EXTERNAL MODULE: ./src/util/index.ts + 34 modules
var util = __webpack_require__(64410);
// EXTERNAL MODULE: ./src/run/index.ts + 64 modules
var src_run = __webpack_require__(95139);
// EXTERNAL MODULE: ./src/report/index.ts + 13 modules
var report = __webpack_require__(31564);
// EXTERNAL MODULE: ./src/kinds/index.ts + 25 modules
var kinds = __webpack_require__(23012);
;// CONCATENATED MODULE: ./src/cli/interrupts.ts
// How the CLI is stopped from outside: SIGINT (Ctrl-C), SIGTERM (a CI cancel), SIGHUP (a closed
// terminal), once or several times in a row, all end the same way. The first aborts the run and
// kills its agents; the run then cleans up as usual (escapees killed, temp dirs removed, run.json
// written marked interrupted, the results lock released) and the command exits 130. A repeated
// signal kills the agents again, which may hurry that clean-up, but never exits before it is done:
// leaving early is what leaves processes, temp dirs, a stale lock and the previous run.json behind.
// The signal handling is util/signals.ts (the Action's too); this module keeps the console's side.
/**
 * Makes writes to a console that is gone (a hung-up terminal, a closed pipe: EIO, EPIPE) fail
 * quietly. Unhandled, the stream's 'error' event would end the process in the middle of its
 * clean-up. Stays on until the process exits: its last writes are the ones most likely to fail.
 */
function surviveLostConsole() {
    for (const stream of [process.stdout, process.stderr]) {
        if (!stream.listeners("error").includes(ignoreError))
            stream.on("error", ignoreError);
    }
}
function ignoreError() {
    // The output is lost; the run goes on and still writes its results folder.
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./src/define/index.ts + 26 modules
var src_define = __webpack_require__(12412);
// EXTERNAL MODULE: ./src/agents/index.ts + 27 modules
var agents = __webpack_require__(99119);
// EXTERNAL MODULE: ./src/plan/index.ts + 9 modules
var src_plan = __webpack_require__(34427);
;// CONCATENATED MODULE: ./src/cli/values.ts
// The values flags take, checked: each bad value is a UsageError naming the flag and what it takes.








function positiveInt(name, text) {
    if (text === undefined)
        return undefined;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1)
        throw new model/* UsageError */.eb(`--${name} takes a whole number ≥ 1, got ${JSON.stringify(text)}`);
    return n;
}
function nonNegativeUsd(text) {
    if (text === undefined)
        return undefined;
    const n = Number(text.replace(/^\$/, ""));
    if (!Number.isFinite(n) || n < 0 || text.trim() === "") {
        throw new model/* UsageError */.eb(`--budget-usd takes an amount of US dollars ≥ 0, got ${JSON.stringify(text)}`);
    }
    return n;
}
function outputFormat(text) {
    const format = text ?? "text";
    if (format !== "text" && format !== "json")
        throw new model/* UsageError */.eb(`--format takes text or json, got ${JSON.stringify(format)}`);
    return format;
}
function sandboxKind(text) {
    if (text === undefined || src_run/* SANDBOX_KINDS */.Gk.includes(text))
        return text;
    throw new model/* UsageError */.eb(`--sandbox takes ${src_run/* SANDBOX_KINDS */.Gk.join(", ")}, got ${JSON.stringify(text)}`);
}
/** --image, --cpus, --memory, --pids: checked as an eval's sandbox.image and limits are. */
function containerOptions(flags) {
    const cpus = flags.cpus === undefined ? undefined : Number(flags.cpus);
    const pids = flags.pids === undefined ? undefined : Number(flags.pids);
    const input = {
        ...(flags.image !== undefined ? { image: flags.image } : {}),
        ...(cpus !== undefined ? { cpus } : {}),
        ...(flags.memory !== undefined ? { memory: flags.memory } : {}),
        ...(pids !== undefined ? { pids } : {}),
    };
    const problem = (0,src_define/* containerLimitProblem */.ij)(input);
    if (problem) {
        throw new model/* UsageError */.eb(`--${problem.key}: ${problem.message.replace(/^sandbox\.\w+ /, "")}; ${problem.fix.replace(/`(\w+): /, "`--$1 ")}`);
    }
    const { image, ...limits } = input;
    if (image === undefined && Object.keys(limits).length === 0)
        return undefined;
    return {
        ...(image !== undefined ? { image } : {}),
        ...(Object.keys(limits).length ? { limits } : {}),
    };
}
function shard(text) {
    try {
        return (0,src_plan/* parseShard */.uK)(text);
    }
    catch (error) {
        throw new model/* UsageError */.eb(`--shard: ${(0,model/* errorMessage */.gJ)(error)}`);
    }
}
function shardCount(text) {
    try {
        return text === undefined ? undefined : (0,src_plan/* parseShardCount */.vI)(text);
    }
    catch (error) {
        throw new model/* UsageError */.eb(`--shards: ${(0,model/* errorMessage */.gJ)(error)}`);
    }
}
async function shardPlan(flags) {
    const file = flags["shard-plan"];
    if (file === undefined)
        return undefined;
    if (!flags.shard)
        throw new model/* UsageError */.eb("--shard-plan goes with --shard I/N");
    try {
        return (0,src_plan/* readShardAssignment */.qz)(await (0,promises_.readFile)(file, "utf8"));
    }
    catch (error) {
        throw new model/* UsageError */.eb(`--shard-plan ${file}: ${(0,model/* errorMessage */.gJ)(error)}`);
    }
}
function changedBase(flags) {
    if (flags.base && !flags.changed)
        throw new model/* UsageError */.eb("--base goes with --changed");
    return flags.changed ? (flags.base ?? "origin/main") : undefined;
}
/** compare's --fail-on: regression (default), failure or never. */
function values_failOn(text) {
    if (text === undefined)
        return "regression";
    if (text === "regression" || text === "failure" || text === "never")
        return text;
    throw new model/* UsageError */.eb(`--fail-on takes regression, failure or never, got ${JSON.stringify(text)}`);
}
/** eval's --fail-on: failure (default: the verdicts' exit code) or parity (also parity's gate). */
function evalFailOn(text) {
    if (text === undefined)
        return "failure";
    if (text === "failure" || text === "parity")
        return text;
    throw new model/* UsageError */.eb(`eval's --fail-on takes failure or parity, got ${JSON.stringify(text)} (regression and never are compare's)`);
}
/**
 * `--detect PTS` and `--power PCT` (plan, compare): the drop a comparison should flag and the
 * chance it should flag it with, as shares; undefined without --detect. --power alone is an error.
 */
function powerTarget(flags) {
    if (flags.detect === undefined) {
        if (flags.power !== undefined)
            throw new model/* UsageError */.eb("--power goes with --detect PTS");
        return undefined;
    }
    if (flags.trials !== undefined)
        throw new model/* UsageError */.eb("--detect plans each comparison's trials per arm: leave out --trials (or --detect)");
    const detect = Number(flags.detect);
    if (!/^\d+(\.\d+)?$/.test(flags.detect.trim()) || !(detect > 0 && detect <= 100))
        throw new model/* UsageError */.eb(`--detect takes the drop to detect in points, above 0 and at most 100 (20 means a drop of 20 points), got ${JSON.stringify(flags.detect)}`);
    const power = flags.power === undefined ? model/* DEFAULT_POWER */.qc * 100 : Number(flags.power);
    if (flags.power !== undefined &&
        (!/^\d+(\.\d+)?$/.test(flags.power.trim()) || !(power >= 50 && power <= 99)))
        throw new model/* UsageError */.eb(`--power takes a percentage from 50 to 99 (80 means the drop is flagged 8 times in 10), got ${JSON.stringify(flags.power)}`);
    return { detect: detect / 100, power: power / 100 };
}
/** compare's --margin in points (0 < PTS < 100), as a share: 10 → 0.1. */
function values_margin(text) {
    if (text === undefined)
        return undefined;
    const pts = Number(text);
    if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(pts > 0 && pts < 100))
        throw new model/* UsageError */.eb(`--margin takes points between 0 and 100 (10 means ±10 points), got ${JSON.stringify(text)}`);
    return pts / 100;
}
/** compare's --agent-version AGENT@VERSION (instead of --base); undefined without it. */
function agentVersion(flags) {
    const text = flags["agent-version"];
    if (text === undefined)
        return undefined;
    if (flags.base)
        throw new model/* UsageError */.eb("compare takes --base REF or --agent-version AGENT@VERSION, not both: compare one thing at a time");
    return (0,agents/* parseAgentVersion */.$i)(text);
}
/** compare's --base: required, and not with --changed. */
function compareBase(flags) {
    if (flags.changed)
        throw new model/* UsageError */.eb("compare runs the selected evals at --base and now: leave out --changed");
    if (!flags.base)
        throw new model/* UsageError */.eb("compare needs --base REF (the git ref whose evals are the control, e.g. --base origin/main) or --agent-version AGENT@VERSION (another version of an agent CLI as the treatment)");
    return flags.base;
}
/** --record, --replay DIR (against the project root, like --history-dir); not both. */
function traffic(flags, projectRoot) {
    if (flags.record && flags.replay !== undefined)
        throw new model/* UsageError */.eb("--record and --replay exclude each other: record a run first, then replay it");
    if (flags.record)
        return { traffic: { mode: "record" } };
    if (flags.replay === undefined)
        return {};
    const from = external_node_path_default().resolve(projectRoot, flags.replay);
    if (!(0,external_node_fs_.existsSync)(from))
        throw new model/* UsageError */.eb(`--replay: ${from} does not exist; give a results folder of a run made with --record (e.g. an artifact you downloaded), or a folder of cassettes laid out like one`);
    return { traffic: { mode: "replay", from } };
}

;// CONCATENATED MODULE: ./src/cli/commands/eval.ts
// `agent-evals eval [name…]`: run the evals, show progress, then each result, the comparisons (of
// variants), the kinds' summaries and one summary line. Exit 0 all passed/skipped/cached, 1 some
// failed, 2 the harness could not run. `agent-evals compare --base REF` runs through the same code
// (compareCommand), with its exit code from --fail-on.









function evalCommand(ctx) {
    const margin = values_margin(ctx.flags.margin);
    const failOn = evalFailOn(ctx.flags["fail-on"]);
    const referenceAgent = ctx.flags["reference-agent"];
    return runCommand(ctx, (options) => (0,engine/* runEvals */.PP)({
        ...options,
        margin,
        resume: ctx.flags.resume,
        ...(referenceAgent ? { referenceAgent } : {}),
    }), (o) => evalExitCode(o.exitCode, o.run, failOn));
}
/**
 * eval's exit code: the verdicts' (0, 1, 2); with --fail-on parity also 1 when an agent is behind
 * its eval's reference agent by more than the margin (docs/verdicts.md › Parity across agents).
 */
function evalExitCode(verdicts, run, failOn) {
    if (verdicts !== 0 || failOn !== "parity")
        return verdicts;
    return (0,model/* parityFails */.V_)(run.parity ?? []) ? 1 : 0;
}
/** `compare --base REF [name…]`: the evals at REF against the working tree. */
function compareCommand(ctx) {
    const failOn = values_failOn(ctx.flags["fail-on"]);
    const margin = values_margin(ctx.flags.margin);
    const detect = powerTarget(ctx.flags);
    const candidate = agentVersion(ctx.flags);
    if (candidate)
        return runCommand(ctx, (options) => (0,engine/* compareAgentVersion */.BZ)({
            ...options,
            candidate,
            margin,
            resume: ctx.flags.resume,
            say: (line) => process.stderr.write(`${line}\n`),
            ...(detect ? { detect } : {}),
        }), (outcome) => compareExitCode(outcome.run, failOn));
    const base = compareBase(ctx.flags);
    // --base is compare's own here, not --changed's.
    return runCommand({ ...ctx, flags: { ...ctx.flags, base: undefined } }, (options) => (0,engine/* compareEvals */.Bn)({
        ...options,
        base,
        margin,
        resume: ctx.flags.resume,
        ...(detect ? { detect } : {}),
    }), (outcome) => compareExitCode(outcome.run, failOn));
}
/**
 * compare's exit code: 2 when the harness could not run an arm; else 1 when a comparison is a
 * regression (--fail-on regression), or also when the treatment failed its own pass rate
 * (--fail-on failure); 0 otherwise, and always with --fail-on never (but for 2).
 */
function compareExitCode(run, failOn) {
    if (run.evals.some((e) => e.status === "error"))
        return 2;
    if (failOn === "never")
        return 0;
    const regression = (run.comparisons ?? []).some((c) => c.verdict === "regression");
    if (regression)
        return 1;
    return failOn === "failure" ? (0,model/* exitCodeFor */.Rr)(run.evals) : 0;
}
async function runCommand({ projectRoot, names, flags }, run, exitCode) {
    const format = outputFormat(flags.format);
    const trials = positiveInt("trials", flags.trials);
    const concurrency = positiveInt("concurrency", flags.concurrency);
    const budgetUsd = nonNegativeUsd(flags["budget-usd"]);
    // With --format json, stdout carries only the result; progress goes to stderr.
    const out = format === "json" ? process.stderr : process.stdout;
    const style = (0,report/* makeStyle */.Oe)(out, process.env);
    // Progress names agents as typed: a command template may hold a secret's value.
    const screen = new util/* RedactingStream */.aO(out, process.env);
    // --quiet keeps stdout to the summary and failures: the plan's notes (a reap of killed runs,
    // changed-only's selection…) go to stderr there, redacted the same way.
    const notesScreen = flags.quiet ? new util/* RedactingStream */.aO(process.stderr, process.env) : undefined;
    const progress = new report/* Progress */.ke({
        stream: screen,
        style,
        live: (0,report/* wantsLiveProgress */.TH)(out, process.env),
        quiet: flags.quiet,
        verbose: flags.verbose,
    });
    // No blank line twice in a row, and none opening --quiet's output (it prints no progress).
    let lastBlank = flags.quiet === true;
    const say = (line) => {
        if (line === "" && lastBlank)
            return;
        lastBlank = line === "";
        progress.line(line);
    };
    const controller = new AbortController();
    surviveLostConsole();
    const stopWatchingSignals = (0,util/* onTerminatingSignals */.XP)((signal, repeat) => {
        process.stderr.write(repeat
            ? `\nagent-evals: ${signal}: already stopping; killing the agents again, then writing partial results…\n`
            : `\nagent-evals: ${signal}: stopping agents, writing partial results…\n`);
        controller.abort();
        (0,engine/* killAllAgents */.QC)();
    });
    const finished = [];
    const garbage = new util/* GarbageCadence */.T();
    try {
        const outcome = await run({
            projectRoot,
            evals: flags.evals,
            names,
            axis: flags.axis,
            agents: flags.agent ?? [],
            trials,
            concurrency,
            allTrials: flags["all-trials"],
            budgetUsd,
            changedBase: changedBase(flags),
            shard: shard(flags.shard),
            shardPlan: await shardPlan(flags),
            historyDir: flags["history-dir"],
            force: flags.force,
            noCache: flags["no-cache"],
            keepWorkspace: flags["keep-workspace"],
            ...traffic(flags, projectRoot),
            ...(flags["no-provider-gate"] ? { providerGate: false } : {}),
            unsafeLocal: flags["unsafe-local"],
            realHome: flags["real-home"],
            sandbox: sandboxKind(flags.sandbox),
            container: containerOptions(flags),
            signal: controller.signal,
            events: {
                onPlan({ plan, specs, notes, isolation, keptTrials = 0 }) {
                    const declared = specs.flatMap((spec) => spec.prompt?.secrets ?? []);
                    screen.alsoRedact(declared);
                    notesScreen?.alsoRedact(declared);
                    for (const note of notes)
                        if (notesScreen)
                            notesScreen.write(`${(0,util/* inertLines */.wi)(note)}\n`);
                        else
                            say(style.dim((0,util/* inertLines */.wi)(note)));
                    const trialsPlanned = plan.units.filter((u) => !u.settled).reduce((n, u) => n + (0,model/* mostTrials */.H6)(u), 0) -
                        keptTrials;
                    if (!flags.quiet) {
                        say(style.dim(`agent-evals ${model/* VERSION */.xv}: ${plan.units.length} eval × agent pair(s), up to ${trialsPlanned} trial(s)`));
                        // Unless the engine's notes already said what the sandbox isolates (any but the default).
                        const note = (0,src_run/* isolationNote */.jY)(isolation);
                        if (plan.agentUnits > 0 && !notes.includes(note))
                            say(style.dim(note));
                    }
                    progress.start(trialsPlanned);
                },
                onTrialRetry(unit, n, retry) {
                    if (flags.quiet)
                        return;
                    say(style.yellow(`  ↻ ${(0,model/* unitLabel */.xj)(unit)} [${unit.agentName}] trial ${n}: infra error after ${(0,report/* seconds */.YA)(retry.elapsedMs)}, retry ${retry.attempt}/${retry.of}: ${(0,util/* inert */.tJ)(retry.reason)}`));
                },
                onTrialEnd(unit, trial) {
                    garbage.trialEnded();
                    progress.trialEnded((0,model/* unitLabel */.xj)(unit), unit.agentName, (0,model/* mostTrials */.H6)(unit), trial);
                    if (flags["keep-workspace"] && "workspace" in trial) {
                        say(style.dim(`    workspace kept at ${String(trial.workspace)}`));
                    }
                },
                onUnitEnd(unit, result) {
                    finished.push(result);
                    if (!unit.settled)
                        progress.unitEnded((0,model/* mostTrials */.H6)(unit), result.trialsRun);
                },
            },
        });
        progress.finish();
        say("");
        // Evals that are parts of a summary (a skill's queries and scenarios) are shown inside it.
        const parts = new Set(outcome.summaries.flatMap((summary) => summary.parts));
        const comparisons = outcome.run.comparisons ?? [];
        const compared = new Set(comparisons.map((c) => `${c.id}\u0000${c.agent}`));
        for (const result of outcome.run.evals) {
            if (parts.has(result.id))
                continue;
            const full = finished.find((f) => f.id === result.id && f.agent === result.agent && f.arm === result.arm) ?? result;
            if (flags.quiet && (result.status === "passed" || result.status === "skipped"))
                continue;
            const inComparison = compared.has(`${result.id}\u0000${result.agent}`);
            say((0,report/* evalBlock */.I1)(full, projectRoot, style, flags.verbose, inComparison));
        }
        say("");
        const comparing = (0,report/* comparisonLines */.pf)(comparisons, style);
        for (const line of comparing)
            say(line);
        if (comparing.length)
            say("");
        const parity = (0,report/* parityLines */.t3)(outcome.run.parity ?? [], style);
        for (const line of parity)
            say(line);
        if (parity.length)
            say("");
        // --quiet: only the summaries with a failure.
        const summaries = outcome.summaries.filter((s) => !flags.quiet || s.status === "failed" || s.status === "error");
        const sections = (0,kinds/* consoleSections */.cU)(summaries, projectRoot, style, flags.verbose);
        for (const line of sections)
            say(line);
        if (sections.length)
            say("");
        for (const line of (0,report/* skippedLines */.kY)(outcome.run, style))
            say(line);
        const rateLimits = (0,report/* rateLimitLine */.mo)(outcome.run, style);
        if (rateLimits)
            say(rateLimits);
        // One summary line for the run, in which a skill eval (all its parts) counts once.
        const counted = { ...outcome.run, counts: countsBySummary(outcome.run, outcome.summaries) };
        say((0,report/* summaryLine */.dC)(counted, external_node_path_default().relative(process.cwd(), outcome.resultsDir) || ".", style));
        say(style.dim((0,report/* reportFilesLine */.Cw)(outcome.resultsDir)));
        if (format === "json")
            process.stdout.write(`${JSON.stringify(outcome.run, null, 2)}\n`);
        return controller.signal.aborted ? 130 : exitCode(outcome);
    }
    finally {
        progress.finish();
        stopWatchingSignals();
    }
}
/** The run's counts with each summary's parts replaced by the summary itself (its verdict). */
function countsBySummary(run, summaries) {
    const counts = { ...run.counts };
    for (const summary of summaries) {
        const parts = new Set(summary.parts);
        const inRun = run.evals.filter((e) => e.arm === undefined && parts.has(e.id));
        if (inRun.length === 0)
            continue;
        for (const e of inRun)
            counts[e.status] -= 1;
        counts[summary.status] += 1;
    }
    return counts;
}

// EXTERNAL MODULE: ./src/store/index.ts + 13 modules
var store = __webpack_require__(35548);
;// CONCATENATED MODULE: ./src/cli/terminal.ts
// The one way the plain-text commands (list, plan, health, merge's warnings) and the CLI's error
// handler write to the terminal: every text goes through inertLines (util/inert.ts), so a file
// name, an eval id, a YAML value or an agent's output quoted in it shows ESC, CR and BEL as `\x1b`,
// `\r`, `\x07` instead of sending them. Our own lines carry no control character but the line
// break and the tab, which are kept. Styled output (the console report) makes its parts inert
// where it builds them, and does not come here.

/** Writes `text` to stdout, made inert. */
function say(text) {
    process.stdout.write((0,util/* inertLines */.wi)(text));
}
/** Writes `text` to stderr, made inert. */
function complain(text) {
    process.stderr.write((0,util/* inertLines */.wi)(text));
}

;// CONCATENATED MODULE: ./src/cli/commands/health.ts
// `agent-evals health --history-dir DIR`: the evals that are broken, flaky or saturated, from their
// recorded runs (store/health.ts states the rule).





const ADVICE = {
    broken: "no trial passed: check the task and its checks",
    flaky: "the verdict keeps flipping: more trials, or a steadier task",
    saturated: "every trial passed: ready to graduate to a regression suite",
};
async function healthCommand({ projectRoot, flags }) {
    const format = outputFormat(flags.format);
    const dir = flags["history-dir"];
    if (!dir)
        throw new model/* UsageError */.eb("health reads recorded runs: pass --history-dir DIR");
    const rows = (0,store/* healthOf */.Wr)(await (0,store/* readAllHistory */.iU)(external_node_path_default().resolve(projectRoot, dir)));
    if (format === "json") {
        process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
        return 0;
    }
    if (rows.length === 0) {
        say(`no recorded runs in ${dir}\n`);
        return 0;
    }
    for (const row of rows) {
        const figures = `${row.runs} run(s), ${row.flips} flip(s) (${Math.round(row.flipRate * 100)}%), trials passed ${Math.round(row.trialPassRate * 100)}%`;
        const advice = ADVICE[row.state] ? ` — ${ADVICE[row.state]}` : "";
        say(`${row.state.padEnd(9)} ${row.id} [${row.agent}]: ${figures}${advice}\n`);
    }
    const counts = ["broken", "flaky", "saturated"].map((s) => `${rows.filter((r) => r.state === s).length} ${s}`);
    say(`\n${counts.join(", ")} of ${rows.length} eval × agent pair(s), over the last ${store/* HEALTH_WINDOW */.w9} runs of each\n`);
    return 0;
}

;// CONCATENATED MODULE: ./src/cli/scaffold.ts
// `agent-evals init`: a starting point that passes out of the box — one YAML and one TypeScript
// eval (both run by the free `literal` agent), the template folder they copy, and the workflow
// that runs them on pull requests. It never overwrites: any file that exists already stops it.



class InitConflictError extends model/* AgentEvalsError */.xu {
    constructor(message) {
        super(model/* Codes */.NC.initConflict, message);
    }
}
const YAML_EVAL = `# yaml-language-server: $schema=../node_modules/agent-evals/schema/eval.schema.json
# A YAML eval. The \`literal\` agent runs the prompt's fenced shell blocks, for free: if they fail, no
# agent will succeed. Add claude-code or codex to \`agents\` to give the same prompt to a real agent.
name: readme-start
prompt: |
  Add a "Getting started" section to README.md that tells people to run \`npm start\`.

  \`\`\`sh
  printf '\\n## Getting started\\n\\nRun \`npm start\`.\\n' >> README.md
  \`\`\`
agents: [literal]
trials: 1
sandbox:
  template: evals/template # each trial gets a fresh copy of this folder
assertions:
  files: [README.md]
  contains:
    - { file: README.md, text: "## Getting started" }
  commands:
    - npm start
`;
const TS_EVAL = `// A TypeScript eval: the prompt, the agents, the sandbox, a shimmed vendor CLI and the checks.
import { defineEval, fileContains, fileExists, ran, succeeds } from "agent-evals";

const prompt = [
  "Create config.json with the vendor CLI:",
  "",
  "\`\`\`sh",
  "vendor init --name my-app > config.json",
  "\`\`\`",
].join("\\n");

export const vendorConfig = defineEval(prompt, {
  agents: ["literal"], // add "claude-code" or "codex" to try real agents
  trials: 2,
  passRate: 1,
  sandbox: { template: "evals/template" },
  // \`vendor\` does not exist: the shim records each call and prints what the real CLI would.
  shims: { vendor: { script: 'printf \\'{ "name": "%s" }\\\\n\\' "$3"' } },
  assert: [
    ran(/vendor init --name my-app/),
    fileExists("config.json"),
    fileContains("config.json", '"name": "my-app"'),
    succeeds("node -e \\"JSON.parse(require('fs').readFileSync('config.json', 'utf8'))\\""),
  ],
  timeoutMs: 60_000,
});
`;
const TEMPLATE_README = `# my-app

A small project the evals copy into each trial's sandbox. Put here what your prompts need.
`;
const TEMPLATE_PACKAGE = `{
  "name": "my-app",
  "version": "1.0.0",
  "private": true,
  "scripts": {
    "start": "node index.js"
  }
}
`;
const TEMPLATE_INDEX = `console.log("my-app started");
`;
/** The published Action: package.json's `repository` at the release tag (src/model/version.ts). */
const DEFAULT_ACTION = { repository: model/* REPOSITORY */.Bw, ref: model/* ACTION_REF */.bX };
/** OWNER/REPO@REF: letters, digits, `_.-` (and `/` in the ref): safe to write into YAML as is. */
const ACTION_PATTERN = /^([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)@([A-Za-z0-9_./-]+)$/;
/** Parses `--action`; undefined when it is not OWNER/REPO@REF. */
function parseActionRef(text) {
    const match = ACTION_PATTERN.exec(text);
    return match ? { repository: match[1], ref: match[2] } : undefined;
}
const workflow = (action) => `# Runs the evals through agent-evals' reusable workflow: on pull requests labelled \`run-evals\`,
# nightly (keeps the base branch's history fresh) and by hand. It comments the pass-rate diff on
# the PR, keeps history on the copybook-results branch and uploads .copybook/results/ (report.html,
# junit.xml, the transcripts).
name: evals

on:
  pull_request:
    types: [opened, synchronize, reopened, labeled]
  schedule:
    - cron: "17 3 * * *"
  workflow_dispatch:
    inputs:
      agents:
        description: Agents to run instead of each eval's own (comma-separated), e.g. claude-code,codex
        type: string
        default: ""
      trials:
        description: Trials per eval × agent (empty = each eval's own)
        type: string
        default: ""
      force:
        description: Run evals even when a recorded verdict matches
        type: boolean
        default: false

permissions:
  contents: read

jobs:
  evals:
    if: >-
      github.event_name != 'pull_request' ||
      (contains(github.event.pull_request.labels.*.name, 'run-evals') &&
       (github.event.action != 'labeled' || github.event.label.name == 'run-evals'))
    uses: ${action.repository}/.github/workflows/evals.yml@${action.ref}
    permissions:
      contents: write # history on the copybook-results branch
      pull-requests: write # the sticky comment
      # The reusable workflow's small \`source\` job asks for it (a called job gets no more than its
      # caller grants, or the run is refused). With action-repository and action-ref set, as
      # below, it reads no token; without them it reads which ref of evals.yml you pinned.
      id-token: write
    with:
      evals: evals/ # globs of eval files, one per line
      agents: \${{ inputs.agents }}
      trials: \${{ inputs.trials }}
      # Nightly runs everything again (keeps the history fresh); a manual run when asked to.
      force: \${{ github.event_name == 'schedule' || inputs.force == true }}
      budget-usd: "5" # the most one run may spend, split across the shards
      shards: auto # or a number: machines that run the suite in parallel
      action-repository: ${action.repository} # where the jobs take the Action from: keep equal to \`uses\`
      action-ref: ${action.ref}
    secrets:
      ANTHROPIC_API_KEY: \${{ secrets.ANTHROPIC_API_KEY }} # for claude-code
      OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }} # for codex
`;
/** What `init` writes, relative to the project root, for the Action `action`. */
function scaffoldFiles(action = DEFAULT_ACTION) {
    return {
        "evals/readme-start.eval.yaml": YAML_EVAL,
        "evals/vendor-config.eval.ts": TS_EVAL,
        "evals/template/README.md": TEMPLATE_README,
        "evals/template/package.json": TEMPLATE_PACKAGE,
        "evals/template/index.js": TEMPLATE_INDEX,
        ".github/workflows/evals.yml": workflow(action),
    };
}
/** What `init` writes with the default Action. */
const SCAFFOLD = scaffoldFiles();
/** The .gitignore lines `init` makes sure of: the results folder, and node_modules/ if missing. */
const GITIGNORE_LINES = [`${model/* OWN_DIR */.hT}/`, "node_modules/"];
/**
 * Writes the scaffold and appends what is missing of GITIGNORE_LINES to .gitignore (created if
 * absent); throws InitConflictError naming the first scaffold file that exists already.
 */
async function initProject(projectRoot, action = DEFAULT_ACTION) {
    const scaffold = scaffoldFiles(action);
    const files = Object.keys(scaffold);
    for (const rel of files) {
        const exists = await external_node_fs_.promises.lstat(external_node_path_default().join(projectRoot, rel)).then(() => true, () => false);
        if (exists) {
            throw new InitConflictError(`${rel} already exists; init writes nothing over existing files (move it away, or add evals by hand: see docs/writing-evals.md)`);
        }
    }
    for (const rel of files) {
        const file = external_node_path_default().join(projectRoot, rel);
        await external_node_fs_.promises.mkdir(external_node_path_default().dirname(file), { recursive: true });
        // "wx": fail rather than overwrite, should a file appear meanwhile.
        await external_node_fs_.promises.writeFile(file, scaffold[rel], { flag: "wx" });
    }
    return { created: files, ignored: await ensureIgnored(projectRoot) };
}
/** Appends the GITIGNORE_LINES that .gitignore does not ignore yet; returns those it appended. */
async function ensureIgnored(projectRoot) {
    const file = external_node_path_default().join(projectRoot, ".gitignore");
    const text = await external_node_fs_.promises.readFile(file, "utf8").catch((error) => {
        if (error.code === "ENOENT")
            return "";
        throw error;
    });
    // `.copybook`, `/.copybook/`, `.copybook/` all ignore the folder: compare without the slashes.
    const bare = (line) => line.trim().replace(/^\/+|\/+$/g, "");
    const present = new Set(text.split(/\r?\n/).map(bare));
    const missing = GITIGNORE_LINES.filter((line) => !present.has(bare(line)));
    if (missing.length === 0)
        return [];
    const separator = text === "" || text.endsWith("\n") ? "" : "\n";
    await external_node_fs_.promises.appendFile(file, `${separator}${missing.join("\n")}\n`);
    return missing;
}

;// CONCATENATED MODULE: ./src/cli/commands/init.ts
// `agent-evals init`: scaffold evals/ and the workflow; never overwrites a file; makes .gitignore
// ignore the results folder (and node_modules/, which the result cache would otherwise see).


async function initCommand({ projectRoot, names, flags }) {
    if (names.length)
        throw new model/* UsageError */.eb("init takes no arguments; use --cwd DIR for another folder");
    const action = flags.action === undefined ? DEFAULT_ACTION : parseActionRef(flags.action);
    if (!action)
        throw new model/* UsageError */.eb(`--action ${JSON.stringify(flags.action)} is not OWNER/REPO@REF: give it as, e.g., my-org/agent-evals@v1`);
    const { created, ignored } = await initProject(projectRoot, action);
    for (const file of created)
        process.stdout.write(`created ${file}\n`);
    if (ignored.length)
        process.stdout.write(`added ${ignored.join(" and ")} to .gitignore\n`);
    process.stdout.write(`the workflow uses ${action.repository}@${action.ref} (change it with --action)\n` +
        "\nNext: run the evals (the literal agent is free):\n" +
        "  npx agent-evals eval --unsafe-local\n" +
        "and open .copybook/results/report.html.\n");
    return 0;
}

;// CONCATENATED MODULE: ./src/cli/last-results.ts
// What is known of earlier runs: the last run's run.json in the results folder, the checkout's last
// verdict of each eval × agent (.copybook/last-results.json: what earlier runs that selected other
// evals left), and the history folder (--history-dir) when given. `list` and `show` read them;
// nothing here runs an eval.



async function readKnownResults(projectRoot, resultsDir, historyDir) {
    let run;
    // A link or FIFO in run.json's place is said and not read (store/read-back.ts).
    const text = await (0,store/* readBack */.e7)(external_node_path_default().join(resultsDir, model/* RUN_JSON */.Xr), {
        without: "nothing is known from the last run",
    }).catch(() => undefined);
    try {
        const parsed = JSON.parse(text ?? "");
        if (Array.isArray(parsed.evals))
            run = parsed;
    }
    catch {
        // no run yet, or not JSON: nothing known from it
    }
    const history = historyDir ? await (0,store/* readAllHistory */.iU)(historyDir) : new Map();
    for (const line of await (0,store/* readLastResults */.Nc)(projectRoot)) {
        const lines = history.get(line.id) ?? [];
        // The same verdict is in the history folder too when that run was given one.
        if (!lines.some((l) => l.agent === line.agent && l.time === line.time))
            lines.push(line);
        history.set(line.id, lines);
    }
    for (const lines of history.values())
        lines.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
    return { run, history };
}
/** The newest result of `id` × `agent`, from run.json or the history, whichever is later. */
function lastResult(known, id, agent) {
    const fromRun = known.run?.evals.find((e) => e.id === id && e.agent === agent);
    const candidates = [];
    if (fromRun && known.run)
        candidates.push(fromRunJson(fromRun, known.run));
    const line = (known.history.get(id) ?? []).filter((l) => l.agent === agent).at(-1);
    if (line) {
        candidates.push({
            status: line.status,
            passes: line.passes,
            trials: line.trials,
            passRate: line.passRate,
            time: line.time,
            ...(line.commit ? { commit: line.commit } : {}),
            source: "history",
        });
    }
    return candidates.sort((a, b) => Date.parse(b.time) - Date.parse(a.time))[0];
}
function fromRunJson(e, run) {
    const cached = e.cachedFrom;
    return {
        status: e.status,
        passes: cached ? cached.passes : e.passes,
        trials: cached ? cached.trials : (0,model/* countedTrials */.aO)(e),
        passRate: e.passRate,
        time: run.startedAt,
        ...(run.commit ? { commit: run.commit } : {}),
        source: "run.json",
    };
}
/** "PASS 3/3 (100%) 2026-11-30 09:50 a1b2c3d" */
function describeLast(last) {
    if (!last)
        return "never run";
    const when = last.time.replace("T", " ").slice(0, 16);
    const rate = last.trials
        ? ` ${last.passes}/${last.trials} (${Math.round(last.passRate * 100)}%)`
        : "";
    return `${last.status.toUpperCase()}${rate} ${when}${last.commit ? ` ${last.commit.slice(0, 7)}` : ""}`;
}

;// CONCATENATED MODULE: ./src/cli/list-lines.ts
// `agent-evals list`: every eval × agent with where it is defined and, once anything ran, its last
// result (from the last run's run.json, or the history folder with --history-dir).


/** One tab-separated line per eval × agent. */
function listLines(specs, projectRoot, known) {
    const rows = specs.flatMap((spec) => {
        const where = `${external_node_path_default().relative(projectRoot, spec.file)}${spec.line ? `:${spec.line}` : ""}`;
        const trials = `${spec.trials} trial(s), pass rate ${spec.passRate}`;
        // Results name an eval without a prompt, or without agents, after the agent "none".
        const agents = !spec.prompt
            ? [{ label: "(no prompt: checks only)", key: "none" }]
            : spec.agents.length === 0
                ? [{ label: "(none: pass --agent)", key: "none" }]
                : spec.agents.map((a) => {
                    const name = typeof a === "string" ? a : a.name;
                    return { label: name, key: name };
                });
        return agents.map(({ label, key }) => ({
            cells: [spec.id, label, trials, where],
            last: lastResult(known, spec.id, key),
        }));
    });
    // Before anything ran there is nothing to say about results: leave the column out.
    const anyKnown = rows.some((r) => r.last);
    return rows.map((r) => [...r.cells, ...(anyKnown ? [describeLast(r.last)] : [])].join("\t"));
}

;// CONCATENATED MODULE: ./src/cli/commands/list.ts
// `agent-evals list`: every eval × agent and its last result.





async function listCommand({ projectRoot, flags }) {
    const specs = await (0,engine/* loadDefinitions */.Jg)({ projectRoot, evals: flags.evals });
    const historyDir = flags["history-dir"];
    const known = await readKnownResults(projectRoot, external_node_path_default().join(projectRoot, engine/* RESULTS_DIR */.z5), historyDir && external_node_path_default().resolve(projectRoot, historyDir));
    for (const line of listLines(specs, projectRoot, known))
        say(`${line}\n`);
    return 0;
}

;// CONCATENATED MODULE: ./src/cli/commands/merge.ts
// `agent-evals merge DIR… [--out DIR]`: shards' results folders into one run; exit code as for the
// merged run.






async function mergeCommand({ projectRoot, names, flags }) {
    if (names.length === 0)
        throw new model/* UsageError */.eb("merge takes the results folders of the shards");
    const outDir = external_node_path_default().resolve(projectRoot, flags.out ?? engine/* RESULTS_DIR */.z5);
    const merged = await (0,engine/* mergeRuns */.rV)(names, { projectRoot, outDir, evals: flags.evals });
    if (merged.warning)
        complain(`agent-evals merge: ${merged.warning}\n`);
    for (const line of merged.skipped)
        complain(`agent-evals merge: ${line}\n`);
    const style = (0,report/* makeStyle */.Oe)(process.stdout, process.env);
    const sections = (0,kinds/* consoleSections */.cU)(merged.summaries, projectRoot, style);
    if (sections.length)
        process.stdout.write(`${[...sections, ""].join("\n")}\n`);
    process.stdout.write(`${(0,report/* summaryLine */.dC)(merged.run, external_node_path_default().relative(process.cwd(), outDir) || ".", style)}\n`);
    process.stdout.write(`${style.dim((0,report/* reportFilesLine */.Cw)(outDir))}\n`);
    return merged.exitCode;
}

;// CONCATENATED MODULE: ./src/cli/commands/calibrate.ts
// `agent-evals calibrate [name…]`: every judge with labelled examples run on them; accuracy and
// Cohen's κ printed and kept in .copybook/calibration.json, where every run's report finds them.




async function calibrateCommand({ projectRoot, names, flags, }) {
    const style = (0,report/* makeStyle */.Oe)(process.stdout, process.env);
    const say = (line) => process.stdout.write(`${line}\n`);
    const outcome = await (0,engine/* calibrateEvals */.DN)({
        projectRoot,
        names,
        evals: flags.evals,
        budgetUsd: nonNegativeUsd(flags["budget-usd"]),
        realHome: flags["real-home"],
        onExample: (judge, example) => {
            const mark = example.answer === example.label ? style.green("✓") : style.red("✗");
            say(`  ${mark} ${judge.eval}: ${example.name} labelled ${example.label}, judged ${example.answer}${example.answer === example.label ? "" : ` — ${example.reason}`}`);
        },
    });
    say("");
    for (const judge of outcome.judges) {
        const { n, accuracy, kappa } = judge.figure;
        say(`${judge.eval} ${judge.check}: accuracy ${Math.round(accuracy * 100)}% (${Math.round(accuracy * n)}/${n}), Cohen's κ ${kappa === null ? "undefined (one label and one answer throughout)" : kappa.toFixed(2)}`);
    }
    say(style.dim(`cost $${outcome.costUsd.toFixed(4)} · written to ${external_node_path_default().relative(process.cwd(), outcome.file ?? "") || outcome.file}`));
    return 0;
}

;// CONCATENATED MODULE: ./src/cli/commands/diverge.ts
// `agent-evals diverge A B`: where two recorded trials part ways. Each of A and B is a trial's
// results folder or its cassette.json.gz or cassette.json (a recording, or a replay: a replay writes the exchanges it
// served too). Prints the first turn whose request or response differs, with a readable diff.




async function divergeCommand({ projectRoot, names }) {
    if (names.length !== 2)
        throw new model/* UsageError */.eb("diverge takes two trials: agent-evals diverge <trial folder or cassette file> <trial folder or cassette file>");
    const [a, b] = await Promise.all(names.map((name) => (0,src_run/* readCassette */.nn)(cassetteOf(projectRoot, name))));
    const divergence = (0,src_run/* firstDivergence */.FJ)(a, b);
    if (!divergence) {
        process.stdout.write(`no divergence: the ${a.exchanges.length} exchange(s) match, turn by turn (requests as normalized for replay, responses byte for byte)\n`);
        return 0;
    }
    process.stdout.write(`${divergence.message}\n\n${divergence.diff}\n`);
    return 1;
}
/** A trial folder's cassette (compressed or plain), or the file given. */
function cassetteOf(projectRoot, name) {
    const given = external_node_path_default().resolve(projectRoot, name);
    const stats = external_node_fs_default().lstatSync(given, { throwIfNoEntry: false });
    if (!stats)
        throw new model/* UsageError */.eb(`diverge: ${given} does not exist; give a trial folder or a cassette file (cassette.json.gz or cassette.json)`);
    return stats.isDirectory() ? ((0,src_run/* cassetteIn */._V)(given) ?? external_node_path_default().join(given, src_run/* CASSETTE_FILE */.UT)) : given;
}

;// CONCATENATED MODULE: ./src/cli/commands/recheck.ts
// `agent-evals recheck [name…] [--from DIR]`: the current checks, judges included, on the stored
// outcomes of the last run (or of a downloaded artifact); no agent starts. Exit codes as for eval.






async function recheckCommand({ projectRoot, names, flags, }) {
    const format = outputFormat(flags.format);
    const out = format === "json" ? process.stderr : process.stdout;
    const style = (0,report/* makeStyle */.Oe)(out, process.env);
    const outcome = await (0,engine/* recheckEvals */.vG)({
        projectRoot,
        names,
        evals: flags.evals,
        from: flags.from,
        budgetUsd: nonNegativeUsd(flags["budget-usd"]),
        realHome: flags["real-home"],
    });
    const say = (line) => out.write(`${line}\n`);
    for (const line of outcome.skipped ?? [])
        complain(`agent-evals recheck: ${line}\n`);
    say(style.dim(`recheck of ${outcome.run.recheckedFrom}: no agent ran`));
    const parts = new Set(outcome.summaries.flatMap((summary) => summary.parts));
    for (const result of outcome.run.evals) {
        if (parts.has(result.id))
            continue;
        say((0,report/* evalBlock */.I1)(result, projectRoot, style, flags.verbose));
    }
    for (const line of (0,kinds/* consoleSections */.cU)(outcome.summaries, projectRoot, style, flags.verbose))
        say(line);
    say("");
    say((0,report/* summaryLine */.dC)(outcome.run, external_node_path_default().relative(process.cwd(), outcome.resultsDir) || ".", style));
    say(style.dim((0,report/* reportFilesLine */.Cw)(outcome.resultsDir)));
    if (format === "json")
        process.stdout.write(`${JSON.stringify(outcome.run, null, 2)}\n`);
    return outcome.exitCode;
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
;// CONCATENATED MODULE: ./src/cli/commands/replay.ts
// `agent-evals replay <trial folder>`: one recorded trial run again exactly, for debugging: the
// same eval and agent, one trial, its model requests answered from that trial's cassette, the
// workspace kept on disk. The trial folder is a results folder's `evals/<eval>/<agent>/trial-<n>`
// (of the last run, or of a downloaded artifact).







const USAGE = "replay takes one trial folder: agent-evals replay .copybook/results/evals/<eval>/<agent>/trial-<n>";
async function replayCommand(ctx) {
    if (ctx.names.length !== 1)
        throw new model/* UsageError */.eb(USAGE);
    const trial = trialOf(external_node_path_default().resolve(ctx.projectRoot, ctx.names[0]));
    // The trial's cassette, as trial 1 of a replay folder of its own (the run then empties the
    // results folder it may have come from).
    const staged = external_node_fs_default().mkdtempSync(external_node_path_default().join(external_node_os_default().tmpdir(), "agent-evals-replay-"));
    try {
        const place = external_node_path_default().join(staged, "evals", trial.evalId, trial.agent, "trial-1");
        external_node_fs_default().mkdirSync(place, { recursive: true });
        // The agent's cassette and its judge calls' (a free agent's trial may have only these).
        for (const name of trial.cassettes)
            external_node_fs_default().copyFileSync(external_node_path_default().join(trial.dir, name), external_node_path_default().join(place, name));
        return await runCommand({
            ...ctx,
            names: [trial.evalId],
            flags: {
                ...ctx.flags,
                trials: "1",
                replay: staged,
                record: false,
                "keep-workspace": true,
            },
        }, (options) => (0,engine/* runEvals */.PP)({ ...options, agentFolder: trial.agent, variants: false }), (outcome) => outcome.exitCode);
    }
    finally {
        external_node_fs_default().rmSync(staged, { recursive: true, force: true });
    }
}
/** The eval, agent and cassettes of `evals/<eval>/<agent>/trial-<n>`, or a UsageError saying why not. */
function trialOf(dir) {
    const agentDir = external_node_path_default().dirname(dir);
    const evalDir = external_node_path_default().dirname(agentDir);
    if (!/^trial-\d+$/.test(external_node_path_default().basename(dir)) || external_node_path_default().basename(external_node_path_default().dirname(evalDir)) !== "evals")
        throw new model/* UsageError */.eb(`${USAGE} (got ${dir})`);
    const evalId = external_node_path_default().basename(evalDir);
    if (evalId.includes("@"))
        throw new model/* UsageError */.eb(`${dir} is a trial of a variant or comparison arm (${evalId}): replay the whole run with eval --replay`);
    const judges = (external_node_fs_default().statSync(dir, { throwIfNoEntry: false })?.isDirectory()
        ? external_node_fs_default().readdirSync(dir, { withFileTypes: true })
        : [])
        .filter((e) => e.isFile() && e.name.startsWith("judge-") && (0,src_run/* isCassetteFile */.LS)(e.name))
        .map((e) => e.name);
    // cassette.json.gz, or a plain cassette.json (an older recording, or one edited by hand).
    const cassette = (0,src_run/* cassetteIn */._V)(dir) ?? external_node_path_default().join(dir, src_run/* CASSETTE_FILE */.UT);
    const stats = external_node_fs_default().lstatSync(cassette, { throwIfNoEntry: false });
    // Only the judges' cassettes: the trial's agent made no model traffic of its own (literal).
    if (!stats && judges.length > 0)
        return { evalId, agent: external_node_path_default().basename(agentDir), dir, cassettes: judges };
    if (!stats?.isFile())
        throw new model/* UsageError */.eb(`${cassette} ${stats ? "is not a regular file" : "does not exist"}: replay needs a trial recorded with --record`);
    return {
        evalId,
        agent: external_node_path_default().basename(agentDir),
        dir,
        cassettes: [external_node_path_default().basename(cassette), ...judges],
    };
}

;// CONCATENATED MODULE: ./src/cli/commands/plan.ts
// `agent-evals plan [name…]` (and `eval --dry-run`): what would run and what it may cost, or with
// --shards the split into shards. Runs nothing.






/** `compare --dry-run`: both arms of each comparison, what they may cost; runs nothing. */
async function comparePlanCommand(ctx) {
    const { projectRoot, names, flags } = ctx;
    const target = powerTarget(flags);
    const candidate = agentVersion(flags);
    if (candidate) {
        const planned = await (0,engine/* planAgentVersionComparison */.aC)({
            projectRoot,
            evals: flags.evals,
            names,
            agents: flags.agent ?? [],
            trials: positiveInt("trials", flags.trials),
            candidate,
            margin: values_margin(flags.margin),
            budgetUsd: nonNegativeUsd(flags["budget-usd"]),
            historyDir: flags["history-dir"],
            say: (line) => say(`${line}\n`),
            ...(target ? { detect: target } : {}),
        });
        printPlan(planned, projectRoot, target, values_margin(flags.margin));
        return 0;
    }
    const { planned, dispose } = await (0,engine/* planComparison */.dX)({
        projectRoot,
        evals: flags.evals,
        names,
        agents: flags.agent ?? [],
        trials: positiveInt("trials", flags.trials),
        base: compareBase(flags),
        margin: values_margin(flags.margin),
        budgetUsd: nonNegativeUsd(flags["budget-usd"]),
        historyDir: flags["history-dir"],
        ...(target ? { detect: target } : {}),
    });
    await dispose();
    printPlan(planned, projectRoot, target, values_margin(flags.margin));
    return 0;
}
/** The plan as text: notes, each pair, the totals, and with --detect the power plan and its rule. */
function printPlan({ plan, notes, cache }, projectRoot, target, margin) {
    for (const note of notes)
        say(`${note}\n`);
    const costOf = (unit) => ({ expectedPerTrial: (0,src_plan/* expectedCost */.ys)(unit, cache) });
    const lines = (0,report/* planLines */.HN)(plan, projectRoot, costOf);
    // The power plan and its rule before the totals line, which ends the plan.
    if (target)
        lines.splice(-1, 0, ...(0,src_plan/* decisionRule */.bH)(target, margin), ...(0,report/* powerPlanLines */.kR)((0,src_plan/* planPower */.B1)(plan, cache.history, target)));
    for (const line of lines)
        say(`${line}\n`);
}
async function planCommand({ projectRoot, names, flags }) {
    const format = outputFormat(flags.format);
    const shards = shardCount(flags.shards);
    const target = powerTarget(flags);
    if (shards !== undefined && flags.shard)
        throw new model/* UsageError */.eb("--shards and --shard exclude each other");
    const planned = await (0,engine/* planEvals */.$R)({
        budgetUsd: nonNegativeUsd(flags["budget-usd"]),
        projectRoot,
        evals: flags.evals,
        names,
        axis: flags.axis,
        agents: flags.agent ?? [],
        trials: positiveInt("trials", flags.trials),
        changedBase: changedBase(flags),
        shard: shard(flags.shard),
        shardPlan: await shardPlan(flags),
        historyDir: flags["history-dir"],
        // A power plan is for a comparison, where nothing is cached: every pair is planned.
        force: flags.force || target !== undefined,
        noCache: flags["no-cache"],
        margin: values_margin(flags.margin),
        // A replay's plan: every pair runs, no key needed, and a replayed pair costs nothing.
        ...traffic(flags, projectRoot),
    });
    const { plan, cache } = planned;
    if (shards !== undefined || format === "json") {
        const split = (0,src_plan/* planShards */.tF)(plan.units, shards ?? 1, cache.history, plan.traffic);
        if (format === "json") {
            const power = target && powerJson((0,src_plan/* planPower */.B1)(plan, cache.history, target), values_margin(flags.margin));
            process.stdout.write(`${JSON.stringify(power ? { ...split, power } : split, null, 2)}\n`);
        }
        else
            for (const line of (0,report/* shardPlanLines */.Jh)(split))
                say(`${line}\n`);
        return 0;
    }
    printPlan(planned, projectRoot, target, values_margin(flags.margin));
    return 0;
}
/** The power plan as `plan --detect --format json` writes it: the units by their keys. */
function powerJson({ rows, underPowered, ...rest }, margin) {
    return {
        ...rest,
        rule: (0,src_plan/* decisionRule */.bH)(rest.target, margin).join("\n"),
        rows: rows.map(({ unit: _unit, ...row }) => row),
        underPowered: underPowered.map((row) => row.key),
    };
}

// EXTERNAL MODULE: ./node_modules/zod/v4/core/schemas.js + 1 modules
var schemas = __webpack_require__(18431);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/registries.js
var registries = __webpack_require__(29396);
// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js
var mini_schemas = __webpack_require__(94343);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/json-schema-processors.js + 1 modules
var json_schema_processors = __webpack_require__(91939);
;// CONCATENATED MODULE: ./src/cli/json-schema.ts
// `agent-evals schema`: the JSON Schema of the YAML eval formats, generated from the zod schemas
// every eval kind registers (kinds/index.ts; the one source of truth). Every schema with a `title`
// in its metadata is a file format; a file must match one of them. The same text is committed as
// schema/eval.schema.json (scripts/gen-schema.mjs writes it; test/schema.test.ts keeps it current).


/** The file formats: exported zod schemas whose metadata has a title, in a stable order. */
function fileFormatSchemas() {
    const formats = [];
    for (const [name, value] of Object.entries((0,kinds/* yamlSchemas */.Im)())) {
        if (!(value instanceof schemas/* $ZodType */.W4))
            continue;
        const title = registries/* globalRegistry */.fd.get(value)?.title;
        if (typeof title === "string")
            formats.push({ name, title, schema: value });
    }
    return formats.sort((a, b) => a.name.localeCompare(b.name));
}
/** The JSON Schema (draft-07, which every YAML editor plugin reads) of an eval file. */
function evalJsonSchema() {
    const formats = fileFormatSchemas();
    const root = formats.length === 1 ? formats[0].schema : mini_schemas/* union */.KCZ(formats.map((f) => f.schema));
    const json = json_schema_processors/* toJSONSchema */.bl(root, {
        target: "draft-7",
        io: "input",
        unrepresentable: "any",
    });
    const { $schema, ...rest } = json;
    return {
        $schema,
        title: "agent-evals eval file (*.eval.yaml)",
        description: `One of: ${formats.map((f) => f.title).join("; ")}. Generated from the zod schemas of each eval kind by \`agent-evals schema\`.`,
        ...rest,
    };
}
/** The schema as the committed file holds it: two-space JSON and a final newline. */
function evalJsonSchemaText() {
    return `${JSON.stringify(evalJsonSchema(), null, 2)}\n`;
}

;// CONCATENATED MODULE: ./src/cli/commands/schema.ts
// `agent-evals schema`: print the JSON Schema of the YAML eval formats.

async function schemaCommand() {
    process.stdout.write(evalJsonSchemaText());
    return 0;
}

;// CONCATENATED MODULE: ./src/cli/show-lines.ts
// `agent-evals show <id>`: the last trials of one eval — each agent's verdict, its trials with the
// failed checks' evidence (from the last run's run.json) — and its recent history.



class UnknownEvalError extends model/* AgentEvalsError */.xu {
    constructor(message) {
        super(model/* Codes */.NC.usage, message);
    }
}
const HISTORY_SHOWN = 10;
function showLines(id, known, projectRoot, resultsDir, style) {
    const results = (known.run?.evals ?? []).filter((e) => e.id === id);
    const history = known.history.get(id) ?? [];
    if (results.length === 0 && history.length === 0) {
        const ids = [
            ...new Set([...(known.run?.evals ?? []).map((e) => e.id), ...known.history.keys()]),
        ].sort();
        throw new UnknownEvalError(`no results for ${JSON.stringify(id)} in ${external_node_path_default().join(resultsDir, model/* RUN_JSON */.Xr)}${known.history.size ? " or the history folder" : ""}: ${ids.length ? `known: ${ids.join(", ")}` : "run `agent-evals eval` first"}`);
    }
    const lines = [];
    if (known.run && results.length) {
        lines.push(style.bold(`${id}: last run ${known.run.startedAt}${known.run.commit ? ` (${known.run.commit.slice(0, 7)})` : ""}`));
        for (const result of results) {
            // run.json keeps eval files relative to the project; the console report wants them absolute.
            const full = { ...result, file: external_node_path_default().resolve(projectRoot, result.file) };
            // Verbose: every trial with its folder, once.
            lines.push((0,report/* evalBlock */.I1)(full, projectRoot, style, true));
        }
        lines.push(style.dim(`report: ${external_node_path_default().relative(process.cwd(), external_node_path_default().join(resultsDir, "report.html")) || "report.html"}`));
    }
    else {
        lines.push(`${id}: not in the last run (${external_node_path_default().join(resultsDir, model/* RUN_JSON */.Xr)})`);
    }
    if (history.length) {
        lines.push("", style.bold(`history (last ${Math.min(HISTORY_SHOWN, history.length)} of ${history.length})`));
        for (const h of history.slice(-HISTORY_SHOWN)) {
            lines.push(`  ${h.time.replace("T", " ").slice(0, 16)} ${h.agent} ${h.status} ${h.passes}/${h.trials} (${(0,report/* percent */.KN)(h.passRate)}) ${(0,report/* usd */.dR)(h.costUsd)}${h.commit ? ` ${h.commit.slice(0, 7)}` : ""}`);
        }
    }
    return lines;
}

;// CONCATENATED MODULE: ./src/cli/commands/show.ts
// `agent-evals show ID`: the last trials of one eval, with evidence, and its history.






async function showCommand({ projectRoot, names, flags }) {
    if (names.length !== 1)
        throw new model/* UsageError */.eb("show takes one eval id: agent-evals show <id>");
    const resultsDir = external_node_path_default().join(projectRoot, engine/* RESULTS_DIR */.z5);
    const historyDir = flags["history-dir"];
    const known = await readKnownResults(projectRoot, resultsDir, historyDir && external_node_path_default().resolve(projectRoot, historyDir));
    const style = (0,report/* makeStyle */.Oe)(process.stdout, process.env);
    for (const line of showLines(names[0], known, projectRoot, resultsDir, style)) {
        process.stdout.write(`${line}\n`);
    }
    return 0;
}

;// CONCATENATED MODULE: ./src/cli/commands/index.ts
// The commands: name, arguments, what they do, the flags they take. Help pages and the dispatch
// in cli/main.ts are derived from this table.












const SELECT = ["cwd", "evals", "agent", "axis", "trials"];
const PLAN = [
    ...SELECT,
    "budget-usd",
    "history-dir",
    "force",
    "no-cache",
    "shard",
    "shard-plan",
    "changed",
    "base",
    "format",
];
const COMMANDS = [
    {
        name: "eval",
        args: "[name…] [options]",
        summary: "run evals (all, or the named ones)",
        flags: [
            ...PLAN,
            "resume",
            "concurrency",
            "margin",
            "reference-agent",
            "fail-on",
            "all-trials",
            "shards",
            "dry-run",
            "keep-workspace",
            "record",
            "replay",
            "no-provider-gate",
            "unsafe-local",
            "real-home",
            "sandbox",
            "image",
            "cpus",
            "memory",
            "pids",
            "verbose",
            "quiet",
        ],
        run: (ctx) => (ctx.flags["dry-run"] ? planCommand(ctx) : evalCommand(ctx)),
    },
    {
        name: "compare",
        args: "--base REF | --agent-version AGENT@VER [name…] [options]",
        summary: "the evals at REF (the control) against the working tree (the\ntreatment), trials interleaved; a verdict per eval × agent",
        flags: [
            ...SELECT,
            "base",
            "agent-version",
            "fail-on",
            "margin",
            "detect",
            "power",
            "history-dir",
            "resume",
            "budget-usd",
            "format",
            "concurrency",
            "dry-run",
            "keep-workspace",
            "no-provider-gate",
            "unsafe-local",
            "real-home",
            "sandbox",
            "image",
            "cpus",
            "memory",
            "pids",
            "verbose",
            "quiet",
        ],
        run: (ctx) => (ctx.flags["dry-run"] ? comparePlanCommand(ctx) : compareCommand(ctx)),
    },
    {
        name: "plan",
        args: "[name…] [options]",
        summary: "what eval would run, and what it may cost (runs nothing)",
        flags: [...PLAN, "shards", "replay", "detect", "power", "margin"],
        run: planCommand,
    },
    {
        name: "recheck",
        args: "[name…] [--from DIR]",
        summary: "the current checks (judges too) on the stored outcomes of the last run,\nor of a downloaded artifact; starts no agent; exit code as for eval",
        flags: ["cwd", "evals", "from", "budget-usd", "format", "real-home", "verbose"],
        run: recheckCommand,
    },
    {
        name: "calibrate",
        args: "[name…]",
        summary: "run each judge on its labelled examples: accuracy and Cohen's κ, shown\nbeside every judged check after",
        flags: ["cwd", "evals", "budget-usd", "real-home"],
        run: calibrateCommand,
    },
    {
        name: "replay",
        args: "TRIAL [options]",
        summary: "one recorded trial (a results folder's evals/<eval>/<agent>/trial-<n>) run\nagain exactly: its model requests answered from its cassette, no key, no\ncost, the workspace kept",
        flags: ["cwd", "unsafe-local", "real-home", "sandbox", "image", "verbose", "format"],
        run: replayCommand,
    },
    {
        name: "diverge",
        args: "A B",
        summary: "where two recorded trials (trial folders or cassette files, recorded\nwith --record or replayed) part ways: the first turn whose request or\nresponse differs, with a diff; exit 1 when they differ",
        flags: ["cwd"],
        run: divergeCommand,
    },
    {
        name: "list",
        args: "[options]",
        summary: "list the evals × agents and their last result",
        flags: ["cwd", "evals", "history-dir"],
        run: listCommand,
    },
    {
        name: "show",
        args: "ID [options]",
        summary: "the last trials of one eval, with evidence, and its history",
        flags: ["cwd", "history-dir"],
        run: showCommand,
    },
    {
        name: "health",
        args: "--history-dir DIR [options]",
        summary: "the evals that are broken, flaky or saturated, from their recorded runs",
        flags: ["cwd", "history-dir", "format"],
        run: healthCommand,
    },
    {
        name: "init",
        args: "[--cwd DIR] [--action OWNER/REPO@REF]",
        summary: "scaffold evals/ (a YAML and a TS example, a template\nfolder) and .github/workflows/evals.yml; never overwrites;\nadds .copybook/ and node_modules/ to .gitignore",
        flags: ["cwd", "action"],
        run: initCommand,
    },
    {
        name: "schema",
        args: "",
        summary: "print the JSON Schema of the YAML eval formats",
        flags: [],
        run: schemaCommand,
    },
    {
        name: "merge",
        args: "DIR… [--out DIR]",
        summary: "merge shards' results folders into one run (default out:\n.copybook/results); exit code as for the merged run",
        flags: ["cwd", "evals", "out"],
        run: mergeCommand,
    },
];

// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(57975);
;// CONCATENATED MODULE: ./src/cli/flags.ts
// Every command-line flag, once: its type, the value it takes, its help text. The parser's options,
// the parsed values' type and every help page are derived from this table.


const FLAGS = {
    cwd: { type: "string", value: "DIR", help: "project root (default: the current directory)" },
    evals: {
        type: "string",
        multiple: true,
        value: "GLOB",
        help: "eval files to load (repeatable; default evals/ and _evals/)",
    },
    agent: {
        type: "string",
        multiple: true,
        value: "NAME|CMD",
        help: 'agent to run instead of each eval\'s own: "literal", or a command\ntemplate such as "my-agent --yes {prompt}" (repeatable)',
    },
    axis: {
        type: "string",
        value: "KIND",
        help: "skill/command/hook evals: only their trigger, e2e or hook parts",
    },
    trials: {
        type: "string",
        value: "N",
        help: "trials per eval × agent (overrides the definitions)",
    },
    concurrency: {
        type: "string",
        value: "N",
        help: "trials run at once (default: the number of CPUs)",
    },
    "all-trials": {
        type: "boolean",
        help: "run every planned trial, even once the verdict is decided",
    },
    "budget-usd": {
        type: "string",
        value: "X",
        help: "spend at most X US dollars: no trial starts unless its worst case fits",
    },
    "history-dir": {
        type: "string",
        value: "DIR",
        help: "append each eval × agent's verdict to DIR/<id>.jsonl; an eval whose prompt,\ndefinition and agent version match a recorded verdict is cached, not run",
    },
    force: { type: "boolean", help: "run evals even when a recorded verdict matches" },
    resume: {
        type: "boolean",
        help: "continue the run the results folder holds: keep its finished trials, run\nthe unfinished, missing and infra-error ones (an eval changed since: all)",
    },
    "no-cache": {
        type: "boolean",
        help: "without --history-dir, don't use the checkout's fingerprint cache",
    },
    shard: {
        type: "string",
        value: "I/N",
        help: "run shard I of N (a stable split of the eval × agent pairs, balanced by\nthe expected duration in --history-dir)",
    },
    "shard-plan": {
        type: "string",
        value: "FILE",
        help: "with --shard: take the split from this plan (`plan --shards N --format json`)",
    },
    shards: {
        type: "string",
        value: "N|auto",
        help: "plan: split into N shards (auto: by suite size); prints each shard's\npairs and expected cost, and the balance (heaviest ÷ mean)",
    },
    changed: {
        type: "boolean",
        help: "only evals whose prompt, definition or sandbox contents differ at --base",
    },
    base: {
        type: "string",
        value: "REF",
        help: "the git ref --changed compares with (default origin/main); for\ncompare, the ref whose evals are the control (required)",
    },
    "fail-on": {
        type: "string",
        value: "WHEN",
        help: "compare: exit 1 on a `regression` (default), on a `failure` of the\ntreatment too, or `never`; eval: `failure` (default), or `parity`: also\nexit 1 when an agent is behind the reference agent by more than --margin",
    },
    margin: {
        type: "string",
        value: "PTS",
        help: "compare and variants: a difference within ±PTS points is `no-change`\n(default 10); eval: the margin of parity across agents",
    },
    "reference-agent": {
        type: "string",
        value: "NAME",
        help: "eval: the agent each eval's other agents are compared with in the\nparity rows (default: the first agent the eval lists)",
    },
    "agent-version": {
        type: "string",
        value: "AGENT@VER",
        help: "compare: the agent CLI as installed (control) against this version of it\n(treatment, installed once into a cache), instead of --base",
    },
    detect: {
        type: "string",
        value: "PTS",
        help: "plan, compare: plan each comparison's trials per arm so a drop of PTS\npoints is flagged (default power 80%), from the pass rate in history;\nthe plan prints the trials, the forecast cost and the decision rule",
    },
    power: {
        type: "string",
        value: "PCT",
        help: "with --detect: the chance the drop should be flagged with (default 80)",
    },
    "dry-run": { type: "boolean", help: "print the plan (as `plan`) and run nothing" },
    record: {
        type: "boolean",
        help: "record each trial's model traffic (through a proxy on loopback) into its\nresults folder, as cassette.json.gz: for --replay",
    },
    replay: {
        type: "string",
        value: "DIR",
        help: "answer each trial's model requests from the cassettes in DIR (a results\nfolder, or a folder of cassettes laid out like one): no API calls, no key;\na request the recording lacks ends the trial as a replay miss (AE303).\nA replayed trial costs nothing and reserves no budget, unless it is judged",
    },
    "no-provider-gate": {
        type: "boolean",
        help: "let each agent talk to its model API directly, not through the run's gate\nper provider (which pauses every trial on a 429's retry-after and adapts\nthe requests in flight)",
    },
    "keep-workspace": {
        type: "boolean",
        help: "keep each trial's sandbox on disk and print where",
    },
    format: { type: "string", value: "text|json", help: "console output (json prints run.json)" },
    "unsafe-local": { type: "boolean", help: "run agents outside CI (without CI=true)" },
    "real-home": {
        type: "boolean",
        help: "run trials with your real HOME (shell rc files, ~/.claude memory, skills,\nagents, commands, hooks, plugins, MCP servers, ~/.codex config) instead of\na HOME per trial holding only the login files; not with --sandbox bwrap/auto",
    },
    sandbox: {
        type: "string",
        value: "KIND",
        help: `${src_run/* SANDBOX_KINDS */.Gk.join(", ")}. none (default): a temp dir per trial; bwrap: bubblewrap\n(read-only view outside the workspace, loopback-only network plus the model\nAPIs), or refuse to run where it does not work; docker: a container per\ntrial from --image (network none plus the model APIs, CPU/memory/pid limits);\nauto: bwrap where it works. An eval's sandbox.kind may ask for more, never less`,
    },
    image: {
        type: "string",
        value: "IMAGE",
        help: "docker: the local image trials run in, for evals without sandbox.image",
    },
    cpus: {
        type: "string",
        value: "N",
        help: "docker: CPUs per trial (e.g. 2 or 1.5), for evals without sandbox.cpus",
    },
    memory: {
        type: "string",
        value: "SIZE",
        help: "docker: memory per trial (e.g. 2g, 512m), for evals without sandbox.memory",
    },
    pids: {
        type: "string",
        value: "N",
        help: "docker: most processes per trial (default 4096), for evals without sandbox.pids",
    },
    from: {
        type: "string",
        value: "DIR",
        help: "recheck: the results folder whose outcomes are rechecked (default:\n.copybook/results, the last run's)",
    },
    out: {
        type: "string",
        value: "DIR",
        help: "merge: where the merged run goes (default: .copybook/results)",
    },
    action: {
        type: "string",
        value: "OWNER/REPO@REF",
        help: "init: the Action the workflow uses (default: package.json's repository\nat the release tag, org/agent-evals@v1); a fork, or a pinned commit",
    },
    verbose: { type: "boolean", help: "also show passing trials and checks" },
    quiet: { type: "boolean", help: "only the summary and failures" },
    help: { type: "boolean", short: "h", help: "this help" },
    version: { type: "boolean", short: "v", help: "the version" },
};
/** Parses argv against the table; throws parseArgs' error on an unknown flag or a missing value. */
function parseFlags(argv) {
    const options = Object.fromEntries(Object.entries(FLAGS).map(([name, spec]) => [
        name,
        {
            type: spec.type,
            ...(spec.multiple ? { multiple: true } : {}),
            ...(spec.short ? { short: spec.short } : {}),
        },
    ]));
    const { values, positionals } = (0,external_node_util_.parseArgs)({
        args: argv,
        allowPositionals: true,
        strict: true,
        options,
    });
    return { flags: values, positionals };
}
/** Help lines for some flags: `  --name VALUE   text`, continuation lines aligned. */
function flagHelp(names) {
    const COLUMN = 23;
    return names.flatMap((name) => {
        const spec = FLAGS[name];
        const label = `${spec.short ? `-${spec.short}, ` : ""}--${name}${spec.value ? ` ${spec.value}` : ""}`;
        const [first, ...rest] = spec.help.split("\n");
        return [
            `  ${label}`.padEnd(COLUMN - 1) + ` ${first}`,
            ...rest.map((line) => `${" ".repeat(COLUMN)}${line}`),
        ];
    });
}

;// CONCATENATED MODULE: ./src/cli/main.ts
// The `agent-evals` command line: parse the flags (cli/flags.ts), pick the command
// (cli/commands/index.ts), run it. Exit 0 all passed/skipped/cached, 1 some failed, 2 the harness
// could not run (bad input, refused by the CI gate): an AgentEvalsError carries its exit code.





const INTRO = `agent-evals ${model/* VERSION */.xv}: give prompts to real coding agents in a sandbox and check what they did.`;
const ALWAYS = ["help", "version"];
/** The help of every command and every flag. */
function globalHelp() {
    const usage = COMMANDS.map((c) => {
        const head = `  agent-evals ${c.name} ${c.args}`.trimEnd();
        const [first, ...rest] = c.summary.split("\n");
        return [`${head.padEnd(38)} ${first}`, ...rest.map((l) => `${" ".repeat(39)}${l}`)].join("\n");
    });
    return `${INTRO}\n\nUsage:\n${usage.join("\n")}\n\nOptions:\n${flagHelp(Object.keys(FLAGS)).join("\n")}\n\nRun \`agent-evals COMMAND --help\` for one command's options.\n`;
}
/** One command's help: its usage line, what it does, the flags it takes. */
function commandHelp(command) {
    const usage = `agent-evals ${command.name} ${command.args}`.trimEnd();
    return `${usage}\n\n${command.summary.replace(/\n/g, " ")}\n\nOptions:\n${flagHelp([...command.flags, ...ALWAYS]).join("\n")}\n`;
}
async function main(argv) {
    let parsed;
    try {
        parsed = parseFlags(argv);
    }
    catch (error) {
        return usage(parseErrorMessage(error));
    }
    const { flags, positionals } = parsed;
    if (flags.version) {
        process.stdout.write(`${model/* VERSION */.xv}\n`);
        return 0;
    }
    const [name, ...names] = positionals;
    const command = COMMANDS.find((c) => c.name === name);
    if (flags.help) {
        process.stdout.write(command ? commandHelp(command) : globalHelp());
        return 0;
    }
    if (!name) {
        process.stdout.write(globalHelp());
        return 2;
    }
    try {
        if (!command)
            throw new model/* UsageError */.eb(`unknown command ${JSON.stringify(name)}: use ${COMMANDS.map((c) => c.name).join(", ")}`);
        const projectRoot = external_node_path_default().resolve(flags.cwd ?? ".");
        return await command.run({ projectRoot, names, flags });
    }
    catch (error) {
        if (error instanceof model/* UsageError */.eb)
            return usage(error.message);
        if (error instanceof model/* DefinitionError */.gk) {
            complain(`${error.problems.map(model/* formatProblem */.Vw).join("\n")}\n`);
            complain(`agent-evals: ${error.problems.length} problem(s) in the eval definitions; nothing was run.\n`);
            if (flags.format === "json")
                writeJsonError(error, error.problems);
            return error.exitCode;
        }
        if (error instanceof model/* AgentEvalsError */.xu) {
            complain(`agent-evals: ${error.message}\n`);
            if (flags.format === "json")
                writeJsonError(error);
            return error.exitCode;
        }
        throw error;
    }
}
/**
 * With --format json, stdout carries JSON even when nothing ran: the error (its code, message and
 * exit code) and, for bad definitions, each problem as it is (file, line, code, message, fix).
 */
function writeJsonError(error, problems) {
    const body = {
        error: { code: error.code, message: error.message, exitCode: error.exitCode },
        ...(problems ? { problems } : {}),
    };
    process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
}
/** parseArgs' message for an unknown option ends in an unbalanced quote: say it plainly instead. */
function parseErrorMessage(error) {
    const unknown = /^Unknown option '([^']+)'/.exec(error.message);
    if (error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && unknown) {
        return `unknown option ${unknown[1]} (a value that starts with "-" goes after \`--\`)`;
    }
    return error.message;
}
function usage(message) {
    complain(`agent-evals: ${message}\nRun \`agent-evals --help\` for the options.\n`);
    return 2;
}

// EXTERNAL MODULE: ./src/start/index.ts
var start = __webpack_require__(73452);
;// CONCATENATED MODULE: ./src/cli/bin.ts
// The CLI's run: main with the command line, then exit with its code. A chunk of the package's
// bundle (src/package.ts), which dist/cli/index.js (src/start/cli.ts) starts.



main(process.argv.slice(2)).then(start/* exitWhenFlushed */.KE, (error) => {
    complain(`agent-evals: internal error: ${error.stack ?? String(error)}\n`);
    (0,start/* exitWhenFlushed */.KE)(2);
});


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


/***/ })

};
