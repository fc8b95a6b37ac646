// One trial: a fresh copy of the prepared tree, shims first on PATH, the agent, the calls, the checks.
// Writes prompt.md, calls.jsonl (an eval with shims), checks.json, trial.json and outcome.json into
// the trial's results folder.

import fs from "node:fs";
import path from "node:path";
import type {
  CalibrationFigure,
  RenderedPrompt,
  CheckOutcome,
  JudgeSpec,
  TokenUsage,
  TrialResult,
} from "../model/index.js";
import {
  type AgentAdapter,
  type AgentRunResult,
  type EvalSpec,
  Codes,
  InfraError,
} from "../model/index.js";
import {
  partLimit,
  runChecks,
  shimBypassReasons,
  shimNotFoundReasons,
  type OpenJudgeTraffic,
} from "../check/index.js";
import type { PreparedTree } from "./workspace/prepare.js";
import { workspaceChanges } from "./workspace/changes.js";
import { makeTempDir } from "./workspace/io.js";
import { removeTreeOffThread } from "./workspace/remove.js";
import { storeOutcome } from "./workspace/outcome.js";
import { deletedFrom, fillUnchanged } from "./workspace/layers.js";
import { CALL_LOG_ENV, writeShims } from "./shims.js";
import {
  callsOutside,
  faultOf,
  outsideReasons,
  workspaceDamage,
  type WorkspaceDamage,
} from "./trial-damage.js";
import { judgeMaterial, layersOf, type Layered } from "./trial-layers.js";
import {
  cutWarning,
  noCalls,
  readCallLog,
  redactCall,
  writeCallsJsonl,
  type CallLog,
} from "./call-log.js";
import {
  makeTrialHome,
  RC_POINTERS,
  trialHomeEnv,
  type TrialIsolation,
} from "./isolation/resolve.js";
import type { TrialSandbox } from "./isolation/provider.js";
import { currentRedactor, readTail, redactFile, redactTree, type Redactor } from "../util/index.js";
import type { TrialLimits } from "./unit.js";
import type { ProviderGates } from "./providers/index.js";
import type { RateLimitCounts } from "./replay/index.js";
import { volatileStrings } from "./trial-volatile.js";
import {
  CASSETTE_FILE,
  closeTraffic,
  judgeTrafficOpener,
  openTraffic,
  readRecording,
  replayRoot,
  type Recording,
  type TrafficMode,
  type TrialTraffic,
  holdUntilOf,
} from "./trial-traffic.js";

export interface TrialInput {
  spec: EvalSpec;
  /** Undefined for an eval without a prompt: only the checks run. */
  agent?: AgentAdapter;
  prompt?: RenderedPrompt;
  n: number;
  prepared: PreparedTree;
  /** Absolute results folder of this trial. */
  outDir: string;
  projectRoot: string;
  baseEnv: Record<string, string>;
  keepWorkspace: boolean;
  signal: AbortSignal;
  /** The most this trial may spend: the eval's maxCostUsd, or what the budget has left. */
  maxCostUsd?: number;
  /** Takes the trial's clean-up, so removing its files need not hold up the next trial. */
  deferCleanup?: (cleanup: Promise<void>) => void;
  /** The eval's isolation, resolved before the run (resolveEvals): its provider, HOME, network. */
  isolation: TrialIsolation;
  /** How long the agent, each check and the whole trial may take. */
  limits: TrialLimits;
  /** The calibration figure of a judge of this eval, when one was measured. */
  calibrationOf?: (judge: JudgeSpec) => CalibrationFigure | undefined;
  /**
   * Record the agent's model traffic, replay it from a recording (`--record`, `--replay`), or relay
   * it through the provider gates.
   */
  traffic?: TrafficMode;
  /** The run's provider gates: recorded and relayed requests wait for their provider's. */
  gates?: ProviderGates;
  /** Where what the gates did for this trial (its agent's and judges' requests) is added up. */
  rateLimits?: RateLimitCounts;
}

