import type { Manifest } from "./sandbox.js";
/** The folder under a trial's results folder, and its index file. */
export declare const OUTCOME_DIR = "outcome";
export declare const OUTCOME_FILE = "outcome.json";
export declare const OUTCOME_FILE_CAP: number;
export declare const OUTCOME_TOTAL_CAP: number;
export interface OutcomeIndex {
    version: 1;
    /** Created or changed files, sorted; `stored` false when a cap kept the content out (no hash then). */
    files: Array<{
        path: string;
        size: number;
        sha256?: string;
        stored: boolean;
    }>;
    /** Files of the prepared tree the run deleted. */
    deleted: string[];
    /** A hash of the prepared tree's manifest: recheck tells a re-created tree that differs. */
    preparedHash: string;
    /** Bytes of the files that were not stored. */
    omittedBytes: number;
}
/** A hash of a manifest (paths and content hashes), independent of the walk's order. */
export declare function manifestHash(manifest: Manifest): string;
/**
 * Copies the changed files of `work` into `<outDir>/outcome/` and writes the index. A path of the
 * prepared tree is deleted when `work` lacks it, or where `work` holds only the run's changes, when
 * `gone` says so.
 */
export declare function storeOutcome(work: string, changed: string[], before: Manifest, outDir: string, gone?: (rel: string) => boolean): OutcomeIndex;
/** The stored outcome of a trial's results folder, or undefined when it kept none. */
export declare function readOutcome(trialDir: string): OutcomeIndex | undefined;
/**
 * Lays a stored outcome over a copy of the prepared tree: deletions, then the stored files.
 * Throws on a path that is not a plain relative one (a tampered outcome.json).
 */
export declare function applyOutcome(trialDir: string, index: OutcomeIndex, work: string): void;
