// Runs one external program (an agent, a setup step, a check command) under strict supervision:
// its own process group (and cgroup, where usable: cgroup.ts), stdin closed, output streamed to
// capped files, a timeout that kills the whole group, and nothing left running once the promise
// resolves. No shell is ever involved.
//
// runProcess is here; its parts are in ./process/: supervise.ts (spawn, timeout, kill, clean-up),
// capture.ts (capped, redacted output files), groups.ts (the running process groups, group
// signals), escapees.ts and pid-clock.ts (the marker scan for descendants that left the group),
// wrapper.ts (a sandbox's command wrapper), tail.ts (the last lines of an output file).

import { randomUUID } from "node:crypto";
import { currentRedactor } from "./redact.js";
import { runId } from "./run-owner.js";
import { registerRun, RUN_MARKER_ENV } from "./run-registry.js";
import { CappedFile } from "./process/capture.js";
import { PROCESS_MARKER_ENV } from "./process/escapees.js";
import type { ProcessResult, RunProcessOptions } from "./process/options.js";
import { abortedBeforeStart, superviseChild, type ChildOutcome } from "./process/supervise.js";
import { wrapCommand } from "./process/wrapper.js";

export {
  outsideCommandWrapper,
  withCommandWrapper,
  type CommandWrapper,
  type WrappedCommand,
} from "./process/wrapper.js";
export type { ProcessResult, RunProcessOptions } from "./process/options.js";
export { activeGroups, killAllProcesses, killGroup } from "./process/groups.js";
export { killEscapees, killMarked, PROCESS_MARKER_ENV } from "./process/escapees.js";
export { pidClock, type PidClock } from "./process/pid-clock.js";
export { readTail } from "./process/tail.js";

const DEFAULT_MAX_OUTPUT_BYTES = 10 * 1024 * 1024;

/**
 * Runs the program and resolves once it has exited, its group is killed and its pipes are closed.
 * Rejects only for harness-side failures (output files unusable, onStdout threw), and then only
 * after the child is dead.
 */
export async function runProcess(opts: RunProcessOptions): Promise<ProcessResult> {
  const cap = opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  // Secrets never reach the disk: the run's redactor (if any) filters both streams as they arrive.
  const redactor = currentRedactor();
  const lazy = opts.skipEmptyFiles ?? false;
  const stdout = await CappedFile.open(opts.stdoutFile, cap, redactor?.stream(), lazy);
  const stderr = await CappedFile.open(opts.stderrFile, cap, redactor?.stream(), lazy).catch(
    async (err: unknown) => {
      await stdout.close();
      throw err;
    },
  );
  const startedAt = performance.now();
  let outcome: ChildOutcome;
  // Inside a sandbox's scope (an agent's run with --sandbox bwrap) the program runs under it.
  // The marker is chosen here so that a wrapper can hand it on (into a container, where the scan
  // for escapees still finds its processes: they are the host's too).
  const marker = randomUUID();
  // The run's own marker too: what the next run scans for should this one be SIGKILLed.
  registerRun();
  const wrapped = await wrapCommand(opts.command, opts.args, opts.cwd, {
    ...opts.env,
    [RUN_MARKER_ENV]: runId(),
    [PROCESS_MARKER_ENV]: marker,
  }).catch(async (err: unknown) => {
    await Promise.all([stdout.close(), stderr.close()]);
    throw err;
  });
  try {
    outcome = opts.signal?.aborted
      ? abortedBeforeStart()
      : await superviseChild(
          { ...opts, command: wrapped.command, args: wrapped.args, env: wrapped.env ?? opts.env },
          stdout,
          stderr,
          marker,
        );
  } finally {
    await Promise.all([stdout.close(), stderr.close(), wrapped.dispose()]);
  }
  const failure = outcome.callbackError ?? stdout.error ?? stderr.error;
  if (failure) throw failure;
  return {
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    timedOut: outcome.timedOut,
    aborted: outcome.aborted,
    durationMs: Math.round((outcome.endedAt ?? performance.now()) - startedAt),
    stdoutBytes: stdout.bytes,
    stderrBytes: stderr.bytes,
    stdoutTruncated: stdout.truncated,
    stderrTruncated: stderr.truncated,
    stdoutWritten: stdout.written,
    stderrWritten: stderr.written,
    ...(outcome.spawnError !== undefined && { spawnError: outcome.spawnError }),
  };
}
