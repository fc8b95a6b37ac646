// Who owns a run: the harness process, named by its pid and its start time (so that a pid the
// kernel handed out again to another process is not taken for the run's owner), within one boot
// and one pid namespace (its "scope": a pid means nothing to a harness in another one).

import { readFileSync, readlinkSync } from "node:fs";

export interface RunOwner {
  pid: number;
  /** The process's start time, in clock ticks after boot (field 22 of /proc/<pid>/stat). */
  start: number;
  /** The boot and pid namespace the pid belongs to. */
  scope: string;
}

/** The start time of a live process, or undefined if there is none with that pid. */
export function processStart(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // "pid (comm) state …": comm may hold spaces and parentheses; start time is the 22nd field.
  const start = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
  return Number.isSafeInteger(start) ? start : undefined;
}

function currentScope(): string {
  try {
    const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return `${boot}/${readlinkSync("/proc/self/ns/pid")}`;
  } catch {
    return "unknown";
  }
}

let self: RunOwner | undefined;

/** This process as a run's owner. */
export function ownRun(): RunOwner {
  self ??= { pid: process.pid, start: processStart(process.pid) ?? 0, scope: currentScope() };
  return self;
}

/** The run's id: pid and start time, safe in file, cgroup, container and label names. */
export function runId(owner: RunOwner = ownRun()): string {
  return `${owner.pid}-${owner.start}`;
}

/**
 * Whether `owner` has certainly ended: same scope as ours, and no process with its pid and start
 * time. An owner in another scope (or one this machine cannot tell about) counts as alive.
 */
export function ownerIsGone(owner: RunOwner): boolean {
  const here = ownRun();
  if (owner.scope !== here.scope || here.scope === "unknown") return false;
  return processStart(owner.pid) !== owner.start;
}
