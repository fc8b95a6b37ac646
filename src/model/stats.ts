// Verdict arithmetic: how many passes a pass rate needs, when the verdict is decided, the Wilson
// interval. Pure functions shared by the runner, the reports and the history.

/**
 * Passes needed out of `trials` for `passRate`. Rates are read as their author writes them, to the
 * half percentage point: 0.67 means two thirds (2 of 3 passes), 0.33 one third, 0.5 a half.
 */
export function requiredPasses(trials: number, passRate: number): number {
  if (passRate <= 0) return 0;
  const tolerance = 0.005;
  return Math.min(trials, Math.max(0, Math.ceil(trials * (passRate - tolerance) - 1e-9)));
}

export function meetsPassRate(passes: number, trials: number, passRate: number): boolean {
  return trials > 0 && passes >= requiredPasses(trials, passRate);
}

export type Verdict = "passed" | "failed" | "undecided";

/**
 * The verdict once `passes` and `failures` of `trials` are known, if the rest can no longer change
 * it. Exact: stopping here always gives the verdict that running every trial would give.
 */
export function curtailedVerdict(
  passes: number,
  failures: number,
  trials: number,
  passRate: number,
): Verdict {
  const required = requiredPasses(trials, passRate);
  if (passes >= required) return "passed";
  if (passes + (trials - passes - failures) < required) return "failed";
  return "undecided";
}

/** Trials that are certainly still needed to reach a verdict: never start more than this at once. */
export function trialsCertainlyNeeded(
  passes: number,
  failures: number,
  trials: number,
  passRate: number,
): number {
  const required = requiredPasses(trials, passRate);
  const toPass = required - passes;
  const toFail = trials - required + 1 - failures;
  return Math.max(0, Math.min(toPass, toFail));
}

/** Wilson score interval (95% by default) of `passes` successes out of `trials`. */
export function wilsonInterval(passes: number, trials: number, z = 1.959964): [number, number] {
  if (trials === 0) return [0, 1];
  const p = passes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return [clamp01(centre - half), clamp01(centre + half)];
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, Math.round(x * 1e6) / 1e6));
}

/**
 * The sequential (adaptive) rule: decided once the Wilson interval lies wholly at or above the
 * pass rate (passed) or wholly below it (failed); the same half-point tolerance as fixed trials.
 */
export function adaptiveVerdict(passes: number, trials: number, passRate: number): Verdict {
  if (trials === 0) return "undecided";
  const [lo, hi] = wilsonInterval(passes, trials);
  if (lo >= passRate - 0.005) return "passed";
  if (hi < passRate - 0.005) return "failed";
  return "undecided";
}
