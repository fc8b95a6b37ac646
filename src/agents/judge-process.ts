// The common part of a judge call: the CLI run in a copy of the workspace, its output streamed
// into `<name>.stdout` / `<name>.stderr` beside the trial's own transcripts.

import path from "node:path";
import { type JudgeCallContext, InfraError } from "../model/index.js";
import { runProcess, type ProcessResult } from "../util/index.js";

export interface JudgeProcessRun {
  process: ProcessResult;
  stdoutFile: string;
  stderrFile: string;
  transcripts: string[];
}

export async function runJudgeProcess(
  ctx: JudgeCallContext,
  options: {
    command: string;
    args: string[];
    env?: Record<string, string>;
    onStdout: (chunk: Buffer) => void;
  },
): Promise<JudgeProcessRun> {
  const transcripts = [`${ctx.name}.stdout`, `${ctx.name}.stderr`];
  const [stdoutFile, stderrFile] = transcripts.map((name) => path.join(ctx.outDir, name)) as [
    string,
    string,
  ];
  const result = await runProcess({
    command: options.command,
    args: options.args,
    cwd: ctx.cwd,
    env: { ...ctx.env, ...options.env },
    timeoutMs: ctx.timeoutMs,
    stdoutFile,
    stderrFile,
    signal: ctx.signal,
    onStdout: options.onStdout,
  });
  if (result.spawnError)
    throw new InfraError(`could not start the judge ${options.command}: ${result.spawnError}`);
  if (result.timedOut)
    throw new InfraError(`the judge timed out after ${Math.round(ctx.timeoutMs / 1000)} s`);
  return { process: result, stdoutFile, stderrFile, transcripts };
}
