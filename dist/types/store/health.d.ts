import type { HistoryLine } from "./history.js";
export declare const HEALTH_WINDOW = 10;
export type HealthState = "broken" | "flaky" | "saturated" | "ok" | "new";
export interface EvalHealth {
    id: string;
    agent: string;
    state: HealthState;
    /** Judged runs in the window (errors and interrupted runs are left out). */
    runs: number;
    /** Verdict changes between consecutive runs, and their share of the run pairs. */
    flips: number;
    flipRate: number;
    /** Passing trials over all trials of the window's runs. */
    trialPassRate: number;
    /** When the newest run of the window started. */
    last: string;
}
/** The health of every eval × agent in the history, worst first (broken, flaky, saturated, …). */
export declare function healthOf(history: Map<string, HistoryLine[]>, window?: number): EvalHealth[];
