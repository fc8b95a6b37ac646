// One child from spawn to clean-up: started in its own process group (and cgroup, where usable)
// with stdin closed and its output piped to capped files, killed as a group on timeout or abort,
// and once it exits, everything it left (its group, its cgroup, the escapees carrying its marker)
// killed before the outcome is reported.

import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync } from "node:fs";
import { ProcessCgroup } from "../cgroup.js";
import { runId } from "../run-owner.js";
import { RUN_MARKER_ENV } from "../run-registry.js";
import { CappedFile, closePipes, guardCallback, pump } from "./capture.js";
import { errnoCode } from "./errno.js";
import { killEscapees, PROCESS_MARKER_ENV } from "./escapees.js";
import { killGroupQuietly, runningGroups } from "./groups.js";
import type { RunProcessOptions } from "./options.js";
import { pidClock, type PidClock } from "./pid-clock.js";

const DEFAULT_KILL_GRACE_MS = 2000;
/** setTimeout fires at once for larger delays, so such timeouts mean "no timeout". */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface ChildOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  /** performance.now() when the child exited (or failed to start). */
  endedAt?: number;
  spawnError?: string;
  callbackError?: unknown;
}

export function abortedBeforeStart(): ChildOutcome {
  return { exitCode: null, signal: null, timedOut: false, aborted: true };
}

export async function superviseChild(
  opts: RunProcessOptions,
  stdout: CappedFile,
  stderr: CappedFile,
  marker: string,
): Promise<ChildOutcome> {
  let child: ChildProcess;
  const cgroup = ProcessCgroup.create();
  const extraFds = openForWriting(opts.extraFdFiles ?? []);
  const since = pidClock();
  // Nothing between the warm-up and the spawn: its effect lasts one RCU grace period.
  await cgroup?.warmUp();
  // An abort during the wait would not reach watchChild's listener: nothing is started then.
  if (opts.signal?.aborted) {
    for (const fd of extraFds) closeSync(fd);
    await cgroup?.killAndRemove();
    return abortedBeforeStart();
  }
  const start = () =>
    spawn(opts.command, opts.args, {
      cwd: opts.cwd,
      // Inherited by every descendant: finds the ones that left the process group (setsid).
      env: { ...opts.env, [RUN_MARKER_ENV]: runId(), [PROCESS_MARKER_ENV]: marker },
      detached: true, // own process group, so the whole tree can be signalled at once
      stdio: ["ignore", "pipe", "pipe", ...extraFds],
      shell: false,
    });
  try {
    child = cgroup ? cgroup.spawnInside(start) : start();
  } catch (err) {
    return cgroup
      ? cgroup.killAndRemove().then(() => spawnFailure(err, opts))
      : Promise.resolve(spawnFailure(err, opts));
  } finally {
    // The child has its own copies now (spawn forks synchronously).
    for (const fd of extraFds) closeSync(fd);
  }
  return new Promise((resolve) =>
    watchChild(child, opts, { stdout, stderr, marker, cgroup, since }, resolve),
  );
}

/** What a child's clean-up needs: its output files, its marker, its cgroup, when it started. */
interface ChildHandles {
  stdout: CappedFile;
  stderr: CappedFile;
  marker: string;
  cgroup: ProcessCgroup | undefined;
  since: PidClock | undefined;
}

function watchChild(
  child: ChildProcess,
  opts: RunProcessOptions,
  { stdout, stderr, marker, cgroup, since }: ChildHandles,
  resolve: (outcome: ChildOutcome) => void,
): void {
  const outcome: ChildOutcome = { exitCode: null, signal: null, timedOut: false, aborted: false };
  const pid = child.pid;
  if (pid !== undefined) runningGroups.set(pid, cgroup);
  let graceTimer: NodeJS.Timeout | undefined;
  let exited = false;

  const startKilling = (reason: "timeout" | "abort"): void => {
    if (exited || outcome.timedOut || outcome.aborted || pid === undefined) return;
    if (reason === "timeout") outcome.timedOut = true;
    else outcome.aborted = true;
    killGroupQuietly(pid, "SIGTERM");
    graceTimer = setTimeout(
      () => killGroupQuietly(pid, "SIGKILL"),
      opts.killGraceMs ?? DEFAULT_KILL_GRACE_MS,
    );
  };
  const timeoutTimer = startTimer(opts.timeoutMs, () => startKilling("timeout"));
  const onAbort = (): void => startKilling("abort");
  opts.signal?.addEventListener("abort", onAbort, { once: true });

  const onStdout = guardCallback(opts.onStdout, (err) => (outcome.callbackError ??= err));
  const onStderr = guardCallback(opts.onStderr, (err) => (outcome.callbackError ??= err));
  const pipesClosed = Promise.all([
    pump(child.stdout, stdout, onStdout),
    pump(child.stderr, stderr, onStderr),
  ]);

  const settle = (): void => {
    exited = true;
    outcome.endedAt = performance.now();
    clearTimeout(timeoutTimer);
    clearTimeout(graceTimer);
    opts.signal?.removeEventListener("abort", onAbort);
    if (pid !== undefined) {
      // Whatever the child left running in its group (background jobs, servers) dies with it.
      killGroupQuietly(pid, "SIGKILL");
      runningGroups.delete(pid);
    }
    // Its cgroup holds every descendant, whatever its group, session or pid; the marker scan then
    // finds any that got out of it (or all of them, where there is no cgroup).
    void Promise.resolve(cgroup?.killAndRemove())
      .then(() => killEscapees(marker, since))
      .then(() => closePipes(child, pipesClosed))
      .then(() => resolve(outcome));
  };

  child.once("exit", (code, signal) => {
    outcome.exitCode = code;
    outcome.signal = signal;
    settle();
  });
  // After a successful spawn 'error' only reports failed kill()/send(), which we never use.
  child.once("error", (err) => {
    if (exited || pid !== undefined) return;
    outcome.spawnError = spawnFailure(err, opts).spawnError;
    settle();
  });
}

function startTimer(ms: number, fire: () => void): NodeJS.Timeout | undefined {
  if (!Number.isFinite(ms) || ms < 0 || ms > MAX_TIMER_MS) return undefined;
  return setTimeout(fire, ms);
}

function spawnFailure(err: unknown, opts: RunProcessOptions): ChildOutcome {
  return {
    exitCode: null,
    signal: null,
    timedOut: false,
    aborted: false,
    endedAt: performance.now(),
    spawnError: describeSpawnError(err, opts),
  };
}

function describeSpawnError(err: unknown, opts: RunProcessOptions): string {
  const code = errnoCode(err);
  // spawn reports a missing cwd as ENOENT too, which would wrongly blame the binary.
  if (code === "ENOENT") {
    return existsSync(opts.cwd)
      ? `ENOENT: ${opts.command}: command not found`
      : `ENOENT: working directory not found: ${opts.cwd}`;
  }
  const message = err instanceof Error ? err.message : String(err);
  return code ? `${code}: ${message}` : message;
}

function openForWriting(files: string[]): number[] {
  const fds: number[] = [];
  try {
    for (const file of files) fds.push(openSync(file, "w"));
  } catch (err) {
    for (const fd of fds) closeSync(fd);
    throw err;
  }
  return fds;
}
