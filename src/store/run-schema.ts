// run.json as a zod schema: what a results folder read back (merge, the Action's publish mode,
// which may read a fork's tampered artifact with the base repository's write token) must hold
// before anything renders it. Numbers are finite and in range, statuses are the known ones, a
// trial's folder stays inside the results. Unknown keys are dropped (z.object strips them), so only
// the fields below ever reach a report. Written with zod/mini, as the eval schemas are.

import * as z from "zod/mini";
import type { RunResult } from "../model/index.js";

const count = z.int().check(z.gte(0));
const nonNegative = z.number().check(z.gte(0));
const rate = z.number().check(z.gte(0), z.lte(1));
const interval = z.tuple([rate, rate]);
const text = z.string();
const optional = z.optional;

/** A path relative to the project root that does not climb out of it. */
const relativeDir = z
  .string()
  .check(
    z.refine(
      (dir) =>
        !dir.includes("\0") &&
        !dir.startsWith("/") &&
        !dir.startsWith("\\") &&
        !/^[A-Za-z]:/.test(dir) &&
        !dir.split(/[\\/]/).includes(".."),
      "must be a path inside the project, without `..`",
    ),
  );

const evalStatus = z.enum([
  "passed",
  "failed",
  "skipped",
  "cached",
  "error",
  "incomplete",
  "inconclusive",
]);

const check = z.object({
  name: text,
  ok: z.boolean(),
  evidence: text,
  file: optional(text),
  line: optional(count),
});

const harnessReason = z.object({
  kind: z.enum(["shim-not-found", "shim-bypassed", "shim-unrecorded", "outside-workspace"]),
  tool: optional(text),
  source: z.enum(["agent output", "trajectory", "shim log", "workspace"]),
  evidence: text,
});

const trial = z.object({
  n: z.int().check(z.gte(1)),
  status: z.enum(["passed", "failed", "error"]),
  durationMs: nonNegative,
  costUsd: optional(nonNegative),
  checks: z.array(check),
  dir: relativeDir,
  reason: optional(text),
  agentExitCode: optional(z.nullable(z.int())),
  timedOut: optional(z.boolean()),
  retries: optional(count),
  rateLimits: optional(
    z.object({ absorbed: count, heldMs: nonNegative, retries: optional(count) }),
  ),
  calls: optional(count),
  toolCalls: optional(count),
  warnings: optional(z.array(text)),
  harness: optional(z.array(harnessReason)),
  overBudget: optional(z.array(text)),
  code: optional(text),
  tokens: optional(count),
  turns: optional(count),
});

const cachedVerdict = z.object({
  status: z.enum(["passed", "failed"]),
  time: text,
  commit: optional(text),
  passes: count,
  trials: count,
  passRate: rate,
  interval,
  costUsd: nonNegative,
  source: z.enum(["history", "fingerprint"]),
});

const evalResult = z.object({
  id: text,
  file: text,
  line: optional(count),
  agent: text,
  arm: optional(text),
  agentVersion: optional(text),
  promptHash: optional(text),
  definitionHash: optional(text),
  status: evalStatus,
  reason: optional(text),
  passes: count,
  trialsRun: count,
  trialsPlanned: count,
  passRate: rate,
  threshold: rate,
  interval,
  cachedFrom: optional(cachedVerdict),
  costUsd: nonNegative,
  durationMs: nonNegative,
  trials: z.array(trial),
  sandbox: optional(text),
  code: optional(text),
  reliability: optional(z.object({ passAtK: z.array(rate), passHatK: z.array(rate) })),
});

const armMeans = z.object({
  costUsd: nonNegative,
  durationMs: nonNegative,
  tokens: optional(nonNegative),
  turns: optional(nonNegative),
});

const comparison = z.object({
  id: text,
  agent: text,
  control: text,
  treatment: text,
  controlPasses: count,
  controlTrials: count,
  treatmentPasses: count,
  treatmentTrials: count,
  delta: z.number().check(z.gte(-1), z.lte(1)),
  interval: z.tuple([z.number().check(z.gte(-1), z.lte(1)), z.number().check(z.gte(-1), z.lte(1))]),
  pValue: rate,
  verdict: z.enum(["regression", "improvement", "no-change", "inconclusive"]),
  margin: rate,
  decidedAfter: optional(count),
  maxTrials: count,
  reason: optional(text),
  controlMeans: optional(armMeans),
  treatmentMeans: optional(armMeans),
});

const difference = z.number().check(z.gte(-1), z.lte(1));

const parity = z.object({
  id: text,
  reference: text,
  agent: text,
  referencePasses: count,
  referenceTrials: count,
  referenceInterval: interval,
  agentPasses: count,
  agentTrials: count,
  agentInterval: interval,
  delta: difference,
  interval: z.tuple([difference, difference]),
  pValue: rate,
  verdict: z.enum(["behind", "ahead", "on-par", "inconclusive"]),
  margin: rate,
  beyondMargin: z.boolean(),
  failedTrials: count,
  explained: count,
  flagged: z.boolean(),
  reasons: optional(z.array(z.extend(harnessReason, { trials: count }))),
});

const diagnostic = z.object({
  code: text,
  severity: z.enum(["error", "warning", "notice"]),
  id: text,
  agent: text,
  trial: optional(count),
  check: optional(text),
  message: text,
  evidence: optional(text),
  file: optional(text),
  line: optional(count),
  dir: optional(text),
});

export const runResultSchema = z.object({
  schemaVersion: z.int(),
  tool: z.object({ name: z.literal("agent-evals"), version: text }),
  startedAt: z.string().check(z.refine((s) => Number.isFinite(Date.parse(s)), "must be a date")),
  durationMs: nonNegative,
  commit: optional(text),
  costUsd: nonNegative,
  budgetUsd: optional(nonNegative),
  counts: z.object({
    passed: count,
    failed: count,
    skipped: count,
    cached: count,
    error: count,
    incomplete: count,
    inconclusive: count,
  }),
  isolation: text,
  evals: z.array(evalResult),
  interrupted: optional(z.boolean()),
  diagnostics: optional(z.array(diagnostic)),
  comparisons: optional(z.array(comparison)),
  parity: optional(z.array(parity)),
  rateLimits: optional(
    z.object({ absorbed: count, heldMs: nonNegative, retries: count, trials: count }),
  ),
});

/** run.json's content checked against the schema: the run, or the first problems with their paths. */
export function parseRunResult(
  value: unknown,
): { ok: true; run: RunResult } | { ok: false; problems: string[] } {
  const parsed = z.safeParse(runResultSchema, value);
  if (parsed.success) return { ok: true, run: parsed.data as RunResult };
  return {
    ok: false,
    problems: parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join(".") || "(top)"}: ${issue.message}`),
  };
}
