// The common part of agents that are a program: run it in the sandbox under the process runner,
// stream its output into the trial folder, and tell a start failure (infra) from a run.

import path from "node:path";
import { type AgentRunContext, type AgentRunResult, InfraError } from "../model/index.js";
import { runProcess, type ProcessResult } from "../util/index.js";

export interface AgentProcessOptions {
  command: string;
  args: string[];
  env?: Record<string, string>;
  onStdout?: (chunk: Buffer) => void;
  onStderr?: (chunk: Buffer) => void;
  /** Aborts the run like an interrupt (the adapter saw it cannot succeed: API errors on repeat). */
  signal?: AbortSignal;
  extraFdFiles?: string[];
}

export interface AgentProcessRun {
  process: ProcessResult;
  stdoutFile: string;
  stderrFile: string;
  result: AgentRunResult;
}

export async function runAgentProcess(
  ctx: AgentRunContext,
  options: AgentProcessOptions,
): Promise<AgentProcessRun> {
  const stdoutFile = path.join(ctx.outDir, "agent.stdout");
  const stderrFile = path.join(ctx.outDir, "agent.stderr");
  const processResult = await runProcess({
    command: options.command,
    args: options.args,
    cwd: ctx.cwd,
    // PWD names the workspace, whatever the caller's was: opencode takes its project folder from it.
    env: { ...ctx.env, ...options.env, PWD: ctx.cwd },
    timeoutMs: ctx.timeoutMs,
    stdoutFile,
    stderrFile,
    signal: options.signal ? AbortSignal.any([ctx.signal, options.signal]) : ctx.signal,
    onStdout: options.onStdout,
    onStderr: options.onStderr,
    extraFdFiles: options.extraFdFiles,
    skipEmptyFiles: true,
  });
  if (processResult.spawnError) {
    throw new InfraError(`could not start ${options.command}: ${processResult.spawnError}`);
  }
  return {
    process: processResult,
    stdoutFile,
    stderrFile,
    result: {
      exitCode: processResult.exitCode,
      timedOut: processResult.timedOut,
      trajectory: [],
      // Only the streams the agent wrote to have a file.
      transcripts: [
        ...(processResult.stdoutWritten ? ["agent.stdout"] : []),
        ...(processResult.stderrWritten ? ["agent.stderr"] : []),
      ],
      durationMs: processResult.durationMs,
    },
  };
}
