// Runs one external program (an agent, a setup step, a check command) under strict supervision:
// its own process group (and cgroup, where usable: cgroup.ts), stdin closed, output streamed to
// capped files, a timeout that kills the whole group, and nothing left running once the promise
// resolves. No shell is ever involved.

import { AsyncLocalStorage } from "node:async_hooks";
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  closeSync,
  createWriteStream,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  type WriteStream,
} from "node:fs";
import { open } from "node:fs/promises";
import { finished } from "node:stream/promises";
import type { Readable } from "node:stream";
import { ProcessCgroup } from "./cgroup.js";
import { currentRedactor, type StreamRedactor } from "./redact.js";
import { runId } from "./run-owner.js";
import { registerRun, RUN_MARKER_ENV } from "./run-registry.js";

/** A command as some sandbox runs it (bubblewrap, a container), with what to stop once it ended. */
export interface WrappedCommand {
  command: string;
  args: string[];
  /** The environment of the wrapping program, when not the command's own (a container's client). */
  env?: Record<string, string>;
  dispose: () => Promise<void>;
}

/**
 * How the current scope's processes are started: a sandbox provider sets one for an agent's run.
 * `env` is the command's complete environment (the marker of runProcess included).
 */
export type CommandWrapper = (
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
) => Promise<WrappedCommand>;

const wrapperScope = new AsyncLocalStorage<CommandWrapper>();

/** Runs `fn` so that every process runProcess starts inside it is started through `wrapper`. */
export function withCommandWrapper<T>(wrapper: CommandWrapper, fn: () => T): T {
  return wrapperScope.run(wrapper, fn);
}

/** Runs `fn` with no wrapper: what it starts runs on the host even inside a sandbox's scope. */
export function outsideCommandWrapper<T>(fn: () => T): T {
  return wrapperScope.exit(fn);
}

async function wrapCommand(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<WrappedCommand> {
  const wrapper = wrapperScope.getStore();
  return wrapper ? wrapper(command, args, cwd, env) : { command, args, dispose: async () => {} };
}

export interface RunProcessOptions {
  /** Executable, resolved via env.PATH by spawn. */
  command: string;
  args: string[];
  cwd: string;
  /** The complete environment of the child: nothing is inherited from ours. */
  env: Record<string, string>;
  timeoutMs: number;
  /** stdout is streamed here (the file is created even if the child writes nothing)... */
  stdoutFile: string;
  stderrFile: string;
  /**
   * ...unless this is set: then a stream the child wrote nothing to leaves no file (a trial's
   * files are new inodes, which cost a scan of the inode table on a busy ext4: BENCHMARKS.md).
   */
  skipEmptyFiles?: boolean;
  /** Per stream, default 10 MiB; past it bytes are dropped (still drained) and a marker appended. */
  maxOutputBytes?: number;
  /** SIGTERM to the group, then SIGKILL after this many ms; default 2000. */
  killGraceMs?: number;
  /** Abort => same kill sequence as a timeout, result.aborted = true. */
  signal?: AbortSignal;
  /** Every stdout chunk as it arrives (even past the cap), for live parsing. */
  onStdout?: (chunk: Buffer) => void;
  /** Every stderr chunk as it arrives, likewise (an agent that logs its API retries there). */
  onStderr?: (chunk: Buffer) => void;
  /** Files opened for writing and passed to the child as fd 3, 4, ... */
  extraFdFiles?: string[];
}

export interface ProcessResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
  /** Bytes the child wrote, including the ones dropped past the cap. */
  stdoutBytes: number;
  stderrBytes: number;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  /** Whether the output file exists (false only with skipEmptyFiles, when nothing was written). */
  stdoutWritten: boolean;
  stderrWritten: boolean;
  /** Set when the program could not be started at all (exitCode is then null). */
  spawnError?: string;
}

