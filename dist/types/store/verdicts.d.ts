import type { EvalResult, PlannedUnit } from "../model/index.js";
import { type HistoryLine } from "./history.js";
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
export declare function recordResults(units: PlannedUnit[], results: EvalResult[], context: CacheContext, meta: {
    time: Date;
    commit?: string;
    ref?: string;
}): Promise<HistoryLine[]>;
