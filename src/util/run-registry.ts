// What a run made outside its project, written down as it is made, so that the next run can undo
// it if this one is killed with SIGKILL (which no handler sees). One file per run in
// $TMPDIR/agent-evals-runs/, named by the run's id: its first line the owner (run-owner.ts), then one
// JSON line per thing made (a temp folder, a cgroup home, a docker label). The file is removed when
// the run's process exits; one that is still there and whose owner is gone is a dead run's.
//
// A reaper claims a dead run's file by renaming it to `<dead id>@<own id>` (a rename succeeds for
// one process only), so that two runs starting together never both reap it; a claim whose reaper
// died too is claimed again.

import {
  appendFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ownerIsGone, ownRun, runId, type RunOwner } from "./run-owner.js";

/** What a run made that outlives its process. */
export interface RunEntry {
  /** A temp folder. */
  temp?: string;
  /** The cgroup folder its programs' cgroups were made in (named `agent-evals-<run id>-…`). */
  cgroups?: string;
  /** A docker label (key=value) on every container and image it made. */
  docker?: string;
}

/** A dead run's record, claimed by this process: reap what it lists, then call done(). */
export interface DeadRun {
  id: string;
  owner: RunOwner;
  entries: RunEntry[];
  done(): void;
}

/** Set in every program a run starts (with the run's id): how a dead run's processes are found. */
export const RUN_MARKER_ENV = "AGENT_EVALS_RUN";

let record: string | undefined;
const written = new Set<string>();

function registryDir(): string {
  return path.join(tmpdir(), "agent-evals-runs");
}

/** Creates this run's record (once per process); later calls are free. Never throws. */
export function registerRun(): void {
  if (record) return;
  const file = path.join(registryDir(), runId());
  try {
    writeRecord(file, `${JSON.stringify(ownRun())}\n`, "w");
  } catch {
    return; // no record: a SIGKILL then leaves this run's things for the system
  }
  record = file;
  process.once("exit", unregisterRun);
}

/** Writes `entry` into this run's record (registering the run first). Never throws. */
export function recordInRun(entry: RunEntry): void {
  const line = JSON.stringify(entry);
  if (written.has(line)) return;
  registerRun();
  if (!record) return;
  try {
    writeRecord(record, `${line}\n`, "a");
    written.add(line);
  } catch {
    // Not written down: a SIGKILL then leaves this for the system; the run itself goes on.
  }
}

/** Appends to (or creates) the record, its folder made again if another run just removed it. */
function writeRecord(file: string, text: string, mode: "w" | "a"): void {
  for (let attempt = 0; ; attempt++) {
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      if (mode === "w") writeFileSync(file, text);
      else appendFileSync(file, text);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt >= 3) throw error;
      // An append to a record that is gone: this run's record is written again, whole.
      if (mode === "a") writeFileSync(file, `${JSON.stringify(ownRun())}\n`, { flag: "a" });
    }
  }
}

/** Removes this run's record (at exit: what it made is its own clean-up's to remove). */
export function unregisterRun(): void {
  if (!record) return;
  try {
    unlinkSync(record);
  } catch {
    // gone already
  }
  record = undefined;
  written.clear();
  try {
    rmdirSync(registryDir());
  } catch {
    // another run's record is there
  }
}

/** The records of runs whose owner is gone (and whose reaper, if one claimed them, is gone too), claimed. */
export function claimDeadRuns(): DeadRun[] {
  let names: string[];
  try {
    names = readdirSync(registryDir());
  } catch {
    return [];
  }
  const here = ownRun();
  const claimed: DeadRun[] = [];
  for (const name of names) {
    const [id, reaper] = name.split("@");
    if (!id || id === runId()) continue;
    if (reaper && !ownerIsGone(ownerFromId(reaper, here.scope))) continue;
    const file = path.join(registryDir(), name);
    const run = readRecord(file);
    if (!run || !ownerIsGone(run.owner)) continue;
    const mine = path.join(registryDir(), `${id}@${runId()}`);
    try {
      renameSync(file, mine);
    } catch {
      continue; // claimed by another run first
    }
    claimed.push({
      id,
      ...run,
      done: () => {
        try {
          unlinkSync(mine);
        } catch {
          // gone already
        }
      },
    });
  }
  return claimed;
}

function readRecord(file: string): { owner: RunOwner; entries: RunEntry[] } | undefined {
  try {
    const [head, ...lines] = readFileSync(file, "utf8").split("\n").filter(Boolean);
    const owner = JSON.parse(head!) as RunOwner;
    // A line cut by the SIGKILL does not parse: it is skipped.
    const entries = lines.flatMap((line) => {
      try {
        return [JSON.parse(line) as RunEntry];
      } catch {
        return [];
      }
    });
    return { owner, entries };
  } catch {
    return undefined;
  }
}

function ownerFromId(id: string, scope: string): RunOwner {
  const [pid, start] = id.split("-").map(Number);
  return { pid: pid ?? 0, start: start ?? 0, scope };
}
