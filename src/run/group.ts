// A comparison group: one control and one or more treatments of the same eval × agent (compare
// --base: the eval at the base ref and in the working tree; variants: the eval as defined and each
// variant). Their trials are interleaved — the arm with the fewest trials started goes next,
// control first — so that the time of day, rate limits and the machine's load hit every arm alike.
// They stop together: an arm stops when every comparison it takes part in has been decided by the
// sequential rule (model/comparison.ts) and, for the primary arm, its own verdict is decided too;
// or when it reaches its maximum.

import type {
  ArmMeans,
  ComparisonRecord,
  ComparisonVerdict,
  PlannedUnit,
  TrialResult,
} from "../model/index.js";
import {
  compareArms,
  sequentialDecision,
  type ArmCounts,
  type ComparisonStats,
} from "../model/index.js";
import type { TrialPolicy } from "./policy.js";

/** A unit of a comparison group (generic: the suite's units carry their run settings). */
export type ArmUnit<U extends PlannedUnit = PlannedUnit> = U & {
  arm: NonNullable<PlannedUnit["arm"]>;
};

export interface GroupArm<U extends PlannedUnit = PlannedUnit> {
  unit: ArmUnit<U>;
  /** The arm's own verdict rule: set for the primary arm, whose verdict is judged as usual. */
  own?: TrialPolicy;
  /**
   * `eval --resume`: the arm's trials a previous run finished, counted as ended ones before any
   * trial starts (their numbers are not run again), so the looks see what one run would have seen.
   */
  kept?: readonly TrialResult[];
}

/** What one arm ran. */
export interface ArmRun<U extends PlannedUnit = PlannedUnit> {
  unit: ArmUnit<U>;
  trials: TrialResult[];
  passes: number;
  failures: number;
  infraError?: string;
  budgetCut: boolean;
}

export interface GroupOutcome<U extends PlannedUnit = PlannedUnit> {
  arms: ArmRun<U>[];
  /** One per treatment, in the order of the arms. */
  comparisons: ComparisonRecord[];
}

export interface GroupOptions<U extends PlannedUnit = PlannedUnit> {
  signal: AbortSignal;
  /** How many of one arm's trials may be running at once. */
  perArm: number;
  /**
   * Runs trial `n` of the arm (waiting for a slot first). Called with a function that says, once a
   * slot is free, whether the trial is still wanted: a trial no longer wanted resolves "cancelled".
   */
  runTrial(
    unit: ArmUnit<U>,
    wanted: () => number | undefined,
  ): Promise<TrialResult | "no-budget" | "cancelled">;
  /** Told when the comparison with treatment `index` (0 = the first treatment) is decided. */
  onDecided?(index: number): void;
}

interface ArmState<U extends PlannedUnit = PlannedUnit> {
  arm: GroupArm<U>;
  launched: number;
  started: number;
  /** The last trial number handed out (kept trials' numbers are skipped). */
  numbered: number;
  inFlight: number;
  byN: Map<number, TrialResult>;
  passes: number;
  failures: number;
  budgetCut: boolean;
}

/** The look that decided: its counts and the numbers the verdict was read from. */
export interface Decision {
  verdict: ComparisonVerdict;
  pairs: number;
  control: ArmCounts;
  treatment: ArmCounts;
  stats: ComparisonStats;
}

