// A run of `compare --base main` as run.json has it, for the report faces (junit.xml, report.html,
// the markdown comment): the working tree's greet broke (a regression), the base arm's greet
// passed; a second eval whose variant failed but did not change the verdict (no change).

import type {
  ComparisonRecord,
  EvalResult,
  RunResult,
  TrialResult,
} from "../../src/model/index.js";
import { emptyCounts } from "../../src/model/index.js";
import { wilsonInterval } from "../../src/model/stats.js";

function trials(id: string, passes: number, total: number): TrialResult[] {
  return Array.from({ length: total }, (_, i) => ({
    n: i + 1,
    status: i < passes ? ("passed" as const) : ("failed" as const),
    durationMs: 80,
    costUsd: 0.01,
    checks: [
      {
        name: 'out.txt contains "hello"',
        ok: i < passes,
        evidence: i < passes ? "" : '"hello" not found in out.txt',
      },
    ],
    dir: `.copybook/results/evals/${id}/literal/trial-${i + 1}`,
  }));
}

function result(
  id: string,
  passes: number,
  total: number,
  overrides: Partial<EvalResult> = {},
): EvalResult {
  const dirId = overrides.arm ? `${id}@${overrides.arm.replace(/[^a-z0-9]+/gi, "-")}` : id;
  return {
    id,
    file: `evals/${id}.eval.yaml`,
    line: 1,
    agent: "literal",
    status: passes === total ? "passed" : "failed",
    passes,
    trialsRun: total,
    trialsPlanned: 50,
    passRate: passes / total,
    threshold: 1,
    interval: wilsonInterval(passes, total),
    costUsd: 0.01 * total,
    durationMs: 80 * total,
    trials: trials(dirId, passes, total),
    ...overrides,
  };
}

export const REGRESSION: ComparisonRecord = {
  id: "greet",
  agent: "literal",
  control: "base@main",
  treatment: "working tree",
  controlPasses: 5,
  controlTrials: 5,
  treatmentPasses: 0,
  treatmentTrials: 4,
  delta: -1,
  interval: [-1, -0.345196],
  pValue: 0.007937,
  verdict: "regression",
  margin: 0.1,
  decidedAfter: 4,
  maxTrials: 50,
  controlMeans: { costUsd: 0.01, durationMs: 74, tokens: 1200, turns: 3 },
  treatmentMeans: { costUsd: 0.02, durationMs: 86, tokens: 2400, turns: 5 },
};

export const NO_CHANGE: ComparisonRecord = {
  id: "build",
  agent: "literal",
  control: "control",
  treatment: "terse",
  controlPasses: 19,
  controlTrials: 20,
  treatmentPasses: 19,
  treatmentTrials: 20,
  delta: 0,
  interval: [-0.08, 0.08],
  pValue: 1,
  verdict: "no-change",
  margin: 0.1,
  decidedAfter: 20,
  maxTrials: 50,
  controlMeans: { costUsd: 0.01, durationMs: 900 },
  treatmentMeans: { costUsd: 0.01, durationMs: 700 },
};

/** compare --base main after a change that broke greet, and a variant of build. */
export function comparisonRun(): RunResult {
  const evals = [
    result("greet", 5, 5, { arm: "base@main" }),
    result("greet", 0, 4),
    result("build", 20, 20),
    result("build", 19, 20, { arm: "terse" }),
  ];
  const counts = emptyCounts();
  // As buildRunResult counts: the evals as defined, not the comparisons' other arms.
  for (const e of evals) if (e.arm === undefined) counts[e.status]++;
  return {
    schemaVersion: 2,
    tool: { name: "agent-evals", version: "test" },
    startedAt: "2026-01-01T00:00:00.000Z",
    durationMs: 1000,
    costUsd: evals.reduce((s, e) => s + e.costUsd, 0),
    counts,
    isolation: "test",
    evals,
    comparisons: [REGRESSION, NO_CHANGE],
  };
}
