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
  AgentFault,
  Codes,
  InfraError,
} from "../model/index.js";
import { shimBypassWarnings, runChecks, type WorkspaceLayers } from "../check/index.js";
import type { PreparedSandbox } from "./workspace/prepare.js";
import {
  copyTree,
  makeTempDir,
  removeTree,
  SandboxError,
  workspaceChanges,
} from "./workspace/sandbox.js";
import { storeOutcome } from "./workspace/outcome.js";
import { deletedFrom, fillUnchanged, wholeCopy } from "./workspace/layers.js";
import { CALL_LOG_ENV, writeShims } from "./shims.js";
import {
  cutWarning,
  noCalls,
  readCallLog,
  redactCall,
  writeCallsJsonl,
  type CallLog,
} from "./call-log.js";
import {
  isolationFor,
  makeTrialHome,
  RC_POINTERS,
  trialHomeEnv,
  writesBesideWorkspace,
  type TrialIsolation,
} from "./isolation/resolve.js";
import type { TrialSandbox } from "./isolation/provider.js";
import { currentRedactor, redactFile, redactTree } from "../util/index.js";

export interface TrialInput {
  spec: EvalSpec;
  /** Undefined for an eval without a prompt: only the checks run. */
  agent?: AgentAdapter;
  prompt?: RenderedPrompt;
  n: number;
  prepared: PreparedSandbox;
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
  /** Own HOME, the sandbox provider (default: neither; the eval's `sandbox.kind` names its own). */
  isolation?: TrialIsolation;
  /** The calibration figure of a judge of this eval, when one was measured. */
  calibrationOf?: (judge: JudgeSpec) => CalibrationFigure | undefined;
}

export interface TrialOutput extends TrialResult {
  workspace?: string;
}

