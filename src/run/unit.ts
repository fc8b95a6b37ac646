// A planned unit as the run stage takes it: with what was worked out for it once, before the first
// trial (its isolation, its time limits). Every later step reads these, never the spec's raw fields.

import type { EvalSpec, PlannedUnit, TrialResult } from "../model/index.js";
import type { TrialIsolation } from "./isolation/resolve.js";

/** How long the parts of a trial may take. */
export interface TrialLimits {
  /** Each part (setup, the agent, a check, a judge) on its own (`timeout`). */
  partMs: number;
  /** The whole trial, agent and checks together (`trialTimeout`); undefined: only the parts'. */
  trialMs?: number;
}

export interface RunUnit extends PlannedUnit {
  isolation: TrialIsolation;
  limits: TrialLimits;
  /**
   * `eval --resume`: the previous run's finished trials of this unit, counted as if they had just
   * run; the trials it runs take the numbers these leave free.
   */
  kept?: readonly TrialResult[];
}

export function limitsOf(spec: EvalSpec): TrialLimits {
  return {
    partMs: spec.timeoutMs,
    ...(spec.trialTimeoutMs !== undefined ? { trialMs: spec.trialTimeoutMs } : {}),
  };
}

/** The units with their settings, each eval's isolation taken from `resolved` (resolveEvals). */
export function unitsToRun(
  units: readonly PlannedUnit[],
  resolved: ReadonlyMap<EvalSpec, TrialIsolation>,
): RunUnit[] {
  return units.map((unit) => ({
    ...unit,
    isolation: resolved.get(unit.spec)!,
    limits: limitsOf(unit.spec),
  }));
}
