// One eval × agent outside a comparison group: its prepared tree, then trials until its verdict
// (and, against a history folder, its comparison with the last recorded verdict) is decided.

import type { ComparisonRecord, EvalResult, EvalStatus, TrialResult } from "../../model/index.js";
import { Codes, DEFAULT_MARGIN, errorMessage } from "../../model/index.js";
import type { Semaphore } from "../../util/index.js";
import { budgetCutReason } from "../budget.js";
import { comparisonOf } from "../group.js";
import {
  adaptivePolicy,
  againstBaseline,
  fixedPolicy,
  type Baseline,
  type TrialPolicy,
} from "../policy.js";
import { SetupError } from "../workspace/prepare.js";
import type { RunUnit } from "../unit.js";
import { ActiveTime } from "./active-time.js";
import type { UnitOptions } from "./options.js";
import type { PreparedTrees } from "./prepared-trees.js";
import { settledResult } from "./settle.js";
import { runBudgetedTrial } from "./trial-attempts.js";

/** What a unit's trials gave, as they ended. */
interface Tally {
  trials: TrialResult[];
  passes: number;
  failures: number;
  infraError?: string;
  budgetCut: boolean;
}

export async function runUnit(
  unit: RunUnit,
  options: UnitOptions,
  slots: Semaphore,
  trees: PreparedTrees,
  compared: (comparison: ComparisonRecord) => void,
): Promise<EvalResult> {
  const started = Date.now();
  const prepared = await trees.get(unit).catch((error: unknown) => preparationFailure(error));
  if ("reason" in prepared)
    return settledResult(unit, { status: "error", ...prepared, durationMs: Date.now() - started });

  const own = policyOf(unit, options);
  const baseline = options.baselineOf?.(unit);
  const vsBaseline = baseline
    ? againstBaseline(own, baseline, { passRate: unit.spec.passRate })
    : undefined;
  const policy = vsBaseline ?? own;
  // The unit's time is its preparing and the time some trial of it ran: not its wait for a slot.
  const active = new ActiveTime(Date.now() - started);
  const tally = await runUntilDecided(unit, policy, options, (n) =>
    slots.use(() => active.during(() => runBudgetedTrial(unit, n, prepared, options))),
  );
  if (baseline && vsBaseline)
    compared(historyComparison(unit, baseline, vsBaseline, tally, options));
  return unitVerdict(unit, policy, tally, active.total(), options);
}

/** Why a unit's tree could not be prepared: its setup failed, or the harness could not make it. */
export function preparationFailure(error: unknown): { reason: string; code: string } {
  return error instanceof SetupError
    ? { reason: error.message, code: Codes.setupFailed }
    : { reason: `could not prepare the sandbox: ${errorMessage(error)}`, code: Codes.infraError };
}

/** Keeps as many trials running as the policy wants; after each one ends, looks again. */
async function runUntilDecided(
  unit: RunUnit,
  policy: TrialPolicy,
  options: Pick<UnitOptions, "signal" | "events">,
  trial: (n: number) => Promise<TrialResult | "no-budget">,
): Promise<Tally> {
  const tally: Tally = { trials: [], passes: 0, failures: 0, budgetCut: false };
  // A resumed run's kept trials count as ended ones: the same tally, the same verdict code.
  for (const kept of unit.kept ?? []) {
    tally.trials.push(kept);
    if (kept.status === "passed") tally.passes++;
    else if (kept.status === "failed") tally.failures++;
    else tally.infraError ??= kept.reason ?? "infra error";
  }
  const taken = new Set((unit.kept ?? []).map((t) => t.n));
  let launched = taken.size;
  let next = 0;
  let inFlight = 0;
  const stop = () =>
    tally.infraError !== undefined ||
    tally.budgetCut ||
    options.signal.aborted ||
    policy.verdict(tally.passes, tally.failures) !== "undecided";
  await new Promise<void>((resolveAll) => {
    const launch = () => {
      while (
        !stop() &&
        launched < policy.max &&
        inFlight < policy.wanted(tally.passes, tally.failures, launched)
      ) {
        launched++;
        do next++;
        while (taken.has(next));
        const n = next;
        inFlight++;
        void trial(n)
          .then(
            (ended) => {
              if (ended === "no-budget") {
                tally.budgetCut = true;
                return;
              }
              tally.trials.push(ended);
              if (ended.status === "passed") tally.passes++;
              else if (ended.status === "failed") tally.failures++;
              else tally.infraError ??= ended.reason ?? "infra error";
              options.events?.onTrialEnd?.(unit, ended);
            },
            (error: Error) => {
              tally.infraError ??= error.message;
            },
          )
          .finally(() => {
            inFlight--;
            launch();
          });
      }
      if (inFlight === 0) resolveAll();
    };
    launch();
  });
  tally.trials.sort((a, b) => a.n - b.n);
  return tally;
}

