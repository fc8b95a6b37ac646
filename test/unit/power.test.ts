// The power planner (docs/verdicts.md › Planning the trials): the chance the rule flags a drop,
// summed exactly; the trials per arm it plans; and the plan built from history (rate, cost, the
// budget's under-powered pairs). bench/power.ts checks the planned N against the sequential rule.

import { describe, expect, it } from "vitest";
import {
  compareArms,
  hardestRate,
  regressionChance,
  trialsToDetect,
  type PlannedUnit,
} from "../../src/model/index.js";
import type { HistoryLine } from "../../src/store/index.js";
import { decisionRule, planPower, plannedTrials } from "../../src/plan/index.js";
import { powerPlanLines } from "../../src/report/index.js";

/** The chance summed over every pair of outcomes, cell by cell: what the staircase must equal. */
function bruteForce(rate: number, drop: number, n: number): number {
  const pmf = (p: number) =>
    [...Array(n + 1)].map((_, k) => {
      let c = 1;
      for (let i = 1; i <= k; i++) c *= (n - k + i) / i;
      return c * p ** k * (1 - p) ** (n - k);
    });
  const control = pmf(rate);
  const treatment = pmf(rate - drop);
  let chance = 0;
  for (let a = 0; a <= n; a++)
    for (let b = 0; b <= n; b++)
      if (compareArms({ passes: a, trials: n }, { passes: b, trials: n }).verdict === "regression")
        chance += control[a]! * treatment[b]!;
  return chance;
}

describe("regressionChance", () => {
  it("equals the cell-by-cell sum over both arms' outcomes", () => {
    for (const [rate, drop, n] of [
      [0.8, 0.3, 20],
      [0.5, 0.2, 30],
      [0.95, 0.25, 25],
      [0.6, 0.6, 8],
    ] as const)
      expect(regressionChance(rate, drop, n)).toBeCloseTo(bruteForce(rate, drop, n), 6);
  });

  it("is 0 without a drop or without trials, and grows with the trials", () => {
    expect(regressionChance(0.8, 0, 50)).toBe(0);
    expect(regressionChance(0.8, 0.3, 0)).toBe(0);
    expect(regressionChance(0.8, 0.3, 60)).toBeGreaterThan(regressionChance(0.8, 0.3, 20));
  });
});

describe("trialsToDetect", () => {
  it("plans the trials at which the chance first reaches the power", () => {
    for (const [rate, drop] of [
      [0.5, 0.2],
      [0.8, 0.3],
      [0.9, 0.2],
      [1, 0.2],
    ] as const) {
      const n = trialsToDetect(rate, drop, 0.8)!;
      expect(regressionChance(rate, drop, n)).toBeGreaterThanOrEqual(0.8);
      expect(regressionChance(rate, drop, n - 1)).toBeLessThan(0.8);
    }
  });

  it("asks more trials for a smaller drop, a higher power, a rate nearer one half", () => {
    expect(trialsToDetect(0.8, 0.1)!).toBeGreaterThan(trialsToDetect(0.8, 0.2)!);
    expect(trialsToDetect(0.8, 0.2, 0.9)!).toBeGreaterThan(trialsToDetect(0.8, 0.2, 0.8)!);
    expect(trialsToDetect(0.6, 0.2)!).toBeGreaterThan(trialsToDetect(0.95, 0.2)!);
  });

  it("says a drop out of reach, or one the rate cannot make, instead of a number", () => {
    expect(trialsToDetect(0.5, 0.02)).toBeUndefined();
    expect(trialsToDetect(0.1, 0.2)).toBeUndefined();
  });

  it("assumes the hardest rate without history", () => {
    expect(hardestRate(0.2)).toBe(0.6);
    const around = [0.5, 0.7, 0.8].map((r) => trialsToDetect(r, 0.2)!);
    expect(trialsToDetect(hardestRate(0.2), 0.2)!).toBeGreaterThanOrEqual(Math.max(...around));
  });
});

function unit(id: string, agent = "claude-code", maxCostUsd?: number): PlannedUnit {
  return {
    spec: { id, file: `/p/evals/${id}.eval.yaml`, passRate: 1, maxCostUsd, checks: [] },
    agentName: agent,
    agent: { name: agent, ...(agent === "literal" ? { free: true } : {}) },
    trials: 3,
  } as unknown as PlannedUnit;
}

function line(id: string, passes: number, trials: number, costUsd: number): HistoryLine {
  return {
    time: "2026-12-01T00:00:00Z",
    id,
    agent: "claude-code",
    trials,
    passes,
    costUsd,
    durationMs: 1000,
    status: passes === trials ? "passed" : "failed",
  } as unknown as HistoryLine;
}