const DEFAULT_MAX_OUTPUT_BYTES = 10 * 1024 * 1024;
const DEFAULT_KILL_GRACE_MS = 2000;
/** How long pipes may stay open after the group is dead (a grandchild that left the group). */
const PIPE_LINGER_MS = 200;
/** setTimeout fires at once for larger delays, so such timeouts mean "no timeout". */
const MAX_TIMER_MS = 2 ** 31 - 1;
const DEFAULT_TAIL_BYTES = 64 * 1024;

/** Children running now, by process-group id, with their cgroups where they have one. */
const runningGroups = new Map<number, ProcessCgroup | undefined>();

/** Process-group ids of children currently running. */
export function activeGroups(): number[] {
  return [...runningGroups.keys()];
}

/**
 * SIGKILL now to every running child's group and cgroup (for an interrupt handler). Each child's
 * own clean-up then finds what is left (escapees, by the marker) as it ends.
 */
export function killAllProcesses(): void {
  for (const [pid, cgroup] of runningGroups) {
    killGroupQuietly(pid, "SIGKILL");
    cgroup?.killNow();
  }
}

/** Sends `signal` to the whole process group `pid`; a group that is already gone is fine. */
export function killGroup(pid: number, signal: NodeJS.Signals): void {
  // kill(-0) or kill(-1) would hit our own group or every process we may signal.
  if (!Number.isInteger(pid) || pid <= 1) throw new RangeError(`killGroup: invalid pid ${pid}`);
  try {
    process.kill(-pid, signal);
  } catch (err) {
    if (errnoCode(err) !== "ESRCH") throw err;
  }
}

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

/** The last `maxLines` lines of a file, reading at most its last `maxBytes` bytes. */
export async function readTail(
  file: string,
  maxLines: number,
  maxBytes = DEFAULT_TAIL_BYTES,
): Promise<string> {
  if (maxLines <= 0) return "";
  const handle = await open(file, "r").catch((err: unknown) => {
    if (errnoCode(err) === "ENOENT") return undefined;
    throw err;
  });
  if (!handle) return "";
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - maxBytes);
    // One byte before the window tells whether its first line is complete.
    const readFrom = Math.max(0, start - 1);
    const buffer = Buffer.alloc(size - readFrom);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, readFrom);
    const text = dropPartialFirstLine(buffer.subarray(0, bytesRead), readFrom > 0).toString("utf8");
    const lines = text.split("\n");
    if (lines.at(-1) === "") lines.pop();
    return lines.slice(-maxLines).join("\n");
  } finally {
    await handle.close();
  }
}

function dropPartialFirstLine(bytes: Buffer, startsMidFile: boolean): Buffer {
  if (!startsMidFile) return bytes;
  const newline = bytes.indexOf(0x0a);
  // A single line longer than the window: its end is better than nothing.
  return newline === -1 ? bytes.subarray(1) : bytes.subarray(newline + 1);
}

// ---------- supervision ----------

interface ChildOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  /** performance.now() when the child exited (or failed to start). */
  endedAt?: number;
  spawnError?: string;
  callbackError?: unknown;
}

function abortedBeforeStart(): ChildOutcome {
  return { exitCode: null, signal: null, timedOut: false, aborted: true };
}

