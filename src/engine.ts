// The engine behind every face (CLI, Action, library): define → plan → run → check → report,
// and the merge of shards' results. Console output is the caller's business, through the events;
// publishing (comments, artifacts, the results branch) is the Action's.

import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { discoverEvalFiles, isYamlFile, loadEvals } from "./define/index.js";
import * as libraryApi from "./library.js";
import type {
  AgentRef,
  CalibrationFigure,
  EvalResult,
  EvalSpec,
  JudgeSpec,
  Plan,
  PlannedUnit,
} from "./model/index.js";
import {
  CiGateError,
  Codes,
  DefinitionError,
  OWN_DIR,
  RESULTS_DIR,
  RUN_JSON,
  UsageError,
  exitCodeFor,
  type RunResult,
  VERSION,
  errorMessage,
} from "./model/index.js";
import {
  gitHeadCommit,
  killAllProcesses,
  readRegularSync,
  secretRedactor,
  withRedactor,
  type Redactor,
} from "./util/index.js";
import type { CalibrationStore, HistoryLine } from "./store/index.js";
import {
  clearResults,
  copyRegularTree,
  refuseLinkedOwnFolder,
  lockResults,
  mergeResultDirs,
  readCalibration,
  recordResults,
  writeCalibration,
  type CalibrationEntry,
  historyBaseline,
} from "./store/index.js";
import { checkName, judgeKey } from "./check/index.js";
import { builtInCredentialEnv } from "./agents/index.js";
import {
  applyCache,
  type CacheContext,
  type CacheOptions,
  changedEvals,
  unitsOfShard,
  skipWithoutCredentials,
  type CredentialPolicy,
  expandVariant,
  openBaseTree,
  baseName,
  type BaseSpec,
  pairWithBase,
  variantGroups,
  planRun,
  pairKey,
  type ShardAssignment,
} from "./plan/index.js";
import {
  allowedEndpoints,
  checkEvalProviders,
  type Endpoint,
  isolationFor,
  isolationNote,
  DEFAULT_PROVIDER,
  PROVIDER_NAMES,
  PROVIDERS,
  type ContainerOptions,
  providerNamed,
  REAL_HOME_NOTE,
  resolveIsolation,
  type SandboxKind,
  type TrialIsolation,
  BudgetLedger,
  calibrateJudge,
  reapDeadRuns,
  reapedNote,
  recheckEval,
  templateProblems,
  runSuite,
  type CalibratedExample,
  type SuiteEvents,
  type SuiteOutcome,
} from "./run/index.js";
import type { PreparedStore } from "./run/index.js";
import { buildRunResult, writeRunJson, writeReportFiles } from "./report/index.js";
import {
  EVAL_KINDS,
  reportSections,
  selectEvals,
  summarize,
  type KindSummary,
} from "./kinds/index.js";

export { shardOf } from "./plan/index.js";
export { RESULTS_DIR };
export type { CredentialPolicy };

/** Which evals a command line names, and where their files are. */
export interface SelectOptions {
  projectRoot: string;
  /** Globs of eval files, relative to the project root; default evals/ and _evals/. */
  evals?: string[];
  names?: string[];
  /** Only the parts of this kind of evals that have parts (skill evals: trigger, e2e or hook). */
  axis?: string;
  env?: Record<string, string | undefined>;
}

