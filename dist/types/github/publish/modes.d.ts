import { type RunEvalsOutcome } from "../../engine.js";
import { AgentEvalsError, HISTORY_FILE } from "../../model/index.js";
import { type HistoryLine } from "../../store/index.js";
import { type BaseSpec, type ShardPlan } from "../../plan/index.js";
import type { ActionInputs } from "../inputs.js";
export { HISTORY_FILE };
/** plan mode: the shard split and the matrix, as outputs and in the step summary. */
export declare function planMode(inputs: ActionInputs, projectRoot: string, options: {
    historyDir?: string;
    changedBase?: BaseSpec;
}): Promise<ShardPlan>;
/** Results folders under `dir`: itself, or its subfolders (one per downloaded artifact), sorted. */
export declare function shardResultDirs(dir: string): Promise<string[]>;
/** publish mode: the shards' results merged into the project's results folder, as one run. */
export declare function publishMode(inputs: ActionInputs, projectRoot: string): Promise<RunEvalsOutcome & {
    missing: string[];
}>;
export declare class PublishError extends AgentEvalsError {
    constructor(message: string);
}
/** Run mode: the run's history lines beside run.json, for a publishing job (history: read). */
export declare function writeHistoryLines(resultsDir: string, lines: HistoryLine[]): Promise<void>;
