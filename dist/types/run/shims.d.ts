import type { ShimSpec } from "../model/index.js";
/** The environment variable a shim reads to log elsewhere (used while checks run). */
export declare const CALL_LOG_ENV = "AGENT_EVALS_CALL_LOG";
export interface WriteShimsOptions {
    /** Folder to create the shims in; put it first on PATH. */
    dir: string;
    shims: Record<string, ShimSpec>;
    /** The raw call log the shims append to. */
    callLog: string;
    /** PATH without the shim folder: where passthrough shims find the real binaries. */
    originalPath: string;
}
/** Write one executable shim per binary. Returns the shim folder. */
export declare function writeShims(opts: WriteShimsOptions): Promise<string>;
