// Run: what was planned run (the CI gate, isolation, redaction, the suite) and reported (history,
// run.json, report.html, junit.xml); also the empty run and the kill switch for signal handlers.

import os from "node:os";
import path from "node:path";
import type { EvalSpec, Plan } from "../model/index.js";
import {
  CiGateError,
  RESULTS_DIR,
  UsageError,
  exitCodeFor,
  type RunResult,
  VERSION,
} from "../model/index.js";
import {
  gitHeadCommit,
  killAllProcesses,
  secretRedactor,
  withRedactor,
  type Redactor,
} from "../util/index.js";
import type { PowerTarget } from "../plan/index.js";
import type { HistoryLine } from "../store/index.js";
import {
  clearResults,
  refuseLinkedOwnFolder,
  lockResults,
  readCalibration,
  recordResults,
  historyBaseline,
} from "../store/index.js";
import {
  allowedEndpoints,
  checkEvalProviders,
  type Endpoint,
  resolveEvals,
  isolationNote,
  DEFAULT_PROVIDER,
  PROVIDERS,
  type ContainerOptions,
  providerNamed,
  REAL_HOME_NOTE,
  resolveIsolation,
  type SandboxKind,
  type TrialIsolation,
  type RunUnit,
  unitsToRun,
  BudgetLedger,
  reapDeadRuns,
  reapedNote,
  readPreviousRun,
  resumeUnits,
  runSuite,
  agentFolderName,
  evalFolder,
  stageReplaySource,
  type SuiteEvents,
  type SuiteOutcome,
} from "../run/index.js";
import type { PreparedStore } from "../run/index.js";
import { buildRunResult, writeRunJson, writeReportFiles } from "../report/index.js";
import { reportSections, summarize, type KindSummary } from "../kinds/index.js";
import { usesRealHome } from "./definitions.js";
import { planEvals, type PlanOptions, type PlannedRun } from "./plan.js";
import { calibrationLookup, definedEnv } from "./shared.js";

/** How to run what was planned. */
export interface RunEvalsOptions extends PlanOptions {
  concurrency?: number;
  /** The agent each eval's other agents are compared with in the parity rows (default: its first). */
  referenceAgent?: string;
  allTrials?: boolean;
  keepWorkspace?: boolean;
  /** Run agents outside CI (CI=true) anyway. */
  unsafeLocal?: boolean;
  /** Keeps prepared sandboxes (the result of `setup`) between runs; the Action uses the Actions cache. */
  preparedStore?: PreparedStore;
  signal?: AbortSignal;
  /** `onPlan` may return a promise: no trial starts before it settles (the Action's plan comment). */
  events?: SuiteEvents & { onPlan?(planned: PlannedRunInfo): void | Promise<void> };
  maxRetries?: number;
  /** none (default): a temp dir; bwrap: bubblewrap, or refuse to run; auto: bubblewrap where it works. */
  sandbox?: SandboxKind;
  /** With bwrap: endpoints agents may reach besides the model APIs and AGENT_EVALS_ALLOW_HOSTS. */
  allowHosts?: Endpoint[];
  /** With docker: the image (`--image`) and limits (`--cpus` …) of evals that give none of their own. */
  container?: ContainerOptions;
  /** Further environment variables whose values are replaced by *** in every output. */
  redact?: string[];
  /**
   * Variables the agents' environment leaves out (their values are still redacted everywhere): the
   * Action hides the runner's own tokens and its step inputs, which no agent needs.
   */
  hideFromAgents?: (name: string) => boolean;
  /**
   * Send the trials' model requests through one gate per provider (default true):
   * docs/reliability.md › Rate limits. `false` is `--no-provider-gate`.
   */
  providerGate?: boolean;
  /**
   * `eval --resume`: keep the finished trials of the run the results folder holds and run only the
   * others (run/resume.ts); an eval whose definition changed since runs whole.
   */
  resume?: boolean;
  /**
   * compare (and the Action's PR comparison): each pair's arms run up to the trials the power plan
   * gives it (plan/power.ts: the figure `plan --detect` prints) instead of --trials or the default.
   */
  detect?: PowerTarget;
}

