// A cgroup (v2) per started program, where the machine lets us: every descendant is born into its
// parent's cgroup and stays there whatever it does to its process group, session or pid (setsid,
// double forks, a "pid hopper" that forks and exits in a loop), so writing cgroup.kill ends all of
// them at once, which no scan of /proc can promise. Where cgroups are not usable (no cgroup v2
// hierarchy, not writable, kernel older than 5.14 without cgroup.kill) nothing is created and
// process.ts relies on its marker scan alone.
//
// A child is put into its cgroup by being born there: this process moves itself into the new
// cgroup, spawns (a synchronous fork), and moves itself back. A child moved in after it started
// could fork before the move; a shell launcher would change the child's environment and how a
// missing binary is reported.

import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  write,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { runId } from "./run-owner.js";
import { recordInRun } from "./run-registry.js";

/** Set to 1 in agent-evals' own environment to use the marker scan only, never a cgroup. */
export const NO_CGROUP_ENV = "AGENT_EVALS_NO_CGROUP";

/** How often, 5 ms apart, to look whether a killed cgroup's processes are all gone. */
const EMPTY_POLLS = 200;

let detected: { home: string } | null | undefined;
let created = 0;

/**
 * Emptied cgroups kept for the next program: making one costs a few milliseconds of the main
 * thread (more on a busy machine), a fresh one per child was a serial cost of concurrent trials
 * (docs/benchmarks.md, figure 11). At most IDLE_KEPT; all are removed when this process exits.
 */
const idle: string[] = [];
const IDLE_KEPT = 16;
let removeIdleAtExit = false;

function keepIdle(dir: string): boolean {
  if (idle.length >= IDLE_KEPT) return false;
  idle.push(dir);
  if (!removeIdleAtExit) {
    removeIdleAtExit = true;
    process.once("exit", removeIdleCgroups);
  }
  return true;
}

/** Removes the emptied cgroups kept for reuse (also done when this process exits). */
export function removeIdleCgroups(): void {
  for (let dir = idle.pop(); dir !== undefined; dir = idle.pop()) {
    try {
      rmdirSync(dir);
    } catch {
      // gone already, or populated again by something else: the system's to remove
    }
  }
}

/**
 * The cgroup v2 folder this process is in, when it may create a cgroup below it, move itself in and
 * out, and kill one (cgroup.kill); undefined elsewhere. Probed once, on first use.
 */
export function cgroupHome(): string | undefined {
  if (process.env[NO_CGROUP_ENV] === "1") return undefined;
  detected ??= probe() ?? null;
  return detected?.home;
}

/** One started program's cgroup. */
export class ProcessCgroup {
  /** Set if this process could not move back out: the cgroup must then never be killed. */
  private holdsUs = false;
  private entered = false;
  /** Set once killAndRemove ran: the folder may serve another program now. */
  private released = false;

  private constructor(
    private readonly dir: string,
    private readonly home: string,
  ) {}

  /** An empty cgroup below ours (fresh or emptied), or undefined where cgroups are not usable. */
  static create(): ProcessCgroup | undefined {
    const home = cgroupHome();
    if (!home) return undefined;
    const reused = idle.pop();
    if (reused) return new ProcessCgroup(reused, home);
    // Named by the run (pid and start time): the next run finds them if this one is SIGKILLed.
    const dir = path.join(home, `${cgroupPrefix(runId())}${++created}`);
    try {
      recordInRun({ cgroups: home });
      mkdirSync(dir);
    } catch {
      return undefined;
    }
    return new ProcessCgroup(dir, home);
  }

  /**
   * Makes the moves of spawnInside cheap, without blocking the event loop. A write to any
   * cgroup.procs takes the kernel's cgroup_threadgroup_rwsem, and when no other write came within
   * the last RCU grace period, waits for one (5–20 ms, measured: docs/benchmarks.md figure 11) — on the
   * main thread, for every child, was the largest serial cost of concurrent trials. Rewriting our
   * own cgroup's procs moves nothing but takes that wait on a thread-pool thread; moves made
   * within the next grace period then take a fraction of a millisecond. Never fails: at worst
   * spawnInside pays the wait itself, as it did before.
   */
  warmUp(): Promise<void> {
    let fd: number;
    try {
      fd = openSync(path.join(this.home, "cgroup.procs"), "w");
    } catch {
      return Promise.resolve();
    }
    // Only the write waits; the moves follow its callback at once, inside the grace period.
    return new Promise((resolve) =>
      write(fd, "0", () => {
        closeSync(fd);
        resolve();
      }),
    );
  }

  /**
   * Runs `spawn` (which must fork synchronously, as child_process.spawn does) with this process
   * inside the cgroup, so the child starts there. If moving in fails, the child starts outside.
   * Call warmUp() just before: then the moves do not hold up the event loop.
   */
  spawnInside<T>(spawn: () => T): T {
    try {
      writeFileSync(path.join(this.dir, "cgroup.procs"), "0");
      this.entered = true;
    } catch {
      return spawn();
    }
    try {
      return spawn();
    } finally {
      this.leave();
    }
  }

