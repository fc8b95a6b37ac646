import { type HistoryLine } from "../store/index.js";
import { type EvalStatus, type RunResult } from "../model/index.js";
export interface LastResult {
    status: EvalStatus;
    passes: number;
    trials: number;
    passRate: number;
    time: string;
    commit?: string;
    /** Where it comes from: the last run's run.json, or the history folder. */
    source: "run.json" | "history";
}
export interface KnownResults {
    run?: RunResult;
    /** eval id → its history lines, oldest first. */
    history: Map<string, HistoryLine[]>;
}
export declare function readKnownResults(projectRoot: string, resultsDir: string, historyDir: string | undefined): Promise<KnownResults>;
/** The newest result of `id` × `agent`, from run.json or the history, whichever is later. */
export declare function lastResult(known: KnownResults, id: string, agent: string): LastResult | undefined;
/** "PASS 3/3 (100%) 2026-11-30 09:50 a1b2c3d" */
export declare function describeLast(last: LastResult | undefined): string;
