// The comparison arithmetic against published values and hand computations; its error rates are
// measured by simulation in bench/comparison.ts, not here.

import { describe, expect, it } from "vitest";
import {
  compareArms,
  differenceInterval,
  fisherExact,
  noChangeChance,
  noChangeTrials,
  passAtK,
  passHatK,
  sequentialDecision,
  sequentialVerdict,
  verdictOf,
} from "../../src/model/comparison.js";

describe("differenceInterval (Newcombe 1998, method 10)", () => {
  it("matches the paper's worked examples", () => {
    // 56/70 vs 48/80: 0.0524 to 0.3339; 9/10 vs 3/10: 0.1705 to 0.8090.
    const [lo1, hi1] = differenceInterval({ passes: 48, trials: 80 }, { passes: 56, trials: 70 });
    expect(lo1).toBeCloseTo(0.0524, 3);
    expect(hi1).toBeCloseTo(0.3339, 3);
    const [lo2, hi2] = differenceInterval({ passes: 3, trials: 10 }, { passes: 9, trials: 10 });
    expect(lo2).toBeCloseTo(0.1705, 3);
    expect(hi2).toBeCloseTo(0.809, 3);
  });

  it("is the mirror image when the arms swap", () => {
    const [lo, hi] = differenceInterval({ passes: 56, trials: 70 }, { passes: 48, trials: 80 });
    expect(lo).toBeCloseTo(-0.3339, 3);
    expect(hi).toBeCloseTo(-0.0524, 3);
  });
});

describe("fisherExact (two-sided)", () => {
  it("gives the hand-computed p-values", () => {
    // [[3,0],[0,3]]: two tables as extreme, each 1/C(6,3) = 1/20.
    expect(fisherExact({ passes: 3, trials: 3 }, { passes: 0, trials: 3 })).toBeCloseTo(0.1, 6);
    // 10/10 against 0/1: 1/11.
    expect(fisherExact({ passes: 10, trials: 10 }, { passes: 0, trials: 1 })).toBeCloseTo(
      1 / 11,
      6,
    );
    expect(fisherExact({ passes: 5, trials: 10 }, { passes: 5, trials: 10 })).toBe(1);
  });
});

describe("the verdict rule", () => {
  it("reads the interval against 0 and the margin", () => {
    expect(verdictOf([-0.5, -0.01])).toBe("regression");
    expect(verdictOf([0.01, 0.4])).toBe("improvement");
    expect(verdictOf([-0.08, 0.09])).toBe("no-change");
    expect(verdictOf([-0.3, 0.2])).toBe("inconclusive");
  });

  it("flags a 10/10 → 0/4 change as a regression, with its p-value", () => {
    const stats = compareArms({ passes: 10, trials: 10 }, { passes: 0, trials: 4 });
    expect(stats.verdict).toBe("regression");
    expect(stats.delta).toBe(-1);
    expect(stats.pValue).toBeLessThan(0.01);
  });
});

describe("sequentialVerdict (looks after each pair)", () => {
  it("does not look before the 3rd pair, and decides on the 99.8% interval before the maximum", () => {
    expect(
      sequentialVerdict({ passes: 2, trials: 2 }, { passes: 0, trials: 2 }, 50),
    ).toBeUndefined();
    // 3/3 vs 0/3: the 99.8% interval still reaches above 0; 4/4 vs 0/4 does not.
    expect(
      sequentialVerdict({ passes: 3, trials: 3 }, { passes: 0, trials: 3 }, 50),
    ).toBeUndefined();
    expect(sequentialVerdict({ passes: 4, trials: 4 }, { passes: 0, trials: 4 }, 50)).toBe(
      "regression",
    );
    expect(sequentialVerdict({ passes: 0, trials: 4 }, { passes: 4, trials: 4 }, 50)).toBe(
      "improvement",
    );
    // Identical arms are not "no change" before the maximum: ±10 points needs more trials.
    expect(
      sequentialVerdict({ passes: 20, trials: 20 }, { passes: 20, trials: 20 }, 50),
    ).toBeUndefined();
  });

  it("gives the 95% verdict at the maximum, inconclusive included", () => {
    expect(sequentialVerdict({ passes: 50, trials: 50 }, { passes: 50, trials: 50 }, 50)).toBe(
      "no-change",
    );
    expect(sequentialVerdict({ passes: 5, trials: 5 }, { passes: 5, trials: 5 }, 5)).toBe(
      "inconclusive",
    );
  });
});

