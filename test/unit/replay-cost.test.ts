// A replay's forecast (docs/record-replay.md › Cost and budget): a replayed pair costs $0 in the
// plan's estimate, its budget share and what `plan` prints, whatever its recorded runs cost; a pair
// with a judge check too, since each judge call replays from its own cassette. Recorded or live, a
// judged pair is paid, whatever agent did the work.

import { describe, expect, it } from "vitest";
import { spendsNothing, type PlannedUnit } from "../../src/model/index.js";
import type { HistoryLine } from "../../src/store/index.js";
import { planShards, shareBudget } from "../../src/plan/index.js";
import { planLines } from "../../src/report/index.js";

const JUDGE = { type: "judge", judge: { rubric: "The deploy is recorded.", agent: "claude-code" } };

function unit(id: string, options: { judged?: boolean; agent?: string } = {}): PlannedUnit {
  const agent = options.agent ?? "claude-code";
  return {
    spec: {
      id,
      file: `/project/evals/${id}.eval.yaml`,
      passRate: 1,
      maxCostUsd: 1,
      checks: options.judged ? [JUDGE] : [{ type: "fileExists", path: "deploy.txt" }],
    },
    agentName: agent,
    agent: { name: agent, ...(agent === "literal" ? { free: true } : {}) },
    trials: 2,
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

const history = new Map([
  ["replayed", costing("replayed", 0.05)],
  ["judged", costing("judged", 0.15)],
]);

/** The expected cost of the one shard holding only `u`. */
const expected = (u: PlannedUnit, traffic?: "record" | "replay") =>
  planShards([u], 1, history, traffic).summaries[0]!.expectedCostUsd;

describe("a replay's cost forecast", () => {
  it("a replayed pair is expected to cost $0; recorded or live, what its history says", () => {
    expect(expected(unit("replayed"), "replay")).toBe(0);
    expect(expected(unit("replayed"), "record")).toBeCloseTo(0.1, 9);
    expect(expected(unit("replayed"))).toBeCloseTo(0.1, 9);
  });

  it("a judged pair too, its judges replayed; recorded or live, what its history says", () => {
    expect(expected(unit("judged", { judged: true }), "replay")).toBe(0);
    expect(expected(unit("judged", { judged: true }), "record")).toBeCloseTo(0.3, 9);
    expect(expected(unit("judged", { judged: true }))).toBeCloseTo(0.3, 9);
  });

  it("a replay's budget favours no pair, judged or not; a recording's follows history", () => {
    const units = [unit("replayed"), unit("judged", { judged: true })];
    // Every pair free: none weighs more than another (an even split of a budget none spends).
    shareBudget(units, history, 1, "replay");
    expect(units.map((u) => u.budgetShareUsd)).toEqual([0.5, 0.5]);
    shareBudget(units, history, 1, "record");
    expect(units[0]!.budgetShareUsd).toBeCloseTo(0.25, 9);
    expect(units[1]!.budgetShareUsd).toBeCloseTo(0.75, 9);
  });

  it("a free agent's judged pair is free in a replay only", () => {
    const literal = () => unit("checked", { agent: "literal", judged: true });
    expect(spendsNothing(literal(), "replay")).toBe(true);
    expect(spendsNothing(literal(), "record")).toBe(false);
    expect(spendsNothing(literal(), undefined)).toBe(false);
    expect(spendsNothing(unit("free", { agent: "literal" }), undefined)).toBe(true);
  });

  it("a free agent with a judge gets a share like a paid pair, as the run reserves for it", () => {
    const units = [unit("replayed"), unit("checked", { agent: "literal", judged: true })];
    shareBudget(units, new Map(), 1);
    expect(units.map((u) => u.budgetShareUsd)).toEqual([0.5, 0.5]);
  });

  it("plan prints a replayed pair as free, a judged one and a free agent's judged one too", () => {
    const units = [
      unit("replayed"),
      unit("judged", { judged: true }),
      unit("checked", { agent: "literal", judged: true }),
    ];
    const lines = planLines({ units, budgetUsd: 0.01, traffic: "replay" }, "/project");
    expect(lines[0]).toMatch(
      /^run +replayed \[claude-code\] up to 2 trial\(s\), needs 2; free \(replayed\) /,
    );
    expect(lines[1]).toMatch(
      /^run +judged \[claude-code\] up to 2 trial\(s\).*; free \(replayed\) /,
    );
    expect(lines[2]).toMatch(/^run +checked \[literal\] up to 2 trial\(s\).*; free \(replayed\) /);
    expect(lines.join("\n")).not.toContain("would not start");
    // Live, the same pairs are paid: they would not start within $0.01.
    const live = planLines({ units: units.slice(0, 2), budgetUsd: 0.01 }, "/project");
    expect(live[0]).toContain("would not start");
    expect(live[1]).toMatch(
      /^run +judged \[claude-code\] .*; no cost history, worst case \$2\.00; would not start: the eval's maxCostUsd \$1\.00/,
    );
  });
});
