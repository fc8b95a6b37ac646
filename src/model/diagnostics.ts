// Stable diagnostic codes for run-time outcomes (the AE3xx/AE4xx half of model/errors.ts):
// every result that is not a pass, and every trial that did not pass, gets a `code`, and the run
// gets a flat `diagnostics` list that tools can key on without parsing reasons.

import path from "node:path";
import { Codes } from "./errors.js";
import {
  countedTrials,
  thresholdPercent,
  type EvalResult,
  type RunDiagnostic,
  type RunResult,
  type TrialResult,
} from "./result.js";

/**
 * The code of an eval × agent result, or undefined for a pass (and a cached pass). The stage that
 * decided the outcome set it (run/suite.ts: setup failed, infra, budget cut, interrupted); a status
 * with a single meaning gets its code here. Results without one (a run.json written before codes
 * were recorded) fall back on the status alone.
 */
export function evalCode(result: EvalResult): string | undefined {
  switch (result.status) {
    case "passed":
      return undefined;
    case "failed":
      return Codes.belowPassRate;
    case "cached":
      return result.cachedFrom?.status === "failed" ? Codes.cachedFailure : undefined;
    case "error":
      return result.code ?? Codes.infraError;
    case "incomplete":
      return result.code ?? Codes.interrupted;
    case "inconclusive":
      return Codes.inconclusive;
    case "skipped":
      return Codes.skipped;
  }
}

/**
 * The code of a trial, or undefined when it passed: the one run/trial.ts recorded (a timeout, then
 * the agent's own failure, then its checks), else what the status alone says.
 */
export function trialCode(trial: TrialResult): string | undefined {
  if (trial.status === "passed") return undefined;
  if (trial.status === "error") return trial.code ?? Codes.infraError;
  if (trial.code) return trial.code;
  if (trial.timedOut) return Codes.agentTimedOut;
  return trial.checks.some((c) => !c.ok) ? Codes.checkFailed : Codes.agentFailed;
}

const EVAL_MESSAGES: Record<string, (r: EvalResult) => string> = {
  [Codes.belowPassRate]: (r) =>
    `${r.passes}/${countedTrials(r)} trials passed, below the required pass rate ${thresholdPercent(r.threshold)}%`,
  [Codes.cachedFailure]: (r) =>
    `a recorded failure was reused (${r.cachedFrom?.passes ?? 0}/${r.cachedFrom?.trials ?? 0} passed); --force runs it again`,
};

/** Annotates evals and trials with their codes and lists every diagnostic of the run. */
export function withDiagnostics(run: RunResult, projectRoot?: string): RunResult {
  const evals = run.evals.map((e) => {
    const code = evalCode(e);
    const trials = e.trials.map((t) => {
      const tc = trialCode(t);
      return tc ? { ...t, code: tc } : withoutCode(t);
    });
    return code ? { ...e, code, trials } : { ...withoutCode(e), trials };
  });
  return { ...run, evals, diagnostics: evals.flatMap((e) => diagnosticsOf(e, projectRoot)) };
}

function withoutCode<T extends { code?: string }>(value: T): T {
  const copy = { ...value };
  delete copy.code;
  return copy;
}

function diagnosticsOf(result: EvalResult, projectRoot: string | undefined): RunDiagnostic[] {
  const rel = (file: string | undefined) =>
    file && projectRoot && path.isAbsolute(file) ? path.relative(projectRoot, file) : file;
  const base = { id: result.id, agent: result.agent };
  const out: RunDiagnostic[] = [];
  if (result.code) {
    out.push({
      code: result.code,
      severity: result.code === Codes.skipped ? "notice" : "error",
      ...base,
      message: EVAL_MESSAGES[result.code]?.(result) ?? result.reason ?? result.status,
      file: rel(result.file),
      ...(result.line ? { line: result.line } : {}),
    });
  }
  for (const trial of result.trials) {
    const at = { ...base, trial: trial.n, dir: trial.dir };
    if (trial.code && trial.code !== Codes.checkFailed) {
      out.push({
        code: trial.code,
        severity: "error",
        ...at,
        message: trial.reason ?? trial.status,
        file: rel(result.file),
        ...(result.line ? { line: result.line } : {}),
      });
    }
    if (trial.status === "failed") {
      for (const check of trial.checks.filter((c) => !c.ok && !c.skipped)) {
        out.push({
          code: Codes.checkFailed,
          severity: "error",
          ...at,
          check: check.name,
          message: `check failed: ${check.name}`,
          evidence: check.evidence,
          file: rel(check.file ?? result.file),
          ...(check.line ? { line: check.line } : {}),
        });
      }
    }
    for (const warning of trial.warnings ?? []) {
      out.push({ code: Codes.shimBypassed, severity: "warning", ...at, message: warning });
    }
    for (const warning of trial.overBudget ?? []) {
      out.push({ code: Codes.overBudget, severity: "warning", ...at, message: warning });
    }
  }
  return out;
}
