import type { EvalResult } from "../model/index.js";
/** agent-evals' own results folder, under the project root: never part of the repository state. */
export declare const FINGERPRINT_CACHE_FILE: string;
/**
 * sha256 of the state of the git work tree holding `projectRoot`: the HEAD commit, the tracked
 * changes (`git diff HEAD --binary`: content, modes, deletions, staged or not) and the names and
 * content hashes of untracked, non-ignored files — all of the repository, except the folders no
 * snapshot copies (NEVER_SNAPSHOT_DIRS at any depth: `node_modules/` a project forgot to ignore,
 * `.copybook/`, whose results would change the state on every run). Undefined outside a git
 * work tree, before the first commit, or when a file can't be read: then nothing is cached.
 */
export declare function repoState(projectRoot: string): Promise<string | undefined>;
export interface FingerprintInput {
    definitionHash: string;
    /** The rendered prompt's hash; undefined for an eval without a prompt. */
    snapshotHash?: string;
    /** The agent as named on the command line or in the eval (name or command template). */
    agentCommand: string;
    agentVersion?: string;
    /** From repoState: when that is undefined, don't cache at all. */
    repoState: string;
    /** Trials planned, when `--trials` may differ from the definition's count. */
    trials?: number;
}
/** sha256 over every input, and agent-evals' own version (a new version may judge differently). */
export declare function fingerprintFor(input: FingerprintInput): string;
export interface FingerprintCacheEntry {
    fingerprint: string;
    id: string;
    agent: string;
    status: "passed" | "failed";
    passes: number;
    trials: number;
    passRate: number;
    interval: [number, number];
    costUsd: number;
    /** When the result was produced, ISO 8601. */
    time: string;
}
/** The cache entry for a result, or undefined when it is not cacheable (only passed/failed are). */
export declare function cacheEntryFor(result: EvalResult, fingerprint: string, time: Date): FingerprintCacheEntry | undefined;
/** The cache, keyed by fingerprint. Missing, unreadable or corrupt file: empty. */
export declare function readFingerprintCache(projectRoot: string): Promise<Map<string, FingerprintCacheEntry>>;
/**
 * Merge `entries` into the cache file (read again now, so other runs' entries since our read are
 * kept; ours win on the same fingerprint), keep only passed/failed entries and the newest few per
 * eval × agent, and replace the file atomically: written to a temp file in the same folder, then
 * renamed over it, so a crash leaves the old file or the new one, never half of one. Two runs
 * writing at the same instant may drop each other's newest entries (a cache miss later), never
 * corrupt the file.
 */
export declare function writeFingerprintCache(projectRoot: string, entries: Iterable<FingerprintCacheEntry>): Promise<void>;
