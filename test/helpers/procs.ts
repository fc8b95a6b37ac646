// Live processes as /proc sees them, for tests that prove nothing was left running.

import { promises as fs } from "node:fs";

export interface ProcInfo {
  pid: number;
  state: string;
  pgid: number;
  sid: number;
}

async function procInfo(pid: number): Promise<ProcInfo | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined);
  if (!stat) return undefined;
  // "pid (comm) state ppid pgrp session …": comm may hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { pid, state: fields[0]!, pgid: Number(fields[2]), sid: Number(fields[3]) };
}

/**
 * Processes that are alive (zombies count as dead) and carry `NAME=value` in their environment,
 * or belong to one of `groups` (process group or session).
 */
export async function leftovers(envEntry: string, groups: number[] = []): Promise<ProcInfo[]> {
  const needle = Buffer.from(`${envEntry}\0`);
  const names = (await fs.readdir("/proc")).filter((n) => /^\d+$/.test(n));
  const found: ProcInfo[] = [];
  await Promise.all(
    names.map(async (name) => {
      const pid = Number(name);
      if (pid === process.pid) return;
      const info = await procInfo(pid);
      if (!info || info.state === "Z" || info.state === "X") return;
      const environ = await fs.readFile(`/proc/${pid}/environ`).catch(() => undefined);
      const marked = environ?.includes(needle) ?? false;
      if (marked || groups.includes(info.pgid) || groups.includes(info.sid)) found.push(info);
    }),
  );
  return found;
}

/** Polls until `check` holds (or `tries` run out); returns its last answer. */
export async function eventually<T>(
  check: () => Promise<T>,
  ok: (value: T) => boolean,
  tries = 100,
  everyMs = 50,
): Promise<T> {
  let value = await check();
  for (let i = 0; i < tries && !ok(value); i++) {
    await new Promise((r) => setTimeout(r, everyMs));
    value = await check();
  }
  return value;
}

/**
 * A pid hopper (run with bash, logging to $HOPS): each generation logs its pid, starts the next one
 * in a new session and exits at once, so its pid and its session change all the time. Its log still
 * growing means it survived. (The stop file is only the tests' own clean-up, for when one fails.)
 */
export const PID_HOPPER = `[ -e "$HOPS.stop" ] && exit 0
echo $$ >> "$HOPS"
setsid bash "$0" </dev/null >/dev/null 2>&1 &
`;

/** How many generations the hoppers logging to `log` have had. */
export async function hopCount(log: string): Promise<number> {
  const text = await fs.readFile(log, "utf8").catch(() => "");
  return text.split("\n").length - 1;
}

/** Whether hoppers logging to `log` still hop: the log grows over 300 ms (a generation takes a few ms). */
export async function stillHopping(log: string): Promise<boolean> {
  const before = await hopCount(log);
  await new Promise((r) => setTimeout(r, 300));
  return (await hopCount(log)) > before;
}

/** Stops the hoppers a failing test left running: each generation first looks for the stop file. */
export async function stopHoppers(log: string): Promise<void> {
  await fs.writeFile(`${log}.stop`, "");
  await eventually(
    () => stillHopping(log),
    (hopping) => !hopping,
    20,
    0,
  );
}
