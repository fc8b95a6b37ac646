// The process groups of the children running now (each child is started in its own group, and in
// its own cgroup where usable), and signals to a whole group.

import type { ProcessCgroup } from "../cgroup.js";
import { errnoCode } from "./errno.js";

/** Children running now, by process-group id, with their cgroups where they have one. */
export const runningGroups = new Map<number, ProcessCgroup | undefined>();

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

export function killGroupQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    killGroup(pid, signal);
  } catch {
    // EPERM and the like: nothing better to do during cleanup than move on.
  }
}
