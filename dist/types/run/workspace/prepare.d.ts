import { AgentEvalsError } from "../../model/index.js";
import type { EvalSpec } from "../../model/index.js";
import { type Manifest, type TreeSnapshot } from "./sandbox.js";
import type { ContainerOptions, PreparedEval } from "../isolation/provider.js";
import { type WorkspacePool } from "./recycle.js";
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
    /** What its trials run from, where setup ran inside the sandbox (an image with setup's layer). */
    container?: ContainerOptions;
    /** Where the tree is kept inside what its trials run from (PreparedEval.treeInside). */
    treeInside?: string;
    /** The tree walked and checked once: every trial's copy reuses it. */
    snapshot: () => Promise<TreeSnapshot>;
    /** Trials' workspaces, each put back to this tree by what changed for the next trial (recycle.ts). */
    workspaces: WorkspacePool;
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
    /** Keeps the tree of a setup that failed, to be looked at (--keep-workspace). */
    keep: boolean;
    store?: PreparedStore;
    /**
     * Runs the setup steps inside the eval's sandbox (once per eval), where the provider does; called
     * for every eval then (setup undefined when there is none to run), as the provider may keep the
     * prepared tree in what its trials run from.
     */
    setupInside?: (dir: string, setup: (() => Promise<void>) | undefined) => Promise<PreparedEval>;
}
export declare function prepareSandbox(spec: EvalSpec, options: PrepareOptions): Promise<PreparedSandbox>;
