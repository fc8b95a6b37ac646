// A comparison group's units (control first), run by runGroup (../group.ts): each arm's tree
// prepared, its trials interleaved with the other arms', each arm settled as a result of its own.

import type { ComparisonRecord, EvalResult, EvalStatus } from "../../model/index.js";
import { Codes, requiredPasses } from "../../model/index.js";
import type { Semaphore } from "../../util/index.js";
import { aboveBudget, dollars } from "../budget.js";
import { runGroup, type ArmRun, type GroupArm } from "../group.js";
import type { PreparedTree } from "../workspace/prepare.js";
import type { RunUnit } from "../unit.js";
import { ActiveTime } from "./active-time.js";
import type { UnitOptions } from "./options.js";
import type { PreparedTrees } from "./prepared-trees.js";
import { settledResult } from "./settle.js";
import { runBudgetedTrial } from "./trial-attempts.js";
import { policyOf, preparationFailure } from "./unit-run.js";

export async function runComparisonGroup(
  members: RunUnit[],
  options: UnitOptions,
  slots: Semaphore,
  trees: PreparedTrees,
): Promise<{ results: Map<RunUnit, EvalResult>; comparisons: ComparisonRecord[] }> {
  const started = Date.now();
  const ordered = [...members].sort(
    (a, b) => Number(a.arm!.role === "treatment") - Number(b.arm!.role === "treatment"),
  );
  const prepared = await prepareArms(ordered, trees);
  if (!(prepared instanceof Map)) return { results: prepared.failed, comparisons: [] };
  const active = new Map<RunUnit, ActiveTime>();
  for (const unit of ordered) active.set(unit, new ActiveTime(Date.now() - started));
  const arms: GroupArm<RunUnit>[] = ordered.map((unit) => ({
    unit: unit as GroupArm<RunUnit>["unit"],
    ...(unit.arm!.primary ? { own: policyOf(unit, options) } : {}),
    ...(unit.kept?.length ? { kept: unit.kept } : {}),
  }));
  const outcome = await runGroup(arms, {
    signal: options.signal,
    perArm: Math.max(1, Math.floor(options.concurrency / arms.length)),
    runTrial: (unit, wanted) =>
      slots.use(async () => {
        const n = wanted();
        if (n === undefined) return "cancelled" as const;
        const trial = await active
          .get(unit)!
          .during(() => runBudgetedTrial(unit, n, prepared.get(unit)!, options));
        if (trial !== "no-budget") options.events?.onTrialEnd?.(unit, trial);
        return trial;
      }),
  });
  const results = new Map<RunUnit, EvalResult>();
  for (const run of outcome.arms)
    results.set(run.unit, settledArm(run, active.get(run.unit)!.total(), options));
  return { results, comparisons: outcome.comparisons };
}

/** Every arm's tree; or, when one cannot be made, every arm's result saying why (nothing to compare). */
async function prepareArms(
  ordered: RunUnit[],
  trees: PreparedTrees,
): Promise<Map<RunUnit, PreparedTree> | { failed: Map<RunUnit, EvalResult> }> {
  const prepared = new Map<RunUnit, PreparedTree>();
  for (const unit of ordered) {
    try {
      prepared.set(unit, await trees.get(unit));
    } catch (error) {
      const { reason, code } = preparationFailure(error);
      const failed = new Map<RunUnit, EvalResult>();
      for (const u of ordered) {
        const said = `${u === unit ? "" : `${unit.arm!.label}: `}${reason}`;
        failed.set(u, settledResult(u, { status: "error", reason: said, code }));
      }
      return { failed };
    }
  }
  return prepared;
}

/**
 * An arm's result. It ran as many trials as the comparison needed (and, for the primary arm, at
 * least as many as its own verdict needed), so it is judged on all of them: passed when the share
 * of judged trials that passed meets its pass rate.
 */
function settledArm(run: ArmRun<RunUnit>, durationMs: number, options: UnitOptions): EvalResult {
  const { unit, trials, passes, failures } = run;
  const settle = (status: EvalStatus, reason?: string, code?: string) => ({
    ...settledResult(unit, { status, reason, code, trials, durationMs, passes }),
    trialsPlanned: unit.arm.maxTrials,
    ...(unit.arm.primary ? {} : { arm: unit.arm.label }),
  });
  if (run.infraError !== undefined) return settle("error", run.infraError, Codes.infraError);
  const judged = passes + failures;
  if (judged === 0 && options.signal.aborted)
    return settle("incomplete", "interrupted before any trial finished", Codes.interrupted);
  if (judged === 0 && run.budgetCut) {
    const above = aboveBudget(unit.spec.maxCostUsd, options.budget.limitUsd);
    return settle(
      "incomplete",
      above
        ? `not started: ${above}`
        : `the budget ran out before a trial could start (${dollars(options.budget.spent)} spent of ${dollars(options.budget.limitUsd ?? 0)})`,
      Codes.budgetExhausted,
    );
  }
  if (judged === 0) return settle("incomplete", "no trial ran", Codes.interrupted);
  return settle(passes >= requiredPasses(judged, unit.spec.passRate) ? "passed" : "failed");
}
