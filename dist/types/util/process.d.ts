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
export type CommandWrapper = (command: string, args: string[], cwd: string, env: Record<string, string>) => Promise<WrappedCommand>;
/** Runs `fn` so that every process runProcess starts inside it is started through `wrapper`. */
export declare function withCommandWrapper<T>(wrapper: CommandWrapper, fn: () => T): T;
/** Runs `fn` with no wrapper: what it starts runs on the host even inside a sandbox's scope. */
export declare function outsideCommandWrapper<T>(fn: () => T): T;
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
/** Process-group ids of children currently running. */
export declare function activeGroups(): number[];
/**
 * SIGKILL now to every running child's group and cgroup (for an interrupt handler). Each child's
 * own clean-up then finds what is left (escapees, by the marker) as it ends.
 */
export declare function killAllProcesses(): void;
/** Sends `signal` to the whole process group `pid`; a group that is already gone is fine. */
export declare function killGroup(pid: number, signal: NodeJS.Signals): void;
/**
 * Runs the program and resolves once it has exited, its group is killed and its pipes are closed.
 * Rejects only for harness-side failures (output files unusable, onStdout threw), and then only
 * after the child is dead.
 */
export declare function runProcess(opts: RunProcessOptions): Promise<ProcessResult>;
/** The last `maxLines` lines of a file, reading at most its last `maxBytes` bytes. */
export declare function readTail(file: string, maxLines: number, maxBytes?: number): Promise<string>;
/** Set in every child's environment to a fresh id: how its descendants are found again. */
export declare const PROCESS_MARKER_ENV = "AGENT_EVALS_PROCESS";
/**
 * SIGKILL to every process still carrying `marker` in its environment: descendants that left the
 * process group with setsid (daemons, `setsid sleep &`), and ones that keep changing their pid (a
 * fork-and-exit loop), which one look at /proc can miss between listing a pid and reading it: the
 * scan is repeated until three rounds in a row find nothing. Linux only (reads /proc); a process
 * that cleared its environment is not found.
 */
export declare function killEscapees(marker: string, since?: PidClock): Promise<number[]>;
/** SIGKILL to every process carrying `entry` (NAME=value) in its environment, as killEscapees. */
export declare function killMarked(entry: string, since?: PidClock): Promise<number[]>;
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
/** Now, or undefined where /proc does not tell (not Linux). */
export declare function pidClock(): PidClock | undefined;
