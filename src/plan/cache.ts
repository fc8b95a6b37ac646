// Skips paid runs whose answer is already known. With a history folder, an eval × agent whose
// rendered prompt hash, definition hash and agent version match a recorded verdict is `cached`.
// Without one, the checkout's fingerprint cache does the same, keyed also on the repository state
// (HEAD, tracked changes, untracked files); outside git nothing is cached. `force` re-runs all.

import type { EvalResult } from "../model/result.js";
import type { CachedVerdict } from "../model/result.js";
import {
  appendHistory,
  expectedCostPerTrial,
  historyLineFor,
  isRecordable,
  latestMatching,
  readHistory,
  type HistoryLine,
} from "../history/store.js";
import type { PlannedUnit } from "../run/suite.js";
import {
  cacheEntryFor,
  fingerprintFor,
  readFingerprintCache,
  repoState,
  writeFingerprintCache,
  type FingerprintCacheEntry,
} from "./fingerprint.js";

export interface CacheOptions {
  projectRoot: string;
  historyDir?: string;
  /** Re-run everything; still records the new verdicts. */
  force: boolean;
  /** No fingerprint cache (the history folder, when given, is still written). */
  noCache: boolean;
}

/** What the cache knows of a run's units: used again to record the results. */
export interface CacheContext {
  options: CacheOptions;
  repoState?: string;
  history: Map<string, HistoryLine[]>;
  fingerprints: Map<PlannedUnit, string>;
}

/** Units worth caching: prompted evals with a paid agent that would run (free agents just run). */
function cacheable(unit: PlannedUnit): boolean {
  return (
    !unit.settled &&
    unit.agent !== undefined &&
    unit.agent.free !== true &&
    unit.prompt !== undefined
  );
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

/** Records the run's verdicts (history lines, the checkout's fingerprint cache); returns the lines. */
export async function recordResults(
  units: PlannedUnit[],
  results: EvalResult[],
  context: CacheContext,
  meta: { time: Date; commit?: string; ref?: string },
): Promise<HistoryLine[]> {
  const { historyDir } = context.options;
  const lines = results
    .map((result, i) => ({ result, unit: units[i]! }))
    .filter(({ result }) => isRecordable(result.status))
    .map(({ result, unit }) =>
      historyLineFor(result, { definitionHash: unit.spec.definitionHash, ...meta }),
    );
  if (historyDir) await appendHistory(historyDir, lines);
  if (context.repoState !== undefined) {
    const entries = results.flatMap((result, i) => {
      const fingerprint = context.fingerprints.get(units[i]!);
      const entry = fingerprint ? cacheEntryFor(result, fingerprint, meta.time) : undefined;
      return entry ? [entry] : [];
    });
    if (entries.length) await writeFingerprintCache(context.options.projectRoot, entries);
  }
  return lines;
}