/** What to plan: the selection, the agents and trials, and which units are skipped or cached. */
export interface PlanOptions extends SelectOptions {
  /**
   * Run trials with the user's real HOME (shell rc files, ~/.claude, ~/.codex…) instead of a HOME of
   * their own holding only the login files and `sandbox.home`. Not with bwrap, which gives each
   * trial its own HOME.
   */
  realHome?: boolean;
  /** @deprecated A HOME of its own per trial is the default; `false` is `realHome: true`. */
  isolateHome?: boolean;
  agents?: AgentRef[];
  trials?: number;
  /** Only evals whose rendered prompt or definition differs at this git ref (new ones too). */
  changedBase?: BaseSpec;
  /** Run only shard `index` (1-based) of `count`: a stable split of the eval × agent pairs. */
  shard?: { index: number; count: number };
  /** The split a plan recorded (`plan --shards N --format json`); without it `shard` splits by history. */
  shardPlan?: ShardAssignment;
  /** Appends one JSON line per eval × agent to `<dir>/<id>.jsonl`, and reads cached verdicts there. */
  historyDir?: string;
  /** Re-run evals even when a recorded verdict matches. */
  force?: boolean;
  /** Without a history folder: don't use the checkout's fingerprint cache. */
  noCache?: boolean;
  /**
   * Skip pairs whose agent has none of its credential variables set, with the reason, instead of
   * failing at the first model call: where no saved login can exist (the Action on a GitHub-hosted
   * runner, a fork's pull request).
   */
  skipWithoutCredentials?: CredentialPolicy;
  /** Run each eval's variants beside it and compare them (default true; compare --base: false). */
  variants?: boolean;
  /** The margin of a comparison's `no-change` (default 0.1: ±10 points). */
  margin?: number;
}

