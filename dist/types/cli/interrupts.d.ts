export declare const TERMINATING_SIGNALS: readonly ["SIGINT", "SIGTERM", "SIGHUP"];
export type TerminatingSignal = (typeof TERMINATING_SIGNALS)[number];
/**
 * Calls `onSignal` for every terminating signal until the returned function is called; `repeat`
 * tells whether an earlier one came already. While it is installed none of them ends the process.
 */
export declare function onTerminatingSignals(onSignal: (signal: TerminatingSignal, repeat: boolean) => void): () => void;
/**
 * Makes writes to a console that is gone (a hung-up terminal, a closed pipe: EIO, EPIPE) fail
 * quietly. Unhandled, the stream's 'error' event would end the process in the middle of its
 * clean-up. Stays on until the process exits: its last writes are the ones most likely to fail.
 */
export declare function surviveLostConsole(): void;
