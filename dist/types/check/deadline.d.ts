import { AgentEvalsError } from "../model/index.js";
import type { CheckVerdict } from "./context.js";
/**
 * How long a check that was told to stop may take to report before it is given up on: enough for
 * a command's process group to get SIGTERM, then SIGKILL 2 s later (util/process.ts).
 */
export declare const STOP_GRACE_MS = 3000;
/** The reason a check's signal carries when the check ran past the eval's timeout. */
export declare class CheckTimedOut extends AgentEvalsError {
    readonly timeoutMs: number;
    constructor(timeoutMs: number);
}
/** "0.3 s", "12 s": a timeout as evidence shows it. */
export declare function seconds(ms: number): string;
/** True once `signal` was aborted because its check ran past the eval's timeout. */
export declare function pastDeadline(signal: AbortSignal | undefined): boolean;
/**
 * Runs `check` with a signal aborted after `timeoutMs` or when `outer` (the run's interrupt) is.
 * A check that finishes in time gives its verdict; one that does not fails: with its own evidence
 * when it stopped itself and said so (`stopped`), else with the reason it was stopped.
 */
export declare function underDeadline(timeoutMs: number, outer: AbortSignal | undefined, check: (signal: AbortSignal) => Promise<CheckVerdict>): Promise<CheckVerdict>;