/** What a run is about to do, before its first trial (for progress and masking). */
export interface PlannedRunInfo {
  plan: Plan;
  specs: EvalSpec[];
  /** What the run should say before it starts (changed-only, sandbox fallbacks). */
  notes: string[];
  /** How trials are isolated; its note is among `notes` when it is not the default temp folder. */
  isolation: TrialIsolation;
  /** Pairs skipped for want of credentials (skipWithoutCredentials). */
  skippedForCredentials: number;
  /** `--resume`: the previous run's trials kept, not run again (progress counts only the rest). */
  keptTrials?: number;
  /** The history the plan read (`--history-dir`), by eval id: for a power plan (plan/power.ts). */
  history: Map<string, HistoryLine[]>;
}

export interface RunEvalsOutcome {
  run: RunResult;
  exitCode: 0 | 1 | 2;
  resultsDir: string;
  /** One history line per eval × agent that ran (what --history-dir appended). */
  historyLines: HistoryLine[];
  /** What evals spread over several parts add up to (a skill's trigger metrics …), also written. */
  summaries: KindSummary[];
  /** recheck --from: the links and special files in the input's trial folders, not copied. */
  skipped?: string[];
}

export function isCi(env: Record<string, string | undefined>): boolean {
  return env.CI === "true" || env.CI === "1";
}

/** Load, plan and run. Throws DefinitionError (exit 2) before anything runs when input is bad. */
export async function runEvals(options: RunEvalsOptions): Promise<RunEvalsOutcome> {
  return runPlanned(await planEvals(options), options);
}

