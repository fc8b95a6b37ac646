// succeeds(command): run a shell command in the sandbox; evidence is the exit and the output's end.

import path from "node:path";
import { readTail, runProcess } from "../util/index.js";
import type { CheckContext, CheckVerdict } from "./context.js";
import { pastDeadline, seconds } from "./deadline.js";

const TAIL_LINES = 6;

export async function checkSucceeds(
  ctx: CheckContext,
  command: string,
  expectedExit: number,
  index: number,
): Promise<CheckVerdict> {
  const stdoutFile = path.join(ctx.outDir, `check-${index}.stdout`);
  const stderrFile = path.join(ctx.outDir, `check-${index}.stderr`);
  // The command is the eval author's text, run as a script by bash: never built from agent output.
  const result = await runProcess({
    command: "bash",
    args: ["-c", command],
    cwd: ctx.workspace,
    env: ctx.env,
    timeoutMs: ctx.timeoutMs,
    stdoutFile,
    stderrFile,
    signal: ctx.signal,
    // A command that prints nothing (most: `test -f …`) leaves no files.
    skipEmptyFiles: true,
  });
  if (result.spawnError)
    return { ok: false, evidence: `could not start bash: ${result.spawnError}` };
  // The output's end is evidence of a failure only: not read when the check passes.
  const tail = () => outputTail(stdoutFile, stderrFile);
  // Its own timer or the check's deadline, whichever fired first: the same timeout.
  if (result.timedOut || (result.aborted && pastDeadline(ctx.signal))) {
    return {
      ok: false,
      evidence: `timed out after ${seconds(ctx.timeoutMs)}${ctx.timeLimit ? `, ${ctx.timeLimit}` : ""}${await tail()}`,
      stopped: true,
    };
  }
  const exit = result.exitCode ?? `signal ${result.signal}`;
  if (result.exitCode === expectedExit) {
    return { ok: true, evidence: `exit ${exit}${expectedExit === 0 ? "" : ` as expected`}` };
  }
  return { ok: false, evidence: `exit ${exit}, expected ${expectedExit}${await tail()}` };
}

async function outputTail(stdoutFile: string, stderrFile: string): Promise<string> {
  const [out, err] = await Promise.all([
    readTail(stdoutFile, TAIL_LINES).catch(() => ""),
    readTail(stderrFile, TAIL_LINES).catch(() => ""),
  ]);
  const text = [out.trimEnd(), err.trimEnd()].filter(Boolean).join("\n");
  return text ? ` — last lines:\n${text}` : " — no output";
}