describe("planPower", () => {
  const history = new Map([
    // 18 of 20 passed over two runs, at $0.05 a trial.
    ["greet", [line("greet", 9, 10, 0.5), line("greet", 9, 10, 0.5)]],
    ["deploy", [line("deploy", 10, 10, 2)]],
  ]);
  const target = { detect: 0.2, power: 0.8 };

  it("plans each pair from its history: pooled rate, trials per arm, cost of both arms", () => {
    const plan = planPower(
      { units: [unit("greet"), unit("deploy")], traffic: undefined },
      history,
      target,
    );
    const greet = plan.rows.find((r) => r.key === "greet [claude-code]")!;
    expect(greet).toMatchObject({ rate: 0.9, rateFrom: "history", historyTrials: 20 });
    expect(greet.trialsPerArm).toBe(trialsToDetect(0.9, 0.2));
    expect(greet.costFrom).toBe("history");
    expect(greet.forecastUsd).toBeCloseTo(2 * greet.trialsPerArm! * 0.05, 9);
    const deploy = plan.rows.find((r) => r.key === "deploy [claude-code]")!;
    expect(plan.forecastUsd).toBeCloseTo(greet.forecastUsd! + deploy.forecastUsd!, 6);
    expect(plannedTrials(unit("greet"), history, target)).toBe(greet.trialsPerArm);
  });

  it("without history: the hardest rate, and a cost that says it is a guess", () => {
    const plan = planPower(
      { units: [unit("new"), unit("bounded", "claude-code", 0.3), unit("free", "literal")] },
      new Map([["greet", history.get("greet")!]]),
      target,
    );
    const [fresh, bounded, free] = plan.rows;
    expect(fresh).toMatchObject({ rate: 0.6, rateFrom: "assumed" });
    expect(fresh!.costFrom).toBe("agent's other evals");
    expect(fresh!.costPerTrial).toBeCloseTo(0.05, 9);
    const noOthers = planPower({ units: [unit("bounded", "claude-code", 0.3)] }, new Map(), target);
    expect(noOthers.rows[0]).toMatchObject({ costFrom: "maxCostUsd", costPerTrial: 0.3 });
    expect(bounded!.costFrom).toBe("agent's other evals");
    expect(free).toMatchObject({ costFrom: "free", forecastUsd: 0 });
    const text = powerPlanLines(noOthers).join("\n");
    expect(text).toContain("a guess: the eval's maxCostUsd");
    expect(text).toContain("assumed (no history");
  });

  it("names the pairs a budget would leave under-powered, with the power it buys", () => {
    const full = planPower({ units: [unit("greet"), unit("deploy")] }, history, target);
    const plan = planPower(
      { units: [unit("greet"), unit("deploy")], budgetUsd: full.forecastUsd / 2 },
      history,
      target,
    );
    expect(plan.underPowered.map((r) => r.key).sort()).toEqual([
      "deploy [claude-code]",
      "greet [claude-code]",
    ]);
    for (const row of plan.underPowered) {
      expect(row.affordable!.trialsPerArm).toBeLessThan(row.trialsPerArm!);
      expect(row.affordable!.power).toBeLessThan(0.8);
    }
    expect(powerPlanLines(plan).join("\n")).toMatch(/Under-powered by the budget.*2 pair/);
    const enough = planPower(
      { units: [unit("greet")], budgetUsd: full.forecastUsd * 2 },
      history,
      target,
    );
    expect(enough.underPowered).toEqual([]);
  });

  it("says a pair is out of reach without counting it among the budget's", () => {
    const tiny = { detect: 0.02, power: 0.8 };
    const plan = planPower({ units: [unit("greet")], budgetUsd: 1 }, history, tiny);
    expect(plan.rows[0]!.trialsPerArm).toBeUndefined();
    expect(plan.underPowered).toHaveLength(1);
    const text = powerPlanLines(plan).join("\n");
    expect(text).toContain("out of reach: more than 1000 trials per arm");
    expect(text).not.toContain("Under-powered by the budget");
    expect(plannedTrials(unit("greet"), history, tiny)).toBeUndefined();
  });

  it("prints the rule it plans with, the margin included", () => {
    const rule = decisionRule(target, 0.15).join("\n");
    expect(rule).toContain("±15 points");
    expect(rule).toContain("a drop of 20 points");
    expect(rule).toContain("Fisher's p < 0.05");
  });
});
