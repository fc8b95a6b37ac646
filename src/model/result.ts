// The results contract: run.json and `--format json`. Versioned by `schemaVersion`; extend freely,
// but renaming or removing a field bumps the version.

// 2: results of comparison arms carry `arm`; runs carry `comparisons`; trials carry tokens and turns.
import type { ContainerLimits } from "./eval.js";
import type { HarnessReason, ParityRecord } from "./parity.js";

// report.html's page reads the model's types from this module only.
export type { HarnessReason, ParityRecord };

export const RESULT_SCHEMA_VERSION = 2;

export type TrialStatus = "passed" | "failed" | "error";

export type EvalStatus =
  "passed" | "failed" | "skipped" | "cached" | "error" | "incomplete" | "inconclusive";

export interface CheckOutcome {
  name: string;
  ok: boolean;
  evidence: string;
  /** Where the check was declared. */
  file?: string;
  line?: number;
  /** Not run (a judge after a failed deterministic check): counts neither way. */
  skipped?: boolean;
  /** A judge's answers, agreement and cost. */
  judge?: JudgeOutcome;
}

export type JudgeVerdict = "pass" | "fail" | "unknown";

/** One judge call's answer; `unknown` also stands for an answer that did not parse. */
export interface JudgeSample {
  verdict: JudgeVerdict;
  reason: string;
  quotes: string[];
  /** Why the answer is unusable, when it is. */
  problem?: string;
  costUsd?: number;
}

export interface JudgeOutcome {
  agent: string;
  model?: string;
  /** The majority of the samples (more than half), else unknown. */
  verdict: JudgeVerdict;
  /** The share of samples that gave the majority answer. */
  agreement: number;
  samples: JudgeSample[];
  costUsd: number;
  /** Agreement with labelled examples (`agent-evals calibrate`), when this judge was calibrated. */
  calibration?: CalibrationFigure;
}

/** How a judge did on its labelled examples. */
export interface CalibrationFigure {
  /** Examples judged. */
  n: number;
  accuracy: number;
  /** Cohen's κ; null when it is undefined (every label and answer the same). */
  kappa: number | null;
  /** When calibrate measured it. */
  time: string;
}

export interface TrialResult {
  n: number;
  status: TrialStatus;
  durationMs: number;
  costUsd?: number;
  checks: CheckOutcome[];
  /** Results folder of the trial, relative to the project root. */
  dir: string;
  /** Why the trial failed when it was not a check: timeout, agent failure, infra error. */
  reason?: string;
  agentExitCode?: number | null;
  timedOut?: boolean;
  /** How many times an infra error made the trial run again (rate-limit retries not counted). */
  retries?: number;
  /**
   * What the provider gates did for this trial, every attempt and judge call included (set when a
   * throttled answer was absorbed, a request was held back 1 s or more, or a rate limit made the
   * trial run again; docs/reliability.md › Rate limits).
   */
  rateLimits?: TrialRateLimits;
  /** Shim calls the agent made, also those past the call log's cap (calls.jsonl then holds fewer). */
  calls?: number;
  toolCalls?: number;
  /** Things the verdict may not show: e.g. a shimmed binary run by its absolute path. */
  warnings?: string[];
  /**
   * Reasons of the harness rather than the prompt that recorded evidence shows for this trial
   * (a shimmed tool not found, run around its shim, work outside the workspace): model/parity.ts.
   */
  harness?: HarnessReason[];
  /**
   * What this trial's cost broke, one sentence each (AE411): the agent reported more than the cap
   * it was given (maxCostUsd, or what was left of --budget-usd), or its cost took the run's spend
   * past --budget-usd. Set by the suite when it settles the trial's cost.
   */
  overBudget?: string[];
  /** Diagnostic code of a trial that did not pass (AE302, AE401–AE403; src/model/errors.ts). */
  code?: string;
  /** Tokens the agent reported (input, cached ones included, + output), when it did. */
  tokens?: number;
  /** Agent turns, when the agent reported them. */
  turns?: number;
}

/** A trial's rate limits: what its provider's gate kept from the agent, and what it waited. */
export interface TrialRateLimits {
  /** 429, 503 and 529 answers absorbed by the gate: not passed on, the request sent again later. */
  absorbed: number;
  /** Wall-clock milliseconds during which at least one of its requests was held back by the gate. */
  heldMs: number;
  /** Attempts run again after the agent gave up on a rate limit (not counted in `retries`). */
  retries?: number;
}

