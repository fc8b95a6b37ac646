import { describe, expect, it } from "vitest";
import {
  compareRuns,
  fisherExactTwoSided,
  historyBaseline,
  sparkline,
} from "../../src/store/compare.js";
import type { HistoryLine } from "../../src/store/history.js";
import type { EvalResult, TrialResult } from "../../src/model/result.js";
import { wilsonInterval } from "../../src/model/stats.js";

function trials(passes: number, total: number): TrialResult[] {
  return Array.from({ length: total }, (_, i) => ({
    n: i + 1,
    status: i < passes ? ("passed" as const) : ("failed" as const),
    durationMs: 100,
    checks: [],
    dir: `.copybook/results/evals/x/trial-${i + 1}`,
  }));
}

function head(passes: number, total: number, overrides: Partial<EvalResult> = {}): EvalResult {
  return {
    id: "setup",
    file: "evals/setup.eval.yaml",
    line: 3,
    agent: "claude-code",
    status: passes === total ? "passed" : "failed",
    passes,
    trialsRun: total,
    trialsPlanned: total,
    passRate: total ? passes / total : 0,
    threshold: 1,
    interval: wilsonInterval(passes, total),
    costUsd: 0.5,
    durationMs: 1000,
    trials: trials(passes, total),
    ...overrides,
  };
}

function line(passes: number, total: number, overrides: Partial<HistoryLine> = {}): HistoryLine {
  return {
    time: "2025-01-01T00:00:00.000Z",
    ref: "main",
    id: "setup",
    agent: "claude-code",
    definitionHash: "def",
    trials: total,
    trialsPlanned: total,
    passes,
    passRate: total ? passes / total : 0,
    threshold: 1,
    interval: wilsonInterval(passes, total),
    costUsd: 0.5,
    durationMs: 1000,
    status: passes === total ? "passed" : "failed",
    ...overrides,
  };
}

const at = (day: number) => `2025-01-${String(day).padStart(2, "0")}T00:00:00.000Z`;

describe("fisherExactTwoSided", () => {
  it("matches known p-values (R fisher.test / scipy)", () => {
    expect(fisherExactTwoSided(1, 9, 11, 3)).toBeCloseTo(0.002759456, 8);
    expect(fisherExactTwoSided(3, 1, 1, 3)).toBeCloseTo(0.4857142857, 8);
    expect(fisherExactTwoSided(10, 0, 2, 8)).toBeCloseTo(0.0007144558, 9);
    expect(fisherExactTwoSided(7, 2, 1, 8)).toBeCloseTo(0.01522007404, 9);
    expect(fisherExactTwoSided(900, 100, 850, 150)).toBeCloseTo(0.000895087539, 10);
    expect(fisherExactTwoSided(2000, 1000, 1900, 1100)).toBeCloseTo(0.00736409912, 9);
  });

  it("is 1 for identical rows and for empty margins, and symmetric", () => {
    expect(fisherExactTwoSided(5, 5, 5, 5)).toBeCloseTo(1, 12);
    expect(fisherExactTwoSided(3, 0, 2, 1)).toBeCloseTo(1, 12);
    expect(fisherExactTwoSided(0, 0, 0, 0)).toBe(1);
    expect(fisherExactTwoSided(3, 3, 0, 0)).toBe(1);
    expect(fisherExactTwoSided(11, 3, 1, 9)).toBeCloseTo(fisherExactTwoSided(1, 9, 11, 3), 12);
    expect(fisherExactTwoSided(9, 1, 3, 11)).toBeCloseTo(fisherExactTwoSided(1, 9, 11, 3), 12);
  });

  it("rejects counts that are not non-negative integers", () => {
    expect(() => fisherExactTwoSided(-1, 1, 1, 1)).toThrow(RangeError);
    expect(() => fisherExactTwoSided(1.5, 1, 1, 1)).toThrow(RangeError);
  });
});

