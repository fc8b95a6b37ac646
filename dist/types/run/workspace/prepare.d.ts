import { AgentEvalsError } from "../../model/index.js";
import type { EvalSpec } from "../../model/index.js";
import { type Manifest, type TreeSnapshot } from "./sandbox.js";
export declare class SetupError extends AgentEvalsError {
    constructor(message: string);
}
export interface PreparedSandbox {
    /** The tree trials copy. */
    dir: string;
    /** Where setup output went. */
    logDir: string;
    /** Files and hashes of the prepared tree, to tell what a run created or modified. */
    manifest: () => Promise<Manifest>;
    /** The tree walked and checked once: every trial's copy reuses it. */
    snapshot: () => Promise<TreeSnapshot>;
    dispose: () => Promise<void>;
}
/**
 * Somewhere to keep prepared trees between runs (the Action plugs in @actions/cache). Keys name the
 * eval, its setup commands and the content it was filled from; a store never throws.
 */
export interface PreparedStore {
    restore(dir: string, key: string): Promise<boolean>;
    save(dir: string, key: string): Promise<void>;
    keyFor(spec: {
        id: string;
        setup: string[];
        templateHash: string;
    }): string;
}
export interface PrepareOptions {
    env: Record<string, string>;
    signal?: AbortSignal;
    keep: boolean;
    store?: PreparedStore;
}
export declare function prepareSandbox(spec: EvalSpec, options: PrepareOptions): Promise<PreparedSandbox>;