async function superviseChild(
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

/** Set in every child's environment to a fresh id: how its descendants are found again. */
export const PROCESS_MARKER_ENV = "AGENT_EVALS_PROCESS";

/** The marker scan ends after this many rounds in a row find no marked process... */
const QUIET_SCAN_ROUNDS = 3;
/** ...or after this many rounds in all (a process that forks faster than a round can see it). */
const MAX_SCAN_ROUNDS = 100;
/** How many rounds a live process whose environment reads empty (in the middle of exec) is re-read. */
const UNREADABLE_ROUNDS = 10;

/**
 * SIGKILL to every process still carrying `marker` in its environment: descendants that left the
 * process group with setsid (daemons, `setsid sleep &`), and ones that keep changing their pid (a
 * fork-and-exit loop), which one look at /proc can miss between listing a pid and reading it: the
 * scan is repeated until three rounds in a row find nothing. Linux only (reads /proc); a process
 * that cleared its environment is not found.
 */
export async function killEscapees(marker: string, since?: PidClock): Promise<number[]> {
  return killMarked(`${PROCESS_MARKER_ENV}=${marker}`, since);
}

/** SIGKILL to every process carrying `entry` (NAME=value) in its environment, as killEscapees. */
export async function killMarked(entry: string, since?: PidClock): Promise<number[]> {
  const scan = new MarkerScan(Buffer.from(`${entry}\0`), since);
  const found: number[] = [];
  for (let round = 0, quiet = 0; round < MAX_SCAN_ROUNDS && quiet < QUIET_SCAN_ROUNDS; round++) {
    const { killed, unsure } = scan.round();
    found.push(...killed);
    quiet = killed.length > 0 || unsure ? 0 : quiet + 1;
    // A process in the middle of exec shows no environment yet: give it a moment to finish.
    if (unsure) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return found;
}

/**
 * The rounds of one marker scan. A process cannot gain the marker later, so after the first round
 * only new processes are read (and the ones not readable yet). Newest first: a fork-and-exit loop's
 * current process is among the newest, and each moment before reading it is a chance to miss it.
 */
class MarkerScan {
  /** Processes read already (and those gone or never ours to read). */
  private readonly looked = new Set<number>([process.pid]);
  /** Live processes whose environment read empty, with how many times it did. */
  private readonly unreadable = new Map<number, number>();

  constructor(
    private readonly needle: Buffer,
    /** Read before the marked child started: only pids handed out since can be its descendants. */
    private readonly since?: PidClock,
  ) {}

  round(): { killed: number[]; unsure: boolean } {
    const killed: number[] = [];
    let unsure = false;
    // Synchronous reads: /proc files are generated in memory, so each read is a few microseconds,
    // far less than a round trip through libuv's thread pool per process (BENCHMARKS.md, figure 1).
    for (const pid of this.newPids()) {
      let environ: Buffer;
      try {
        environ = readProcBytes(`/proc/${pid}/environ`);
      } catch {
        this.looked.add(pid); // gone already, or not ours to read
        continue;
      }
      if (environ.length === 0 && this.mayShowItLater(pid)) {
        unsure = true;
        continue;
      }
      this.looked.add(pid);
      if (!environ.includes(this.needle)) continue;
      killed.push(pid);
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone already, or not ours to kill
      }
    }
    return { killed, unsure };
  }

  private newPids(): number[] {
    let names: string[];
    try {
      names = readdirSync("/proc");
    } catch {
      return [];
    }
    const handedOut = this.since && pidsHandedOutSince(this.since);
    return names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => !this.looked.has(pid) && (!handedOut || handedOut(pid)))
      .sort((a, b) => b - a);
  }

  /**
   * An empty environment is read from a process between the two halves of an exec; a zombie, a
   * kernel thread or one that really has none (env -i) stays empty, so each is re-read a few
   * rounds only.
   */
  private mayShowItLater(pid: number): boolean {
    const times = (this.unreadable.get(pid) ?? 0) + 1;
    this.unreadable.set(pid, times);
    return times <= UNREADABLE_ROUNDS && isLiveUserProcess(pid);
  }
}

/** The buffer readProcBytes reads into, grown when a file does not fit. */
let procScratch = Buffer.allocUnsafeSlow(64 * 1024);

/**
 * A /proc file's bytes, read into one reused buffer: valid until the next call. readFileSync
 * allocates a fresh 64 KiB Buffer for every file whose size the kernel reports as 0 (all of
 * /proc), which the scan did for every process on the machine after every child: megabytes of
 * garbage outside V8's heap per trial, which raised the peak RSS of long runs (BENCHMARKS.md,
 * figure 7b).
 */
