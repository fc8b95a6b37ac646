// The literal agent: runs the prompt's embedded commands in order, in one bash session (so `cd` and
// `export` carry over as they would for a person following the steps), and stops at the first
// failure. Free and deterministic: if the literal steps fail, no agent will succeed.

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AgentAdapter, AgentRunContext, AgentRunResult, ToolCall } from "../model/index.js";
import { readRegularTextSync, shellQuote } from "../util/index.js";
import { runAgentProcess } from "./process-agent.js";

/** The progress file holds a line per step: far more than any prompt's steps write. */
const PROGRESS_CAP_BYTES = 1024 * 1024;

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
  // Progress goes to a file named in the script, in the trial's TMPDIR: a sandbox's start (docker
  // exec, bwrap's forwarder) passes no descriptor beyond stdio, and the results folder is read-only
  // inside one. Named in the script, not by a variable, so a step that changes the environment
  // does not lose it.
  const written = path.join(ctx.env.TMPDIR ?? stepsDir, `agent-evals-literal-${randomUUID()}`);
  const script = [
    "set -e",
    ...stepFiles.flatMap((file, i) => [
      `printf '%s\\n' ${i + 1} >> ${shellQuote(written)}`,
      `. ${shellQuote(file)}`,
    ]),
    `printf 'done\\n' >> ${shellQuote(written)}`,
  ].join("\n");
  fs.writeFileSync(written, "");
  const run = await runAgentProcess(ctx, { command: "bash", args: ["-c", script] });
  // What a step did to the file (removed it) reads as no progress. The trajectory in trial.json
  // tells which steps ran: the file is not kept.
  const text = readOrEmpty(written);
  fs.rmSync(written, { force: true, recursive: true });
  const progress = text.trim().split("\n").filter(Boolean);
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

/** A step can put a FIFO or a link in the file's place: only a regular file is read, capped. */
function readOrEmpty(file: string): string {
  return readRegularTextSync(file, PROGRESS_CAP_BYTES) ?? "";
}

function firstLine(command: string): string {
  const line = command.split("\n")[0] ?? "";
  return line.length > 100 ? `${line.slice(0, 100)}…` : line;
}