/** A run's rate limits: its trials' added up, and how many trials met one. */
export interface RunRateLimits {
  absorbed: number;
  heldMs: number;
  retries: number;
  /** Trials that have `rateLimits`. */
  trials: number;
}

export interface EvalResult {
  id: string;
  file: string;
  line?: number;
  agent: string;
  /**
   * Set on the arm of a comparison that is not the eval as defined in the working tree: the
   * variant's name, or the git ref of `compare --base` (`base@origin/main`). Such results are
   * compared, not judged: they never fail a run, and they are not recorded in history.
   */
  arm?: string;
  agentVersion?: string;
  promptHash?: string;
  /** The eval's definition hash when it ran (`eval --resume` compares it with the definition now). */
  definitionHash?: string;
  status: EvalStatus;
  /** Why it was skipped / errored, in one sentence. */
  reason?: string;
  passes: number;
  trialsRun: number;
  trialsPlanned: number;
  passRate: number;
  /** Required pass rate. */
  threshold: number;
  /** Wilson 95% interval of the observed pass rate. */
  interval: [number, number];
  /** For a cached result: the recorded run it stands for (nothing ran now). */
  cachedFrom?: CachedVerdict;
  costUsd: number;
  durationMs: number;
  trials: TrialResult[];
  /** The sandbox provider its trials ran inside (`none`, `bwrap` …), when an agent ran now. */
  sandbox?: string;
  /** For a container provider: the image and the limits its trials ran with. */
  container?: { image: string } & ContainerLimits;
  /** Diagnostic code of a result that is not a pass (AE301–AE302, AE404–AE409). */
  code?: string;
  /**
   * How reliable the agent is beyond the pass rate, from the judged trials (n of them): for
   * k = 1…n, pass@k (at least one of k trials passes) and pass^k (all k pass), unbiased estimators.
   */
  reliability?: Reliability;
}

export interface Reliability {
  /** Index k − 1: pass@k. */
  passAtK: number[];
  /** Index k − 1: pass^k. */
  passHatK: number[];
}

/** A verdict recorded earlier for the same prompt, definition and agent version. */
export interface CachedVerdict {
  status: "passed" | "failed";
  time: string;
  commit?: string;
  passes: number;
  trials: number;
  passRate: number;
  interval: [number, number];
  costUsd: number;
  /** Where it was found: the history folder or the checkout's fingerprint cache. */
  source: "history" | "fingerprint";
}

export type StatusCounts = Record<EvalStatus, number>;

export interface RunResult {
  schemaVersion: number;
  tool: { name: "agent-evals"; version: string };
  startedAt: string;
  durationMs: number;
  commit?: string;
  costUsd: number;
  budgetUsd?: number;
  /** The verdicts of the evals as defined (a comparison's other arms, with `arm`, are not counted). */
  counts: StatusCounts;
  /** What the sandbox isolates and what it does not, said once per run. */
  isolation: string;
  evals: EvalResult[];
  /** Set when agent-evals was interrupted (SIGINT/SIGTERM/SIGHUP): the evals not finished are incomplete. */
  interrupted?: boolean;
  /** Set by `agent-evals recheck`: the checks ran again on the stored outcomes; no agent ran. */
  recheck?: boolean;
  /** With `recheck`: the results folder whose outcomes were re-checked. */
  recheckedFrom?: string;
  /** Every failure, warning and skip of the run, flat, each with a stable code. */
  diagnostics?: RunDiagnostic[];
  /**
   * The run's rate limits, its trials' `rateLimits` added up (set when any trial has them):
   * docs/reliability.md › Rate limits. `heldMs` adds each trial's, so trials held together count
   * once each.
   */
  rateLimits?: RunRateLimits;
  /** Control vs treatment, one row per eval × agent × compared arm (compare --base, variants). */
  comparisons?: ComparisonRecord[];
  /**
   * Each agent of an eval run by two or more against the eval's reference agent (docs/verdicts.md ›
   * Parity across agents). Absent when no eval ran with two agents.
   */
  parity?: ParityRecord[];
}