export interface TrialOutput extends TrialResult {
  workspace?: string;
}

export async function runTrial(input: TrialInput): Promise<TrialOutput> {
  const trial = await openTrial(input);
  try {
    await takeWorkspace(input, trial);
    const env = await trialEnv(input, input.isolation, trial.root, trial.tmp, trial.callLog);
    if (input.prompt) fs.writeFileSync(path.join(input.outDir, "prompt.md"), input.prompt.safeText);
    trial.traffic = await openTraffic({
      ...input,
      env,
      volatile: () => trialVolatile(trial, env, input.agent?.executable),
      ...(trial.recording ? { recording: trial.recording } : {}),
      ...(input.gates ? { gates: input.gates } : {}),
      // The gate stops holding a request back while the agent still has time to meet the answer.
      holdUntil: () =>
        trial.agentDeadline !== undefined && trial.agentLimit
          ? holdUntilOf(trial.agentDeadline - trial.agentLimit.ms, trial.agentLimit.ms)()
          : undefined,
    });
    trial.sandbox = await openSandbox(input, trial, env);
    trial.layered = input.prepared.treeInside
      ? layersOf(input.prepared, trial.sandbox, trial.work, trial.root)
      : undefined;
    const ran = await runAgent(input, trial, env).catch(async (error: unknown) => {
      // An agent stopped by a replay miss (the proxy's 400) ends as that miss, not as its error.
      await closeTraffic(trial.traffic, input.outDir, trial.root, agentFiles(input)).finally(
        () => (trial.traffic = undefined),
      );
      throw error;
    });
    // A replay spends nothing: what the agent reports is the recorded run's cost.
    const run = trial.traffic?.mode === "replay" ? { ...ran, costUsd: 0 } : ran;
    if (input.signal.aborted) throw new InfraError("interrupted", false);
    await closeTraffic(trial.traffic, input.outDir, trial.root, agentFiles(input)).finally(
      () => (trial.traffic = undefined),
    );
    // From here on the harness reads what the agent left: where that cannot be done (a container
    // it stopped, a tree too deep to walk), the trial fails with why, without its checks.
    const left = await readWhatTheAgentLeft(input, trial);
    if ("failure" in left) {
      const result = trial.redact(
        verdictOf(input, trial, run, left.calls, [], await agentOutputs(input, run), {
          failure: left.failure,
          warnings: left.warnings,
        }),
      );
      await writeTrialFiles(input, result, trial.redact(run), []);
      return result;
    }
    const { checks, costed } = await checkTheWork(input, trial, env, run, left);
    // Checks cut short by an interrupt judge nothing: the trial is unfinished, as for the agent.
    if (input.signal.aborted) throw new InfraError("interrupted", false);
    // The trial's own HOME only: with --real-home the user's projects are under HOME.
    const outside = callsOutside(left.calls.calls, [
      trial.work,
      trial.tmp,
      input.isolation.home ? env.HOME : undefined,
      input.prepared.treeInside,
    ]);
    const result = trial.redact(
      verdictOf(input, trial, costed, left.calls, checks, await agentOutputs(input, costed), {
        ...left.damage,
        warnings: [...left.damage.warnings, ...outside],
        harness: [...(left.damage.harness ?? []), ...outsideReasons(outside)],
      }),
    );
    await writeTrialFiles(input, result, trial.redact(run), trial.redact(checks));
    return await keptWorkspace(input, trial, result);
  } finally {
    await closeTrial(input, trial);
  }
}

