// The engine behind every face (CLI, Action, library): define → plan → run → report files.
// Console output is the caller's business, through the events.

import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { discoverEvalFiles } from "./define/discover.js";
import { loadEvals } from "./define/load.js";
import * as libraryApi from "./library.js";
import type { AgentRef, EvalSpec } from "./model/eval.js";
import { Codes, DefinitionError } from "./model/errors.js";
import { exitCodeFor, type RunResult } from "./model/result.js";
import type { HistoryLine } from "./history/store.js";
import { applyCache, recordResults, type CacheContext, type CacheOptions } from "./plan/cache.js";
import { changedEvals } from "./plan/changed.js";
import { shardOf } from "./plan/shard.js";
export { shardOf } from "./plan/shard.js";
import { planRun, type Plan } from "./plan/plan.js";
import { TEMP_DIR_ISOLATION } from "./run/isolation.js";
import { activeGroups, killGroup } from "./run/process.js";
import { BudgetLedger } from "./run/budget.js";
import type { PreparedStore } from "./run/prepare.js";
import { runSuite, type SuiteEvents } from "./run/suite.js";
import { buildRunResult, writeRunJson } from "./report/json.js";
import { VERSION } from "./version.js";

/** Where results go, under the project root (the seeds' name, kept for compatibility). */
export const RESULTS_DIR = path.join(".copybook", "results");

export interface RunEvalsOptions {
  projectRoot: string;
  /** Globs of eval files, relative to the project root; default evals/ and _evals/. */
  evals?: string[];
  names?: string[];
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
}

export interface RunEvalsOutcome {
  run: RunResult;
  exitCode: 0 | 1 | 2;
  resultsDir: string;
  /** One history line per eval × agent that ran (what --history-dir appended). */
  historyLines: HistoryLine[];
}

export class CiGateError extends Error {}

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
  const specs = await loadEvals(files, { projectRoot, libraryApi: { ...libraryApi } });
  const plan = await planRun(specs, {
    names: options.names ?? [],
    agents: options.agents ?? [],
    trials: options.trials,
    env,
  });
  const notes: string[] = [];
  if (options.changedBase) {
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
  if (options.shard) plan.units = shardOf(plan.units, options.shard);
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
  options.events?.onPlan?.(plan, specs, notes);

  const startedAt = new Date();
  const resultsDir = path.join(projectRoot, RESULTS_DIR);
  const results = await runSuite(plan.units, {
    projectRoot,
    resultsDir,
    concurrency: options.concurrency ?? os.availableParallelism(),
    allTrials: options.allTrials ?? false,
    keepWorkspace: options.keepWorkspace ?? false,
    maxRetries: options.maxRetries ?? 2,
    env: definedEnv(env),
    signal: options.signal ?? new AbortController().signal,
    events: options.events,
    budget: new BudgetLedger(options.budgetUsd),
    preparedStore: options.preparedStore,
  });
  const commit = await headCommit(projectRoot);
  const historyLines = await recordResults(plan.units, results, cache, {
    time: startedAt,
    commit,
    ref: refName(env),
  });
  const run = buildRunResult(results, {
    version: VERSION,
    startedAt,
    durationMs: Date.now() - startedAt.getTime(),
    commit,
    isolation: TEMP_DIR_ISOLATION,
    projectRoot,
    budgetUsd: options.budgetUsd,
  });
  await writeRunJson(resultsDir, run);
  return { run, exitCode: exitCodeFor(run.evals), resultsDir, historyLines };
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
  try {
    const { stdout } = await promisify(execFile)("git", ["rev-parse", "HEAD"], { cwd: dir });
    return stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}
