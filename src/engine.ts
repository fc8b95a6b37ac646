// The engine behind every face (CLI, Action, library): define → plan → run → report files.
// Console output is the caller's business, through the events.

import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { discoverEvalFiles } from "./define/discover.js";
import { loadEvals } from "./define/load.js";
import * as libraryApi from "./library.js";
import type { AgentRef, ClaudeCodeAxis, EvalSpec } from "./model/eval.js";
import { CiGateError, Codes, DefinitionError } from "./model/errors.js";
export { CiGateError };
import { exitCodeFor, type RunResult } from "./model/result.js";
import type { HistoryLine } from "./store/history.js";
import { applyCache, type CacheContext, type CacheOptions } from "./plan/cache.js";
import { recordResults } from "./store/verdicts.js";
import { changedEvals } from "./plan/changed.js";
import { unitsOfShard } from "./plan/balance.js";
import { pairKey, type ShardAssignment } from "./plan/shard.js";
export { shardOf } from "./plan/shard.js";
import { planRun, type Plan } from "./plan/plan.js";
import {
  isolationNote,
  resolveIsolation,
  type SandboxKind,
  type TrialIsolation,
} from "./run/isolation/resolve.js";
import { allowedEndpoints, type Endpoint } from "./run/isolation/bwrap.js";
import { secretRedactor, withRedactor, type Redactor } from "./util/redact.js";
import { lockResults } from "./store/lock.js";
import { templateProblems } from "./run/workspace/template-check.js";
import { activeGroups, killGroup } from "./util/process.js";
import { BudgetLedger } from "./run/budget.js";
import type { PreparedStore } from "./run/workspace/prepare.js";
import { runSuite, type SuiteEvents } from "./run/suite.js";
import { buildRunResult, writeRunJson } from "./report/json.js";
import {
  claudeCodeReports,
  writeClaudeCodeResults,
  type ClaudeCodeReport,
} from "./kinds/skill/aggregate.js";
import { selectClaudeCodeParts } from "./kinds/skill/select.js";
import { writeReportFiles } from "./report/files.js";
import { VERSION } from "./model/version.js";
import { mayBeInGitRepo } from "./util/git.js";

/** Where results go, under the project root (the seeds' name, kept for compatibility). */
export const RESULTS_DIR = path.join(".copybook", "results");

export interface RunEvalsOptions {
  projectRoot: string;
  /** Globs of eval files, relative to the project root; default evals/ and _evals/. */
  evals?: string[];
  names?: string[];
  /** Only the skill/command/hook eval parts of this kind (trigger, e2e or hook). */
  axis?: ClaudeCodeAxis;
  agents?: AgentRef[];
  trials?: number;
  concurrency?: number;
  allTrials?: boolean;
  keepWorkspace?: boolean;
  /** Run agents outside CI (CI=true) anyway. */
  unsafeLocal?: boolean;
  env?: Record<string, string | undefined>;
  /** Only evals whose rendered prompt or definition differs at this git ref (new ones too). */
  changedBase?: string;
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
  /** Keeps prepared sandboxes (the result of `setup`) between runs; the Action uses the Actions cache. */
  preparedStore?: PreparedStore;
  /** The most the whole run may spend, in USD: no trial starts unless its worst case fits. */
  budgetUsd?: number;
  signal?: AbortSignal;
  events?: SuiteEvents & { onPlan?(plan: Plan, specs: EvalSpec[], notes: string[]): void };
  maxRetries?: number;
  /** none (default): a temp dir; bwrap: bubblewrap, or refuse to run; auto: bubblewrap where it works. */
  sandbox?: SandboxKind;
  /** A HOME of its own per trial; default: on in CI. Always on with bwrap. */
  isolateHome?: boolean;
  /** With bwrap: endpoints agents may reach besides the model APIs and AGENT_EVALS_ALLOW_HOSTS. */
  allowHosts?: Endpoint[];
  /** Further environment variables whose values are replaced by *** in every output. */
  redact?: string[];
  /**
   * Variables the agents' environment leaves out (their values are still redacted everywhere): the
   * Action hides the runner's own tokens and its step inputs, which no agent needs.
   */
  hideFromAgents?: (name: string) => boolean;
}

export interface RunEvalsOutcome {
  run: RunResult;
  exitCode: 0 | 1 | 2;
  resultsDir: string;
  /** One history line per eval × agent that ran (what --history-dir appended). */
  historyLines: HistoryLine[];
  /** Skill/command/hook evals put back together (also written to `_evals/results/`). */
  claudeCode?: ClaudeCodeReport[];
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
}

