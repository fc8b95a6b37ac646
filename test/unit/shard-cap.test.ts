// Shards beyond the matrix's cap (docs/action.md › shards): a suite of more pairs than a GitHub
// Actions matrix has jobs is planned into at most 256 shards, balanced by history, every pair in
// exactly one.

import { describe, expect, it } from "vitest";
import type { PlannedUnit } from "../../src/model/index.js";
import type { HistoryLine } from "../../src/store/index.js";
import { MAX_SHARDS, planShards } from "../../src/plan/index.js";
import { parseShardCount } from "../../src/plan/shard.js";
import { shardPlanLines } from "../../src/report/index.js";

const AGENTS = ["claude-code", "codex", "gemini"];

function unit(id: string, agent: string): PlannedUnit {
  return {
    spec: { id, passRate: 1 },
    agentName: agent,
    agent: { name: agent },
    trials: 5,
  } as unknown as PlannedUnit;
}

/** 1,000 evals × 3 agents, each pair's trials taking 1–10 s in history. */
function bigSuite() {
  const units: PlannedUnit[] = [];
  const history = new Map<string, HistoryLine[]>();
  for (let i = 0; i < 1000; i++) {
    const id = `eval-${i}`;
    history.set(
      id,
      AGENTS.map(
        (agent, a) =>
          ({
            id,
            agent,
            trials: 5,
            passes: 5,
            durationMs: 5 * 1000 * (1 + ((i * 7 + a * 3) % 10)),
            costUsd: 0.05,
          }) as unknown as HistoryLine,
      ),
    );
    for (const agent of AGENTS) units.push(unit(id, agent));
  }
  return { units, history };
}

describe("shards beyond the matrix's cap", () => {
  it("plans 3,000 pairs asked into 1,000 shards into 256, balanced, each pair once", () => {
    const { units, history } = bigSuite();
    const plan = planShards(units, 1000, history);
    expect(plan.count).toBe(MAX_SHARDS);
    expect(plan.capped).toEqual({ asked: 1000 });
    expect(plan.matrix.include).toHaveLength(256);
    const all = plan.shards.flat();
    expect(all).toHaveLength(3000);
    expect(new Set(all).size).toBe(3000);
    expect(plan.balancedBy).toBe("duration");
    // The longest-processing-time split: heaviest shard within 5% of the mean here.
    expect(plan.balance).toBeLessThan(1.05);
    const text = shardPlanLines(plan).join("\n");
    expect(text).toContain("1000 shards asked: planned into 256, the most jobs a GitHub Actions");
  });

  it("takes any count of 1 or more, or auto", () => {
    expect(parseShardCount("1000")).toBe(1000);
    expect(parseShardCount("auto")).toBe("auto");
    expect(() => parseShardCount("0")).toThrow(/1 or more/);
    expect(() => parseShardCount("2.5")).toThrow(/1 or more/);
  });
});

describe("the shard plan's forecast", () => {
  it("adds a guess for pairs without history, from their agent's other evals, and says so", () => {
    const { units, history } = bigSuite();
    // Only the first 10 evals have history ($0.01 a trial); the rest are guessed at that.
    const some = new Map([...history].slice(0, 10));
    const plan = planShards(units, 4, some);
    expect(plan.forecast.guessedPairs).toBe(3000 - 30);
    expect(plan.forecast.unknownPairs).toBe(0);
    expect(plan.forecast.costUsd).toBeCloseTo(3000 * 5 * 0.01, 6);
    expect(shardPlanLines(plan).join("\n")).toContain(
      "2970 pair(s) without history: a guess from their agent's other evals",
    );
    const none = planShards(units.slice(0, 3), 1, new Map());
    expect(none.forecast).toEqual({ costUsd: 0, guessedPairs: 0, unknownPairs: 3 });
  });
});