/** How to run what was planned. */
export interface RunEvalsOptions extends PlanOptions {
  concurrency?: number;
  allTrials?: boolean;
  keepWorkspace?: boolean;
  /** Run agents outside CI (CI=true) anyway. */
  unsafeLocal?: boolean;
  /** Keeps prepared sandboxes (the result of `setup`) between runs; the Action uses the Actions cache. */
  preparedStore?: PreparedStore;
  /** The most the whole run may spend, in USD: no trial starts unless its worst case fits. */
  budgetUsd?: number;
  signal?: AbortSignal;
  events?: SuiteEvents & { onPlan?(planned: PlannedRunInfo): void };
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

export interface PlannedRun {
  projectRoot: string;
  specs: EvalSpec[];
  plan: Plan;
  /** What the run should say before it starts (e.g. the base's definitions did not load). */
  notes: string[];
  cache: CacheContext;
  skippedForCredentials: number;
}

/** The eval files of a project, loaded with every kind registered. Throws DefinitionError. */
export async function loadDefinitions(
  options: SelectOptions & { yamlOnly?: boolean; realHome?: boolean; isolateHome?: boolean },
): Promise<EvalSpec[]> {
  const projectRoot = path.resolve(options.projectRoot);
  const found = await discoverEvalFiles(projectRoot, options.evals);
  const files = options.yamlOnly ? found.filter(isYamlFile) : found;
  if (files.length === 0 && !options.yamlOnly) {
    throw new DefinitionError([
      {
        file: projectRoot,
        code: Codes.noEvals,
        message: options.evals?.length
          ? `no eval file matches ${options.evals.join(", ")}`
          : "no eval files under evals/ or _evals/",
        fix: "add a *.eval.yaml or *.eval.ts file under evals/, or pass --evals <glob>",
      },
    ]);
  }
  return loadFiles(files, projectRoot, options.env ?? process.env, usesRealHome(options));
}

/** Trials run with the user's real HOME (`--real-home`), not one of their own. */
function usesRealHome(options: { realHome?: boolean; isolateHome?: boolean }): boolean {
  return options.realHome ?? options.isolateHome === false;
}

function loadFiles(
  files: string[],
  projectRoot: string,
  env: Record<string, string | undefined>,
  realHome = false,
): Promise<EvalSpec[]> {
  return loadEvals(files, {
    projectRoot,
    libraryApi: { ...libraryApi },
    kinds: EVAL_KINDS,
    env,
    realHome,
    sandboxKinds: PROVIDER_NAMES,
  });
}

/** Discover, load and plan, without running anything. Throws DefinitionError on bad input. */
export async function planEvals(options: PlanOptions): Promise<PlannedRun> {
  const env = options.env ?? process.env;
  const projectRoot = path.resolve(options.projectRoot);
  const specs = await loadDefinitions({ ...options, projectRoot, env });
  const badTemplates = await templateProblems(specs, projectRoot);
  if (badTemplates.length) throw new DefinitionError(badTemplates);
  const selection = selectEvals(specs, options.names ?? [], {
    axis: options.axis,
    trials: options.trials,
  });
  const plan = await planRun(selection.specs, {
    names: selection.names,
    agents: options.agents ?? [],
    trials: options.trials,
    env,
    projectRoot,
  });
  const notes: string[] = [];
  if (options.changedBase && options.shardPlan) {
    // The plan job already chose the changed evals; comparing again here could see another base
    // (it may have moved since) and disagree with the plan. Run what the plan lists.
    const listed = new Set(options.shardPlan.shards.flat());
    plan.units = plan.units.filter((u) => listed.has(pairKey(u)));
    notes.push(`--changed: the ${listed.size} eval × agent pair(s) the shard plan chose`);
  } else if (options.changedBase) {
    const { changed, warnings } = await changedEvals(specs, {
      projectRoot,
      base: options.changedBase,
      evals: options.evals,
      load: (files, root) => loadFiles(files, root, env),
      env,
    });
    const changedIds = new Set(changed.map((c) => c.id));
    notes.push(
      ...warnings,
      `--changed: ${changed.length} of ${specs.length} eval(s) differ from ${baseName(options.changedBase)}${
        changed.length ? ` (${changed.map((c) => `${c.id}: ${c.reason}`).join(", ")})` : ""
      }`,
    );
    plan.units = plan.units.filter((u) => changedIds.has(u.spec.id));
  }
  if (options.shard)
    plan.units = await unitsOfShard(plan.units, options.shard, {
      historyDir: cacheOptions(projectRoot, options).historyDir,
      assignment: options.shardPlan,
    });
  const cache = await applyCache(plan.units, cacheOptions(projectRoot, options));
  const skippedForCredentials = options.skipWithoutCredentials
    ? skipWithoutCredentials(plan.units, env, options.skipWithoutCredentials)
    : 0;
  // Each eval × agent that will run and has variants becomes the control of one comparison per
  // variant (after the cache and the credentials: a settled eval has nothing to compare).
  if (options.variants !== false)
    plan.units = variantGroups(plan.units, expandVariant, env, {
      trials: options.trials,
      margin: options.margin,
      projectRoot,
    });
  plan.agentUnits = plan.units.filter((u) => u.agent && !u.settled).length;
  return { projectRoot, specs, plan, notes, cache, skippedForCredentials };
}

function cacheOptions(projectRoot: string, options: PlanOptions): CacheOptions {
  return {
    projectRoot,
    historyDir: options.historyDir ? path.resolve(projectRoot, options.historyDir) : undefined,
    force: options.force ?? false,
    noCache: options.noCache ?? false,
  };
}

/** Load, plan and run. Throws DefinitionError (exit 2) before anything runs when input is bad. */
export async function runEvals(options: RunEvalsOptions): Promise<RunEvalsOutcome> {
  return runPlanned(await planEvals(options), options);
}

/** What `compare --base` takes besides a run's options. */
export interface CompareOptions extends RunEvalsOptions {
  /** The git ref whose version of each selected eval is the control. */
  base: BaseSpec;
}

/**
 * Every selected eval as it is at `base` (the control: definitions, prompt files, templates, read
 * from git into a scratch folder) against the working tree (the treatment), in one run with the
 * same agents, trials interleaved. Nothing is cached: both arms run now. Throws DefinitionError or
 * ChangedBaseError (exit 2) before anything runs when input or the ref is bad.
 */
export async function compareEvals(options: CompareOptions): Promise<RunEvalsOutcome> {
  const { planned, dispose } = await planComparison(options);
  try {
    return await runPlanned(planned, options);
  } finally {
    await dispose();
  }
}

/**
 * compare's plan: the working tree's units, each paired with its control at the base. The base's
 * scratch folder holds the control's templates: `dispose` removes it once the run is over.
 */
export async function planComparison(
  options: CompareOptions,
): Promise<{ planned: PlannedRun; dispose(): Promise<void> }> {
  const env = options.env ?? process.env;
  // Nothing is cached: both arms run now. --changed (the Action's changed-only) still selects.
  const planned = await planEvals({ ...options, force: true, variants: false });
  const tree = await openBaseTree(planned.projectRoot, options.base);
  try {
    const baseUnits = tree.exists ? await planBase(tree.root, planned, options, env) : [];
    const pairing = pairWithBase(
      planned.plan.units,
      baseUnits,
      baseName(options.base),
      { project: planned.projectRoot, base: tree.root },
      { trials: options.trials, margin: options.margin },
    );
    planned.plan.units = pairing.units;
    planned.plan.agentUnits = pairing.units.filter((u) => u.agent && !u.settled).length;
    const paired = pairing.units.filter((u) => u.arm?.role === "treatment").length;
    planned.notes.push(
      `compare: ${paired} eval × agent pair(s) against ${tree.label}` +
        (pairing.unpaired.length
          ? `; run without a control (new since the base): ${pairing.unpaired.join(", ")}`
          : ""),
    );
    return { planned, dispose: () => tree.dispose() };
  } catch (error) {
    await tree.dispose();
    throw error;
  }
}

/** The base's units of the same evals and agents: loaded and planned in the scratch tree. */
async function planBase(
  baseRoot: string,
  planned: PlannedRun,
  options: CompareOptions,
  env: Record<string, string | undefined>,
): Promise<PlannedUnit[]> {
  const label = `the eval definitions at ${baseName(options.base)}`;
  let specs: EvalSpec[];
  try {
    const files = await discoverEvalFiles(baseRoot, options.evals);
    specs = await loadFiles(files, baseRoot, env, usesRealHome(options));
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    throw new DefinitionError(
      error.problems.map((p) => ({
        ...p,
        message: `${label} do not load: ${p.message}`,
        fix: `${p.fix}; or compare with another ref (the control must load)`,
      })),
    );
  }
  const badTemplates = await templateProblems(specs, baseRoot);
  if (badTemplates.length) throw new DefinitionError(badTemplates);
  const wanted = new Set(planned.plan.units.filter((u) => !u.settled).map((u) => u.spec.id));
  const present = specs.filter((s) => wanted.has(s.id));
  if (present.length === 0) return [];
  const plan = await planRun(present, {
    names: [],
    agents: options.agents ?? [],
    trials: options.trials,
    env,
    projectRoot: baseRoot,
  });
  return plan.units;
}

async function runPlanned(planned: PlannedRun, options: RunEvalsOptions): Promise<RunEvalsOutcome> {
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
    (spec) => spec.sandbox.provider && providerNamed(spec.sandbox.provider)?.ownHome,
  );
  if (realHome && ownsHome) {
    throw new UsageError(
      `--real-home cannot be used with eval ${ownsHome.id}, whose sandbox.kind ${ownsHome.sandbox.provider} gives each trial its own HOME (the real one would be writable inside it). Drop --real-home, or that eval's sandbox.kind.`,
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
  // And the evals without an agent whose provider runs their checks inside (docker: its image).
  const checkedInside = plan.units
    .filter((u) => !u.agent && isolationFor(u.spec, isolation).provider.checksInside)
    .map((u) => u.spec);
  notes.push(
    ...(await checkEvalProviders([...new Set([...agentSpecs, ...checkedInside])], isolation)),
  );
  // The declared secrets, every agent's credential variables and the well-known ones are replaced
  // in everything the run writes.
  const redactor = secretRedactor(env, [
    ...(options.redact ?? []),
    ...specs.flatMap((spec) => spec.prompt?.secrets ?? []),
    ...plan.units.flatMap((unit) => unit.agent?.credentialEnv ?? []),
  ]);
  options.events?.onPlan?.({
    plan,
    specs,
    notes,
    isolation,
    skippedForCredentials: planned.skippedForCredentials,
  });

  const resultsDir = path.join(projectRoot, RESULTS_DIR);
  refuseLinkedOwnFolder(projectRoot, resultsDir);
  const unlock = await lockResults(resultsDir);
  try {
    await clearResults(resultsDir, keptInResults(projectRoot, options));
    const startedAt = new Date();
    const { results: ran, comparisons } = await withRedactor(redactor, () =>
      runUnits(plan.units, options, { env, projectRoot, resultsDir, isolation }, planned.cache),
    ).finally(() => disposeProviders());
    // Which provider each result's trials ran inside (run.json), where an agent ran now, with a
    // container's image and limits: infrastructure noise depends on them.
    const results = ran.map((result, i) => {
      const unit = plan.units[i];
      if (!unit?.agent || result.cachedFrom || result.trialsRun === 0) return result;
      const own = isolationFor(unit.spec, isolation);
      const container = own.provider.record?.(own.container ?? {});
      return { ...result, sandbox: own.provider.name, ...(container ? { container } : {}) };
    });
    return await report(planned, { results, comparisons }, startedAt, options, {
      env,
      resultsDir,
      isolation,
      redactor,
    });
  } finally {
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
  units: PlannedUnit[],
  options: RunEvalsOptions,
  { env, projectRoot, resultsDir, isolation }: RunContext,
  cache?: { history: Map<string, HistoryLine[]> },
) {
  const agentEnv = options.hideFromAgents
    ? Object.fromEntries(Object.entries(env).filter(([name]) => !options.hideFromAgents!(name)))
    : env;
  return runSuite(units, {
    projectRoot,
    resultsDir,
    // Against a history folder each eval × agent runs until its comparison with its last recorded
    // verdict is decided too (README › Comparisons).
    baselineOf: (unit) =>
      unit.arm === undefined
        ? historyBaseline(cache?.history.get(unit.spec.id) ?? [], unit.agentName)
        : undefined,
    concurrency: options.concurrency ?? os.availableParallelism(),
    allTrials: options.allTrials ?? false,
    keepWorkspace: options.keepWorkspace ?? false,
    maxRetries: options.maxRetries ?? 2,
    env: definedEnv(agentEnv),
    signal: options.signal ?? new AbortController().signal,
    events: options.events,
    budget: new BudgetLedger(options.budgetUsd),
    preparedStore: options.preparedStore,
    isolation,
    calibrationOf: calibrationLookup(await readCalibration(projectRoot)),
  });
}

/** The calibration figure of an eval's judge, when calibrate measured this very judge. */
function calibrationLookup(
  store: CalibrationStore,
): (spec: EvalSpec, judge: JudgeSpec) => CalibrationFigure | undefined {
  return (spec, judge) => store.judges[judgeKey(spec.id, judge)]?.figure;
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
    budgetUsd: options.budgetUsd,
    comparisons,
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

export interface MergeRunsOptions {
  projectRoot: string;
  /** Where the merged run goes (default: the project's results folder). */
  outDir?: string;
  /** The eval globs the run used: the definitions the summaries are rebuilt from. */
  evals?: string[];
}

export interface MergedRun {
  run: RunResult;
  exitCode: 0 | 1 | 2;
  resultsDir: string;
  summaries: KindSummary[];
  /** Why the summaries could not be rebuilt, when they could not. */
  warning?: string;
  /** The links and special files in the shards' trial folders, not copied (one line each). */
  skipped: string[];
}

/**
 * Shards' results folders merged into one run, as if one process had run every shard's trials:
 * run.json, the trial folders, report.html and junit.xml, and the summaries of evals spread over
 * several parts, computed again over all of them (each shard saw only its own part). Takes the
 * output folder's lock, as a run does. Used by `agent-evals merge` and the Action's publish mode.
 */
export async function mergeRuns(dirs: string[], options: MergeRunsOptions): Promise<MergedRun> {
  const projectRoot = path.resolve(options.projectRoot);
  const outDir = options.outDir ?? path.join(projectRoot, RESULTS_DIR);
  refuseLinkedOwnFolder(projectRoot, outDir);
  const unlock = await lockResults(outDir);
  try {
    const { run, skipped } = await mergeResultDirs(dirs, outDir, {
      projectRoot,
      resultsDir: path.join(projectRoot, RESULTS_DIR),
    });
    const { summaries, warning } = await rebuiltSummaries(projectRoot, options.evals, run);
    await writeReportFiles(run, {
      projectRoot,
      resultsDir: outDir,
      sections: reportSections(summaries),
    });
    const exitCode = exitCodeFor(run.evals);
    return { run, exitCode, resultsDir: outDir, summaries, warning, skipped };
  } finally {
    await unlock();
  }
}

/**
 * The summaries of a merged run, from the project's definitions. Only YAML files are read: a
 * TypeScript definition is never run here (publishing jobs hold write tokens, and merges need no
 * node_modules), and only YAML formats have parts to add up.
 */
async function rebuiltSummaries(
  projectRoot: string,
  evals: string[] | undefined,
  run: RunResult,
): Promise<{ summaries: KindSummary[]; warning?: string }> {
  try {
    const specs = await loadDefinitions({ projectRoot, evals, yamlOnly: true });
    if (specs.length === 0) return { summaries: [] };
    const startedAt = new Date(run.startedAt);
    const own = run.evals.filter((r) => r.arm === undefined);
    return { summaries: await summarize(specs, own, { projectRoot, startedAt }) };
  } catch (error) {
    return {
      summaries: [],
      warning: `skill/command/hook summaries not rebuilt: their YAML definitions did not load (${errorMessage(error).split("\n")[0]})`,
    };
  }
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

function definedEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}

/** The branch or ref a CI run is for, when the environment says. */
function refName(env: Record<string, string | undefined>): string | undefined {
  return env.GITHUB_HEAD_REF || env.GITHUB_REF_NAME || env.CI_COMMIT_REF_NAME || undefined;
}

export interface RecheckOptions {
  projectRoot: string;
  /** The results folder whose stored outcomes are rechecked (default: the last run's). */
  from?: string;
  evals?: string[];
  names?: string[];
  env?: Record<string, string | undefined>;
  /** The most the judges may spend, in USD. */
  budgetUsd?: number;
  signal?: AbortSignal;
  redact?: string[];
  realHome?: boolean;
}

/**
 * `agent-evals recheck`: the current checks, judges included, on the stored outcomes of a run,
 * with no agent. Writes run.json (`recheck: true`), report.html and junit.xml into the project's
 * results folder (copying the trial folders there first when `from` is another folder).
 */
/** The sandbox a result's trials ran in, with the container image and limits it recorded. */
function recheckIsolation(
  result: EvalResult,
  recorded: ReadonlyMap<string, TrialIsolation>,
): TrialIsolation | undefined {
  const isolation = result.sandbox ? recorded.get(result.sandbox) : undefined;
  if (!isolation || !result.container) return isolation;
  const { image, ...limits } = result.container;
  return { ...isolation, container: { ...(image ? { image } : {}), limits } };
}

export async function recheckEvals(options: RecheckOptions): Promise<RunEvalsOutcome> {
  const env = options.env ?? process.env;
  const projectRoot = path.resolve(options.projectRoot);
  const resultsDir = path.join(projectRoot, RESULTS_DIR);
  const from = path.resolve(projectRoot, options.from ?? RESULTS_DIR);
  refuseLinkedOwnFolder(projectRoot, resultsDir);
  const previous = await readPreviousRun(from);
  await reapDeadRuns();
  const specs = await loadDefinitions({ ...options, projectRoot, env });
  const names = options.names ?? [];
  const selected = new Set(
    names.length ? selectEvals(specs, names).specs.map((s) => s.id) : specs.map((s) => s.id),
  );
  const byId = new Map(specs.filter((s) => s.variant === undefined).map((s) => [s.id, s]));
  if (names.length && !previous.evals.some((e) => selected.has(e.id)))
    throw new UsageError(
      `the run in ${path.relative(process.cwd(), from) || "."} has none of ${names.join(", ")}: run them with \`agent-evals eval\` first`,
    );
  const redactor = secretRedactor(env, [
    ...(options.redact ?? []),
    ...specs.flatMap((spec) => spec.prompt?.secrets ?? []),
    ...builtInCredentialEnv(),
  ]);
  const { isolation } = await resolveIsolation({
    sandbox: DEFAULT_PROVIDER.name,
    home: !options.realHome,
    allow: allowedEndpoints(env),
  });
  // Trials whose agent ran in a sandbox that runs the checks too (bwrap, docker) are rechecked in
  // it: their outcome holds what the agent planted. Resolved before anything runs (unavailable:
  // refused with the reason, as `eval` is).
  const recorded = new Map<string, TrialIsolation>();
  for (const name of new Set(previous.evals.map((e) => e.sandbox))) {
    if (!name || !providerNamed(name)?.checksInside) continue;
    const choice = { sandbox: name, home: !options.realHome, allow: allowedEndpoints(env) };
    recorded.set(name, (await resolveIsolation(choice)).isolation);
  }
  const unlock = await lockResults(resultsDir);
  try {
    const skipped = from === resultsDir ? [] : await copyTrialFolders(from, resultsDir);
    const startedAt = new Date();
    const budget = new BudgetLedger(options.budgetUsd);
    const calibration = calibrationLookup(await readCalibration(projectRoot));
    const signal = options.signal ?? new AbortController().signal;
    const results = await withRedactor(redactor, async () => {
      const out: EvalResult[] = [];
      // A comparison's other arms are the run's, not the definitions': they are not rechecked.
      for (const result of previous.evals.filter((e) => e.arm === undefined)) {
        if (!selected.has(result.id) && byId.has(result.id)) continue;
        const spec = byId.get(result.id);
        if (!spec) {
          out.push({
            ...result,
            status: "skipped",
            reason: "not rechecked: no longer defined",
            code: Codes.skipped,
          });
          continue;
        }
        out.push(
          await recheckEval({
            spec,
            result,
            resultsDir,
            baseEnv: definedEnv(env),
            isolation: recheckIsolation(result, recorded) ?? isolation,
            signal,
            budget,
            calibrationOf: (judge) => calibration(spec, judge),
          }),
        );
      }
      return out.map((r) => redactor.value(r));
    });
    const built = buildRunResult(results, {
      version: VERSION,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      commit: await gitHeadCommit(projectRoot),
      isolation: `recheck: no agent ran; ${isolationNote(isolation)}`,
      projectRoot,
      budgetUsd: options.budgetUsd,
    });
    const run = {
      ...built,
      recheck: true,
      recheckedFrom: path.relative(projectRoot, from) || ".",
      ...(signal.aborted ? { interrupted: true } : {}),
    };
    await writeRunJson(resultsDir, run);
    const summaries = await summarize(specs, results, { projectRoot, startedAt });
    await writeReportFiles(run, { projectRoot, resultsDir, sections: reportSections(summaries) });
    const exitCode = exitCodeFor(run.evals);
    return { run, exitCode, resultsDir, historyLines: [], summaries, skipped };
  } finally {
    await unlock();
  }
}

/** The largest run.json recheck reads (a run of thousands of trials writes a few MB). */
const RUN_JSON_CAP = 256 * 1024 * 1024;

async function readPreviousRun(from: string): Promise<RunResult> {
  const file = path.join(from, RUN_JSON);
  // --from can be a downloaded artifact: run.json is read only as a regular file, not a link.
  const read = readRegularSync(file, RUN_JSON_CAP);
  if (read.kind === "refused")
    throw new UsageError(`${file} is ${read.what}, not a file: not read; pass a results folder`);
  if (read.kind === "missing")
    throw new UsageError(
      `no ${RUN_JSON} in ${from}: run \`agent-evals eval\` first, or pass --from a results folder (a downloaded artifact)`,
    );
  if (read.truncated) throw new UsageError(`${file} is over ${RUN_JSON_CAP} bytes: not a run's`);
  const text = read.bytes.toString("utf8");
  try {
    const run = JSON.parse(text) as RunResult;
    if (!Array.isArray(run.evals)) throw new Error("it has no evals");
    return run;
  } catch (error) {
    throw new UsageError(`${file} is not a run.json: ${errorMessage(error)}`);
  }
}

/** The trial folders of another results folder, copied into ours (replacing its evals/). */
/** The input's trial folders, copied over the results folder's; resolves to what was left out. */
async function copyTrialFolders(from: string, resultsDir: string): Promise<string[]> {
  const source = path.join(from, "evals");
  const target = path.join(resultsDir, "evals");
  await fs.rm(target, { recursive: true, force: true });
  await fs.mkdir(resultsDir, { recursive: true });
  return copyRegularTree(source, target).catch((error: Error) => {
    throw new UsageError(`cannot copy the trial folders of ${from}: ${error.message}`);
  });
}

export interface CalibrateOptions {
  projectRoot: string;
  evals?: string[];
  names?: string[];
  env?: Record<string, string | undefined>;
  budgetUsd?: number;
  signal?: AbortSignal;
  realHome?: boolean;
  /** Each example as it is judged. */
  onExample?: (judge: CalibratedJudge, example: CalibratedExample) => void;
}

export interface CalibratedJudge {
  eval: string;
  check: string;
  figure: CalibrationFigure;
  examples: CalibratedExample[];
}

/**
 * `agent-evals calibrate`: every judge with labelled examples (of the named evals, or all) run on
 * them; accuracy and Cohen's κ written to .copybook/calibration.json, where runs find them.
 */
export async function calibrateEvals(
  options: CalibrateOptions,
): Promise<{ judges: CalibratedJudge[]; file?: string; costUsd: number }> {
  const env = options.env ?? process.env;
  const projectRoot = path.resolve(options.projectRoot);
  const specs = await loadDefinitions({ ...options, projectRoot, env });
  const chosen = (options.names?.length ? selectEvals(specs, options.names).specs : specs).filter(
    (s) => s.variant === undefined,
  );
  await reapDeadRuns();
  const judged = chosen.flatMap((spec) =>
    spec.checks.flatMap((check, index) =>
      check.type === "judge" && check.judge.examples.length
        ? [{ spec, check, judge: check.judge, index }]
        : [],
    ),
  );
  if (judged.length === 0)
    throw new UsageError(
      "no judge with labelled examples to calibrate: add `examples: [{ label: pass, dir: … }]` to a judge",
    );
  const redactor = secretRedactor(env, [...builtInCredentialEnv()]);
  const { isolation } = await resolveIsolation({
    sandbox: DEFAULT_PROVIDER.name,
    home: !options.realHome,
    allow: allowedEndpoints(env),
  });
  const budget = new BudgetLedger(options.budgetUsd);
  const out: CalibratedJudge[] = [];
  const entries: Record<string, CalibrationEntry> = {};
  await withRedactor(redactor, async () => {
    for (const { spec, check, judge, index } of judged) {
      const name = checkName(check);
      const pending: CalibratedJudge = {
        eval: spec.id,
        check: name,
        figure: { n: 0, accuracy: 0, kappa: null, time: "" },
        examples: [],
      };
      const { examples, figure } = await calibrateJudge({
        spec,
        judge,
        index,
        outDir: path.join(projectRoot, OWN_DIR, "calibration", spec.id, `judge-${index}`),
        baseEnv: definedEnv(env),
        isolation,
        signal: options.signal ?? new AbortController().signal,
        capUsd: () => (budget.limitUsd === undefined ? undefined : budget.remaining),
        onExample: (example) => {
          budget.record(example.costUsd);
          options.onExample?.(pending, example);
        },
      });
      const done = { ...pending, figure, examples };
      out.push(done);
      entries[judgeKey(spec.id, judge)] = redactor.value({
        eval: spec.id,
        check: name,
        figure,
        examples: examples.map(({ name, label, answer, reason }) => ({
          name,
          label,
          answer,
          reason,
        })),
      });
    }
  });
  const file = await writeCalibration(projectRoot, entries);
  return { judges: out, file, costUsd: budget.spent };
}
