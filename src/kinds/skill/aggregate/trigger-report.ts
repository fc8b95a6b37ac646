// The trigger section: per query how often the skill triggered (or stayed quiet) with its interval,
// precision, recall and F1 over the queries (and per holdout split), and with competitors which
// skill each run triggered first.

import { countedTrials, round6, type EvalStatus, type TrialResult } from "../../../model/index.js";
import { firstTriggered, triggerMetrics, triggerRate, type Confusion } from "../trigger.js";
import { cachedFrom, trialRecord, verdictOf, type Part } from "./parts.js";
import type { SkillPart } from "../part.js";
import type { RecordedPart } from "./recorded.js";
import type {
  SideReport,
  SplitMetrics,
  TriggerQueryReport,
  TriggerReport,
} from "./report-types.js";

export async function triggerReport(
  parts: Part[],
  projectRoot: string,
  recorded: Map<string, RecordedPart>,
): Promise<TriggerReport> {
  const queries: TriggerQueryReport[] = [];
  const candidates = parts[0]!.spec.part.candidates;
  const labels = candidates ? [...candidates.map((c) => c.name), "none"] : undefined;
  const matrix = labels
    ? {
        labels,
        rows: {
          positive: Object.fromEntries(labels.map((l) => [l, 0])),
          negative: Object.fromEntries(labels.map((l) => [l, 0])),
        },
      }
    : undefined;
  for (const { spec, result } of parts) {
    const query = spec.part.query!;
    const counted = result.cachedFrom ? result.cachedFrom.trials : countedTrials(result);
    const passes = result.cachedFrom ? result.cachedFrom.passes : result.passes;
    // A run passes when it did what the query expects: trigger for positives, not for negatives.
    const triggered = query.shouldTrigger ? passes : counted - passes;
    const { rate, interval } = triggerRate(triggered, counted);
    const firstTrial = result.trials.find((t) => t.status !== "error");
    const earlier = result.cachedFrom ? recorded.get(spec.id)?.query : undefined;
    const triggeredBy =
      candidates && labels && !result.cachedFrom
        ? await triggeredCounts(projectRoot, result.trials, candidates, labels)
        : earlier?.triggered_by;
    if (matrix && triggeredBy)
      for (const label of labels!)
        matrix.rows[query.shouldTrigger ? "positive" : "negative"][label]! +=
          triggeredBy[label] ?? 0;
    queries.push({
      id: spec.id,
      query: query.text,
      ...(query.note ? { note: query.note } : {}),
      should_trigger: query.shouldTrigger,
      status: result.status === "cached" ? verdictOf(result) : result.status,
      ...(result.reason && !result.cachedFrom ? { reason: result.reason } : {}),
      runs: counted,
      triggered,
      trigger_rate: rate,
      interval,
      cost_usd: round6(result.costUsd),
      trajectory: firstTrial
        ? (await trialRecord(projectRoot, firstTrial)).trajectory.map((c) => c.tool)
        : (earlier?.trajectory ?? []),
      ...(firstTrial?.checks[0]
        ? { evidence: firstTrial.checks[0].evidence }
        : earlier?.evidence
          ? { evidence: earlier.evidence }
          : {}),
      ...(query.split ? { split: query.split } : {}),
      ...(triggeredBy ? { triggered_by: triggeredBy } : {}),
      ...(result.cachedFrom ? { cached: cachedFrom(result) } : {}),
    });
  }
  const side = (shouldTrigger: boolean): SideReport => {
    const list = queries.filter((q) => q.should_trigger === shouldTrigger);
    const done = decided(list);
    const passed = done.filter((q) => q.status === "passed").length;
    return { total: list.length, passed, rate: done.length ? round6(passed / done.length) : null };
  };
  const confusion = confusionOf(queries);
  const split = (which: "train" | "holdout"): SplitMetrics => {
    const list = queries.filter((q) => q.split === which);
    const c = confusionOf(list);
    return { queries: list.length, ...triggerMetrics(c), confusion: c };
  };
  const splitUsed = queries.some((q) => q.split);
  return {
    mode: parts[0]!.spec.part.query!.mode,
    positive: side(true),
    negative: side(false),
    ...triggerMetrics(confusion),
    confusion,
    ...(splitUsed ? { train: split("train"), holdout: split("holdout") } : {}),
    ...(matrix ? { matrix } : {}),
    queries,
    cost_usd: round6(queries.reduce((sum, q) => sum + q.cost_usd, 0)),
  };
}

/** The queries that were decided (not skipped or errored): the ones the metrics count. */
function decided(list: TriggerQueryReport[]): TriggerQueryReport[] {
  return list.filter((q) => q.status === "passed" || q.status === "failed");
}

function confusionOf(queries: TriggerQueryReport[]): Confusion {
  const count = (shouldTrigger: boolean, status: EvalStatus) =>
    decided(queries).filter((q) => q.should_trigger === shouldTrigger && q.status === status)
      .length;
  return {
    truePositive: count(true, "passed"),
    falseNegative: count(true, "failed"),
    falsePositive: count(false, "failed"),
    trueNegative: count(false, "passed"),
  };
}

/** How many of the query's runs triggered each candidate first (or none). */
async function triggeredCounts(
  projectRoot: string,
  trials: TrialResult[],
  candidates: NonNullable<SkillPart["candidates"]>,
  labels: string[],
): Promise<Record<string, number>> {
  const counts = Object.fromEntries(labels.map((l) => [l, 0]));
  for (const trial of trials.filter((t) => t.status !== "error")) {
    const { trajectory } = await trialRecord(projectRoot, trial);
    const first = firstTriggered(trajectory, candidates);
    counts[first ? candidates[first.candidate]!.name : "none"]! += 1;
  }
  return counts;
}
