export interface SandboxCacheSpec {
    /** The eval's id. */
    id: string;
    /** Its setup commands, in order. */
    setup: string[];
    /** A hash of what the sandbox is filled from (template tree, fixture map, repo snapshot). */
    templateHash: string;
}
export interface SandboxCacheOptions {
    /** Told what happened: hits, misses, and every problem that was swallowed. */
    log?: (message: string) => void;
    /** Where the key's folder is made; default RUNNER_TEMP, else the OS temp folder. */
    stagingRoot?: string;
}
/**
 * The cache key of a prepared sandbox: `agent-evals-sandbox-<id>-<16 hex>`, the hex being the
 * start of a sha256 over the setup commands, the template hash and the platform and CPU
 * architecture (a tree after `npm ci` may hold native binaries).
 */
export declare function cacheKeyFor(spec: SandboxCacheSpec): string;
/** Whether the environment names a cache service (the variables reach action steps only). */
export declare function sandboxCacheConfigured(): boolean;
/**
 * Fill `dir` (created if missing) with the tree saved under `key`. True on an exact hit; false on
 * a miss or any problem. After false, a `dir` that was missing or empty is left missing or empty.
 */
export declare function restorePrepared(dir: string, key: string, options?: SandboxCacheOptions): Promise<boolean>;
/** Save the tree in `dir` under `key`. Never throws; a save that didn't happen is logged. */
export declare function savePrepared(dir: string, key: string, options?: SandboxCacheOptions): Promise<void>;
