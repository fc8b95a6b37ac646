// The comparison group's scheduling and stopping (src/run/group.ts), with trials whose outcomes
// are given: which arm goes next, when the arms stop, what a budget cut or an infra error does.

import { describe, expect, it } from "vitest";
import type { PlannedUnit, TrialResult } from "../../src/model/index.js";
import { runGroup, type GroupArm } from "../../src/run/group.js";
import { fixedPolicy } from "../../src/run/policy.js";

function arm(
  role: "control" | "treatment",
  opts: { primary?: boolean; max?: number; own?: number } = {},
): GroupArm {
  const unit = {
    spec: { id: "e", passRate: 1 },
    agentName: "a",
    trials: opts.own ?? 1,
    arm: {
      group: "g",
      role,
      label: role,
      primary: opts.primary ?? false,
      maxTrials: opts.max ?? 50,
      margin: 0.1,
    },
  } as unknown as GroupArm["unit"];
  return opts.primary ? { unit, own: fixedPolicy(opts.own ?? 1, 1, false) } : { unit };
}

type Outcome = boolean | "no-budget" | "error";

/** Runs a group whose arms' n-th trial has the given outcome; records the order trials started. */
async function run(arms: GroupArm[], outcomes: (role: string, n: number) => Outcome, perArm = 1) {
  const order: string[] = [];
  const outcome = await runGroup(arms, {
    signal: new AbortController().signal,
    perArm,
    runTrial: async (unit: PlannedUnit, wanted) => {
      await Promise.resolve();
      const n = wanted();
      if (n === undefined) return "cancelled";
      const role = unit.arm!.role;
      order.push(`${role[0]}${n}`);
      const result = outcomes(role, n);
      if (result === "no-budget") return "no-budget";
      const trial: TrialResult = {
        n,
        status: result === "error" ? "error" : result ? "passed" : "failed",
        durationMs: 1,
        checks: [],
        dir: "",
        ...(result === "error" ? { reason: "infra error: boom" } : {}),
      };
      return trial;
    },
  });
  return { order, outcome };
}

describe("comparison groups", () => {
  it("interleaves the arms, control first, and stops when the rule decides", async () => {
    const { order, outcome } = await run(
      [arm("control"), arm("treatment", { primary: true })],
      (role) => role === "control",
    );
    expect(order.slice(0, 6)).toEqual(["c1", "t1", "c2", "t2", "c3", "t3"]);
    const [c] = outcome.comparisons;
    expect(c!.verdict).toBe("regression");
    expect(c!.decidedAfter).toBeLessThan(10);
    expect(outcome.arms.map((a) => a.trials.length)).toEqual([c!.decidedAfter, c!.decidedAfter]);
  });

  it("runs to the maximum when nothing is decided, and says so at the last look", async () => {
    const { outcome } = await run(
      [arm("control", { max: 8 }), arm("treatment", { primary: true, max: 8 })],
      (_, n) => n % 2 === 0,
    );
    expect(outcome.arms.map((a) => a.trials.length)).toEqual([8, 8]);
    expect(outcome.comparisons[0]).toMatchObject({ verdict: "inconclusive", decidedAfter: 8 });
  });

  it("the primary arm still runs until its own verdict is decided", async () => {
    // Control broken, treatment fine: decided quickly; the primary control needs its 12 trials.
    const { outcome } = await run(
      [arm("control", { primary: true, own: 12, max: 50 }), arm("treatment")],
      (role) => role === "treatment",
    );
    expect(outcome.comparisons[0]!.verdict).toBe("improvement");
    // passRate 1: the first failure decides the control's own verdict, so only the comparison counts.
    expect(outcome.arms[0]!.trials.length).toBe(outcome.comparisons[0]!.decidedAfter);

    const passing = await run(
      [arm("control", { primary: true, own: 12, max: 50 }), arm("treatment")],
      () => true,
    );
    // Both pass: its own verdict (12 of 12) needs 12 trials whatever the comparison says.
    expect(passing.outcome.arms[0]!.trials.length).toBeGreaterThanOrEqual(12);
  });

  it("a budget cut on one arm stops the other arm's comparison trials", async () => {
    const { outcome } = await run(
      [arm("control"), arm("treatment", { primary: true })],
      (role, n) => (role === "control" && n > 2 ? "no-budget" : true),
    );
    expect(outcome.arms[0]!.budgetCut).toBe(true);
    expect(outcome.arms[1]!.trials.length).toBeLessThanOrEqual(4);
    expect(outcome.comparisons[0]).toMatchObject({ verdict: "inconclusive" });
    expect(outcome.comparisons[0]!.reason).toMatch(/budget ran out/);
  });

  it("an infra error stops the whole group and is the comparison's reason", async () => {
    const { outcome } = await run(
      [arm("control"), arm("treatment", { primary: true })],
      (role, n) => (role === "treatment" && n === 2 ? "error" : true),
    );
    expect(outcome.arms[0]!.infraError).toMatch(/boom/);
    expect(outcome.comparisons[0]!.reason).toMatch(/infra error stopped the comparison/);
    expect(outcome.arms[0]!.trials.length).toBeLessThanOrEqual(3);
  });

  it("trials queued when the rule decides are cancelled, not run", async () => {
    const { order, outcome } = await run(
      [arm("control"), arm("treatment", { primary: true })],
      (role) => role === "control",
      4,
    );
    const decided = outcome.comparisons[0]!.decidedAfter!;
    // At most the trials in flight at the decision ran past it (4 per arm here).
    expect(order.length).toBeLessThanOrEqual(2 * decided + 8);
    expect(outcome.comparisons[0]!.verdict).toBe("regression");
  });
});
