// The health rule (store/health.ts) on recorded runs, and pass@k / pass^k in run.json's results.

import { describe, expect, it } from "vitest";
import { healthOf } from "../../src/store/health.js";
import type { HistoryLine } from "../../src/store/history.js";
import { reliabilityOf } from "../../src/model/comparison.js";

function runs(id: string, outcomes: Array<[passes: number, trials: number]>): HistoryLine[] {
  return outcomes.map(([passes, trials], i) => ({
    time: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    id,
    agent: "claude-code",
    definitionHash: "h",
    trials,
    trialsPlanned: trials,
    passes,
    passRate: passes / trials,
    threshold: 1,
    interval: [0, 1],
    costUsd: 0,
    durationMs: 1,
    status: passes === trials ? "passed" : "failed",
  }));
}

describe("healthOf", () => {
  it("names broken, flaky, saturated and ok evals by the stated rule", () => {
    const history = new Map([
      [
        "broken",
        runs("broken", [
          [0, 3],
          [0, 3],
          [0, 3],
        ]),
      ],
      [
        "flaky",
        runs("flaky", [
          [3, 3],
          [1, 3],
          [3, 3],
          [2, 3],
        ]),
      ],
      [
        "saturated",
        runs("saturated", [
          [3, 3],
          [3, 3],
          [3, 3],
          [3, 3],
          [3, 3],
        ]),
      ],
      [
        "steady",
        runs("steady", [
          [3, 3],
          [3, 3],
          [2, 3],
          [2, 3],
        ]),
      ],
      [
        "young",
        runs("young", [
          [0, 3],
          [0, 3],
        ]),
      ],
    ]);
    const byId = Object.fromEntries(healthOf(history).map((h) => [h.id, h]));
    expect(byId.broken).toMatchObject({ state: "broken", runs: 3, trialPassRate: 0 });
    expect(byId.flaky).toMatchObject({ state: "flaky", flips: 3, flipRate: 1 });
    expect(byId.saturated).toMatchObject({ state: "saturated", flips: 0, trialPassRate: 1 });
    expect(byId.steady).toMatchObject({ state: "ok", flips: 1 });
    expect(byId.young).toMatchObject({ state: "new", runs: 2 });
    expect(healthOf(history).map((h) => h.state)).toEqual([
      "broken",
      "flaky",
      "saturated",
      "ok",
      "new",
    ]);
  });

  it("reads only the last 10 judged runs; errors and interrupted runs do not count", () => {
    const old = runs("e", [
      [0, 3],
      [3, 3],
      [0, 3],
      [3, 3],
    ]); // flips, long ago
    const recent = runs(
      "e",
      [...Array(10)].map(() => [3, 3] as [number, number]),
    ).map((l, i) => ({
      ...l,
      time: new Date(Date.UTC(2026, 5, 1 + i)).toISOString(),
    }));
    const errored = {
      ...recent[0]!,
      status: "error" as const,
      passes: 0,
      time: "2026-12-01T00:00:00Z",
    };
    const [row] = healthOf(new Map([["e", [...old, ...recent, errored]]]));
    expect(row).toMatchObject({ state: "saturated", runs: 10, flips: 0 });
  });
});

describe("reliabilityOf", () => {
  it("lists pass@k and pass^k for k = 1…n", () => {
    expect(reliabilityOf(2, 3)).toEqual({
      passAtK: [0.666667, 1, 1],
      passHatK: [0.666667, 0.333333, 0],
    });
    expect(reliabilityOf(0, 0)).toBeUndefined();
  });
});
