import { AgentEvalsError, type RunResult } from "../model/index.js";
export declare class MergeError extends AgentEvalsError {
    constructor(message: string);
}
/** The merged run of several shards. Throws MergeError when two shards ran the same eval × agent. */
export declare function mergeRunResults(runs: RunResult[]): RunResult;
/**
 * Merge results folders into `outDir`: run.json plus every shard's trial folders. With
 * `relocate`, each trial's `dir` (relative to the project root, under the results folder the
 * shard ran with) is rewritten to where the merged copy sits under `outDir`, so run.json,
 * report.html and the skill summaries find the trials wherever the merge was written. Only
 * folders and regular files are copied: `skipped` names the links and special files left behind.
 */
export declare function mergeResultDirs(dirs: string[], outDir: string, relocate?: {
    projectRoot: string;
    resultsDir: string;
}): Promise<{
    run: RunResult;
    skipped: string[];
}>;
