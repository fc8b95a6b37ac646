// Where the kernel stood in handing out pids, and which pids it handed out since: the marker scan
// after a child reads only the processes started while it ran (escapees.ts).

import { readFileSync } from "node:fs";

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
 * every process on the machine (docs/benchmarks.md, figure 11).
 */
export function pidsHandedOutSince(since: PidClock): ((pid: number) => boolean) | undefined {
  const now = pidClock();
  const max = pidMax;
  if (!now || !max) return undefined;
  if (now.forks - since.forks + Math.max(now.threads, since.threads) >= max) return undefined;
  const distance = (pid: number) => (((pid - since.lastPid) % max) + max) % max;
  const span = distance(now.lastPid);
  return (pid) => distance(pid) > 0 && distance(pid) <= span;
}
