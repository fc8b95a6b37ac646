import type { HistoryLine } from "./history.js";
export declare const LAST_RESULTS_FILE: string;
/** The recorded lines; a missing or unreadable file is none. */
export declare function readLastResults(projectRoot: string): Promise<HistoryLine[]>;
/** Replaces each eval × agent's line with this run's, atomically (temp file, then rename). */
export declare function writeLastResults(projectRoot: string, lines: HistoryLine[]): Promise<void>;
