// Runs an eval's checks, in order, against a finished trial.

import { describePattern, InfraError, type CheckSpec, errorMessage } from "../model/index.js";
import type { CheckOutcome } from "../model/index.js";
import { checkNotRan, checkRan, checkRanInOrder } from "./calls.js";
import { checkSucceeds } from "./commands.js";
import type { CheckContext, CheckVerdict } from "./context.js";
import { runCustomCheck } from "./custom.js";
import { partLimit, seconds, underDeadline } from "./deadline.js";
import { runJudge } from "./judge.js";
import { checkTrajectory } from "./trajectory.js";
import {
  checkChangedFilesContain,
  checkChangedFilesLack,
  checkFileAbsent,
  checkFileContains,
  checkFileExists,
  checkFileLacks,
} from "./files.js";

export type { CheckContext } from "./context.js";

/** A short human name for a check, as reports show it. */
export function checkName(check: CheckSpec): string {
  switch (check.type) {
    case "ran":
      return `ran ${describePattern(check.pattern)}`;
    case "notRan":
      return `did not run ${describePattern(check.pattern)}`;
    case "ranInOrder":
      return `ran in order ${check.patterns.map(describePattern).join(" → ")}`;
    case "fileExists":
      return `file exists ${check.path}`;
    case "fileAbsent":
      return `file absent ${check.path}`;
    case "fileContains":
      return `${check.path} contains ${describePattern(check.pattern)}`;
    case "fileLacks":
      return `${check.path} lacks ${describePattern(check.pattern)}`;
    case "changedFilesContain":
      return `changed files contain ${JSON.stringify(check.text)}`;
    case "changedFilesLack":
      return `changed files lack ${JSON.stringify(check.text)}`;
    case "succeeds":
      return `succeeds ${JSON.stringify(check.command)}${check.exitCode ? ` (exit ${check.exitCode})` : ""}`;
    case "trajectory":
      return `trajectory (${check.mode})${check.expected.length ? `: ${check.expected.map((e) => e.name).join(", ")}` : ""}${check.forbidden.length ? ` without ${check.forbidden.join(", ")}` : ""}`;
    case "custom":
      return check.name;
    case "judge":
      return `judge ${JSON.stringify(shorten(check.judge.rubric, 60))}${check.judge.samples > 1 ? ` ×${check.judge.samples}` : ""}`;
  }
}

function shorten(text: string, max: number): string {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export async function runCheck(
  check: CheckSpec,
  ctx: CheckContext,
  index: number,
): Promise<CheckVerdict> {
  switch (check.type) {
    case "ran":
      return checkRan(ctx.allCalls?.() ?? ctx.calls, check.pattern);
    case "notRan":
      return checkNotRan(ctx.allCalls?.() ?? ctx.calls, check.pattern);
    case "ranInOrder":
      return checkRanInOrder(ctx.allCalls?.() ?? ctx.calls, check.patterns);
    case "fileExists":
      return checkFileExists(ctx.workspace, check.path, await ctx.layers?.());
    case "fileAbsent":
      return checkFileAbsent(ctx.workspace, check.path, await ctx.layers?.());
    case "fileContains":
      return checkFileContains(
        ctx.workspace,
        check.path,
        check.pattern,
        ctx.signal,
        await ctx.layers?.(),
      );
    case "fileLacks":
      return checkFileLacks(
        ctx.workspace,
        check.path,
        check.pattern,
        ctx.signal,
        await ctx.layers?.(),
      );
    case "changedFilesContain":
      return checkChangedFilesContain(
        ctx.workspace,
        await ctx.changedFiles(),
        check.text,
        ctx.signal,
      );
    case "changedFilesLack":
      return checkChangedFilesLack(ctx.workspace, await ctx.changedFiles(), check.text, ctx.signal);
    case "succeeds":
      return checkSucceeds(ctx, check.command, check.exitCode, index);
    case "trajectory":
      return checkTrajectory(ctx.run.trajectory, check);
    case "custom":
      return runCustomCheck(check.fn, ctx);
    case "judge": {
      if (!ctx.judging) return { ok: false, evidence: "a judge cannot run here" };
      const verdict = await runJudge(check.judge, index, {
        material: ctx.judging.material,
        env: ctx.env,
        outDir: ctx.outDir,
        timeoutMs: ctx.timeoutMs,
        signal: ctx.signal,
        spend: ctx.judging.spend,
        calibration: ctx.judging.calibrationOf?.(check.judge),
        ...(ctx.judging.traffic ? { traffic: ctx.judging.traffic } : {}),
      });
      return verdict;
    }
  }
}

/**
 * Every check, each under the eval's timeout (deadline.ts); a check that throws fails with the
 * error as evidence. The deterministic checks run first, in order; the judges after them, and only
 * when the agent did its part and every deterministic check held (a cheap gate before a paid one),
 * unless a judge says `always`. Outcomes keep the declared order. A judge's infra error is thrown:
 * the trial is an infra error, not a failure. An interrupt stops the list: the checks not yet run
 * are left out.
 */
export async function runChecks(checks: CheckSpec[], ctx: CheckContext): Promise<CheckOutcome[]> {
  const outcomes = new Map<number, CheckOutcome>();
  const judged = (check: CheckSpec) => check.type === "judge";
  const run = async (check: CheckSpec, index: number) => {
    let infra: InfraError | undefined;
    const { ms, limit } = partLimit(ctx.timeoutMs, ctx.trialDeadline, ctx.trialTimeoutMs);
    if (ms <= 0) {
      const evidence = `not run: the trial's limit (${seconds(ctx.trialTimeoutMs!)}) ran out before it`;
      outcomes.set(index, outcomeOf(check, { ok: false, evidence }));
      return;
    }
    const verdict = await underDeadline(
      ms,
      ctx.signal,
      (signal) =>
        runCheck(
          check,
          { ...ctx, signal, timeoutMs: ms, ...(limit ? { timeLimit: limit } : {}) },
          index,
        ).catch((error: unknown): CheckVerdict => {
          if (judged(check) && error instanceof InfraError) infra = error;
          return { ok: false, evidence: `the check threw: ${errorMessage(error)}` };
        }),
      limit,
    );
    if (infra) throw infra;
    outcomes.set(index, outcomeOf(check, verdict));
  };
  for (const [index, check] of checks.entries()) {
    if (ctx.signal?.aborted) break;
    if (!judged(check)) await run(check, index);
  }
  const failed = [...outcomes.values()].filter((o) => !o.ok).length;
  const gate = ctx.agentFailed
    ? `the agent failed (${ctx.agentFailed})`
    : failed > 0
      ? `${failed} deterministic check${failed > 1 ? "s" : ""} failed`
      : undefined;
  for (const [index, check] of checks.entries()) {
    if (ctx.signal?.aborted) break;
    if (!judged(check)) continue;
    if (gate && !(check.type === "judge" && check.judge.always)) {
      outcomes.set(index, {
        ...outcomeOf(check, {
          ok: false,
          evidence: `not run: ${gate} (\`always: true\` runs it anyway)`,
        }),
        skipped: true,
      });
      continue;
    }
    await run(check, index);
  }
  return [...outcomes.keys()].sort((a, b) => a - b).map((i) => outcomes.get(i)!);
}

function outcomeOf(check: CheckSpec, verdict: CheckVerdict): CheckOutcome {
  return {
    name: checkName(check),
    ok: verdict.ok,
    evidence: verdict.evidence,
    ...(check.source ? { file: check.source.file, line: check.source.line } : {}),
    ...(verdict.judge ? { judge: verdict.judge } : {}),
  };
}
