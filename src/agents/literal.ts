// The literal agent: runs the prompt's embedded commands in order, in one bash session (so `cd` and
// `export` carry over as they would for a person following the steps), and stops at the first
// failure. Free and deterministic: if the literal steps fail, no agent will succeed.

import fs from "node:fs";
import path from "node:path";
import type { AgentAdapter, AgentRunContext, AgentRunResult, ToolCall } from "../model/index.js";
import { shellQuote } from "../util/index.js";
import { runAgentProcess } from "./process-agent.js";

export function literal(): AgentAdapter {
  return {
    name: "literal",
    free: true,
    available: async () => true,
    version: async () => undefined,
    run: runLiteral,
  };
}

async function runLiteral(ctx: AgentRunContext): Promise<AgentRunResult> {
  const started = Date.now();
  if (ctx.commands.length === 0) {
    return {
      exitCode: null,
      timedOut: false,
      agentFailure:
        "the prompt has no embedded commands (fenced sh, bash, shell or console blocks) for the literal agent to run",
      trajectory: [],
      transcripts: [],
      durationMs: Date.now() - started,
    };
  }
  const stepsDir = path.join(ctx.outDir, "literal");
  fs.mkdirSync(stepsDir, { recursive: true });
  const stepFiles = ctx.commands.map((command, i) => {
    const file = path.join(stepsDir, `step-${i + 1}.sh`);
    fs.writeFileSync(file, `${command}\n`);
    return file;
  });
  // Each step is its own file, sourced: one step's quoting can't break the next, and state carries.
  const progressFile = path.join(stepsDir, "progress");
  const script = [
    "set -e",
    ...stepFiles.flatMap((file, i) => [`printf '%s\\n' ${i + 1} >&3`, `. ${shellQuote(file)}`]),
    "printf 'done\\n' >&3",
  ].join("\n");
  const run = await runAgentProcess(ctx, {
    command: "bash",
    args: ["-c", script],
    extraFdFiles: [progressFile],
  });
  const progress = fs.readFileSync(progressFile, "utf8").trim().split("\n").filter(Boolean);
  const finished = progress.at(-1) === "done";
  const reached = finished ? ctx.commands.length : Number(progress.at(-1) ?? 0);
  const trajectory: ToolCall[] = ctx.commands.slice(0, reached).map((command, i) => ({
    tool: "Bash",
    input: { command },
    exitCode: finished || i < reached - 1 ? 0 : (run.result.exitCode ?? undefined),
    isError: !finished && i === reached - 1,
  }));
  const result: AgentRunResult = {
    ...run.result,
    trajectory,
    transcripts: [...run.result.transcripts, ...stepFiles.map((f) => path.relative(ctx.outDir, f))],
  };
  if (!finished && !run.process.timedOut && !run.process.aborted) {
    const exit = run.process.exitCode ?? `signal ${run.process.signal}`;
    result.agentFailure = `embedded command ${reached} of ${ctx.commands.length} failed (exit ${exit}): ${firstLine(ctx.commands[reached - 1] ?? "")}`;
  }
  return result;
}

function firstLine(command: string): string {
  const line = command.split("\n")[0] ?? "";
  return line.length > 100 ? `${line.slice(0, 100)}…` : line;
}