/** What one trial holds while it runs: its folders, its sandbox, its clock and its redaction. */
interface OpenTrial {
  started: number;
  /** When the whole trial's limit runs out (epoch ms), where the eval sets one. */
  deadline?: number;
  root: string;
  /** The agent's workspace. */
  work: string;
  tmp: string;
  /** The shims' call log of the agent, and of the checks. */
  callLog: string;
  checkLog: string;
  /** Only shims write the call log: without them there is none to create, bind or read. */
  logsCalls: boolean;
  /** The provider runs the checks inside the sandbox too (a container: its image has their tools). */
  checksInside: boolean;
  redactor: Redactor | undefined;
  redact<T>(value: T): T;
  sandbox?: TrialSandbox;
  layered?: Layered;
  /** The limit the agent ran under, and what its timeout says when that was the trial's. */
  agentLimit?: { ms: number; limit?: string };
  /** When the agent's limit runs out (epoch ms), once it started. */
  agentDeadline?: number;
  /** The proxy of the agent's model traffic, while it is open (`--record`, `--replay`). */
  traffic?: TrialTraffic;
  /** A replay's recording, read once as the trial opened. */
  recording?: Recording;
}

async function openTrial(input: TrialInput): Promise<OpenTrial> {
  const started = Date.now();
  const recording = await readRecording(input.traffic);
  const root = replayRoot(recording) ?? (await makeTempDir(`${input.spec.id}-t${input.n}`));
  // Secrets are replaced in everything this trial writes (see redact.ts).
  const redactor = currentRedactor();
  const { trialMs } = input.limits;
  return {
    started,
    ...(trialMs !== undefined ? { deadline: started + trialMs } : {}),
    root,
    work: path.join(root, "work"),
    tmp: path.join(root, "tmp"),
    callLog: path.join(root, "calls.raw"),
    checkLog: path.join(root, "check-calls.raw"),
    logsCalls: Boolean(input.agent) && Object.keys(input.spec.shims).length > 0,
    checksInside: Boolean(input.isolation.provider.checksInside),
    redactor,
    redact: <T>(value: T): T => (redactor ? redactor.value(value) : value),
    ...(recording ? { recording } : {}),
  };
}

/** The trial's results folder emptied, and its workspace: a copy of the prepared tree. */
async function takeWorkspace(input: TrialInput, trial: OpenTrial): Promise<void> {
  // Small file-system calls are made synchronously throughout: on the main thread they cost less
  // than a round trip through libuv's thread pool, which adds up over a trial's dozens of calls.
  fs.rmSync(input.outDir, { recursive: true, force: true });
  fs.mkdirSync(input.outDir, { recursive: true });
  fs.mkdirSync(trial.tmp);
  // Where the provider keeps the prepared tree (docker: in the eval's image), the workspace is
  // the sandbox's own copy-on-write view of it: the folder here gets only what the run changes.
  if (input.prepared.treeInside) fs.mkdirSync(trial.work);
  else
    await input.prepared.workspaces.take(trial.work).catch((error: Error) => {
      throw new InfraError(`could not copy the prepared sandbox: ${error.message}`);
    });
}

/**
 * The provider's sandbox the agent runs inside (docs/sandboxes.md › Sandbox providers), which the checks after
 * it use too where the provider says so; none for an eval without an agent whose checks run on the
 * host. Every writable path exists before a provider binds it: the call logs too, empty.
 */
async function openSandbox(
  input: TrialInput,
  trial: OpenTrial,
  env: Record<string, string>,
): Promise<TrialSandbox | undefined> {
  const { root, work, tmp, callLog, checkLog, logsCalls, checksInside } = trial;
  if (logsCalls) fs.writeFileSync(callLog, "", { flag: "a" });
  if (checksInside) fs.writeFileSync(checkLog, "", { flag: "a" });
  if (!input.agent && !checksInside) return undefined;
  const treeInside = input.prepared.treeInside;
  return input.isolation.provider.prepareTrial({
    root,
    writable: [
      work,
      tmp,
      env.HOME ?? tmp,
      ...(logsCalls ? [callLog] : []),
      ...(checksInside ? [checkLog] : []),
    ],
    // What it runs from stays visible where a private /tmp would hide it: its shims, its
    // results folder (the literal agent's step files), its PATH.
    readable: [shimDirOf(root), input.outDir, ...(env.PATH ?? "").split(path.delimiter)],
    ownReadable: [...(fs.existsSync(shimDirOf(root)) ? [shimDirOf(root)] : []), input.outDir],
    allow: [...input.isolation.allow, ...(trial.traffic ? [trial.traffic.endpoint] : [])],
    container: input.prepared.container ?? input.isolation.container ?? {},
    workspace: work,
    ...(treeInside ? { treeInside } : {}),
  });
}

