// E2E outcomes → the existing checks (files, commands, trajectory). Only the two outcome types no
// existing check expresses — "any non-zero exit" and "output contains" — run here, as custom checks.

import { promises as fs } from "node:fs";
import path from "node:path";
import type { CheckSpec, SourceRef } from "../../model/index.js";
import { judgeCheck } from "../../define/index.js";
import type { Outcome } from "./schema.js";
import {
  makeRunTempDir,
  readTail,
  runProcess,
  type ProcessResult,
  type RunProcessOptions,
} from "../../util/index.js";

/** The guide's words for an outcome: `src/app.ts not contains "as any"` (shown after its type). */
export function outcomeDescription(outcome: Outcome): string {
  const q = JSON.stringify;
  switch (outcome.type) {
    case "file-contains":
      return `${outcome.file} contains ${q(outcome.value)}`;
    case "file-not-contains":
      return `${outcome.file} not contains ${q(outcome.value)}`;
    case "file-matches":
      return `${outcome.file} matches /${outcome.value}/`;
    case "file-exists":
      return `${outcome.file} exists`;
    case "file-not-exists":
      return `${outcome.file} not exists`;
    case "bash-succeeds":
      return `${q(outcome.command)} succeeds`;
    case "bash-fails":
      return `${q(outcome.command)} fails`;
    case "bash-output-contains":
      return `${q(outcome.command)} output contains ${q(outcome.value)}`;
    case "judge":
      return `judged: ${q(outcome.rubric)}`;
  }
}

/** The check an outcome stands for, and the name the report gives it. */
export function outcomeCheck(outcome: Outcome, timeoutMs: number, source: SourceRef): CheckSpec {
  switch (outcome.type) {
    case "file-contains":
      return { type: "fileContains", path: outcome.file, pattern: outcome.value, source };
    case "file-not-contains":
      return { type: "fileLacks", path: outcome.file, pattern: outcome.value, source };
    case "file-matches":
      return {
        type: "fileContains",
        path: outcome.file,
        pattern: new RegExp(outcome.value),
        source,
      };
    case "file-exists":
      return { type: "fileExists", path: outcome.file, source };
    case "file-not-exists":
      return { type: "fileAbsent", path: outcome.file, source };
    case "bash-succeeds":
      return { type: "succeeds", command: outcome.command, exitCode: 0, source };
    case "bash-fails":
      return {
        type: "custom",
        name: `bash-fails ${JSON.stringify(outcome.command)}`,
        source,
        fn: async ({ workspace, env }) => {
          const run = await runBash(workspace, env, outcome.command, timeoutMs);
          if (run.problem) return { ok: false, evidence: run.problem };
          return run.exitCode !== 0
            ? { ok: true, evidence: `exit ${run.exitCode}, as expected` }
            : { ok: false, evidence: `exit 0, expected a failure${run.tail}` };
        },
      };
    case "judge":
      // An example's `dir` is relative to the eval file.
      return {
        ...judgeCheck(outcome, (dir) => path.resolve(path.dirname(source.file), dir)),
        source,
      };
    case "bash-output-contains":
      return {
        type: "custom",
        name: `output of ${JSON.stringify(outcome.command)} contains ${JSON.stringify(outcome.value)}`,
        source,
        fn: async ({ workspace, env }) => {
          const run = await runBash(workspace, env, outcome.command, timeoutMs);
          if (run.problem) return { ok: false, evidence: run.problem };
          return run.output.includes(outcome.value)
            ? { ok: true, evidence: `found in the output (exit ${run.exitCode})` }
            : {
                ok: false,
                evidence: `${JSON.stringify(outcome.value)} not in the output (exit ${run.exitCode})${run.tail}`,
              };
        },
      };
  }
}

interface BashRun {
  exitCode: number | null;
  /** stdout then stderr, each up to 1 MiB. */
  output: string;
  /** The last lines, for evidence. */
  tail: string;
  /** Set when the command could not give an answer (timeout, could not start). */
  problem?: string;
}

/** The eval author's command, run by bash in the sandbox (never built from agent output). */
async function runBash(
  workspace: string,
  env: Record<string, string>,
  command: string,
  timeoutMs: number,
): Promise<BashRun> {
  const dir = makeRunTempDir("ae-outcome-");
  try {
    const stdoutFile = path.join(dir, "stdout");
    const stderrFile = path.join(dir, "stderr");
    const { result, stdout, stderr } = await runCaptured(
      { command: "bash", args: ["-c", command], cwd: workspace, env, timeoutMs },
      { stdoutFile, stderrFile },
    );
    const last = [await readTail(stdoutFile, 6), await readTail(stderrFile, 6)]
      .map((t) => t.trimEnd())
      .filter(Boolean)
      .join("\n");
    const tail = last ? ` — last lines:\n${last}` : " — no output";
    const problem = result.spawnError
      ? `could not start bash: ${result.spawnError}`
      : result.timedOut
        ? `timed out after ${Math.round(timeoutMs / 1000)} s${tail}`
        : undefined;
    return {
      exitCode: result.exitCode,
      output: stdout + stderr,
      tail,
      ...(problem ? { problem } : {}),
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Runs a command with stdout and stderr (each up to 1 MiB) written to the files, and reads both. */
export async function runCaptured(
  options: Omit<RunProcessOptions, "stdoutFile" | "stderrFile" | "maxOutputBytes">,
  files: { stdoutFile: string; stderrFile: string },
): Promise<{ result: ProcessResult; stdout: string; stderr: string }> {
  const result = await runProcess({ ...options, ...files, maxOutputBytes: 1024 * 1024 });
  const [stdout, stderr] = await Promise.all([
    fs.readFile(files.stdoutFile, "utf8"),
    fs.readFile(files.stderrFile, "utf8"),
  ]);
  return { result, stdout, stderr };
}
