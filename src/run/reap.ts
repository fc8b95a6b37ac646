// At the start of every command that runs trials: what runs killed with SIGKILL left behind (their
// processes, cgroups, temp folders, containers and images), found by their records
// (util/run-registry.ts) and removed. A run whose owner is alive is never touched.

import { claimDeadRuns, killMarked, reapRunCgroups, RUN_MARKER_ENV } from "../util/index.js";
import { removeLabelled } from "./isolation/docker-host.js";
import { removeTree } from "./workspace/remove.js";

/** What one reaping removed, summed over the dead runs it found. */
export interface Reaped {
  runs: number;
  processes: number;
  cgroups: number;
  temps: number;
  labels: number;
}

/** Reaps every dead run's leftovers; never throws (what cannot be removed stays recorded). */
export async function reapDeadRuns(): Promise<Reaped> {
  const reaped: Reaped = { runs: 0, processes: 0, cgroups: 0, temps: 0, labels: 0 };
  for (const run of claimDeadRuns()) {
    reaped.runs++;
    let complete = true;
    // Processes first: none of them is then still writing into a folder being removed.
    for (const { cgroups } of run.entries) {
      if (cgroups) reaped.cgroups += await reapRunCgroups(cgroups, run.id);
    }
    reaped.processes += (await killMarked(`${RUN_MARKER_ENV}=${run.id}`)).length;
    for (const { docker } of run.entries) {
      if (!docker) continue;
      reaped.labels++;
      await removeLabelled(docker).catch(() => (complete = false));
    }
    for (const { temp } of run.entries) {
      if (!temp) continue;
      await removeTree(temp).then(
        () => reaped.temps++,
        () => (complete = false),
      );
    }
    // Left claimed otherwise: the next run after this one tries again.
    if (complete) run.done();
  }
  return reaped;
}

/** A note for the run's output, when something was reaped. */
export function reapedNote(reaped: Reaped): string | undefined {
  if (reaped.runs === 0) return undefined;
  return (
    `reaped what ${reaped.runs} killed run(s) left: ${reaped.processes} process(es), ` +
    `${reaped.cgroups} cgroup(s), ${reaped.temps} temp folder(s), ${reaped.labels} docker label(s)`
  );
}
