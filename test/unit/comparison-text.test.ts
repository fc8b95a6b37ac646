// The reason an inconclusive comparison gives when it ran out of trials: what a no-change within
// the margin would need at the pass rate seen (issue 33, item 8), in the console and the PR table.

import { describe, expect, it } from "vitest";
import { compareArms, type ArmCounts } from "../../src/model/comparison.js";
import type { ComparisonRecord } from "../../src/model/result.js";
import { comparisonLines, decisionText } from "../../src/report/comparisons.js";
import { makeStyle } from "../../src/report/console.js";
import { renderRunMarkdown } from "../../src/report/markdown.js";
import { comparisonRun } from "../helpers/comparison-run.js";

/** A comparison that ran every trial of `max`, as src/run/group.ts records it. */
function atMax(control: ArmCounts, treatment: ArmCounts, max = 50, margin = 0.1): ComparisonRecord {
  const stats = compareArms(control, treatment, margin);
  return {
    id: "greet",
    agent: "literal",
    control: "base@main",
    treatment: "working tree",
    controlPasses: control.passes,
    controlTrials: control.trials,
    treatmentPasses: treatment.passes,
    treatmentTrials: treatment.trials,
    delta: stats.delta,
    interval: stats.interval,
    pValue: stats.pValue,
    verdict: stats.verdict,
    margin,
    decidedAfter: max,
    maxTrials: max,
  };
}

describe("an inconclusive comparison at its maximum", () => {
  it("says how many trials per arm a no-change within the margin needs at the rate seen", () => {
    const c = atMax({ passes: 40, trials: 50 }, { passes: 40, trials: 50 });
    expect(c.verdict).toBe("inconclusive");
    // noChangeTrials(0.8, 0.1) = 336, to two figures rounded up.
    expect(decisionText(c)).toBe(
      "at 50 trials per arm; no-change within ±10 pts needs about 340 trials per arm at the 80% pass rate seen (8 times in 10 if nothing changed): --trials N, or a wider --margin",
    );
    // With ±20 points: 83, said as it is.
    const wide = atMax({ passes: 16, trials: 20 }, { passes: 16, trials: 20 }, 20, 0.2);
    expect(wide.verdict).toBe("inconclusive");
    expect(decisionText(wide)).toContain("no-change within ±20 pts needs about 83 trials per arm");
  });

  it("says nothing of it when the trials run were already enough, or a difference was seen", () => {
    // 0.92 at ±20 points needs 46: 48/50 against 44/50 missed it (−20.2 to +3.4).
    const enough = atMax({ passes: 48, trials: 50 }, { passes: 44, trials: 50 }, 50, 0.2);
    expect(enough.verdict).toBe("inconclusive");
    expect(decisionText(enough)).toBe("at 50 trials per arm");
    // Δ −20 with an interval that holds 0: a drop may be there, no-change is not the question.
    const drop = atMax({ passes: 6, trials: 10 }, { passes: 4, trials: 10 }, 10);
    expect(drop.verdict).toBe("inconclusive");
    expect(drop.interval[1]).toBeGreaterThan(0);
    expect(decisionText(drop)).toBe("at 10 trials per arm");
    // Decided verdicts keep their own text.
    const same = atMax({ passes: 50, trials: 50 }, { passes: 50, trials: 50 });
    expect(same.verdict).toBe("no-change");
    expect(decisionText(same)).toBe("at 50 trials per arm");
  });

  it("offers no flag against history, whose baseline this run cannot add to", () => {
    const c = {
      ...atMax({ passes: 40, trials: 50 }, { passes: 40, trials: 50 }),
      control: "history@abc1234",
    };
    expect(decisionText(c)).toMatch(
      /needs about 340 trials per arm at the 80% pass rate seen \(8 times in 10 if nothing changed\)$/,
    );
  });

  it("shows in the console and in the PR comment's comparisons table", () => {
    const c = atMax({ passes: 25, trials: 50 }, { passes: 26, trials: 50 });
    expect(c.verdict).toBe("inconclusive");
    const plain = makeStyle({}, {});
    const lines = comparisonLines([c], plain);
    expect(lines[1]).toContain("INCONCLUSIVE greet [literal] base@main 25/50 → working tree 26/50");
    expect(lines[2]).toContain(
      "at 50 trials per arm; no-change within ±10 pts needs about 530 trials per arm at the 51% pass rate seen",
    );
    const run = comparisonRun();
    run.comparisons = [c];
    const body = renderRunMarkdown({ run, rows: [] });
    const row = body
      .split("\n")
      .find((l) => l.startsWith("| ⚠️ **INCONCLUSIVE**") || l.includes("**INCONCLUSIVE**"));
    expect(row).toContain(
      "no-change within ±10 pts needs about 530 trials per arm at the 51% pass rate seen",
    );
  });
});
