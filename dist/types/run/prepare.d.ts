import type { EvalSpec } from "../model/eval.js";
import { type Manifest, type TreeSnapshot } from "./sandbox.js";
export declare class SetupError extends Error {
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
export interface PrepareOptions {
    env: Record<string, string>;
    signal?: AbortSignal;
    keep: boolean;
}
export declare function prepareSandbox(spec: EvalSpec, options: PrepareOptions): Promise<PreparedSandbox>;