function readProcBytes(file: string): Buffer {
  const fd = openSync(file, "r");
  try {
    let length = 0;
    for (;;) {
      if (length === procScratch.length) {
        const bigger = Buffer.allocUnsafeSlow(procScratch.length * 2);
        procScratch.copy(bigger);
        procScratch = bigger;
      }
      const read = readSync(fd, procScratch, length, procScratch.length - length, null);
      if (read === 0) return procScratch.subarray(0, length);
      length += read;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Where the kernel stood in handing out pids: the last one given in this pid namespace (which
 * also numbers the processes of nested ones, containers included), how many processes and threads
 * were forked since boot, and how many exist (each holds a pid).
 */
export interface PidClock {
  lastPid: number;
  forks: number;
  threads: number;
}

let pidMax: number | undefined;

/** Now, or undefined where /proc does not tell (not Linux). */
export function pidClock(): PidClock | undefined {
  try {
    pidMax ??= Number(readFileSync("/proc/sys/kernel/pid_max", "utf8"));
    // "0.52 0.58 0.59 2/311 12345": running/existing threads, then the last pid handed out.
    const [, threads, lastPid] =
      /\d+\/(\d+) (\d+)\s*$/.exec(readFileSync("/proc/loadavg", "utf8"))?.map(Number) ?? [];
    const forks = Number(/^processes (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1]);
    return [lastPid, forks, threads, pidMax].every((n) => Number.isSafeInteger(n) && n! > 0)
      ? { lastPid: lastPid!, forks, threads: threads! }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a pid was handed out after `since`, or undefined when that cannot be told. The kernel
 * hands pids out in a cycle (after the last one given, skipping those in use, wrapping at
 * pid_max), so every process started since is in (since.lastPid, now.lastPid] on that cycle —
 * unless the cycle went all the way round, which needs at least pid_max forks and skipped pids
 * together. The scan after a short trial then reads the few processes started during it instead of
 * every process on the machine (BENCHMARKS.md, figure 11).
 */
function pidsHandedOutSince(since: PidClock): ((pid: number) => boolean) | undefined {
  const now = pidClock();
  const max = pidMax;
  if (!now || !max) return undefined;
  if (now.forks - since.forks + Math.max(now.threads, since.threads) >= max) return undefined;
  const distance = (pid: number) => (((pid - since.lastPid) % max) + max) % max;
  const span = distance(now.lastPid);
  return (pid) => distance(pid) > 0 && distance(pid) <= span;
}

/** Neither a zombie nor a kernel thread (a child of kthreadd, pid 2). */
function isLiveUserProcess(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return false;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses.
  const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return state !== "Z" && state !== "X" && ppid !== "0" && ppid !== "2";
}

/** Waits for the pipes to close; a grandchild that escaped the group may hold them, so cut them. */
async function closePipes(child: ChildProcess, pipesClosed: Promise<unknown>): Promise<void> {
  let lingerTimer: NodeJS.Timeout | undefined;
  const lingered = new Promise<"linger">((done) => {
    lingerTimer = setTimeout(() => done("linger"), PIPE_LINGER_MS);
  });
  const first = await Promise.race([pipesClosed, lingered]);
  clearTimeout(lingerTimer);
  if (first !== "linger") return;
  child.stdout?.destroy();
  child.stderr?.destroy();
  await pipesClosed;
}

/** Drains a child's pipe into its file; resolves when the pipe is closed. */
function pump(
  source: Readable | null,
  sink: CappedFile,
  onChunk?: (chunk: Buffer) => void,
): Promise<void> {
  if (!source) return Promise.resolve();
  source.on("data", (chunk: Buffer) => {
    onChunk?.(chunk);
    sink.write(chunk, source);
  });
  return new Promise((done) => {
    source.once("close", () => done());
    source.on("error", () => {}); // a broken pipe just ends the output; 'close' follows
  });
}

/** A callback that reports its first throw instead of crashing the process; later calls are skipped. */
function guardCallback(
  callback: ((chunk: Buffer) => void) | undefined,
  report: (err: unknown) => void,
): ((chunk: Buffer) => void) | undefined {
  if (!callback) return undefined;
  let failed = false;
  return (chunk) => {
    if (failed) return;
    try {
      callback(chunk);
    } catch (err) {
      failed = true;
      report(err);
    }
  };
}

function startTimer(ms: number, fire: () => void): NodeJS.Timeout | undefined {
  if (!Number.isFinite(ms) || ms < 0 || ms > MAX_TIMER_MS) return undefined;
  return setTimeout(fire, ms);
}

function killGroupQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    killGroup(pid, signal);
  } catch {
    // EPERM and the like: nothing better to do during cleanup than move on.
  }
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

function errnoCode(err: unknown): string | undefined {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === "string" ? code : undefined;
}

// ---------- capped output file ----------

/**
 * An output file that keeps the first `cap` bytes, counts the rest, and marks the cut once. With a
 * redactor, what it keeps is redacted on the way (the cap counts the child's bytes, not ours).
 * A lazy one is created at the first byte it keeps: a child that writes nothing leaves no file
 * (and none of an earlier run at that path).
 */
class CappedFile {
  bytes = 0;
  truncated = false;
  error: unknown;
  private kept = 0;
  /** The pipe paused until the file drains. */
  private waiting: Readable | undefined;
  private out: WriteStream | undefined;
  private closed: Promise<void> | undefined;

  private constructor(
    private readonly file: string,
    private readonly cap: number,
    private readonly redactor: StreamRedactor | undefined,
  ) {}

  static async open(
    file: string,
    cap: number,
    redactor?: StreamRedactor,
    lazy = false,
  ): Promise<CappedFile> {
    const capped = new CappedFile(file, cap, redactor);
    if (!lazy) capped.stream();
    return capped;
  }

  /** Whether the file exists (always, unless lazy and nothing was kept). */
  get written(): boolean {
    return this.out !== undefined;
  }

  /** The file's stream, opened at the first call. Throws if the file cannot be opened. */
  private stream(): WriteStream {
    if (this.out) return this.out;
    // Opened synchronously: one thread-pool round trip less per stream of every process.
    const fd = openSync(this.file, "w");
    const out = createWriteStream(this.file, { fd });
    out.on("drain", () => this.resumeSource());
    out.on("error", (err) => {
      this.error ??= err;
      this.resumeSource(); // keep draining the pipe, or the child would block on a full one
    });
    this.out = out;
    return out;
  }

  /** Writes `data` to the file (opened now if it is not yet); false when the file needs to drain. */
  private put(data: Buffer | string): boolean {
    try {
      return this.stream().write(data);
    } catch (err) {
      this.error ??= err;
      return true;
    }
  }

  /** Writes what fits; pauses `source` while the file catches up, so memory stays bounded. */
  write(chunk: Buffer, source: Readable): void {
    this.bytes += chunk.length;
    if (this.truncated || this.error !== undefined) return;
    const room = this.cap - this.kept;
    const part = chunk.length <= room ? chunk : chunk.subarray(0, Math.max(0, room));
    this.kept += part.length;
    const kept = this.redactor ? this.redactor.push(part) : part;
    let ready = kept.length === 0 || this.put(kept);
    if (part.length < chunk.length) {
      this.truncated = true;
      // The held-back tail may be the start of a secret the cut went through: it is not written.
      this.redactor?.drop();
      ready = this.put(`\n[agent-evals: output cut at ${this.cap} bytes]\n`) && ready;
    }
    if (!ready && this.error === undefined) {
      this.waiting = source;
      source.pause();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return this.closed;
    this.closed = this.finish();
    return this.closed;
  }

  private async finish(): Promise<void> {
    const rest = this.redactor?.end();
    if (rest?.length && this.error === undefined) this.put(rest);
    if (!this.out) {
      // Nothing kept: no file, and none left from before at its path.
      try {
        rmSync(this.file, { force: true });
      } catch (err) {
        this.error ??= err;
      }
      return;
    }
    if (!this.out.writableEnded) this.out.end();
    await finished(this.out).catch((err: unknown) => (this.error ??= err));
  }

  private resumeSource(): void {
    this.waiting?.resume();
    this.waiting = undefined;
  }
}
