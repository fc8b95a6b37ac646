export declare class ResultsBusyError extends Error {
}
/** Takes the lock of `resultsDir`; resolves to its release. Throws ResultsBusyError when held. */
export declare function lockResults(resultsDir: string): Promise<() => Promise<void>>;
