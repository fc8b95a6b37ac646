// `agent-evals recheck`: one stored trial checked again, with no agent. Its workspace is a copy of
// the re-created prepared tree with the trial's stored outcome laid over it; its calls, trajectory
// and agent result are what the trial recorded. The current checks run on it (judges included),
// and the trial's checks.json and trial.json are written again with the new verdict.

import fs from "node:fs";
import path from "node:path";
import {
  Codes,
  requiredPasses,
  wilsonInterval,
  type AgentRunResult,
  type CalibrationFigure,
  type EvalResult,
  type EvalStatus,
  type EvalSpec,
  type JudgeSpec,
  type ShimCall,
  type TrialResult,
  errorMessage,
} from "../model/index.js";
import { runChecks } from "../check/index.js";
import { currentRedactor, readRegularTextSync, redactTree } from "../util/index.js";
import { prepareTree, SetupError, type PreparedTree } from "./workspace/prepare.js";
import { aboveBudget, type BudgetLedger } from "./budget.js";
import { changedFiles } from "./workspace/changes.js";
import { makeTempDir } from "./workspace/io.js";
import { removeTree } from "./workspace/remove.js";
import { copySnapshot, copyTree } from "./workspace/tree.js";
import { applyOutcome, manifestHash, readOutcome } from "./workspace/outcome.js";
import { CALL_LOG_ENV } from "./shims.js";
import { CALL_LOG_CAPS } from "./call-log.js";
import type { TrialIsolation } from "./isolation/resolve.js";
import type { TrialSandbox } from "./isolation/provider.js";
import { shimDirOf, trialEnv } from "./trial.js";

export interface RecheckTrialInput {
  spec: EvalSpec;
  /** The trial as the run recorded it. */
  trial: TrialResult;
  /** Its results folder (absolute): outcome.json, calls.jsonl and trial.json are read, then rewritten. */
  trialDir: string;
  prepared: PreparedTree;
  baseEnv: Record<string, string>;
  /** The eval's isolation, resolved by the caller (resolveEvals). */
  isolation: TrialIsolation;
  signal: AbortSignal;
  /** The most the trial's judges may spend. */
  capUsd?: number;
  calibrationOf?: (judge: JudgeSpec) => CalibrationFigure | undefined;
}

interface StoredTrial {
  agent?: Partial<AgentRunResult>;
  trajectory?: AgentRunResult["trajectory"];
}

/** The trial with the verdict of the current checks; unchanged (with a warning) when it kept no outcome. */
export async function recheckTrial(input: RecheckTrialInput): Promise<TrialResult> {
  const { trial, trialDir, spec } = input;
  const index = readOutcome(trialDir);
  if (!index) {
    return withWarning(
      trial,
      "not rechecked: the trial kept no outcome (outcome.json); its verdict is the run's",
    );
  }
  const stored = readJson<StoredTrial>(path.join(trialDir, "trial.json")) ?? {};
  const run: AgentRunResult = {
    exitCode: stored.agent?.exitCode ?? trial.agentExitCode ?? null,
    timedOut: stored.agent?.timedOut ?? trial.timedOut ?? false,
    ...(stored.agent?.agentFailure ? { agentFailure: stored.agent.agentFailure } : {}),
    trajectory: stored.trajectory ?? [],
    ...(stored.agent?.finalMessage !== undefined
      ? { finalMessage: stored.agent.finalMessage }
      : {}),
    transcripts: stored.agent?.transcripts ?? [],
    durationMs: stored.agent?.durationMs ?? 0,
  };
  const calls = readCalls(path.join(trialDir, "calls.jsonl"));
  const root = await makeTempDir(`${spec.id}-recheck${trial.n}`);
  const work = path.join(root, "work");
  const tmp = path.join(root, "tmp");
  let sandbox: TrialSandbox | undefined;
  try {
    fs.mkdirSync(tmp);
    await copySnapshot(await input.prepared.snapshot(), work);
    applyOutcome(trialDir, index, work);
    const isolation = input.isolation;
    const env = await trialEnv(
      { baseEnv: input.baseEnv, n: trial.n, spec },
      isolation,
      root,
      tmp,
      path.join(root, "calls.raw"),
    );
    const checkLog = path.join(root, "check-calls.raw");
    sandbox = await checksSandbox(isolation, { root, work, tmp, env, trialDir, checkLog });
    const inside = <T>(fn: () => Promise<T>) => (sandbox ? sandbox.run(fn) : fn());
    const manifest = await input.prepared.manifest();
    // As in a trial: computed when a check asks (after the checks before it).
    const changed = () => changedFiles(work, manifest);
    const spend = { capUsd: input.capUsd, spentUsd: 0 };
    let copied: Promise<{ workspace: string; changed: string[] }> | undefined;
    const checks = await inside(() =>
      runChecks(spec.checks, {
        workspace: work,
        calls,
        run,
        changedFiles: changed,
        env: { ...env, [CALL_LOG_ENV]: checkLog },
        outDir: trialDir,
        timeoutMs: spec.timeoutMs,
        signal: input.signal,
        ...(run.timedOut || run.agentFailure
          ? { agentFailed: run.timedOut ? "it timed out" : run.agentFailure }
          : {}),
        judging: {
          material: () =>
            (copied ??= (async () => {
              const copy = path.join(root, "judged");
              await copyTree(work, copy);
              return { workspace: copy, changed: index.files.map((f) => f.path) };
            })()),
          spend,
          calibrationOf: input.calibrationOf,
        },
      }),
    );
    const warnings = [
      ...(trial.warnings ?? []),
      ...(manifestHash(manifest) !== index.preparedHash
        ? [
            "recheck: the prepared tree re-created now differs from the run's (its template, repository or setup changed): checks of files the agent did not change see today's",
          ]
        : []),
      ...(index.omittedBytes > 0
        ? [
            `recheck: ${index.files.filter((f) => !f.stored).length} changed file(s) (${index.omittedBytes} bytes) were over the outcome cap and not stored: checks see them as the prepared tree had them`,
          ]
        : []),
    ];
    const redactor = currentRedactor();
    const redact = <T>(value: T): T => (redactor ? redactor.value(value) : value);
    const result = redact(verdictAgain(trial, checks, spend.spentUsd, warnings));
    writeAgain(trialDir, result, redact(checks));
    if (redactor) await redactTree(trialDir, redactor).catch(() => undefined);
    return result;
  } finally {
    await sandbox?.dispose?.();
    await removeTree(root);
  }
}