export async function runGroup<U extends PlannedUnit>(
  arms: GroupArm<U>[],
  options: GroupOptions<U>,
): Promise<GroupOutcome<U>> {
  const states: ArmState<U>[] = arms.map((arm) => {
    const kept = arm.kept ?? [];
    return {
      arm,
      launched: kept.length,
      started: kept.length,
      numbered: 0,
      inFlight: 0,
      byN: new Map(kept.map((t) => [t.n, t])),
      passes: kept.filter((t) => t.status === "passed").length,
      failures: kept.filter((t) => t.status === "failed").length,
      budgetCut: false,
    };
  });
  const control = states[0]!;
  const treatments = states.slice(1);
  const decided = new Map<ArmState, Decision>();
  const looked = new Map<ArmState, number>(treatments.map((t) => [t, 0]));
  let infraError: string | undefined;

  const stopped = () => infraError !== undefined || options.signal.aborted;
  // A comparison one of whose arms ran out of budget can no longer be decided: its other arm
  // stops too (but for the trials the primary arm's own verdict needs).
  const open = (t: ArmState) => !decided.has(t) && !t.budgetCut && !control.budgetCut;
  const undecidedWith = (state: ArmState) =>
    state === control ? treatments.some(open) : open(state);
  // Whether the arm needs a trial beyond `count` (started or launched ones).
  const needsMore = (state: ArmState, count: number) => {
    if (stopped() || state.budgetCut || count >= state.arm.unit.arm.maxTrials) return false;
    const own = state.arm.own;
    if (own && count < own.max && own.verdict(state.passes, state.failures) === "undecided")
      return true;
    return undecidedWith(state);
  };

  // The looks of the sequential rule: after each pair whose trials have all finished, in order.
  const look = () => {
    for (const t of treatments) {
      if (decided.has(t)) continue;
      const pairs = Math.min(prefix(control), prefix(t));
      for (let k = looked.get(t)! + 1; k <= pairs; k++) {
        const c = counts(control, k);
        const tc = counts(t, k);
        const stats = sequentialDecision(c, tc, t.arm.unit.arm.maxTrials, {
          margin: t.arm.unit.arm.margin,
        });
        looked.set(t, k);
        if (stats) {
          decided.set(t, { verdict: stats.verdict, pairs: k, control: c, treatment: tc, stats });
          options.onDecided?.(treatments.indexOf(t));
          break;
        }
      }
    }
  };

  // The next trial number of an arm: the lowest not yet handed out nor kept from a previous run.
  const nextNumber = (state: ArmState) => {
    do state.numbered++;
    while (state.byN.has(state.numbered));
    return state.numbered;
  };
  // Kept trials (a resumed run) enter the tally before anything starts: their looks come first.
  for (const state of states)
    for (const kept of state.byN.values())
      if (kept.status !== "passed" && kept.status !== "failed")
        infraError ??= kept.reason ?? "infra error";
  look();

  await new Promise<void>((resolveAll) => {
    const launch = () => {
      for (;;) {
        const next = states
          .filter((s) => s.inFlight < options.perArm && needsMore(s, s.launched))
          .sort((a, b) => a.launched - b.launched)[0];
        if (!next) break;
        next.launched++;
        next.inFlight++;
        const wanted = () => {
          if (!needsMore(next, next.started)) return undefined;
          next.started++;
          return nextNumber(next);
        };
        void options
          .runTrial(next.arm.unit, wanted)
          .then(
            (trial) => {
              if (trial === "cancelled") {
                next.launched--;
                return;
              }
              if (trial === "no-budget") {
                next.launched--;
                next.budgetCut = true;
                return;
              }
              next.byN.set(trial.n, trial);
              if (trial.status === "passed") next.passes++;
              else if (trial.status === "failed") next.failures++;
              else infraError ??= trial.reason ?? "infra error";
              look();
            },
            (error: Error) => {
              infraError ??= error.message;
            },
          )
          .finally(() => {
            next.inFlight--;
            launch();
          });
      }
      if (states.every((s) => s.inFlight === 0)) resolveAll();
    };
    launch();
  });

  const runs: ArmRun<U>[] = states.map((s) => ({
    unit: s.arm.unit,
    trials: [...s.byN.values()].sort((a, b) => a.n - b.n),
    passes: s.passes,
    failures: s.failures,
    ...(infraError !== undefined ? { infraError } : {}),
    budgetCut: s.budgetCut,
  }));
  const comparisons = treatments.map((t, i) => {
    const reason = decided.has(t)
      ? undefined
      : infraError !== undefined
        ? `an infra error stopped the comparison: ${infraError}`
        : options.signal.aborted
          ? "interrupted before the comparison was decided"
          : t.budgetCut || control.budgetCut
            ? "the budget ran out before the comparison was decided"
            : "not decided";
    return comparisonRecord(runs[0]!, runs[i + 1]!, decided.get(t), reason);
  });
  return { arms: runs, comparisons };
}

