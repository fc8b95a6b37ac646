// Small helpers several engine stages share: the environment's set variables, and the lookup of a
// judge's calibration figure.

import type { CalibrationFigure, EvalSpec, JudgeSpec } from "../model/index.js";
import type { CalibrationStore } from "../store/index.js";
import { judgeKey } from "../check/index.js";

export function definedEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}

/** The calibration figure of an eval's judge, when calibrate measured this very judge. */
export function calibrationLookup(
  store: CalibrationStore,
): (spec: EvalSpec, judge: JudgeSpec) => CalibrationFigure | undefined {
  return (spec, judge) => store.judges[judgeKey(spec.id, judge)]?.figure;
}
