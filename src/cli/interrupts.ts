// How the CLI is stopped from outside: SIGINT (Ctrl-C), SIGTERM (a CI cancel), SIGHUP (a closed
// terminal), once or several times in a row, all end the same way. The first aborts the run and
// kills its agents; the run then cleans up as usual (escapees killed, temp dirs removed, run.json
// written marked interrupted, the results lock released) and the command exits 130. A repeated
// signal kills the agents again, which may hurry that clean-up, but never exits before it is done:
// leaving early is what leaves processes, temp dirs, a stale lock and the previous run.json behind.
// The signal handling is util/signals.ts (the Action's too); this module keeps the console's side.

/**
 * Makes writes to a console that is gone (a hung-up terminal, a closed pipe: EIO, EPIPE) fail
 * quietly. Unhandled, the stream's 'error' event would end the process in the middle of its
 * clean-up. Stays on until the process exits: its last writes are the ones most likely to fail.
 */
export function surviveLostConsole(): void {
  for (const stream of [process.stdout, process.stderr]) {
    if (!stream.listeners("error").includes(ignoreError)) stream.on("error", ignoreError);
  }
}

function ignoreError(): void {
  // The output is lost; the run goes on and still writes its results folder.
}