export async function runPlanned(
  planned: PlannedRun,
  options: RunEvalsOptions,
): Promise<RunEvalsOutcome> {
  const env = options.env ?? process.env;
  const { projectRoot, specs, plan, notes } = planned;
  if (plan.agentUnits > 0 && !isCi(env) && !options.unsafeLocal) {
    throw new CiGateError(
      `refusing to run agents: ${plan.agentUnits} eval × agent pair(s) would give an agent full permissions in a directory that is not a container.\n` +
        "Set CI=true (as CI systems do) or pass --unsafe-local to run them on this machine anyway.",
    );
  }
  const realHome = usesRealHome(options);
  if (
    realHome &&
    plan.agentUnits > 0 &&
    options.sandbox &&
    options.sandbox !== DEFAULT_PROVIDER.name
  ) {
    throw new UsageError(
      `--real-home cannot be used with --sandbox ${options.sandbox}: that sandbox gives each trial its own HOME (the real one would be writable inside it). Use --sandbox none with --real-home, or drop --real-home.`,
    );
  }
  // The evals whose agents run: their `sandbox.kind` names a provider over --sandbox.
  const agentSpecs = [...new Set(plan.units.filter((u) => u.agent).map((u) => u.spec))];
  const ownsHome = agentSpecs.find(
    (spec) => spec.isolation.provider && providerNamed(spec.isolation.provider)?.ownHome,
  );
  if (realHome && ownsHome) {
    throw new UsageError(
      `--real-home cannot be used with eval ${ownsHome.id}, whose sandbox.kind ${ownsHome.isolation.provider} gives each trial its own HOME (the real one would be writable inside it). Drop --real-home, or that eval's sandbox.kind.`,
    );
  }
  if (realHome && plan.agentUnits > 0) notes.push(REAL_HOME_NOTE);
  // What runs killed with SIGKILL left (processes, cgroups, temp folders, containers, images).
  const reaped = reapedNote(await reapDeadRuns());
  if (reaped) notes.push(reaped);
  const { isolation, note } = await resolveIsolation({
    sandbox: plan.agentUnits > 0 ? options.sandbox : DEFAULT_PROVIDER.name,
    home: !realHome,
    allow: allowedEndpoints(env, options.allowHosts),
    ...(options.container ? { container: options.container } : {}),
  });
  if (note) notes.push(note);
  // The default provider's note is said by the faces (`eval` prints it); any other's here.
  if (isolation.provider !== DEFAULT_PROVIDER) notes.push(isolationNote(isolation));
  // Each eval's isolation, worked out here once: every later step reads it from its unit.
  const resolved = resolveEvals(
    plan.units.map((u) => u.spec),
    isolation,
  );
  let units = unitsToRun(plan.units, resolved);
  // The providers of the evals whose agents run, and of those without an agent whose provider
  // runs their checks inside (docker: its image), checked before anything runs.
  const checked = new Map(
    [...resolved].filter(([spec, own]) => agentSpecs.includes(spec) || own.provider.checksInside),
  );
  notes.push(...(await checkEvalProviders(checked, isolation)));
  // The declared secrets, every agent's credential variables and the well-known ones are replaced
  // in everything the run writes.
  const redactor = secretRedactor(env, [
    ...(options.redact ?? []),
    ...specs.flatMap((spec) => spec.prompt?.secrets ?? []),
    ...plan.units.flatMap((unit) => unit.agent?.credentialEnv ?? []),
  ]);
  const resultsDir = path.join(projectRoot, RESULTS_DIR);
  // Before anything in it is read (--resume reads the previous run's trials).
  refuseLinkedOwnFolder(projectRoot, resultsDir);
  // --resume: the previous run's finished trials are kept (and left by the clearing below).
  const keptTrials: string[] = [];
  if (options.resume) {
    const previous = await readPreviousRun(projectRoot, resultsDir);
    if (!previous) {
      throw new UsageError(
        `--resume: there is no previous run to resume in ${resultsDir} (no run.json and no trial folders). Fix: run \`agent-evals eval\` without --resume.`,
      );
    }
    const resumed = resumeUnits(units, previous, {
      projectRoot,
      allTrials: options.allTrials ?? false,
      folderOf: (unit) =>
        `evals/${evalFolder(unit)}/${agentFolderName(redactor.text(unit.agentName))}`,
    });
    units = resumed.units;
    notes.push(...resumed.notes);
    keptTrials.push(...resumed.keep);
  }
  await options.events?.onPlan?.({
    plan,
    specs,
    notes,
    isolation,
    skippedForCredentials: planned.skippedForCredentials,
    ...(options.resume ? { keptTrials: keptTrials.length } : {}),
    history: planned.cache.history,
  });

  const unlock = await lockResults(resultsDir);
  // A replay of the last run's own results folder: its cassettes kept out of the clearing.
  const replaying =
    options.traffic?.mode === "replay"
      ? await stageReplaySource(options.traffic.from, resultsDir)
      : undefined;
  if (replaying) options = { ...options, traffic: { mode: "replay", from: replaying.from } };
  try {
    await clearResults(resultsDir, [...keptInResults(projectRoot, options), ...keptTrials]);
    const startedAt = new Date();
    const { results: ran, comparisons } = await withRedactor(redactor, () =>
      runUnits(units, options, { env, projectRoot, resultsDir }, planned),
    ).finally(() => disposeProviders());
    // Which provider each result's trials ran inside (run.json), where an agent ran now, with a
    // container's image and limits: infrastructure noise depends on them.
    const results = ran.map((result, i) => {
      const unit = units[i];
      if (!unit?.agent || result.cachedFrom || result.trialsRun === 0) return result;
      const { provider, container: options } = unit.isolation;
      const container = provider.record?.(options ?? {});
      return { ...result, sandbox: provider.name, ...(container ? { container } : {}) };
    });
    return await report(planned, { results, comparisons }, startedAt, options, {
      env,
      resultsDir,
      isolation,
      redactor,
    });
  } finally {
    await replaying?.dispose();
    await unlock();
  }
}

/** Whatever the providers' trials left (an interrupted run's containers), removed. */
async function disposeProviders(): Promise<void> {
  await Promise.all(PROVIDERS.map((p) => p.disposeRun?.().catch(() => undefined)));
}

interface RunContext {
  env: Record<string, string | undefined>;
  projectRoot: string;
  resultsDir: string;
  isolation: TrialIsolation;
}

