import { type RunEvalsOutcome } from "../engine.js";
import { type HistoryLine } from "../history/store.js";
import { type ShardPlan } from "../plan/balance.js";
import type { PlannedUnit } from "../run/suite.js";
import type { ActionInputs } from "./inputs.js";
/** Where each run-mode job leaves its history lines, for the publishing job to push once. */
export declare const HISTORY_FILE = "history.jsonl";
/** plan mode: the shard split and the matrix, as outputs and in the step summary. */
export declare function planMode(inputs: ActionInputs, projectRoot: string, options: {
    historyDir?: string;
    changedBase?: string;
}): Promise<ShardPlan>;
/** Results folders under `dir`: itself, or its subfolders (one per downloaded artifact), sorted. */
export declare function shardResultDirs(dir: string): Promise<string[]>;
/** publish mode: the shards' results merged into the project's results folder, as one run. */
export declare function publishMode(inputs: ActionInputs, projectRoot: string): Promise<RunEvalsOutcome & {
    missing: string[];
}>;
export declare class PublishError extends Error {
}
/** Run mode: the run's history lines beside run.json, for a publishing job (history: read). */
export declare function writeHistoryLines(resultsDir: string, lines: HistoryLine[]): Promise<void>;
/**
 * Pairs whose agent needs an API key that is not set are skipped, with the reason in the summary
 * and the comment, instead of failing at the first model call. That is every paid pair of a fork's
 * pull request: GitHub gives those runs no secrets.
 */
export declare function skipKeyless(units: PlannedUnit[], env: Record<string, string | undefined>, fork: boolean): number;
