// An eval × agent's result, settled from what its trials gave (or from why none ran).

import type {
  CachedVerdict,
  EvalResult,
  EvalStatus,
  PlannedUnit,
  TrialResult,
} from "../../model/index.js";
import { round6, wilsonInterval } from "../../model/index.js";

export interface Settlement {
  status: EvalStatus;
  reason?: string;
  /** The stable code of a status other than passed (model/errors.ts Codes). */
  code?: string;
  /** The trials that ran (default none). */
  trials?: TrialResult[];
  durationMs?: number;
  /** Default: the trials that passed. A comparison arm counts its own. */
  passes?: number;
}

export function settledResult(unit: PlannedUnit, settlement: Settlement): EvalResult {
  const { status, reason, code, trials = [], durationMs = 0 } = settlement;
  const passes = settlement.passes ?? trials.filter((t) => t.status === "passed").length;
  const counted = trials.filter((t) => t.status !== "error").length;
  return {
    id: unit.spec.id,
    file: unit.spec.file,
    ...(unit.spec.line ? { line: unit.spec.line } : {}),
    agent: unit.agentName,
    ...(unit.agentVersion ? { agentVersion: unit.agentVersion } : {}),
    ...(unit.prompt ? { promptHash: unit.prompt.hash } : {}),
    definitionHash: unit.spec.definitionHash,
    status,
    ...(code ? { code } : {}),
    ...(reason ? { reason } : {}),
    passes,
    trialsRun: trials.length,
    trialsPlanned: unit.trials,
    passRate: counted ? passes / counted : 0,
    threshold: unit.spec.passRate,
    interval: wilsonInterval(passes, counted),
    // Rounded: a sum of float prices prints as 0.00024000000000000003 otherwise.
    costUsd: round6(trials.reduce((sum, t) => sum + (t.costUsd ?? 0), 0)),
    durationMs,
    trials,
  };
}

/** A unit the plan settled (skipped, cached): nothing ran; a cached one reports the recorded numbers. */
export function plannedResult(unit: PlannedUnit): EvalResult {
  const { status, reason, code, cached } = unit.settled!;
  return withCached(settledResult(unit, { status, reason, ...(code ? { code } : {}) }), cached);
}

/** A cached unit reports the recorded verdict's numbers; it cost nothing this time. */
function withCached(result: EvalResult, cached: CachedVerdict | undefined): EvalResult {
  if (!cached) return result;
  return {
    ...result,
    passes: cached.passes,
    trialsRun: 0,
    trialsPlanned: cached.trials,
    passRate: cached.passRate,
    interval: cached.interval,
    cachedFrom: cached,
  };
}