/** Discover, load and plan, without running anything. Throws DefinitionError on bad input. */
export async function planEvals(options: RunEvalsOptions): Promise<PlannedRun> {
  const env = options.env ?? process.env;
  const projectRoot = path.resolve(options.projectRoot);
  const files = await discoverEvalFiles(projectRoot, options.evals);
  if (files.length === 0) {
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
  const specs = await loadEvals(files, { projectRoot, libraryApi: { ...libraryApi }, env });
  const badTemplates = await templateProblems(specs, projectRoot);
  if (badTemplates.length) throw new DefinitionError(badTemplates);
  const selection = selectClaudeCodeParts(specs, options.names ?? [], options.axis);
  const plan = await planRun(selection.specs, {
    names: selection.names,
    agents: options.agents ?? [],
    trials: options.trials,
    env,
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
      libraryApi: { ...libraryApi },
      env,
    });
    const changedIds = new Set(changed.map((c) => c.id));
    notes.push(
      ...warnings,
      `--changed: ${changed.length} of ${specs.length} eval(s) differ from ${options.changedBase}${
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
  plan.agentUnits = plan.units.filter((u) => u.agent && !u.settled).length;
  return { projectRoot, specs, plan, notes, cache };
}

function cacheOptions(projectRoot: string, options: RunEvalsOptions): CacheOptions {
  return {
    projectRoot,
    historyDir: options.historyDir ? path.resolve(projectRoot, options.historyDir) : undefined,
    force: options.force ?? false,
    noCache: options.noCache ?? false,
  };
}

/** Load, plan and run. Throws DefinitionError (exit 2) before anything runs when input is bad. */
export async function runEvals(options: RunEvalsOptions): Promise<RunEvalsOutcome> {
  const env = options.env ?? process.env;
  const { projectRoot, specs, plan, notes, cache } = await planEvals(options);
  if (plan.agentUnits > 0 && !isCi(env) && !options.unsafeLocal) {
    throw new CiGateError(
      `refusing to run agents: ${plan.agentUnits} eval × agent pair(s) would give an agent full permissions in a directory that is not a container.\n` +
        "Set CI=true (as CI systems do) or pass --unsafe-local to run them on this machine anyway.",
    );
  }
  const { isolation, note } = await resolveIsolation({
    sandbox: plan.agentUnits > 0 ? options.sandbox : "none",
    home: options.isolateHome ?? isCi(env),
    allow: allowedEndpoints(env, options.allowHosts),
  });
  if (note) notes.push(note);
  if (isolation.bwrap) notes.push(isolationNote(isolation));
  // The declared secrets and credential variables are replaced in everything the run writes.
  const redactor = secretRedactor(env, [
    ...(options.redact ?? []),
    ...specs.flatMap((spec) => spec.prompt?.secrets ?? []),
  ]);
  options.events?.onPlan?.(plan, specs, notes);

  const resultsDir = path.join(projectRoot, RESULTS_DIR);
  const unlock = await lockResults(resultsDir);
  try {
    return await runAndReport(options, {
      env,
      projectRoot,
      specs,
      plan,
      cache,
      isolation,
      redactor,
      resultsDir,
    });
  } finally {
    await unlock();
  }
}

interface RunContext {
  env: NodeJS.ProcessEnv;
  projectRoot: string;
  specs: EvalSpec[];
  plan: Plan;
  cache: CacheContext;
  isolation: TrialIsolation;
  redactor: Redactor;
  resultsDir: string;
}

async function runAndReport(
  options: RunEvalsOptions,
  { env, projectRoot, specs, plan, cache, isolation, redactor, resultsDir }: RunContext,
): Promise<RunEvalsOutcome> {
  const startedAt = new Date();
  const signal = options.signal ?? new AbortController().signal;
  const results = await withRedactor(redactor, () =>
    runSuite(plan.units, {
      projectRoot,
      resultsDir,
      concurrency: options.concurrency ?? os.availableParallelism(),
      allTrials: options.allTrials ?? false,
      keepWorkspace: options.keepWorkspace ?? false,
      maxRetries: options.maxRetries ?? 2,
      env: definedEnv(
        options.hideFromAgents
          ? Object.fromEntries(
              Object.entries(env).filter(([name]) => !options.hideFromAgents!(name)),
            )
          : env,
      ),
      signal,
      events: options.events,
      budget: new BudgetLedger(options.budgetUsd),
      preparedStore: options.preparedStore,
      isolation,
    }),
  );
  const commit = await headCommit(projectRoot);
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
  });
  // An interrupted run (SIGINT/SIGTERM) still writes what finished, marked as such.
  const run = signal.aborted ? { ...built, interrupted: true } : built;
  await writeRunJson(resultsDir, run);
  await writeReportFiles(run, {
    projectRoot,
    resultsDir,
    history: [...[...cache.history.values()].flat(), ...historyLines],
  });
  const claudeCode = await writeClaudeCodeResults(
    await claudeCodeReports(specs, results, { projectRoot, startedAt }),
    projectRoot,
  );
  return { run, exitCode: exitCodeFor(run.evals), resultsDir, historyLines, claudeCode };
}

/** Kill every agent process group still running (for SIGINT/SIGTERM handlers). */
export function killAllAgents(): void {
  for (const pid of activeGroups()) killGroup(pid, "SIGKILL");
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

async function headCommit(dir: string): Promise<string | undefined> {
  if (!mayBeInGitRepo(dir)) return undefined;
  try {
    const { stdout } = await promisify(execFile)("git", ["rev-parse", "HEAD"], { cwd: dir });
    return stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}
