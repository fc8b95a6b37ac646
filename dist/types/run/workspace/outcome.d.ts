import type { Manifest } from "./sandbox.js";
/** The index and contents in a trial's results folder. */
export declare const OUTCOME_FILE = "outcome.json";
/** Where results written before outcome.json held the contents kept them (version 1). */
export declare const LEGACY_OUTCOME_DIR = "outcome";
export declare const OUTCOME_FILE_CAP: number;
export declare const OUTCOME_TOTAL_CAP: number;
export interface OutcomeFile {
    path: string;
    size: number;
    /** Of the content as the agent left it (before redaction); absent when not stored. */
    sha256?: string;
    stored: boolean;
    /** The stored content (version 2), redacted: UTF-8 text as it is... */
    text?: string;
    /** ...anything else as base64. */
    base64?: string;
    /** A symlink the agent made: its target text, as it is (never followed; `size` and `sha256` of it). */
    link?: string;
}
export interface OutcomeIndex {
    /** 2: contents in this file; 1: contents under outcome/files/ (results of older versions). */
    version: 1 | 2;
    /** Created or changed files, sorted; `stored` false when a cap kept the content out (no hash then). */
    files: OutcomeFile[];
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
 * Stores the changed files of `work` and the index in `<outDir>/outcome.json`: `changes` lists the
 * files the run created or changed and the paths of the prepared tree it deleted (sorted), as
 * workspaceChanges finds them. `redact` is applied to each stored content.
 */
export declare function storeOutcome(work: string, changes: {
    changed: readonly string[];
    deleted: readonly string[];
}, before: Manifest, outDir: string, redact?: (content: Buffer) => Buffer): OutcomeIndex;
/** The stored outcome of a trial's results folder, or undefined when it kept none. */
export declare function readOutcome(trialDir: string): OutcomeIndex | undefined;
/**
 * Lays a stored outcome over a copy of the prepared tree: deletions, then the stored files.
 * Throws on a path that is not a plain relative one (a tampered outcome.json).
 */
export declare function applyOutcome(trialDir: string, index: OutcomeIndex, work: string): void;