/** The agent, inside its sandbox, for the eval's timeout or what is left of the trial's limit. */
async function runAgent(
  input: TrialInput,
  trial: OpenTrial,
  env: Record<string, string>,
): Promise<AgentRunResult> {
  const { agent } = input;
  const sandbox = trial.sandbox;
  if (!agent || !sandbox) return noAgentRun();
  const limit = (trial.agentLimit = agentLimit(input, trial));
  trial.agentDeadline = Date.now() + limit.ms;
  return sandbox.run(() =>
    agent.run({
      prompt: input.prompt?.text ?? "",
      commands: input.prompt?.commands ?? [],
      cwd: trial.work,
      // PWD too: some agents (opencode) take their project folder from it, not from the cwd.
      env: { ...env, ...trial.traffic?.env, PWD: trial.work },
      timeoutMs: limit.ms,
      maxCostUsd: input.maxCostUsd ?? input.spec.maxCostUsd,
      model: input.spec.model,
      outDir: input.outDir,
      signal: input.signal,
      ...(input.spec.agentArgs?.length ? { extraArgs: [...input.spec.agentArgs] } : {}),
      ...(input.spec.mcp && Object.keys(input.spec.mcp).length ? { mcp: input.spec.mcp } : {}),
      ...(trial.traffic ? { modelBaseUrl: trial.traffic.baseUrl } : {}),
    }),
  );
}

/** The agent's limit: the eval's timeout, or what the trial's limit left it when that is less. */
function agentLimit(input: TrialInput, trial: OpenTrial): { ms: number; limit?: string } {
  return partLimit(input.limits.partMs, trial.deadline, input.limits.trialMs);
}

interface AgentLeft {
  calls: CallLog;
  damage: WorkspaceDamage;
  /** The files the agent created or changed. */
  agentChanged: string[];
}

/**
 * What the agent left, read once: the damage it did to its sandbox, its shimmed calls (written to
 * calls.jsonl), and its changes, stored as the trial's outcome for `recheck` before any check runs
 * (a build a check starts is not the agent's work); or why it could not be read.
 */
async function readWhatTheAgentLeft(
  input: TrialInput,
  trial: OpenTrial,
): Promise<AgentLeft | { failure: string; warnings: string[]; calls: CallLog }> {
  const { root, work, layered, redactor } = trial;
  const fault = await faultOf(async () => workspaceDamage(root, work, await layered?.sync()));
  if (typeof fault === "string") return { failure: fault, warnings: [], calls: noCalls() };
  const damage = fault.value;
  // Read and written under caps, a chunk at a time: the agent decides how big the log is.
  const calls = trial.logsCalls ? await readCallLog(trial.callLog) : noCalls();
  if (Object.keys(input.spec.shims).length > 0)
    await writeCallsJsonl(
      path.join(input.outDir, "calls.jsonl"),
      calls,
      redactor ? (call) => redactCall(call, (text) => redactor.text(text)) : undefined,
    );
  // Capped, and redacted as it is stored. Where the workspace holds only the run's changes, the
  // sandbox tells what was deleted; else the walk did.
  const manifest = await input.prepared.manifest();
  const stored = await faultOf(async () => {
    const agentChanges = await changesOf(input, trial);
    const deleted = layered
      ? [...manifest.keys()].filter(deletedFrom(work, (await layered.sync()).deleted)).sort()
      : agentChanges.deleted;
    storeOutcome(
      work,
      { changed: agentChanges.changed, deleted },
      manifest,
      input.outDir,
      redactor ? (content) => redactor.bytes(content) : undefined,
    );
    return agentChanges.changed;
  });
  if (typeof stored === "string") return { failure: stored, warnings: damage.warnings, calls };
  return { calls, damage, agentChanged: stored.value };
}

