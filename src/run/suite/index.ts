// The suite: runs planned units (eval × agent) with bounded concurrency — each eval's tree prepared
// once, trials until each verdict is decided (exact curtailment), infra errors retried — and
// reports progress through events. Returns results in plan order, whatever order they finished in.

import type { ComparisonRecord, EvalResult } from "../../model/index.js";
import { Semaphore, currentRedactor } from "../../util/index.js";
import { gateStart, ProviderGates } from "../providers/index.js";
import type { RunUnit } from "../unit.js";
import { runComparisonGroup } from "./group-run.js";
import type { SuiteOptions, SuiteOutcome, UnitOptions } from "./options.js";
import { PreparedTrees } from "./prepared-trees.js";
import { plannedResult } from "./settle.js";
import { runUnit } from "./unit-run.js";

export type { SuiteEvents, SuiteOptions, SuiteOutcome } from "./options.js";
export { ActiveTime } from "./active-time.js";
export { slug } from "./trial-attempts.js";

export async function runSuite(units: RunUnit[], options: SuiteOptions): Promise<SuiteOutcome> {
  // Trials hand over their clean-up: it runs beside the next trial, and the suite waits for all.
  const cleanups: Array<Promise<void>> = [];
  const deferCleanup = (cleanup: Promise<void>) =>
    void cleanups.push(cleanup.catch(() => undefined));
  try {
    // One gate per model provider for the whole run (docs/reliability.md › Rate limits).
    const gated = options.providerGate !== false && options.traffic?.mode !== "replay";
    const gates = gated ? new ProviderGates(gateStart(options.concurrency)) : undefined;
    return await runUnits(units, { ...options, deferCleanup, ...(gates ? { gates } : {}) });
  } finally {
    await Promise.all(cleanups);
  }
}

async function runUnits(units: RunUnit[], options: UnitOptions): Promise<SuiteOutcome> {
  const slots = new Semaphore(Math.max(1, options.concurrency));
  // Units are taken up a few at a time, in plan order: a prepared tree exists only while its units
  // run, so a suite of 1,000 evals holds a handful of them (on disk and in memory), not 1,000.
  const openUnits = new Semaphore(Math.max(1, options.concurrency) * 2);
  // Evals filled the same way without a setup share one prepared tree (and its workspaces).
  const trees = new PreparedTrees(units, slots, options);
  const groups = new ComparisonGroups(units, (members) =>
    openUnits.use(() => runComparisonGroup(members, options, slots, trees)),
  );
  groups.afterEach((members) => Promise.all(members.map((m) => trees.release(m))));

  const againstHistory = new Map<RunUnit, ComparisonRecord>();
  const redactor = currentRedactor();
  const resultOf = async (unit: RunUnit): Promise<EvalResult> => {
    if (unit.settled) return plannedResult(unit);
    if (unit.arm) return (await groups.resultOf(unit))!;
    return openUnits.use(() =>
      runUnit(unit, options, slots, trees, (c) => againstHistory.set(unit, c)).finally(() =>
        trees.release(unit),
      ),
    );
  };
  const results = await Promise.all(
    units.map(async (unit) => {
      const unredacted = await resultOf(unit);
      // Reasons quote setup output and errors: secrets are replaced before anyone sees them.
      const result = redactor ? redactor.value(unredacted) : unredacted;
      options.events?.onUnitEnd?.(unit, result);
      return result;
    }),
  );
  const comparisons = [
    ...units.flatMap((unit) => {
      const c = againstHistory.get(unit);
      return c ? [c] : [];
    }),
    ...groups.comparisons(),
  ];
  return { results, comparisons: redactor ? redactor.value(comparisons) : comparisons };
}

/** The units of each comparison group, run together, once, when the first of them is reached. */
class ComparisonGroups {
  private readonly members = new Map<string, RunUnit[]>();
  private readonly runs = new Map<string, Promise<Map<RunUnit, EvalResult>>>();
  private readonly compared = new Map<string, ComparisonRecord[]>();
  private after: (members: RunUnit[]) => Promise<unknown> = async () => undefined;

  constructor(
    units: readonly RunUnit[],
    private readonly run: (
      members: RunUnit[],
    ) => Promise<{ results: Map<RunUnit, EvalResult>; comparisons: ComparisonRecord[] }>,
  ) {
    for (const u of units) {
      if (u.arm && !u.settled)
        this.members.set(u.arm.group, [...(this.members.get(u.arm.group) ?? []), u]);
    }
  }

  /** What to do once a group has run (release its trees). */
  afterEach(after: (members: RunUnit[]) => Promise<unknown>): void {
    this.after = after;
  }

  async resultOf(unit: RunUnit): Promise<EvalResult | undefined> {
    const key = unit.arm!.group;
    let run = this.runs.get(key);
    if (!run) {
      const members = this.members.get(key)!;
      run = this.run(members)
        .then(({ results, comparisons }) => {
          this.compared.set(key, comparisons);
          return results;
        })
        .finally(() => this.after(members));
      this.runs.set(key, run);
    }
    return (await run).get(unit);
  }

  /** Every group's comparisons, in plan order. */
  comparisons(): ComparisonRecord[] {
    return [...this.members.keys()].flatMap((key) => this.compared.get(key) ?? []);
  }
}