/**
 * Where the provider runs the checks inside the sandbox (bwrap, docker), the recheck's run there
 * too: they run what the agent left (the outcome holds its .git and scripts), which must not run
 * on the host. Undefined where they run on the host.
 */
async function checksSandbox(
  isolation: TrialIsolation,
  trial: {
    root: string;
    work: string;
    tmp: string;
    env: Record<string, string>;
    trialDir: string;
    checkLog: string;
  },
): Promise<TrialSandbox | undefined> {
  if (!isolation.provider.checksInside) return undefined;
  const { root, work, tmp, env, trialDir, checkLog } = trial;
  fs.writeFileSync(checkLog, "", { flag: "a" });
  const shims = shimDirOf(root);
  return isolation.provider.prepareTrial({
    root,
    writable: [work, tmp, env.HOME ?? tmp, checkLog],
    readable: [shims, trialDir, ...(env.PATH ?? "").split(path.delimiter)],
    ownReadable: [...(fs.existsSync(shims) ? [shims] : []), trialDir],
    allow: isolation.allow,
    container: isolation.container ?? {},
    workspace: work,
  });
}

/** The trial's verdict with new checks: a timeout or the agent's own failure still comes first. */
function verdictAgain(
  trial: TrialResult,
  checks: TrialResult["checks"],
  costUsd: number,
  warnings: string[],
): TrialResult {
  const agentFirst = trial.code === Codes.agentTimedOut || trial.code === Codes.agentFailed;
  const counted = checks.filter((c) => !c.skipped);
  const failed = counted.filter((c) => !c.ok).length;
  const { reason: _reason, code: _code, overBudget: _over, warnings: _w, ...rest } = trial;
  const [reason, code] = agentFirst
    ? [trial.reason, trial.code]
    : failed > 0
      ? [`${failed} of ${counted.length} checks failed`, Codes.checkFailed]
      : [undefined, undefined];
  return {
    ...rest,
    status: reason ? "failed" : "passed",
    checks,
    // What the recheck spent (judges only): the agent's work was paid for by the run.
    costUsd,
    ...(reason ? { reason } : {}),
    ...(code ? { code } : {}),
    ...(warnings.length ? { warnings } : {}),
  };
}

function writeAgain(trialDir: string, result: TrialResult, checks: TrialResult["checks"]): void {
  fs.writeFileSync(path.join(trialDir, "checks.json"), `${JSON.stringify(checks, null, 2)}\n`);
  const file = path.join(trialDir, "trial.json");
  const stored = readJson<Record<string, unknown>>(file) ?? {};
  fs.writeFileSync(file, `${JSON.stringify({ ...stored, ...result, recheck: true }, null, 2)}\n`);
}

function withWarning(trial: TrialResult, warning: string): TrialResult {
  return { ...trial, warnings: [...(trial.warnings ?? []), warning] };
}

// A trial folder can come from an artifact (`recheck --from`): its files are read only when they
// are regular files, not links or FIFOs, and under a size no run writes.
const TRIAL_JSON_CAP = 64 * 1024 * 1024;
const CALLS_JSONL_CAP = 4 * CALL_LOG_CAPS.bytes;

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readRegularTextSync(file, TRIAL_JSON_CAP) ?? "") as T;
  } catch {
    return undefined;
  }
}

function readCalls(file: string): ShimCall[] {
  const text = readRegularTextSync(file, CALLS_JSONL_CAP);
  if (text === undefined) return [];
  const calls: ShimCall[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      calls.push(JSON.parse(line) as ShimCall);
    } catch {
      // a line cut by the log's cap
    }
  }
  return calls;
}

