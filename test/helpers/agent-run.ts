// Shared by the adapter tests that drive the real `claude` and `codex` CLIs through the engine:
// a temp project with one YAML eval, a per-test HOME, and readers for a trial's result files.

import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect } from "vitest";
import { claudeCode } from "../../src/agents/claude-code.js";
import type { AgentAdapter, ToolCall } from "../../src/model/eval.js";
import type { EvalResult, RunResult, TrialResult } from "../../src/model/result.js";
import { requireBin } from "../fakes/clis.js";
import { makeProject } from "./project.js";

/** The claude adapter (the real binary) pointed at the fake API: its key, no retries of its own. */
export function claudeAgainstFake(url: string): AgentAdapter {
  return claudeCode({
    bin: requireBin("claude"),
    env: {
      ANTHROPIC_BASE_URL: url,
      ANTHROPIC_API_KEY: "sk-ant-fake-key",
      CLAUDE_CODE_MAX_RETRIES: "0",
    },
  });
}

export interface AgentProject {
  root: string;
  /** A fresh HOME for the CLI (it writes `$HOME/.claude*`, `$HOME/.codex`). */
  home: string;
}

const projects: string[] = [];

/** A project with `evals/<name>.eval.yaml` (and any other files) plus an empty home folder. */
export async function agentProject(
  yaml: string,
  files: Record<string, string> = {},
): Promise<AgentProject> {
  const root = await makeProject({ "evals/task.eval.yaml": yaml, ...files });
  projects.push(root);
  const home = path.join(root, "home");
  await fs.mkdir(home);
  return { root, home };
}

/** An empty temp folder, removed with the projects. */
export async function tempDir(prefix = "ae-agent-"): Promise<string> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), prefix)));
  projects.push(dir);
  return dir;
}

export async function removeAgentProjects(): Promise<void> {
  await Promise.all(projects.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
}

/** The engine's environment: CI=true, PATH and a locale, nothing else of ours (no real keys). */
export function engineEnv(home: string, extraPath: string[] = []): Record<string, string> {
  return {
    CI: "true",
    PATH: [...extraPath, process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin"].join(path.delimiter),
    HOME: home,
    LANG: "C.UTF-8",
    TERM: "dumb",
  };
}

export interface TrialFiles {
  trial: TrialResult & {
    agent: {
      exitCode: number | null;
      timedOut: boolean;
      agentFailure?: string;
      costUsd?: number;
      tokens?: { input: number; output: number; cacheRead: number; cacheWrite: number };
      turns?: number;
      finalMessage?: string;
    };
    trajectory: ToolCall[];
  };
  calls: Array<{ bin: string; argv: string[]; cwd: string; exit: number | null }>;
  stdout: string;
  stderr: string;
}

export async function readTrial(root: string, trial: TrialResult): Promise<TrialFiles> {
  const dir = path.join(root, trial.dir);
  const read = (name: string) => fs.readFile(path.join(dir, name), "utf8").catch(() => "");
  const calls = (await read("calls.jsonl"))
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as TrialFiles["calls"][number]);
  return {
    trial: JSON.parse(await read("trial.json")) as TrialFiles["trial"],
    calls,
    stdout: await read("agent.stdout"),
    stderr: await read("agent.stderr"),
  };
}

/** The only eval of a run. */
export function onlyEval(run: RunResult): EvalResult {
  expect(run.evals).toHaveLength(1);
  return run.evals[0]!;
}

/** A failed expectation shows the run and the transcripts. */
export function describeTrial(result: EvalResult, files?: TrialFiles): string {
  return [
    JSON.stringify(result, null, 2),
    files ? `--- trajectory\n${JSON.stringify(files.trial.trajectory, null, 2)}` : "",
    files ? `--- agent.stdout\n${files.stdout.slice(-4000)}` : "",
    files ? `--- agent.stderr\n${files.stderr.slice(-2000)}` : "",
  ].join("\n");
}

/** Command lines of running processes that contain `text` (ours excluded). */
export async function processesMatching(text: string): Promise<string[]> {
  try {
    const { stdout } = await promisify(execFile)("pgrep", ["-a", "-f", text]);
    return stdout
      .split("\n")
      .filter((line) => line.trim() && !line.startsWith(`${process.pid} `))
      .filter((line) => !/\bpgrep\b/.test(line));
  } catch (error) {
    // pgrep exits 1 when nothing matches.
    if ((error as { code?: unknown }).code === 1) return [];
    throw error;
  }
}

/** A word no other test (or run of this one) puts on a command line: scopes `pgrep -f`. */
export function uniqueToken(prefix: string): string {
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A real executable `bin` in a fresh folder (to put on PATH), printing `output`. */
export async function realExecutable(dir: string, bin: string, output: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, bin);
  await fs.writeFile(file, `#!/bin/sh\necho ${JSON.stringify(output)} "$@"\n`, { mode: 0o755 });
  return file;
}
