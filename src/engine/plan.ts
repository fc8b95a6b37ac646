// Plan: discover, load and plan (selection, changed-only, shards, cache, credentials, variants),
// without running anything.

import path from "node:path";
import {
  DefinitionError,
  REPLAYING_ENV,
  type AgentRef,
  type EvalSpec,
  type Plan,
  type PlannedUnit,
} from "../model/index.js";
import {
  applyCache,
  freeAgentNote,
  type CacheContext,
  type CacheOptions,
  changedEvals,
  unitsOfShard,
  skipWithoutCredentials,
  type CredentialPolicy,
  expandVariant,
  baseName,
  type BaseSpec,
  variantGroups,
  planRun,
  pairKey,
  type ShardAssignment,
  shareBudget,
  plannedTrials,
  type ArmOptions,
  type PowerTarget,
} from "../plan/index.js";
import { agentFolderName, templateProblems } from "../run/index.js";
import { selectEvals } from "../kinds/index.js";
import { loadDefinitions, loadFiles, type SelectOptions } from "./definitions.js";
import { variantAgentVersions } from "./variant-versions.js";

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
  /** The most the whole run may spend, in USD: no trial starts unless its worst case fits. */
  budgetUsd?: number;
  /**
   * Record each trial's model traffic, or replay it from a results (or cassette) folder
   * (docs/record-replay.md): every trial runs (no cached verdict stands in), and a replay needs no
   * credentials.
   */
  traffic?: { mode: "record" } | { mode: "replay"; from: string };
  /** Only the pairs whose agent's results folder has this name (`agent-evals replay <trial>`). */
  agentFolder?: string;
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

/** Discover, load and plan, without running anything. Throws DefinitionError on bad input. */
export async function planEvals(options: PlanOptions): Promise<PlannedRun> {
  const given = options.env ?? process.env;
  const env = options.traffic?.mode === "replay" ? { ...given, [REPLAYING_ENV]: "1" } : given;
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
  if (options.agentFolder !== undefined)
    plan.units = plan.units.filter((u) => agentFolderName(u.agentName) === options.agentFolder);
  if (options.shard)
    plan.units = await unitsOfShard(plan.units, options.shard, {
      historyDir: cacheOptions(projectRoot, options).historyDir,
      assignment: options.shardPlan,
    });
  const cache = await applyCache(plan.units, cacheOptions(projectRoot, options));
  const freeNote = freeAgentNote(plan.units, cache);
  if (freeNote) notes.push(freeNote);
  // A replay answers from its recording: no pair needs a login.
  const skippedForCredentials =
    options.skipWithoutCredentials && options.traffic?.mode !== "replay"
      ? skipWithoutCredentials(plan.units, env, options.skipWithoutCredentials)
      : 0;
  // Each eval × agent that will run and has variants becomes the control of one comparison per
  // variant (after the cache and the credentials: a settled eval has nothing to compare).
  if (options.variants !== false)
    plan.units = variantGroups(plan.units, expandVariant, env, {
      trials: options.trials,
      margin: options.margin,
      projectRoot,
      agentVersions: await variantAgentVersions(plan.units, env, projectRoot),
    });
  if (options.traffic) plan.traffic = options.traffic.mode;
  const planned = { projectRoot, specs, plan, notes, cache, skippedForCredentials };
  settlePlan(planned, options.budgetUsd);
  return planned;
}

/**
 * The plan's last step, once its units are final (also after a comparison paired them): how many
 * start an agent, and each one's part of the budget (a replayed pair's forecast is $0).
 */
export function settlePlan({ plan, cache }: PlannedRun, budgetUsd: number | undefined): void {
  plan.agentUnits = plan.units.filter((u) => u.agent && !u.settled).length;
  if (budgetUsd === undefined) return;
  plan.budgetUsd = budgetUsd;
  shareBudget(plan.units, cache.history, budgetUsd, plan.traffic);
}

function cacheOptions(projectRoot: string, options: PlanOptions): CacheOptions {
  return {
    projectRoot,
    historyDir: options.historyDir ? path.resolve(projectRoot, options.historyDir) : undefined,
    // Recording or replaying runs every trial: a cached verdict has no traffic to record or replay.
    force: (options.force ?? false) || options.traffic !== undefined,
    noCache: options.noCache ?? false,
  };
}

/**
 * The arms' options of a comparison planned from `planned` (compare --base, --agent-version): the
 * trials per arm (`--trials`, or with `--detect` each pair's planned N from the plan's history)
 * and the margin.
 */
export function comparisonArmOptions(
  planned: PlannedRun,
  options: { trials?: number; margin?: number; detect?: PowerTarget },
): ArmOptions {
  const { detect } = options;
  return {
    trials: options.trials,
    margin: options.margin,
    ...(detect
      ? { trialsOf: (unit: PlannedUnit) => plannedTrials(unit, planned.cache.history, detect) }
      : {}),
  };
}