export interface RecheckEvalInput {
  spec: EvalSpec;
  /** The eval × agent as the run recorded it. */
  result: EvalResult;
  /** The results folder whose trial folders are rechecked (absolute). */
  resultsDir: string;
  baseEnv: Record<string, string>;
  /** The eval's isolation, resolved by the caller (resolveEvals). */
  isolation: TrialIsolation;
  signal: AbortSignal;
  budget: BudgetLedger;
  calibrationOf?: (judge: JudgeSpec) => CalibrationFigure | undefined;
}

/**
 * An eval × agent checked again: its prepared tree re-created (filled, `setup` run: what a check
 * may need that the outcome does not hold, such as node_modules), each trial that ran rechecked,
 * the verdict taken again over them. A tree that cannot be re-created makes it an error, saying why.
 */
export async function recheckEval(input: RecheckEvalInput): Promise<EvalResult> {
  const { spec, result } = input;
  const started = Date.now();
  const settle = (status: EvalStatus, trials: TrialResult[], reason?: string, code?: string) => {
    const counted = trials.filter((t) => t.status !== "error");
    const passes = counted.filter((t) => t.status === "passed").length;
    const { reason: _r, code: _c, cachedFrom: _cf, reliability: _rel, ...rest } = result;
    return {
      ...rest,
      status,
      ...(reason ? { reason } : {}),
      ...(code ? { code } : {}),
      passes,
      trialsRun: trials.length,
      passRate: counted.length ? passes / counted.length : 0,
      threshold: spec.passRate,
      interval: wilsonInterval(passes, counted.length),
      costUsd: trials.reduce((sum, t) => sum + (t.costUsd ?? 0), 0),
      durationMs: Date.now() - started,
      trials,
    } satisfies EvalResult;
  };
  if (result.trials.length === 0) return result;
  let prepared: PreparedTree;
  try {
    prepared = await prepareTree(spec, {
      env: input.baseEnv,
      signal: input.signal,
      keep: false,
    });
  } catch (error) {
    const why = error instanceof SetupError ? error.message : errorMessage(error);
    return settle(
      "error",
      result.trials,
      `cannot recheck: the prepared tree could not be re-created: ${why}`,
      error instanceof SetupError ? Codes.setupFailed : Codes.infraError,
    );
  }
  const trials: TrialResult[] = [];
  let budgetCut = false;
  try {
    for (const trial of result.trials) {
      if (trial.status === "error" || input.signal.aborted) {
        trials.push(trial);
        continue;
      }
      const judged = spec.checks.some((c) => c.type === "judge");
      const reservation = judged ? await input.budget.reserve(spec.maxCostUsd, false) : undefined;
      if (judged && !reservation) {
        budgetCut = true;
        trials.push(trial);
        continue;
      }
      let again: TrialResult | undefined;
      try {
        again = await recheckTrial({
          spec,
          trial,
          trialDir: trialFolder(input.resultsDir, trial.dir),
          prepared,
          baseEnv: input.baseEnv,
          isolation: input.isolation,
          signal: input.signal,
          capUsd: reservation?.capUsd,
          calibrationOf: input.calibrationOf,
        });
      } catch (error) {
        const message = currentRedactor()?.text(errorMessage(error)) ?? errorMessage(error);
        again = {
          ...trial,
          status: "error",
          code: Codes.infraError,
          reason: `infra error: ${message}`,
          checks: [],
        };
      } finally {
        if (reservation) input.budget.settle(reservation, again?.costUsd ?? 0);
      }
      trials.push(again);
    }
  } finally {
    await prepared.dispose();
  }
  const errored = trials.find((t) => t.status === "error" && t.code === Codes.infraError);
  const counted = trials.filter((t) => t.status !== "error");
  const passes = counted.filter((t) => t.status === "passed").length;
  if (input.signal.aborted)
    return settle("incomplete", trials, "interrupted during the recheck", Codes.interrupted);
  if (budgetCut)
    return settle(
      "incomplete",
      trials,
      budgetCutBefore(spec.maxCostUsd, input.budget),
      Codes.budgetExhausted,
    );
  if (errored && counted.length === 0)
    return settle("error", trials, errored.reason, Codes.infraError);
  if (counted.length === 0) return settle(result.status, trials, result.reason, result.code);
  return settle(
    passes >= requiredPasses(counted.length, spec.passRate) ? "passed" : "failed",
    trials,
  );
}

/**
 * A trial's folder inside `resultsDir`. The run recorded it relative to its project root
 * (`.copybook/results/evals/<id>/<agent>/trial-<n>`); a downloaded artifact holds it from `evals/`.
 */
export function trialFolder(resultsDir: string, dir: string): string {
  const parts = dir.split(/[\\/]/);
  const at = parts.lastIndexOf("evals", parts.length - 3);
  return path.join(resultsDir, ...(at >= 0 ? parts.slice(at) : parts));
}

/** Why the recheck's judges did not all run again: the eval's worst case is above the budget, or it ran out. */
function budgetCutBefore(maxCostUsd: number | undefined, budget: BudgetLedger): string {
  const above = aboveBudget(maxCostUsd, budget.limitUsd);
  return above
    ? `not rechecked: ${above}`
    : "the budget ran out before every trial's judges could run again";
}