/** What changed in the workspace since it was handed out (recycled: only the others are hashed). */
async function changesOf(input: TrialInput, trial: OpenTrial) {
  await trial.layered?.sync();
  const manifest = await input.prepared.manifest();
  return workspaceChanges(trial.work, manifest, input.prepared.workspaces.unchanged(trial.work));
}

/**
 * The eval's checks on what the agent left, each under its part of the limits; a judge always runs
 * on the host in a copy of the workspace (check/judge.ts steps out of the sandbox's command
 * wrapper), whatever the provider does with the checks. The run's cost then includes the judges'.
 */
async function checkTheWork(
  input: TrialInput,
  trial: OpenTrial,
  env: Record<string, string>,
  run: AgentRunResult,
  left: AgentLeft,
): Promise<{ checks: CheckOutcome[]; costed: AgentRunResult }> {
  const { sandbox, layered, work, root } = trial;
  const spend = {
    capUsd: input.maxCostUsd ?? input.spec.maxCostUsd,
    spentUsd: run.costUsd ?? 0,
  };
  const inside = <T>(fn: () => Promise<T>) =>
    trial.checksInside && sandbox ? sandbox.run(fn) : fn();
  const checks = await inside(() =>
    runChecks(input.spec.checks, {
      workspace: work,
      calls: left.calls.calls,
      allCalls: left.calls.each,
      run,
      // Computed when a check asks, as before: after the checks before it (a build's output too).
      changedFiles: async () => (await changesOf(input, trial)).changed,
      env: { ...env, [CALL_LOG_ENV]: trial.checkLog },
      outDir: input.outDir,
      timeoutMs: input.limits.partMs,
      ...(trial.deadline !== undefined
        ? { trialDeadline: trial.deadline, trialTimeoutMs: input.limits.trialMs }
        : {}),
      signal: input.signal,
      agentFailed: run.timedOut ? "it timed out" : (run.agentFailure ?? left.damage.failure),
      ...(layered ? { layers: () => layered.sync() } : {}),
      judging: {
        material: judgeMaterial(work, path.join(root, "judged"), left.agentChanged, layered),
        spend,
        calibrationOf: input.calibrationOf,
        ...judgeTraffic(input, trial, env),
      },
    }),
  );
  const judgedCost = spend.spentUsd - (run.costUsd ?? 0);
  const costed = judgedCost > 0 ? { ...run, costUsd: (run.costUsd ?? 0) + judgedCost } : run;
  return { checks, costed };
}

/** What opens each judge call's proxy when the run records or replays (trial-traffic.ts). */
function judgeTraffic(
  input: TrialInput,
  trial: OpenTrial,
  env: Record<string, string>,
): { traffic?: OpenJudgeTraffic } {
  const traffic = judgeTrafficOpener({
    ...(input.traffic ? { traffic: input.traffic } : {}),
    outDir: input.outDir,
    trialRoot: trial.root,
    volatile: (executable) => trialVolatile(trial, env, executable),
    ...(input.gates ? { gates: input.gates } : {}),
    ...(input.rateLimits ? { rateLimits: input.rateLimits } : {}),
  });
  return traffic ? { traffic } : {};
}

/** The agent's traffic files, and the trial's tally its gate's counts are added to. */
function agentFiles(input: TrialInput) {
  return {
    cassette: CASSETTE_FILE,
    miss: "replay-miss.txt",
    ...(input.rateLimits ? { rateLimits: input.rateLimits } : {}),
  };
}

/** The strings of this trial that differ between runs, with those of the program `executable`. */
function trialVolatile(
  trial: OpenTrial,
  env: Record<string, string>,
  executable: string | undefined,
): Record<string, string> {
  const { work, tmp, root } = trial;
  return volatileStrings({ work, tmp, root, env, ...(executable ? { executable } : {}) });
}