  /** SIGKILL to every process in the cgroup, now; false if that was not done. */
  killNow(): boolean {
    if (!this.entered || this.holdsUs || this.contains(process.pid)) return false;
    try {
      writeFileSync(path.join(this.dir, "cgroup.kill"), "1");
      return true;
    } catch {
      return false;
    }
  }

  /** Kills what is in the cgroup, waits (bounded) until it is empty, and removes it or keeps it empty for reuse. */
  async killAndRemove(): Promise<void> {
    if (this.holdsUs || this.released) return;
    this.released = true;
    if (this.killNow()) {
      for (let i = 0; i < EMPTY_POLLS && this.populated(); i++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    if (!this.populated() && existsSync(this.dir) && keepIdle(this.dir)) return;
    try {
      rmdirSync(this.dir);
    } catch {
      // Still populated (a process stuck in the kernel): left for the system; nothing else to do.
    }
  }

  private leave(): void {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        writeFileSync(path.join(this.home, "cgroup.procs"), "0");
        return;
      } catch {
        // tried again below
      }
    }
    this.holdsUs = true;
  }

  private contains(pid: number): boolean {
    try {
      return readFileSync(path.join(this.dir, "cgroup.procs"), "utf8")
        .split("\n")
        .includes(String(pid));
    } catch {
      return false;
    }
  }

  private populated(): boolean {
    return isPopulated(this.dir);
  }
}

function cgroupPrefix(run: string): string {
  return `agent-evals-${run}-`;
}

/**
 * Kills every process in the cgroups a (dead) run made below `home`, and removes them. Returns how
 * many cgroups were found.
 */
export async function reapRunCgroups(home: string, run: string): Promise<number> {
  let names: string[];
  try {
    names = readdirSync(home).filter((name) => name.startsWith(cgroupPrefix(run)));
  } catch {
    return 0;
  }
  for (const name of names) {
    const dir = path.join(home, name);
    try {
      writeFileSync(path.join(dir, "cgroup.kill"), "1");
    } catch {
      // gone, or no cgroup.kill: the marker scan is left
    }
    for (let i = 0; i < EMPTY_POLLS && isPopulated(dir); i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    try {
      rmdirSync(dir);
    } catch {
      // still populated: left for the system
    }
  }
  return names.length;
}

function isPopulated(dir: string): boolean {
  try {
    return /^populated 1$/m.test(readFileSync(path.join(dir, "cgroup.events"), "utf8"));
  } catch {
    return false;
  }
}

/** Tries, with a cgroup of its own, every step a started program's cgroup needs. */
function probe(): { home: string } | undefined {
  const home = ownCgroupDir();
  if (!home) return undefined;
  const dir = path.join(home, `${cgroupPrefix(runId())}probe`);
  try {
    mkdirSync(dir);
  } catch {
    return undefined;
  }
  const before = ownCgroupPath();
  try {
    if (!existsSync(path.join(dir, "cgroup.kill"))) return undefined;
    writeFileSync(path.join(dir, "cgroup.procs"), "0");
    writeFileSync(path.join(home, "cgroup.procs"), "0");
    return ownCgroupPath() === before ? { home } : undefined;
  } catch {
    return undefined;
  } finally {
    try {
      rmdirSync(dir);
    } catch {
      // we are still in it (moving back failed): the probe said no, and the folder stays
    }
  }
}

/** The folder of this process's cgroup v2 (pure or hybrid layout), if one is mounted. */
function ownCgroupDir(): string | undefined {
  const own = ownCgroupPath();
  if (own === undefined) return undefined;
  let mountinfo: string;
  try {
    mountinfo = readFileSync("/proc/self/mountinfo", "utf8");
  } catch {
    return undefined;
  }
  for (const line of mountinfo.split("\n")) {
    // "id parent dev root mountpoint options [optional…] - fstype source superoptions"
    const [mount, fs] = line.split(" - ");
    if (!fs?.startsWith("cgroup2 ")) continue;
    const [, , , root, point] = mount!.split(" ").map(unescapeMountField);
    if (!root || !point) continue;
    if (root !== "/" && own !== root && !own.startsWith(`${root}/`)) continue;
    return path.resolve(point, `.${root === "/" ? own : own.slice(root.length)}`);
  }
  return undefined;
}

/** This process's cgroup v2 path (the "0::" line of /proc/self/cgroup). */
function ownCgroupPath(): string | undefined {
  try {
    const line = readFileSync("/proc/self/cgroup", "utf8")
      .split("\n")
      .find((l) => l.startsWith("0::"));
    return line?.slice(3);
  } catch {
    return undefined;
  }
}

/** mountinfo writes space, tab, newline and backslash as octal escapes. */
function unescapeMountField(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) =>
    String.fromCharCode(parseInt(octal, 8)),
  );
}
