// The comparison arithmetic against published values and hand computations; its error rates are
// measured by simulation in bench/comparison.ts, not here.

import { describe, expect, it } from "vitest";
import {
  compareArms,
  decidedComparison,
  differenceInterval,
  fisherExact,
  passAtK,
  passHatK,
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

describe("decidedComparison (exact curtailment)", () => {
  it("stops a broken treatment once no remaining outcome can save it", () => {
    const control = { passes: 10, failures: 0, max: 10 };
    // 6 of 10 is the most that still reads as a regression against 10/10 (hand computation).
    expect(decidedComparison(control, { passes: 0, failures: 3, max: 10 })).toBeUndefined();
    expect(decidedComparison(control, { passes: 0, failures: 4, max: 10 })).toBe("regression");
  });

  it("agrees with running every trial, for every sequence of a small case", () => {
    const max = 5;
    for (let seq1 = 0; seq1 < 2 ** max; seq1++) {
      for (let seq2 = 0; seq2 < 2 ** max; seq2++) {
        const bits = (s: number, n: number) => [...Array(n)].map((_, i) => (s >> i) & 1);
        const a = bits(seq1, max);
        const b = bits(seq2, max);
        const full = verdictOf(
          differenceInterval(
            { passes: a.reduce((x, y) => x + y, 0), trials: max },
            { passes: b.reduce((x, y) => x + y, 0), trials: max },
          ),
        );
        for (let k = 0; k <= max; k++) {
          const p1 = a.slice(0, k).reduce((x, y) => x + y, 0);
          const p2 = b.slice(0, k).reduce((x, y) => x + y, 0);
          const early = decidedComparison(
            { passes: p1, failures: k - p1, max },
            { passes: p2, failures: k - p2, max },
          );
          if (early !== undefined) expect(early).toBe(full);
        }
      }
    }
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
