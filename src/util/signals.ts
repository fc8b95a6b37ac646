// The signals that stop a process from outside (SIGINT: Ctrl-C or a runner's cancel, SIGTERM: a
// CI cancel or timeout, SIGHUP: a closed terminal), handled alike by the CLI (src/cli/interrupts.ts)
// and the Action (src/github/action/interrupt.ts): the first aborts the run, a repeat may hurry
// its clean-up, and none ends the process before the clean-up is done.

export const TERMINATING_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

export type TerminatingSignal = (typeof TERMINATING_SIGNALS)[number];

/**
 * Calls `onSignal` for every terminating signal until the returned function is called; `repeat`
 * tells whether an earlier one came already. While it is installed none of them ends the process.
 */
export function onTerminatingSignals(
  onSignal: (signal: TerminatingSignal, repeat: boolean) => void,
): () => void {
  let received = 0;
  const handlers = TERMINATING_SIGNALS.map((signal) => {
    const handler = () => onSignal(signal, received++ > 0);
    process.on(signal, handler);
    return () => process.off(signal, handler);
  });
  return () => handlers.forEach((off) => off());
}
