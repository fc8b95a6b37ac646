import { type TreeSnapshot, type UnchangedSince } from "./sandbox.js";
/** Set to 1 to copy a fresh workspace for every trial (the bench measures both). */
export declare const FRESH_WORKSPACES_ENV = "AGENT_EVALS_FRESH_WORKSPACES";
export interface WorkspacePool {
    /** Puts a workspace equal to the prepared tree at `dest` (which must not exist). */
    take(dest: string): Promise<void>;
    /**
     * Takes back the workspace at `dir` after its trial (moved out at once), puts it back to the
     * prepared tree and keeps it for the next trial; one that cannot be put back is removed.
     */
    give(dir: string): Promise<void>;
    /** Waits for the workspaces being put back; what is left is removed with the prepared tree. */
    settle(): Promise<void>;
    /**
     * For a workspace taken and not yet given back: which of its files are still as handed out (see
     * UnchangedSince); undefined for a fresh copy (AGENT_EVALS_FRESH_WORKSPACES=1) or another folder.
     */
    unchanged(dir: string): UnchangedSince | undefined;
}
/**
 * A pool of workspaces under `poolDir` (created by the caller, removed with the prepared tree),
 * copies of `snapshot`. With AGENT_EVALS_FRESH_WORKSPACES=1 every take is a fresh copy and every
 * give a removal.
 */
export declare function workspacePool(poolDir: string, snapshot: () => Promise<TreeSnapshot>, env?: NodeJS.ProcessEnv): WorkspacePool;
