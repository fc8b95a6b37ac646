// What a run records of its verdicts so later runs can skip paid work: history lines (with a
// history folder) and the checkout's fingerprint cache (without one). The plan stage reads the same
// records (plan/cache.ts); this is the write half, called once the run has finished.

import type { EvalResult, PlannedUnit } from "../model/index.js";
import { appendHistory, historyLineFor, isRecordable, type HistoryLine } from "./history.js";
import { cacheEntryFor, writeFingerprintCache } from "./fingerprint.js";
import { writeLastResults } from "./last-results.js";

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
    // The other arms of a comparison (a base ref, a variant) are not the eval's own verdict.
    .filter(({ result }) => isRecordable(result.status) && result.arm === undefined)
    .map(({ result, unit }) =>
      historyLineFor(result, { definitionHash: unit.spec.definitionHash, ...meta }),
    );
  if (historyDir) await appendHistory(historyDir, lines);
  await writeLastResults(context.options.projectRoot, lines);
  if (context.repoState !== undefined) {
    const entries = results.flatMap((result, i) => {
      const fingerprint =
        result.arm === undefined ? context.fingerprints.get(units[i]!) : undefined;
      const entry = fingerprint ? cacheEntryFor(result, fingerprint, meta.time) : undefined;
      return entry ? [entry] : [];
    });
    if (entries.length) await writeFingerprintCache(context.options.projectRoot, entries);
  }
  return lines;
}
