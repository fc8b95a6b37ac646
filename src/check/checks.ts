// Runs an eval's checks, in order, against a finished trial.

import { describePattern, type CheckSpec } from "../model/index.js";
import type { CheckOutcome } from "../model/index.js";
import { checkNotRan, checkRan, checkRanInOrder } from "./calls.js";
import { checkSucceeds } from "./commands.js";
import type { CheckContext, CheckVerdict } from "./context.js";
import { runCustomCheck } from "./custom.js";
import { underDeadline } from "./deadline.js";
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
  }
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
      return checkFileExists(ctx.sandbox, check.path);
    case "fileAbsent":
      return checkFileAbsent(ctx.sandbox, check.path);
    case "fileContains":
      return checkFileContains(ctx.sandbox, check.path, check.pattern, ctx.signal);
    case "fileLacks":
      return checkFileLacks(ctx.sandbox, check.path, check.pattern, ctx.signal);
    case "changedFilesContain":
      return checkChangedFilesContain(
        ctx.sandbox,
        await ctx.changedFiles(),
        check.text,
        ctx.signal,
      );
    case "changedFilesLack":
      return checkChangedFilesLack(ctx.sandbox, await ctx.changedFiles(), check.text, ctx.signal);
    case "succeeds":
      return checkSucceeds(ctx, check.command, check.exitCode, index);
    case "trajectory":
      return checkTrajectory(ctx.run.trajectory, check);
    case "custom":
      return runCustomCheck(check.fn, ctx);
  }
}

/**
 * Every check, in order, each under the eval's timeout (deadline.ts); a check that throws fails with
 * the error as evidence. An interrupt stops the list: the checks not yet run are left out.
 */
export async function runChecks(checks: CheckSpec[], ctx: CheckContext): Promise<CheckOutcome[]> {
  const outcomes: CheckOutcome[] = [];
  for (const [index, check] of checks.entries()) {
    if (ctx.signal?.aborted) break;
    const verdict = await underDeadline(ctx.timeoutMs, ctx.signal, (signal) =>
      runCheck(check, { ...ctx, signal }, index).catch((error: unknown): CheckVerdict => ({
        ok: false,
        evidence: `the check threw: ${(error as Error).message}`,
      })),
    );
    outcomes.push({
      name: checkName(check),
      ok: verdict.ok,
      evidence: verdict.evidence,
      ...(check.source ? { file: check.source.file, line: check.source.line } : {}),
    });
  }
  return outcomes;
}
