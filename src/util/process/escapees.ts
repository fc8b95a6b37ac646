// Finds and kills a child's descendants that left its process group (setsid, daemons, fork-and-exit
// loops) by the marker every child carries in its environment: a scan of /proc, Linux only.

import { closeSync, openSync, readdirSync, readFileSync, readSync } from "node:fs";
import { pidsHandedOutSince, type PidClock } from "./pid-clock.js";

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
    // far less than a round trip through libuv's thread pool per process (docs/benchmarks.md, figure 1).
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
 * garbage outside V8's heap per trial, which raised the peak RSS of long runs (docs/benchmarks.md,
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
