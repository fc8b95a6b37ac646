import { type RunResult } from "../model/result.js";
export declare class MergeError extends Error {
}
/** The merged run of several shards. Throws MergeError when two shards ran the same eval × agent. */
export declare function mergeRuns(runs: RunResult[]): RunResult;
/** Merge results folders into `outDir`: run.json plus every shard's trial folders. */
export declare function mergeResultDirs(dirs: string[], outDir: string): Promise<RunResult>;