/** A workspace kept to be looked at is the whole tree, also where it held only the changes. */
async function keptWorkspace(
  input: TrialInput,
  trial: OpenTrial,
  result: TrialOutput,
): Promise<TrialOutput> {
  if (!input.keepWorkspace) return result;
  if (trial.layered) {
    const { deleted } = await trial.layered.sync();
    await fillUnchanged(await input.prepared.snapshot(), trial.work, deleted);
  }
  return { ...result, workspace: trial.work };
}

/**
 * The sandbox closed, a last redaction sweep of the results folder (for files agents wrote
 * themselves: literal's step files), and the workspace given back to the prepared tree's pool
 * (moved out at once) while the rest is removed on the thread pool, unless it is kept.
 */
async function closeTrial(input: TrialInput, trial: OpenTrial): Promise<void> {
  const { root, work, redactor } = trial;
  // Left open by a trial that failed before its agent finished: closed, its recording dropped.
  await trial.traffic?.proxy.close().catch(() => undefined);
  await trial.sandbox?.dispose?.();
  if (redactor) {
    await redactTree(input.outDir, redactor).catch(() => undefined);
    if (input.keepWorkspace) {
      for (const log of [trial.callLog, trial.checkLog])
        await redactFile(log, redactor).catch(() => undefined);
    }
  }
  if (input.keepWorkspace) return;
  const cleanup = Promise.all([
    fs.existsSync(work) ? input.prepared.workspaces.give(work) : undefined,
    removeTreeOffThread(root),
  ]).then(() => undefined);
  if (input.deferCleanup) input.deferCleanup(cleanup);
  else await cleanup;
}

/** A trial's environment: its TMPDIR, its own HOME (unless --real-home), the shims first on PATH. */
export async function trialEnv(
  input: Pick<TrialInput, "baseEnv" | "n" | "spec">,
  isolation: TrialIsolation,
  root: string,
  tmp: string,
  callLog: string,
): Promise<Record<string, string>> {
  const env: Record<string, string> = {
    // npm's update check asks the registry and prints a notice into whatever the agent ran
    // (`npm run build`): noise in a transcript, and a difference a replay would miss on.
    NPM_CONFIG_UPDATE_NOTIFIER: "false",
    ...input.baseEnv,
    TMPDIR: tmp,
    AGENT_EVALS_TRIAL: String(input.n),
    AGENT_EVALS_EVAL: input.spec.id,
  };
  delete env[CALL_LOG_ENV];
  if (isolation.home) {
    // Only the login part of the real HOME, and the eval's `sandbox.home` files (docs/sandboxes.md › Security model).
    const home = path.join(root, "home");
    await makeTrialHome(home, input.baseEnv, input.spec.workspace.home);
    Object.assign(env, trialHomeEnv(home, input.baseEnv));
    for (const name of RC_POINTERS) delete env[name];
  }
  const originalPath = env.PATH ?? "";
  if (Object.keys(input.spec.shims).length > 0) {
    const shimDir = await writeShims({
      dir: shimDirOf(root),
      shims: input.spec.shims,
      callLog,
      originalPath,
    });
    env.PATH = `${shimDir}${path.delimiter}${originalPath}`;
  }
  return env;
}

function noAgentRun(): AgentRunResult {
  return { exitCode: null, timedOut: false, trajectory: [], transcripts: [], durationMs: 0 };
}