/** How many trials from n = 1 on have finished without a gap (the judged prefix). */
function prefix(state: ArmState): number {
  let k = 0;
  while (state.byN.has(k + 1)) k++;
  return k;
}

function counts(state: ArmState, k: number): { passes: number; trials: number } {
  let passes = 0;
  for (let n = 1; n <= k; n++) if (state.byN.get(n)?.status === "passed") passes++;
  return { passes, trials: k };
}

function judged(run: ArmRun): TrialResult[] {
  return run.trials.filter((t) => t.status === "passed" || t.status === "failed");
}

function comparisonRecord(
  control: ArmRun,
  treatment: ArmRun,
  decision: Decision | undefined,
  reason: string | undefined,
): ComparisonRecord {
  const c = judged(control);
  const t = judged(treatment);
  const arm = treatment.unit.arm;
  const passes = (xs: TrialResult[]) => xs.filter((x) => x.status === "passed").length;
  return comparisonOf({
    id: treatment.unit.spec.id,
    agent: treatment.unit.agentName,
    control: control.unit.arm.label,
    treatment: arm.label,
    margin: arm.margin,
    maxTrials: arm.maxTrials,
    all: {
      control: { passes: passes(c), trials: c.length },
      treatment: { passes: passes(t), trials: t.length },
    },
    decision,
    reason,
    controlMeans: meansOf(c),
    treatmentMeans: meansOf(t),
  });
}

/**
 * A comparison's record. Decided: the counts, interval and p of the look that decided (trials
 * that were running then and finished after are in the arms' results, not here), so the verdict
 * stands beside the numbers it was read from. Undecided: every judged trial, inconclusive.
 */
export function comparisonOf(input: {
  id: string;
  agent: string;
  control: string;
  treatment: string;
  margin: number;
  maxTrials: number;
  all: { control: ArmCounts; treatment: ArmCounts };
  decision: Decision | undefined;
  reason: string | undefined;
  controlMeans?: ArmMeans | undefined;
  treatmentMeans?: ArmMeans | undefined;
}): ComparisonRecord {
  const { decision, reason, controlMeans, treatmentMeans } = input;
  const counted = decision ?? input.all;
  const stats = decision?.stats ?? compareArms(counted.control, counted.treatment, input.margin);
  return {
    id: input.id,
    agent: input.agent,
    control: input.control,
    treatment: input.treatment,
    controlPasses: counted.control.passes,
    controlTrials: counted.control.trials,
    treatmentPasses: counted.treatment.passes,
    treatmentTrials: counted.treatment.trials,
    delta: stats.delta,
    interval: stats.interval,
    pValue: stats.pValue,
    verdict: decision?.verdict ?? "inconclusive",
    margin: input.margin,
    ...(decision ? { decidedAfter: decision.pairs } : {}),
    maxTrials: input.maxTrials,
    ...(reason && !decision ? { reason } : {}),
    ...(controlMeans ? { controlMeans } : {}),
    ...(treatmentMeans ? { treatmentMeans } : {}),
  };
}

function meansOf(trials: TrialResult[]): ArmMeans | undefined {
  if (trials.length === 0) return undefined;
  const mean = (values: number[]) =>
    Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 1e6) / 1e6;
  const tokens = trials.flatMap((t) => (t.tokens !== undefined ? [t.tokens] : []));
  const turns = trials.flatMap((t) => (t.turns !== undefined ? [t.turns] : []));
  return {
    costUsd: mean(trials.map((t) => t.costUsd ?? 0)),
    durationMs: Math.round(mean(trials.map((t) => t.durationMs))),
    ...(tokens.length ? { tokens: mean(tokens) } : {}),
    ...(turns.length ? { turns: mean(turns) } : {}),
  };
}