/** Means per judged trial of one arm: what a change costs besides its pass rate. */
export interface ArmMeans {
  costUsd: number;
  durationMs: number;
  /** Absent when no trial reported any. */
  tokens?: number;
  turns?: number;
}

/** One controlled comparison: the same eval × agent run as the control and as the treatment. */
export interface ComparisonRecord {
  id: string;
  agent: string;
  /** What the control arm is: `base@<ref>` for compare --base, the eval as defined for variants. */
  control: string;
  /** What the treatment arm is: `working tree`, or the variant's name. */
  treatment: string;
  controlPasses: number;
  controlTrials: number;
  treatmentPasses: number;
  treatmentTrials: number;
  /** Treatment pass rate minus control pass rate, in [-1, 1], over every judged trial. */
  delta: number;
  /** 95% Newcombe interval of the difference, over every judged trial. */
  interval: [number, number];
  /** Two-sided p-value of Fisher's exact test, over every judged trial. */
  pValue: number;
  verdict: "regression" | "improvement" | "no-change" | "inconclusive";
  /** The margin of `no-change` (default 0.1: ±10 points). */
  margin: number;
  /** The pairs of trials the sequential rule decided on (absent: it did not decide). */
  decidedAfter?: number;
  /** The most trials each arm could run. */
  maxTrials: number;
  /** Why the rule gave no verdict, when something cut the comparison short (budget, error, interrupt). */
  reason?: string;
  controlMeans?: ArmMeans;
  treatmentMeans?: ArmMeans;
}

/** One thing a tool may want to act on: a failed check, a timeout, a budget cut, a skip… */
export interface RunDiagnostic {
  code: string;
  /** error: makes the run fail (exit 1 or 2); warning: passed but suspicious; notice: skipped. */
  severity: "error" | "warning" | "notice";
  id: string;
  agent: string;
  /** The trial's number, for trial-level diagnostics. */
  trial?: number;
  /** The check's name, for AE401. */
  check?: string;
  message: string;
  evidence?: string;
  /** Where to look: the check's declaration, else the eval's. Relative to the project root. */
  file?: string;
  line?: number;
  /** The trial's results folder. */
  dir?: string;
}

export function emptyCounts(): StatusCounts {
  return {
    passed: 0,
    failed: 0,
    skipped: 0,
    cached: 0,
    error: 0,
    incomplete: 0,
    inconclusive: 0,
  };
}

/**
 * 0 every eval passed, skipped or was cached as passed; 1 some eval failed (a cached failure is
 * still a failure), was cut short or stayed inconclusive; 2 the harness could not run one.
 */
export function exitCodeFor(all: Pick<EvalResult, "status" | "cachedFrom" | "arm">[]): 0 | 1 | 2 {
  // The other arms of a comparison are compared, not judged (compare's --fail-on judges them).
  const evals = all.filter((e) => e.arm === undefined);
  const failing = (e: Pick<EvalResult, "status" | "cachedFrom">) =>
    e.status === "failed" ||
    e.status === "incomplete" ||
    e.status === "inconclusive" ||
    (e.status === "cached" && e.cachedFrom?.status === "failed");
  if (evals.some(failing)) return 1;
  if (evals.some((e) => e.status === "error")) return 2;
  return 0;
}

/**
 * Whether any eval × agent pair got a verdict: it passed or failed (now, or as a recorded verdict
 * reused), stayed inconclusive, or ran some trials before the budget cut it short. A run whose
 * pairs were all skipped (no API key, no agent) or errored judged nothing, whatever its exit code.
 */
export function judgedAny(evals: Pick<EvalResult, "status" | "trialsRun">[]): boolean {
  return evals.some(
    (e) =>
      e.status === "passed" ||
      e.status === "failed" ||
      e.status === "cached" ||
      e.status === "inconclusive" ||
      (e.status === "incomplete" && e.trialsRun > 0),
  );
}

/**
 * The trials an eval's pass rate is taken over: all but the errored ones (an error is the outside
 * world's, not the agent's); trialsRun when the result carries no trial list.
 */
export function countedTrials(result: EvalResult): number {
  if (result.trials.length > 0) return result.trials.filter((t) => t.status !== "error").length;
  return result.trialsRun;
}

/** A pass-rate threshold as a percentage with one decimal, e.g. 0.667 → 66.7. */
export function thresholdPercent(threshold: number): number {
  return Math.round(threshold * 1000) / 10;
}