async function runUnits(
  units: RunUnit[],
  options: RunEvalsOptions,
  { env, projectRoot, resultsDir }: Omit<RunContext, "isolation">,
  { cache, plan }: PlannedRun,
) {
  const agentEnv = options.hideFromAgents
    ? Object.fromEntries(Object.entries(env).filter(([name]) => !options.hideFromAgents!(name)))
    : env;
  return runSuite(units, {
    projectRoot,
    resultsDir,
    // Against a history folder each eval × agent runs until its comparison with its last recorded
    // verdict is decided too (docs/verdicts.md › Comparisons).
    baselineOf: (unit) =>
      unit.arm === undefined
        ? historyBaseline(cache.history.get(unit.spec.id) ?? [], unit.agentName)
        : undefined,
    concurrency: options.concurrency ?? os.availableParallelism(),
    allTrials: options.allTrials ?? false,
    keepWorkspace: options.keepWorkspace ?? false,
    maxRetries: options.maxRetries ?? 2,
    env: definedEnv(agentEnv),
    signal: options.signal ?? new AbortController().signal,
    events: options.events,
    budget: new BudgetLedger(plan.budgetUsd),
    preparedStore: options.preparedStore,
    calibrationOf: calibrationLookup(await readCalibration(projectRoot)),
    ...(options.traffic ? { traffic: options.traffic } : {}),
    ...(options.providerGate === false ? { providerGate: false } : {}),
  });
}

async function report(
  { projectRoot, specs, plan, cache }: PlannedRun,
  { results, comparisons }: SuiteOutcome,
  startedAt: Date,
  options: RunEvalsOptions,
  ctx: Omit<RunContext, "projectRoot"> & { redactor: Redactor },
): Promise<RunEvalsOutcome> {
  const { env, resultsDir, isolation, redactor } = ctx;
  const commit = await gitHeadCommit(projectRoot);
  const historyLines = await withRedactor(redactor, () =>
    recordResults(plan.units, results, cache, { time: startedAt, commit, ref: refName(env) }),
  );
  const built = buildRunResult(results, {
    version: VERSION,
    startedAt,
    durationMs: Date.now() - startedAt.getTime(),
    commit,
    isolation: isolationNote(isolation),
    projectRoot,
    budgetUsd: plan.budgetUsd,
    comparisons,
    parity: {
      ...(options.referenceAgent ? { referenceAgent: options.referenceAgent } : {}),
      ...(options.margin !== undefined ? { margin: options.margin } : {}),
    },
  });
  // An interrupted run (SIGINT/SIGTERM/SIGHUP) still writes what finished, marked as such.
  const run = options.signal?.aborted ? { ...built, interrupted: true } : built;
  await writeRunJson(resultsDir, run);
  // A kind's summary adds up the evals as defined; a comparison's other arms share their ids.
  const own = results.filter((r) => r.arm === undefined);
  const summaries = await summarize(specs, own, { projectRoot, startedAt });
  await writeReportFiles(run, {
    projectRoot,
    resultsDir,
    history: [...[...cache.history.values()].flat(), ...historyLines],
    sections: reportSections(summaries),
  });
  return { run, exitCode: exitCodeFor(run.evals), resultsDir, historyLines, summaries };
}

/** What a run's clearing of the results folder keeps: the history folder, should it lie inside. */
function keptInResults(projectRoot: string, options: Pick<PlanOptions, "historyDir">): string[] {
  return options.historyDir ? [path.resolve(projectRoot, options.historyDir)] : [];
}

/** An empty run (the plan chose nothing), written so reports say that nothing ran. */
export async function writeEmptyRun(
  projectRoot: string,
  options: Pick<PlanOptions, "historyDir"> = {},
): Promise<RunEvalsOutcome> {
  const resultsDir = path.join(path.resolve(projectRoot), RESULTS_DIR);
  const run = buildRunResult([], {
    version: VERSION,
    startedAt: new Date(),
    durationMs: 0,
    isolation: "nothing ran",
    projectRoot,
  });
  // Before the lock writes anything: no folder on the way to the results may be a link.
  refuseLinkedOwnFolder(projectRoot, resultsDir);
  const unlock = await lockResults(resultsDir);
  try {
    await clearResults(resultsDir, keptInResults(projectRoot, options));
    await writeRunJson(resultsDir, run);
  } finally {
    await unlock();
  }
  return { run, exitCode: 0, resultsDir, historyLines: [], summaries: [] };
}

/**
 * Kill every agent process still running, with its group and its cgroup (for SIGINT/SIGTERM/SIGHUP
 * handlers); escapees outside both are found by each process's own clean-up as it ends.
 */
export function killAllAgents(): void {
  killAllProcesses();
}

/** The branch or ref a CI run is for, when the environment says. */
function refName(env: Record<string, string | undefined>): string | undefined {
  return env.GITHUB_HEAD_REF || env.GITHUB_REF_NAME || env.CI_COMMIT_REF_NAME || undefined;
}
