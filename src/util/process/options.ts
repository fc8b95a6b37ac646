// What runProcess takes and what it gives back.

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
   * files are new inodes, which cost a scan of the inode table on a busy ext4: docs/benchmarks.md).
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
