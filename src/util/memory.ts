// A full garbage collection now and then over a long run. What a run keeps per trial is small (well
// under 1 KB: docs/benchmarks.md › Soak), but each trial's short-lived objects outlive two scavenges
// while the trial runs, so they are promoted, and V8 lets the old generation grow for the whole run
// before it compacts it: peak RSS then grows with the number of trials though live data does not.
// A mark-compact every COLLECT_EVERY trials (about 10–20 ms on a heap of this size) keeps the peak
// flat. `gc` is not exposed without --expose-gc, which a CLI started from its shebang cannot pass
// itself, so the flag is set at run time and the function taken from a fresh context. Only the
// processes agent-evals owns use it (the CLI, the Action), never the library inside someone's.

import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** Trials between two collections. */
export const COLLECT_EVERY = 200;

let collect: (() => void) | null | undefined;

function collector(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString("--expose-gc");
    const gc: unknown = runInNewContext("gc");
    collect = typeof gc === "function" ? () => void (gc as () => unknown)() : null;
  } catch {
    collect = null;
  }
  return collect;
}

/** Counts finished trials; collects garbage at every COLLECT_EVERY-th. */
export class GarbageCadence {
  private count = 0;
  constructor(private readonly every = COLLECT_EVERY) {}

  trialEnded(): void {
    if (++this.count % this.every === 0) collector()?.();
  }
}