export async function runTrial(input: TrialInput): Promise<TrialOutput> {
  const started = Date.now();
  const root = await makeTempDir(`${input.spec.id}-t${input.n}`);
  const work = path.join(root, "work");
  const tmp = path.join(root, "tmp");
  const callLog = path.join(root, "calls.raw");
  // Secrets are replaced in everything this trial writes (see redact.ts).
  const redactor = currentRedactor();
  const redact = <T>(value: T): T => (redactor ? redactor.value(value) : value);
  let sandbox: TrialSandbox | undefined;
  try {
    // Small file-system calls are made synchronously throughout: on the main thread they cost less
    // than a round trip through libuv's thread pool, which adds up over a trial's dozens of calls.
    fs.rmSync(input.outDir, { recursive: true, force: true });
    fs.mkdirSync(input.outDir, { recursive: true });
    fs.mkdirSync(tmp);
    const isolation = isolationFor(input.spec, input.isolation);
    // Where the provider keeps the prepared tree (docker: in the eval's image), the workspace is
    // the sandbox's own copy-on-write view of it: the folder here gets only what the run changes.
    const treeInside = input.prepared.treeInside;
    if (treeInside) fs.mkdirSync(work);
    else
      await input.prepared.workspaces.take(work).catch((error: Error) => {
        throw new InfraError(`could not copy the prepared sandbox: ${error.message}`);
      });
    const env = await trialEnv(input, isolation, root, tmp, callLog);
    if (input.prompt) fs.writeFileSync(path.join(input.outDir, "prompt.md"), input.prompt.safeText);

    const agent = input.agent;
    const checkLog = path.join(root, "check-calls.raw");
    // The agent runs inside its provider's sandbox (README › Sandbox providers); the checks after it
    // run there too where the provider says so (a container: its image holds their tools), else
    // on the host. Every writable path exists before a provider binds it: the call logs too, empty.
    const checksInside = Boolean(isolation.provider.checksInside);
    // Only shims write the call log: without them there is none to create, bind or read (one
    // written beside the workspace by the agent is not taken for one).
    const shimmed = Object.keys(input.spec.shims).length > 0;
    const logsCalls = Boolean(agent) && shimmed;
    if (logsCalls) fs.writeFileSync(callLog, "", { flag: "a" });
    if (checksInside) fs.writeFileSync(checkLog, "", { flag: "a" });
    sandbox =
      agent || checksInside
        ? await isolation.provider.prepareTrial({
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
            ownReadable: [
              ...(fs.existsSync(shimDirOf(root)) ? [shimDirOf(root)] : []),
              input.outDir,
            ],
            allow: isolation.allow,
            container: input.prepared.container ?? isolation.container ?? {},
            workspace: work,
            ...(treeInside ? { treeInside } : {}),
          })
        : undefined;
    const layered = treeInside ? layersOf(input.prepared, sandbox, work, root) : undefined;
    const run =
      agent && sandbox
        ? await sandbox.run(() =>
            agent.run({
              prompt: input.prompt?.text ?? "",
              commands: input.prompt?.commands ?? [],
              cwd: work,
              // PWD too: some agents (opencode) take their project folder from it, not from the cwd.
              env: { ...env, PWD: work },
              timeoutMs: input.spec.timeoutMs,
              maxCostUsd: input.maxCostUsd ?? input.spec.maxCostUsd,
              model: input.spec.model,
              outDir: input.outDir,
              signal: input.signal,
              ...(input.spec.agentArgs?.length ? { extraArgs: [...input.spec.agentArgs] } : {}),
              ...(input.spec.mcp && Object.keys(input.spec.mcp).length
                ? { mcp: input.spec.mcp }
                : {}),
            }),
          )
        : noAgentRun();
    if (input.signal.aborted) throw new InfraError("interrupted", false);
    // From here on the harness reads what the agent left: where that cannot be done (a container
    // it stopped, a tree too deep to walk), the trial fails with why, without its checks.
    const fault = await faultOf(async () => sandboxDamage(root, work, await layered?.sync()));
    if (typeof fault === "string") {
      const damage = { failure: fault, warnings: [] };
      const result = redact(verdictOf(input, run, noCalls(), [], started, shimDirOf(root), damage));
      await writeTrialFiles(input.outDir, result, redact(run), []);
      return result;
    }
    const damage = fault.value;

    // Read and written under caps, a chunk at a time: the agent decides how big the log is.
    const calls = logsCalls ? await readCallLog(callLog) : noCalls();
    if (shimmed)
      await writeCallsJsonl(
        path.join(input.outDir, "calls.jsonl"),
        calls,
        redactor ? (call) => redactCall(call, (text) => redactor.text(text)) : undefined,
      );
    const manifest = await input.prepared.manifest();
    const changes = async () => {
      await layered?.sync();
      // A recycled workspace knows which files are as it was handed out: only the others are hashed.
      return workspaceChanges(work, manifest, input.prepared.workspaces.unchanged(work));
    };
    const changed = async () => (await changes()).changed;
    // What the agent left, kept for `recheck` before any check runs (a build a check starts is not
    // the agent's work); capped, and redacted as it is stored. Where the workspace holds only the
    // run's changes, the sandbox tells what was deleted; else the walk did.
    const stored = await faultOf(async () => {
      const agentChanges = await changes();
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
    if (typeof stored === "string") {
      const failed = { failure: stored, warnings: damage.warnings };
      const result = redact(verdictOf(input, run, calls, [], started, shimDirOf(root), failed));
      await writeTrialFiles(input.outDir, result, redact(run), []);
      return result;
    }
    const agentChanged = stored.value;
    const spend = {
      capUsd: input.maxCostUsd ?? input.spec.maxCostUsd,
      spentUsd: run.costUsd ?? 0,
    };
    // A judge always runs on the host in a copy of the workspace (check/judge.ts steps out of the
    // sandbox's command wrapper), whatever the provider does with the checks.
    const inside = <T>(fn: () => Promise<T>) => (checksInside && sandbox ? sandbox.run(fn) : fn());
    const checks = await inside(() =>
      runChecks(input.spec.checks, {
        sandbox: work,
        calls: calls.calls,
        allCalls: calls.each,
        run,
        // Computed when a check asks, as before: after the checks before it (a build's output too).
        changedFiles: changed,
        env: { ...env, [CALL_LOG_ENV]: checkLog },
        outDir: input.outDir,
        timeoutMs: input.spec.timeoutMs,
        signal: input.signal,
        agentFailed: run.timedOut ? "it timed out" : (run.agentFailure ?? damage.failure),
        ...(layered ? { layers: () => layered.sync() } : {}),
        judging: {
          material: judgeMaterial(work, path.join(root, "judged"), agentChanged, layered),
          spend,
          calibrationOf: input.calibrationOf,
        },
      }),
    );
    // Checks cut short by an interrupt judge nothing: the trial is unfinished, as for the agent.
    if (input.signal.aborted) throw new InfraError("interrupted", false);
    const judgedCost = spend.spentUsd - (run.costUsd ?? 0);
    const costed = judgedCost > 0 ? { ...run, costUsd: (run.costUsd ?? 0) + judgedCost } : run;
    const result = redact(
      verdictOf(input, costed, calls, checks, started, shimDirOf(root), {
        ...damage,
        warnings: [
          ...damage.warnings,
          // The trial's own HOME only: with --real-home the user's projects are under HOME.
          ...callsOutside(calls.calls, [
            work,
            tmp,
            isolation.home ? env.HOME : undefined,
            treeInside,
          ]),
        ],
      }),
    );
    await writeTrialFiles(input.outDir, result, redact(run), redact(checks));
    // A workspace kept to be looked at is the whole tree, also where it held only the changes.
    if (input.keepWorkspace && layered) {
      const { deleted } = await layered.sync();
      await fillUnchanged(await input.prepared.snapshot(), work, deleted);
    }
    return input.keepWorkspace ? { ...result, workspace: work } : result;
  } finally {
    await sandbox?.dispose?.();
    // Last sweep of the results folder, for files agents wrote themselves (literal's step files).
    if (redactor) {
      await redactTree(input.outDir, redactor).catch(() => undefined);
      if (input.keepWorkspace) {
        for (const log of [callLog, path.join(root, "check-calls.raw")])
          await redactFile(log, redactor).catch(() => undefined);
      }
    }
    if (!input.keepWorkspace) {
      // The workspace goes back to the prepared tree's pool (moved out at once), the rest is removed.
      const cleanup = Promise.all([
        fs.existsSync(work) ? input.prepared.workspaces.give(work) : undefined,
        removeTree(root),
      ]).then(() => undefined);
      if (input.deferCleanup) input.deferCleanup(cleanup);
      else await cleanup;
    }
  }
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
    ...input.baseEnv,
    TMPDIR: tmp,
    AGENT_EVALS_TRIAL: String(input.n),
    AGENT_EVALS_EVAL: input.spec.id,
  };
  delete env[CALL_LOG_ENV];
  if (isolation.home) {
    // Only the login part of the real HOME, and the eval's `sandbox.home` files (README › Security model).
    const home = path.join(root, "home");
    await makeTrialHome(home, input.baseEnv, input.spec.sandbox.home);
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

/**
 * What a judge reads: a copy of the final workspace, made on first use (the live sandbox is never
 * handed to a judge), and the files the run created or changed.
 */
function judgeMaterial(work: string, copy: string, changed: string[], layered?: Layered) {
  let made: Promise<{ workspace: string; changed: string[] }> | undefined;
  return () =>
    (made ??= (async () => {
      // A tree that cannot be copied is the agent's doing (a link out of it): the judge check fails.
      const copied = layered ? layered.whole(copy) : copyTree(work, copy);
      await copied.catch((error: Error) => {
        throw new Error(`could not copy the workspace for the judge: ${error.message}`);
      });
      return { workspace: copy, changed };
    })());
}

/** A workspace its sandbox keeps: its changes brought to `work` on demand, over the prepared tree. */
interface Layered {
  /** Brings out what changed since the last call (nothing to do when nothing ran). */
  sync(): Promise<WorkspaceLayers & { gone: boolean }>;
  /** The whole workspace, copied into `dest`. */
  whole(dest: string): Promise<void>;
}

function layersOf(
  prepared: PreparedSandbox,
  sandbox: TrialSandbox | undefined,
  work: string,
  root: string,
): Layered {
  let copies = 0;
  const whole = async (dest: string, deleted: ReadonlySet<string>) =>
    wholeCopy(await prepared.snapshot(), work, deleted, dest);
  const sync = async () => {
    const found = (await sandbox?.changes?.()) ?? { deleted: [], gone: false };
    const deleted = new Set(found.deleted);
    return {
      base: prepared.dir,
      deleted,
      gone: found.gone,
      // A custom check's copy: made anew each time, as the checks before it may have changed more.
      whole: async () => {
        const dest = path.join(root, `whole-${++copies}`);
        await whole(dest, deleted);
        return dest;
      },
    };
  };
  return { sync, whole: async (dest) => whole(dest, (await sync()).deleted) };
}

/**
 * The value of a step that reads what the agent left, or why it could not be read: an AgentFault,
 * or a SandboxError of the walk (a path too long, a loop), which arise from the agent's workspace.
 */
async function faultOf<T>(step: () => Promise<T>): Promise<{ value: T } | string> {
  try {
    return { value: await step() };
  } catch (error) {
    if (error instanceof AgentFault) return error.message;
    if (error instanceof SandboxError)
      return `the agent left a workspace that cannot be read: ${error.message}`;
    throw error;
  }
}

function noAgentRun(): AgentRunResult {
  return { exitCode: null, timedOut: false, trajectory: [], transcripts: [], durationMs: 0 };
}

function verdictOf(
  input: TrialInput,
  run: AgentRunResult,
  calls: CallLog,
  checks: CheckOutcome[],
  started: number,
  shimDir: string,
  damage: SandboxDamage,
): TrialOutput {
  const failedChecks = checks.filter((c) => !c.ok && !c.skipped).length;
  const warnings = [
    ...shimBypassWarnings(
      run.trajectory,
      calls.bins.map((bin) => ({ bin })),
      Object.keys(input.spec.shims),
      shimDir,
    ),
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
        `the agent timed out after ${Math.round(input.spec.timeoutMs / 1000)} s`,
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
    durationMs: Date.now() - started,
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
  };
}

/** `input` already counts the cached tokens (TokenUsage): adding them again would count them twice. */
function totalTokens(tokens: TokenUsage): number {
  return tokens.input + tokens.output;
}

async function writeTrialFiles(
  outDir: string,
  result: TrialResult,
  run: AgentRunResult,
  checks: CheckOutcome[],
): Promise<void> {
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
  };
  fs.writeFileSync(path.join(outDir, "trial.json"), `${JSON.stringify(trial, null, 2)}\n`);
}

interface SandboxDamage {
  /** Why the trial fails because of what the agent did to its sandbox. */
  failure?: string;
  warnings: string[];
}

/**
 * What the agent did to its sandbox beyond the task: deleted or replaced it (the trial fails; the
 * checks then run against an empty folder), or wrote beside it in the trial's folder (a warning).
 */
async function sandboxDamage(
  root: string,
  work: string,
  kept?: { gone: boolean },
): Promise<SandboxDamage> {
  const damage: SandboxDamage = { warnings: [] };
  const stat = fs.lstatSync(work, { throwIfNoEntry: false });
  if (kept?.gone) {
    damage.failure = "the agent deleted its sandbox folder";
  } else if (!stat?.isDirectory()) {
    damage.failure = stat
      ? "the agent replaced its sandbox folder with a file or link"
      : "the agent deleted its sandbox folder";
    fs.rmSync(work, { force: true, recursive: true });
    fs.mkdirSync(work);
  }
  const beside = await writesBesideWorkspace(root);
  if (beside.length) {
    damage.warnings.push(
      `the agent wrote outside its sandbox, beside it: ${beside.map((n) => `../${n}`).join(", ")}` +
        " (writes further away are not detected; --sandbox bwrap prevents them)",
    );
  }
  return damage;
}

/**
 * Shimmed calls the agent made from a folder outside its sandbox (the workspace, its TMPDIR and
 * HOME; `treeInside`, the workspace's path in a container): said as such, with the folders.
 */
export function callsOutside(
  calls: readonly { bin: string; cwd: string }[],
  inside: readonly (string | undefined)[],
): string[] {
  const roots = inside.filter((p): p is string => Boolean(p)).map((p) => path.resolve(p));
  const within = (cwd: string) =>
    roots.some((r) => {
      const rel = path.relative(r, cwd);
      return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
    });
  const outside = new Map<string, Set<string>>();
  for (const call of calls) {
    if (!call.cwd || !path.isAbsolute(call.cwd) || within(path.resolve(call.cwd))) continue;
    const bins = outside.get(call.cwd) ?? new Set<string>();
    bins.add(call.bin);
    outside.set(call.cwd, bins);
  }
  if (!outside.size) return [];
  const listed = [...outside].slice(0, 5).map(([cwd, bins]) => `${[...bins].join(", ")} in ${cwd}`);
  return [
    `the agent worked outside its sandbox: shimmed calls ran from folders outside its workspace (${listed.join("; ")}${outside.size > 5 ? `; ${outside.size - 5} more folders` : ""})`,
  ];
}

export function shimDirOf(trialRoot: string): string {
  return path.join(trialRoot, "shims");
}