/** The comparison of this run with the unit's last recorded verdict (docs/verdicts.md › Comparisons). */
function historyComparison(
  unit: RunUnit,
  baseline: Baseline,
  vsBaseline: ReturnType<typeof againstBaseline>,
  { passes, failures, infraError, budgetCut }: Tally,
  options: Pick<UnitOptions, "signal">,
): ComparisonRecord {
  const decision = vsBaseline.decision();
  return comparisonOf({
    id: unit.spec.id,
    agent: unit.agentName,
    control: baseline.label,
    treatment: "this run",
    margin: DEFAULT_MARGIN,
    maxTrials: vsBaseline.max,
    all: { control: baseline, treatment: { passes, trials: passes + failures } },
    decision: decision && {
      verdict: decision.stats.verdict,
      pairs: decision.looks,
      control: { passes: baseline.passes, trials: baseline.trials },
      treatment: decision.treatment,
      stats: decision.stats,
    },
    reason:
      infraError !== undefined
        ? `an infra error stopped the comparison: ${infraError}`
        : options.signal.aborted
          ? "interrupted before the comparison was decided"
          : budgetCut
            ? "the budget ran out before the comparison was decided"
            : passes * baseline.trials > baseline.passes * (passes + failures)
              ? "this run did better than its history: no drop to look for"
              : "not decided",
  });
}

/** The unit's status from its trials: interrupted, an infra error, its verdict, or the budget. */
function unitVerdict(
  unit: RunUnit,
  policy: TrialPolicy,
  { trials, passes, failures, infraError, budgetCut }: Tally,
  durationMs: number,
  options: UnitOptions,
): EvalResult {
  const settle = (status: EvalStatus, reason?: string, code?: string) =>
    settledResult(unit, { status, reason, code, trials, durationMs, passes });
  const interrupted = () =>
    settle("incomplete", "interrupted before the verdict was decided", Codes.interrupted);
  if (options.signal.aborted && policy.verdict(passes, failures) === "undecided")
    return interrupted();
  if (infraError !== undefined) return settle("error", infraError, Codes.infraError);
  const verdict = policy.verdict(passes, failures);
  if (verdict !== "undecided") return settle(verdict);
  if (budgetCut) {
    return settle(
      "incomplete",
      budgetCutReason(unit.spec.maxCostUsd, options.budget, trials.length, policy.max),
      Codes.budgetExhausted,
    );
  }
  if (options.signal.aborted) return interrupted();
  return settle(policy.finalStatus(passes, failures));
}

/** The unit's own verdict rule: sequential (`adaptive`) or a fixed number of trials. */
export function policyOf(unit: RunUnit, options: Pick<UnitOptions, "allTrials">): TrialPolicy {
  return unit.spec.adaptive
    ? adaptivePolicy(
        unit.spec.adaptive.min,
        unit.trials,
        unit.spec.passRate,
        unit.spec.adaptive.confidence,
      )
    : fixedPolicy(
        unit.trials,
        unit.spec.passRate,
        options.allTrials || unit.spec.allTrials === true,
      );
}