function verdictOf(
  input: TrialInput,
  trial: OpenTrial,
  run: AgentRunResult,
  calls: CallLog,
  checks: CheckOutcome[],
  outputs: { file: string; text: string }[],
  damage: WorkspaceDamage,
): TrialOutput {
  const shimDir = shimDirOf(trial.root);
  const failedChecks = checks.filter((c) => !c.ok && !c.skipped).length;
  const shimmed = Object.keys(input.spec.shims);
  const bins = calls.bins.map((bin) => ({ bin }));
  const shimReasons = [
    ...shimBypassReasons(run.trajectory, bins, shimmed, shimDir),
    ...(shimmed.length ? shimNotFoundReasons(outputs, bins, shimmed) : []),
  ];
  const harness = [...shimReasons, ...(damage.harness ?? [])];
  const warnings = [
    ...new Set(shimReasons.map((r) => r.evidence)),
    ...(calls.cut ? [cutWarning(calls.cut)] : []),
    ...(calls.refused
      ? [`the shims' call log was ${calls.refused}, not a file: not read, no calls recorded`]
      : []),
    ...damage.warnings,
  ];
  // A trial fails for one reason first: a timeout, then the agent's own failure, then its checks.
  const agentFailure = run.agentFailure ?? damage.failure;
  const [reason, code] = run.timedOut
    ? [
        trial.agentLimit?.limit
          ? `the agent did not finish within ${trial.agentLimit.limit}`
          : `the agent timed out after ${Math.round((trial.agentLimit?.ms ?? input.limits.partMs) / 1000)} s`,
        Codes.agentTimedOut,
      ]
    : agentFailure
      ? [agentFailure, Codes.agentFailed]
      : failedChecks > 0
        ? [
            `${failedChecks} of ${checks.filter((c) => !c.skipped).length} checks failed`,
            Codes.checkFailed,
          ]
        : [undefined, undefined];
  return {
    n: input.n,
    status: reason ? "failed" : "passed",
    ...(code ? { code } : {}),
    durationMs: Date.now() - trial.started,
    ...(run.costUsd !== undefined ? { costUsd: run.costUsd } : {}),
    ...(run.tokens ? { tokens: totalTokens(run.tokens) } : {}),
    ...(run.turns !== undefined ? { turns: run.turns } : {}),
    checks,
    dir: path.relative(input.projectRoot, input.outDir),
    ...(reason ? { reason } : {}),
    agentExitCode: run.exitCode,
    timedOut: run.timedOut,
    calls: calls.total,
    toolCalls: run.trajectory.length,
    ...(warnings.length ? { warnings } : {}),
    ...(harness.length ? { harness } : {}),
  };
}

/**
 * The tail of what the agent printed (its stdout and stderr files): where a shell says "not
 * found". Read only for an eval with shims, off the main thread.
 */
async function agentOutputs(
  input: TrialInput,
  run: AgentRunResult,
): Promise<{ file: string; text: string }[]> {
  if (Object.keys(input.spec.shims).length === 0) return [];
  const files = run.transcripts.filter((f) => f === "agent.stdout" || f === "agent.stderr");
  const texts = await Promise.all(
    files.map((file) =>
      // A stream the agent left unreadable says nothing.
      readTail(path.join(input.outDir, file), Number.MAX_SAFE_INTEGER, 256 * 1024).catch(() => ""),
    ),
  );
  return files.map((file, i) => ({ file, text: texts[i]! }));
}

/** `input` already counts the cached tokens (TokenUsage): adding them again would count them twice. */
function totalTokens(tokens: TokenUsage): number {
  return tokens.input + tokens.output;
}

async function writeTrialFiles(
  input: TrialInput,
  result: TrialResult,
  run: AgentRunResult,
  checks: CheckOutcome[],
): Promise<void> {
  const outDir = input.outDir;
  fs.writeFileSync(path.join(outDir, "checks.json"), `${JSON.stringify(checks, null, 2)}\n`);
  const trial = {
    ...result,
    agent: {
      exitCode: run.exitCode,
      timedOut: run.timedOut,
      agentFailure: run.agentFailure,
      costUsd: run.costUsd,
      tokens: run.tokens,
      turns: run.turns,
      finalMessage: run.finalMessage,
      durationMs: run.durationMs,
      transcripts: run.transcripts,
    },
    trajectory: run.trajectory,
    // What `eval --resume` compares with the definition now before it keeps this trial.
    definitionHash: input.spec.definitionHash,
    ...(input.prompt ? { promptHash: input.prompt.hash } : {}),
  };
  fs.writeFileSync(path.join(outDir, "trial.json"), `${JSON.stringify(trial, null, 2)}\n`);
}

export function shimDirOf(trialRoot: string): string {
  return path.join(trialRoot, "shims");
}