describe("pass@k and pass^k (unbiased estimators)", () => {
  it("give the hand-computed values", () => {
    expect(passAtK(10, 3, 1)).toBe(0.3);
    expect(passHatK(10, 3, 1)).toBe(0.3);
    // pass@2 with 3 of 10: 1 − C(7,2)/C(10,2) = 1 − 21/45.
    expect(passAtK(10, 3, 2)).toBeCloseTo(1 - 21 / 45, 6);
    // pass^2 with 3 of 10: C(3,2)/C(10,2) = 3/45.
    expect(passHatK(10, 3, 2)).toBeCloseTo(3 / 45, 6);
    expect(passAtK(10, 0, 5)).toBe(0);
    expect(passAtK(5, 1, 5)).toBe(1);
    expect(passHatK(10, 10, 5)).toBe(1);
    expect(passHatK(10, 4, 5)).toBe(0);
  });
});

describe("label and numbers agree (issue 33, item 8)", () => {
  it("never labels regression when Fisher's p of the same counts is 0.05 or more", () => {
    // 3/3 → 0/3 (a PR at its 3rd pair, max 3): the Newcombe 95% interval lies below 0, p = 0.1.
    const stats = compareArms({ passes: 3, trials: 3 }, { passes: 0, trials: 3 });
    expect(stats.interval[1]).toBeLessThan(0);
    expect(stats.pValue).toBeGreaterThanOrEqual(0.05);
    expect(stats.verdict).toBe("inconclusive");
  });

  it("stops early against a fixed baseline once the verdict at the maximum cannot change", () => {
    const d = sequentialDecision({ passes: 10, trials: 10 }, { passes: 0, trials: 2 }, 3, {
      fixedControl: true,
    });
    expect(d?.verdict).toBe("regression");
    expect(d?.pValue).toBeLessThan(0.05);
    expect(
      sequentialDecision({ passes: 10, trials: 10 }, { passes: 0, trials: 1 }, 3, {
        fixedControl: true,
      }),
    ).toBeUndefined();
  });
});

describe("what a no-change needs (issue 33, item 8)", () => {
  it("is never said at the 95% rule before the Wilson bound allows it: 35 trials at a rate of 1", () => {
    // n/n against n/n: the interval is ±z²/(n+z²), within ±0.1 from n = z²·9 = 34.6 on.
    expect(noChangeChance(1, 0.1, 34)).toBe(0);
    expect(noChangeChance(1, 0.1, 35)).toBe(1);
    expect(noChangeTrials(1, 0.1)).toBe(35);
  });

  it("agrees with the normal approximation of two one-sided tests where it holds", () => {
    // 2·p(1−p)·((1.96 + 1.2816)/m)²: 525.5 at 0.5 and 336.3 at 0.8 for ±10 points; 131.4 and
    // 84.1 for ±20.
    expect(noChangeTrials(0.5, 0.1)).toBeGreaterThanOrEqual(515);
    expect(noChangeTrials(0.5, 0.1)).toBeLessThanOrEqual(535);
    expect(noChangeTrials(0.8, 0.1)).toBeGreaterThanOrEqual(326);
    expect(noChangeTrials(0.8, 0.1)).toBeLessThanOrEqual(346);
    expect(noChangeTrials(0.8, 0.2)).toBeGreaterThanOrEqual(78);
    expect(noChangeTrials(0.8, 0.2)).toBeLessThanOrEqual(90);
  });

  it("gives a chance of 80% at the trials it names, and less just below", () => {
    for (const [rate, margin] of [
      [0.5, 0.2],
      [0.8, 0.1],
      [0.95, 0.1],
    ] as const) {
      const n = noChangeTrials(rate, margin);
      expect(noChangeChance(rate, margin, n)).toBeGreaterThanOrEqual(0.8);
      expect(noChangeChance(rate, margin, n - 1)).toBeLessThan(0.8);
    }
    // Where the interval's half-width merely equals the margin (2·p(1−p)·(1.96/m)² = 123 at 0.8),
    // no-change is said almost never: that is not what it needs.
    expect(noChangeChance(0.8, 0.1, 123)).toBeLessThan(0.1);
  });

  it("is out of reach at the default 50 trials for ±10 points at a rate of 0.5 or 0.8", () => {
    // Only when both arms land far in a tail (say 49/50 and 49/50 at a rate of 0.8).
    expect(noChangeChance(0.5, 0.1, 50)).toBeLessThan(1e-5);
    expect(noChangeChance(0.8, 0.1, 50)).toBeLessThan(1e-5);
    expect(noChangeChance(0.8, 0.2, 50)).toBeGreaterThan(0.3);
  });
});