describe("compareRuns", () => {
  it("flags a significant drop as a regression (10/10 → 2/10)", () => {
    const base = new Map([["setup", [line(10, 10)]]]);
    const [row] = compareRuns([head(2, 10)], base);
    expect(row?.base?.passes).toBe(10);
    expect(row?.delta).toBeCloseTo(-0.8, 12);
    expect(row?.pValue).toBeCloseTo(fisherExactTwoSided(10, 0, 2, 8), 12);
    expect(row?.flag).toBe("regression");
    expect(row).toMatchObject({ id: "setup", agent: "claude-code", file: "evals/setup.eval.yaml" });
    expect(row?.line).toBe(3);
  });

  it("flags a significant rise as an improvement", () => {
    const base = new Map([["setup", [line(1, 10)]]]);
    const [row] = compareRuns([head(9, 10)], base);
    expect(row?.flag).toBe("improvement");
  });

  it("does not flag noise (3/3 → 2/3)", () => {
    const base = new Map([["setup", [line(3, 3)]]]);
    const [row] = compareRuns([head(2, 3)], base);
    expect(row?.delta).toBeCloseTo(-1 / 3, 12);
    expect(row?.pValue).toBeCloseTo(1, 12);
    expect(row?.flag).toBeUndefined();
  });

  it("respects alpha", () => {
    const base = new Map([["setup", [line(9, 10)]]]);
    // [[9,1],[3,7]] p ≈ 0.0198
    expect(compareRuns([head(3, 10)], base)[0]?.flag).toBe("regression");
    expect(compareRuns([head(3, 10)], base, { alpha: 0.01 })[0]?.flag).toBeUndefined();
  });

  it("uses the latest passed|failed line of the same agent as the base", () => {
    const lines = [
      line(1, 10, { time: at(1), definitionHash: "old" }),
      line(10, 10, { time: at(3) }),
      line(0, 10, { time: at(2), definitionHash: "old" }),
      line(0, 0, { time: at(4), status: "error" }),
      line(5, 10, { time: at(5), status: "inconclusive" }),
      line(2, 10, { time: at(6), agent: "codex" }),
    ];
    const [row] = compareRuns([head(10, 10)], new Map([["setup", lines]]));
    expect(row?.base?.time).toBe(at(3));
    expect(row?.delta).toBe(0);
    expect(row?.flag).toBeUndefined();
    // Trend: lines that ran trials, oldest first, then the head.
    expect(row?.trend).toEqual([0.1, 0, 1, 0.5, 1]);
  });

  it("pools the newest runs of the same definition and agent version, up to 50 trials", () => {
    // Six runs of 10 at 8/10 on the same definition: the newest five are pooled (50 trials).
    const same = Array.from({ length: 6 }, (_, i) => line(8, 10, { time: at(i + 1) }));
    const pooled = historyBaseline(same, "claude-code");
    expect(pooled).toMatchObject({ passes: 40, trials: 50, runs: 5 });
    // 10/20 now: one line of 8/10 cannot call it; 40/50 can.
    const [row] = compareRuns([head(10, 20)], new Map([["setup", same]]));
    expect(row?.baseline).toEqual({ passes: 40, trials: 50, runs: 5 });
    expect(row?.delta).toBeCloseTo(-0.3, 10);
    expect(row?.flag).toBe("regression");
    const [alone] = compareRuns([head(10, 20)], new Map([["setup", same.slice(-1)]]));
    expect(alone?.flag).toBeUndefined();
  });

  it("stops pooling at a line of another definition or agent version", () => {
    const lines = [
      line(10, 10, { time: at(1), agentVersion: "1.0.0" }),
      line(2, 10, { time: at(2), agentVersion: "1.1.0" }),
      line(3, 10, { time: at(3), agentVersion: "1.1.0" }),
      line(9, 10, { time: at(4), definitionHash: "new", agentVersion: "1.1.0" }),
    ];
    expect(historyBaseline(lines, "claude-code")).toMatchObject({ passes: 9, trials: 10, runs: 1 });
    expect(historyBaseline(lines.slice(0, 3), "claude-code")).toMatchObject({
      passes: 5,
      trials: 20,
      runs: 2,
    });
  });

  it("keeps the last 10 history rates in the trend, then the head's", () => {
    const lines = Array.from({ length: 14 }, (_, i) => line(i % 2 ? 1 : 0, 1, { time: at(i + 1) }));
    const [row] = compareRuns([head(1, 2)], new Map([["setup", lines]]));
    expect(row?.trend).toHaveLength(11);
    expect(row?.trend.slice(0, 10)).toEqual(lines.slice(-10).map((l) => l.passRate));
    expect(row?.trend[10]).toBe(0.5);
  });

  it("never flags cached, skipped, incomplete or error results", () => {
    const base = new Map([["setup", [line(10, 10)]]]);
    const results: EvalResult[] = [
      head(0, 0, {
        status: "cached",
        trialsRun: 0,
        passes: 0,
        passRate: 0,
        cachedFrom: {
          status: "failed",
          time: at(1),
          passes: 0,
          trials: 10,
          passRate: 0,
          interval: [0, 0.28],
          costUsd: 1,
          source: "history",
        },
      }),
      head(0, 0, { status: "skipped", reason: "claude not on PATH" }),
      head(1, 10, { status: "incomplete", reason: "budget reached" }),
      head(0, 10, { status: "error", reason: "setup failed" }),
    ];
    const rows = compareRuns(results, base);
    for (const row of rows) {
      expect(row.flag).toBeUndefined();
      expect(row.pValue).toBeUndefined();
      expect(row.delta).toBeUndefined();
      expect(row.base?.passes).toBe(10);
    }
    expect(rows[0]?.trend).toEqual([1]);
    expect(rows[2]?.trend).toEqual([1, 0.1]);
  });

  it("does not compare a comparison arm with its id's history", () => {
    const base = new Map([["setup", [line(10, 10)]]]);
    const [arm, primary] = compareRuns([head(2, 10, { arm: "base@main" }), head(2, 10)], base);
    expect(arm).toMatchObject({ id: "setup", trend: [0.2] });
    expect([arm?.base, arm?.delta, arm?.flag]).toEqual([undefined, undefined, undefined]);
    expect(primary?.flag).toBe("regression");
  });

  it("counts only trials that reached a verdict (errors are not failures)", () => {
    const base = new Map([["setup", [line(10, 10)]]]);
    const t = trials(2, 2);
    t.push({ n: 3, status: "error", durationMs: 0, checks: [], dir: "x", reason: "infra" });
    const result = head(2, 2, { trialsRun: 3, trials: t, passRate: 1 });
    const [row] = compareRuns([result], base);
    expect(row?.pValue).toBe(1);
  });

  it("has no base (and no flag) for an eval or agent without history", () => {
    const rows = compareRuns(
      [head(0, 10), head(0, 10, { id: "other" })],
      new Map([["setup", [line(10, 10, { agent: "codex" })]]]),
    );
    expect(rows.map((r) => [r.base, r.flag, r.delta])).toEqual([
      [undefined, undefined, undefined],
      [undefined, undefined, undefined],
    ]);
    expect(rows[0]?.trend).toEqual([0]);
  });
});

describe("sparkline", () => {
  it("maps 0..1 onto eight bars", () => {
    expect(sparkline([0, 1 / 7, 2 / 7, 3 / 7, 4 / 7, 5 / 7, 6 / 7, 1])).toBe("▁▂▃▄▅▆▇█");
    expect(sparkline([])).toBe("");
    expect(sparkline([-1, 2, Number.NaN])).toBe("▁█ ");
    expect(sparkline([1, 1, 0.5, 0])).toBe("██▅▁");
  });
});
