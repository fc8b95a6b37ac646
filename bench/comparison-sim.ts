// One simulated controlled comparison through the engine's own comparison group
// (src/run/group.ts): trials interleaved, looks after each pair, the sequential rule of
// src/model/comparison.ts, with outcomes drawn from known pass probabilities instead of run by an
// agent. Shared by bench/comparison.ts (the rule's error rates) and bench/power.ts (the planner).

import type { PlannedUnit, TrialResult } from "../src/model/index.js";
import { DEFAULT_MARGIN, sequentialVerdict } from "../src/model/index.js";
import { runGroup, type GroupArm } from "../src/run/group.js";
import { fixedPolicy } from "../src/run/policy.js";

function arm(role: "control" | "treatment", primary: boolean, max: number): GroupArm {
  const unit = {
    spec: { id: "sim", passRate: 1 },
    agentName: "sim",
    trials: 1,
    arm: { group: "sim", role, label: role, primary, maxTrials: max, margin: DEFAULT_MARGIN },
  } as unknown as GroupArm["unit"];
  // The treatment is the primary arm, as in compare --base: its own verdict (1 trial, passRate 1)
  // is decided at once, so only the comparison keeps it running.
  return primary ? { unit, own: fixedPolicy(1, 1, false) } : { unit };
}

/** One simulated comparison: outcomes drawn up front, so the fixed-N verdict sees the same ones. */
export async function simulateComparison(
  p1: number,
  p2: number,
  max: number,
  random: () => number,
) {
  const draws = {
    control: [...Array(max)].map(() => random() < p1),
    treatment: [...Array(max)].map(() => random() < p2),
  };
  const controlArm = arm("control", false, max);
  const treatmentArm = arm("treatment", true, max);
  const outcome = await runGroup([controlArm, treatmentArm], {
    signal: new AbortController().signal,
    perArm: 2,
    runTrial: (unit: PlannedUnit, wanted) => {
      const n = wanted();
      if (n === undefined) return Promise.resolve("cancelled" as const);
      const pass = (unit.arm!.role === "control" ? draws.control : draws.treatment)[n - 1]!;
      const trial: TrialResult = {
        n,
        status: pass ? "passed" : "failed",
        durationMs: 0,
        checks: [],
        dir: "",
      };
      return Promise.resolve(trial);
    },
  });
  const count = (xs: boolean[]) => xs.filter(Boolean).length;
  const fixed = sequentialVerdict(
    { passes: count(draws.control), trials: max },
    { passes: count(draws.treatment), trials: max },
    max,
  )!;
  const ran = outcome.arms.reduce((sum, a) => sum + a.trials.length, 0);
  return { verdict: outcome.comparisons[0]!.verdict, fixed, ran };
}
