import { AgentEvalsError } from "../model/index.js";
export declare class ResultsBusyError extends AgentEvalsError {
    constructor(message: string);
}
/**
 * Takes the lock of `resultsDir`; resolves to its release. Throws ResultsBusyError when held.
 * `afterStaleSeen` runs between seeing a stale lock and taking it over: the moment another process
 * may take it over too (tests use it to be that process).
 */
export declare function lockResults(resultsDir: string, afterStaleSeen?: () => void): Promise<() => Promise<void>>;
