// Skips paid runs whose answer is already known. With a history folder, an eval × agent whose
// rendered prompt hash, definition hash and agent version match a recorded verdict is `cached`.
// Without one, the checkout's fingerprint cache does the same, keyed also on the repository state
// (HEAD, tracked changes, untracked files); outside git nothing is cached. `force` re-runs all.
// Free agents are never cached (freeAgentNote says why, in the run's notes).

import type { CachedVerdict, PlannedUnit } from "../model/index.js";
import {
  expectedCostPerTrial,
  latestMatching,
  readHistory,
  fingerprintFor,
  readFingerprintCache,
  repoState,
  type FingerprintCacheEntry,
} from "../store/index.js";
import type { CacheContext, CacheOptions } from "../store/index.js";

export type { CacheContext, CacheOptions };

/** Units worth caching: prompted evals with a paid agent that would run (free agents just run). */
function cacheable(unit: PlannedUnit): boolean {
  return runsPrompt(unit) && unit.agent?.free !== true;
}

function runsPrompt(unit: PlannedUnit): boolean {
  return !unit.settled && unit.agent !== undefined && unit.prompt !== undefined;
}

/**
 * Free agents (literal, scriptAgent) are never cached, by choice: a re-run costs nothing, and its
 * verdict is today's — the literal agent's steps can break with nothing in the checkout changed (a
 * package released since). When a cache is in use, the run says so, rather than leave a user to
 * wonder why those pairs ran again. Nothing when nothing is cached anyway (--force, outside git).
 */
export function freeAgentNote(units: PlannedUnit[], context: CacheContext): string | undefined {
  const { options } = context;
  if (options.force || (!options.historyDir && context.repoState === undefined)) return undefined;
  const free = units.filter((u) => runsPrompt(u) && u.agent?.free === true);
  if (!free.length) return undefined;
  const names = [...new Set(free.map((u) => u.agentName))].join(", ");
  return `not cached: ${free.length} eval × agent ${free.length === 1 ? "pair" : "pairs"} with a free agent (${names}) run every time — a re-run costs nothing, and its verdict is today's, not a recorded one`;
}

/** Marks units whose verdict is already recorded as `cached`, unless `force`. */
export async function applyCache(
  units: PlannedUnit[],
  options: CacheOptions,
): Promise<CacheContext> {
  const context: CacheContext = { options, history: new Map(), fingerprints: new Map() };
  if (options.historyDir) {
    for (const id of new Set(units.map((u) => u.spec.id))) {
      context.history.set(id, await readHistory(options.historyDir, id));
    }
  } else if (!options.noCache) {
    context.repoState = await repoState(options.projectRoot);
  }
  const fingerprintCache =
    context.repoState !== undefined
      ? await readFingerprintCache(options.projectRoot)
      : new Map<string, FingerprintCacheEntry>();

  for (const unit of units) {
    if (!cacheable(unit)) continue;
    if (context.repoState !== undefined) {
      context.fingerprints.set(
        unit,
        fingerprintFor({
          definitionHash: unit.spec.definitionHash,
          snapshotHash: unit.prompt?.hash,
          agentCommand: unit.agentName,
          agentVersion: unit.agentVersion,
          repoState: context.repoState,
          trials: unit.trials,
        }),
      );
    }
    if (options.force) continue;
    const cached = options.historyDir
      ? fromHistory(unit, context)
      : fromFingerprint(unit, context, fingerprintCache);
    if (cached) {
      unit.settled = {
        status: "cached",
        reason: `same prompt, definition and agent version as the ${cached.status} run of ${cached.time}${cached.commit ? ` (${cached.commit.slice(0, 7)})` : ""}: not run (--force runs it)`,
        cached,
      };
    }
  }
  return context;
}

function fromHistory(unit: PlannedUnit, context: CacheContext): CachedVerdict | undefined {
  const line = latestMatching(context.history.get(unit.spec.id) ?? [], {
    agent: unit.agentName,
    agentVersion: unit.agentVersion,
    snapshotHash: unit.prompt?.hash,
    definitionHash: unit.spec.definitionHash,
    trialsPlanned: unit.trials,
  });
  if (!line || (line.status !== "passed" && line.status !== "failed")) return undefined;
  return {
    status: line.status,
    time: line.time,
    commit: line.commit,
    passes: line.passes,
    trials: line.trials,
    passRate: line.passRate,
    interval: line.interval,
    costUsd: line.costUsd,
    source: "history",
  };
}

function fromFingerprint(
  unit: PlannedUnit,
  context: CacheContext,
  cache: Map<string, FingerprintCacheEntry>,
): CachedVerdict | undefined {
  const fingerprint = context.fingerprints.get(unit);
  const entry = fingerprint ? cache.get(fingerprint) : undefined;
  if (!entry) return undefined;
  return {
    status: entry.status,
    time: entry.time,
    passes: entry.passes,
    trials: entry.trials,
    passRate: entry.passRate,
    interval: entry.interval,
    costUsd: entry.costUsd,
    source: "fingerprint",
  };
}

/** Expected cost per trial of a unit's agent from history, for plans. */
export function expectedCost(unit: PlannedUnit, context: CacheContext): number | undefined {
  return expectedCostPerTrial(context.history.get(unit.spec.id) ?? [], unit.agentName);
}
