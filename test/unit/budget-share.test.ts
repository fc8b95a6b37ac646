// The budget is split once, in the plan: each unit carries its share (by expected cost), and a
// shard may spend what its units' shares add up to, rounded down to the cent.

import { describe, expect, it } from "vitest";
import type { PlannedUnit } from "../../src/model/index.js";
import type { HistoryLine } from "../../src/store/index.js";
import { planShards, shareBudget } from "../../src/plan/index.js";
import { aboveBudget, BudgetLedger, budgetCutReason } from "../../src/run/budget.js";

function unit(id: string, trials = 2): PlannedUnit {
  return {
    spec: { id, passRate: 1 },
    agentName: "claude-code",
    agent: { name: "claude-code" },
    trials,
  } as unknown as PlannedUnit;
}

/** History in which each trial of `id` cost `usd`. */
function costing(id: string, usd: number): HistoryLine[] {
  return [
    {
      id,
      agent: "claude-code",
      trials: 2,
      passes: 2,
      durationMs: 1000,
      costUsd: usd * 2,
    } as unknown as HistoryLine,
  ];
}

describe("budget shares", () => {
  it("follow each unit's expected cost and add up to the budget", () => {
    const units = [unit("cheap"), unit("dear"), unit("dearer")];
    const history = new Map([
      ["cheap", costing("cheap", 0.01)],
      ["dear", costing("dear", 0.03)],
      ["dearer", costing("dearer", 0.06)],
    ]);
    shareBudget(units, history, 10);
    const shares = units.map((u) => u.budgetShareUsd!);
    expect(shares[0]).toBeCloseTo(1, 9);
    expect(shares[1]).toBeCloseTo(3, 9);
    expect(shares[2]).toBeCloseTo(6, 9);
  });

  it("are what the shards' budgets add up from, never more than the budget", () => {
    const units = Array.from({ length: 7 }, (_, i) => unit(`e${i}`, 1 + (i % 3)));
    const history = new Map(units.map((u, i) => [u.spec.id, costing(u.spec.id, 0.01 * (i + 1))]));
    shareBudget(units, history, 1);
    const split = planShards(units, 3, history);
    const budgets = split.summaries.map((s) => s.budgetUsd!);
    expect(budgets.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    for (const [i, summary] of split.summaries.entries()) {
      const own = units.filter((u) => summary.pairs.some((p) => p.startsWith(`${u.spec.id} [`)));
      const sum = own.reduce((a, u) => a + u.budgetShareUsd!, 0);
      expect(budgets[i]).toBe(Math.floor(sum * 100 + 1e-9) / 100);
    }
  });

  it("leave shards without a budget when the plan has none", () => {
    const units = [unit("a"), unit("b")];
    const split = planShards(units, 2, new Map());
    expect(split.summaries.every((s) => s.budgetUsd === undefined)).toBe(true);
    expect(split.matrix.include.every((m) => m["budget-usd"] === undefined)).toBe(true);
  });
});

describe("what a budget cut says", () => {
  it("an eval whose maxCostUsd is above the whole budget: not started, and what to change", () => {
    expect(aboveBudget(3, 1)).toBe(
      "the eval's maxCostUsd $3.00 (a trial's worst case) is above the whole budget, --budget-usd $1.00: no trial of it can fit. Fix: raise --budget-usd to at least $3.00, or lower the eval's maxCostUsd",
    );
    expect(budgetCutReason(3, new BudgetLedger(1), 0, 3)).toMatch(
      /^not started: the eval's maxCostUsd \$3\.00 .* above the whole budget, --budget-usd \$1\.00/,
    );
  });

  it("one that fits the budget ran out of it: how many trials ran, what was spent", async () => {
    expect(aboveBudget(1, 1)).toBeUndefined();
    expect(aboveBudget(undefined, 1)).toBeUndefined();
    expect(aboveBudget(3, undefined)).toBeUndefined();
    const ledger = new BudgetLedger(1);
    ledger.settle((await ledger.reserve(0.6, false))!, 0.55);
    expect(budgetCutReason(0.6, ledger, 1, 3)).toBe(
      "the budget ran out: 1 of up to 3 trials ran ($0.55 spent of $1.00; a trial's worst case is $0.60)",
    );
    expect(budgetCutReason(undefined, ledger, 1, 3)).toBe(
      "the budget ran out: 1 of up to 3 trials ran ($0.55 spent of $1.00)",
    );
  });
});
