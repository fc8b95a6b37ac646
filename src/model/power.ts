// Power planning: how many trials per arm a controlled comparison needs to flag a drop of a given
// size with a given chance, under the verdict rule of ./comparison.ts (α = 0.05). Pure functions;
// docs/verdicts.md › Planning the trials states the rule and bench/power.ts checks by simulation
// that the sequential rule, run at the planned N, reaches the planned power.

import { compareArms, DEFAULT_MARGIN, FINAL_CONFIDENCE, likelyOutcomes } from "./comparison.js";
import { clamp01, inverseNormal, zFor } from "./stats.js";

/** `--detect`'s default: a drop of 20 points. */
export const DEFAULT_DETECT = 0.2;
/** `--power`'s default: the drop is flagged 8 times in 10. */
export const DEFAULT_POWER = 0.8;
/** The most trials per arm the planner proposes; beyond it a drop is called out of reach. */
export const MAX_PLANNED_TRIALS = 1000;

/**
 * The chance that the rule's 95% verdict on `trials` + `trials` trials is `regression` when the
 * control passes at `rate` and the treatment at `rate − drop`: summed exactly over both arms'
 * binomial outcomes (outcomes further than 6 standard deviations from the mean, a share below
 * 1e-8, are left out). This is the power of the rule at its last look; its earlier looks at the
 * 99.8% interval add early stops, which bench/power.ts shows change the realised power by little.
 */
export function regressionChance(rate: number, drop: number, trials: number): number {
  if (trials < 1 || drop <= 0) return 0;
  const p1 = clamp01(rate);
  const p2 = clamp01(rate - drop);
  const control = likelyOutcomes(trials, p1);
  const treatment = likelyOutcomes(trials, p2);
  // chanceUpTo[j]: the chance of the treatment's j+1 fewest likely counts.
  const chanceUpTo: number[] = [];
  for (const [, pb] of treatment) chanceUpTo.push((chanceUpTo.at(-1) ?? 0) + pb);
  const regression = (a: number, b: number) =>
    compareArms({ passes: a, trials }, { passes: b, trials }, DEFAULT_MARGIN, FINAL_CONFIDENCE)
      .verdict === "regression";
  // Fewer treatment passes, or more control passes, only strengthen a regression: the counts that
  // are one form a staircase, walked once (each step one verdict) instead of cell by cell.
  let last = -1;
  let chance = 0;
  for (const [a, pa] of control) {
    while (last + 1 < treatment.length && regression(a, treatment[last + 1]![0])) last++;
    if (last >= 0) chance += pa * chanceUpTo[last]!;
  }
  return Math.min(1, chance);
}

/**
 * The trials per arm at which the rule flags a drop of `drop` from `rate` with a chance of at least
 * `power`: the smallest such n, searched by bisection around the normal approximation
 * n ≈ (z₀.₉₇₅ + z_power)² · (p₁q₁ + p₂q₂) / drop². Undefined when even MAX_PLANNED_TRIALS would not
 * reach it (a drop of a point or two), or when the drop is not possible from `rate`.
 */
export function trialsToDetect(
  rate: number,
  drop: number,
  power = DEFAULT_POWER,
): number | undefined {
  const p1 = clamp01(rate);
  if (drop <= 0 || p1 - drop < -1e-9) return undefined;
  const key = `${p1} ${drop} ${power}`;
  if (planned.has(key)) return planned.get(key)!;
  const p2 = clamp01(p1 - drop);
  const z = zFor(FINAL_CONFIDENCE) + inverseNormal(power);
  const guess = Math.max(2, Math.ceil((z * z * (p1 * (1 - p1) + p2 * (1 - p2))) / (drop * drop)));
  const reaches = (n: number) => regressionChance(p1, drop, n) >= power;
  let found: number | undefined;
  // Past the cap by the approximation: out of reach (the exact rule needs at least as many).
  if (guess <= MAX_PLANNED_TRIALS) {
    let low = Math.floor(guess * 0.7);
    if (low > 0 && reaches(low)) low = 0;
    let high = Math.min(MAX_PLANNED_TRIALS, Math.max(low + 1, Math.ceil(guess * 1.4)));
    while (high < MAX_PLANNED_TRIALS && !reaches(high)) {
      low = high;
      high = Math.min(MAX_PLANNED_TRIALS, high * 2);
    }
    if (high < MAX_PLANNED_TRIALS || reaches(high)) {
      while (high - low > 1) {
        const mid = Math.floor((low + high) / 2);
        if (reaches(mid)) high = mid;
        else low = mid;
      }
      found = high;
    }
  }
  planned.set(key, found);
  return found;
}

const planned = new Map<string, number | undefined>();

/**
 * The pass rate at which a drop of `drop` is hardest to see (the binomial variance is largest
 * around it): what the planner assumes for an eval without history, so its figure is an upper
 * bound rather than a hope.
 */
export function hardestRate(drop: number): number {
  return Math.min(1, (1 + drop) / 2);
}
