// Temp projects for tests: write files, run the real CLI on them.

import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { removeTree } from "../../src/run/workspace/remove.js";
import { cliEntry } from "./bundle.js";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Every project this test file made: test/integration-setup.ts removes them when the file ends. */
const madeProjects: string[] = [];

export async function makeProject(files: Record<string, string>): Promise<string> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "ae-project-")));
  madeProjects.push(dir);
  await writeFiles(dir, files);
  return dir;
}

/** A folder a test made beside a project (a copy of it): removed with the projects. */
export function removedWithProjects(dir: string): string {
  madeProjects.push(dir);
  return dir;
}

/** Removes the projects made so far (a test that removes its own first does no harm). */
export async function removeMadeProjects(): Promise<void> {
  const dirs = madeProjects.splice(0);
  // removeTree also takes folders a test made unwritable.
  await Promise.all(dirs.map((dir) => removeTree(dir)));
}

export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(dir, rel);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  }
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The signal that ended the CLI, when one did. */
  signal?: NodeJS.Signals;
}

/** Runs the CLI, built from src/ as the package ships it (test/helpers/bundle.ts), as a real child process. */
export async function runCli(
  args: string[],
  options: { cwd?: string; env?: Record<string, string | undefined>; timeoutMs?: number } = {},
): Promise<CliResult> {
  const cli = await cliEntry();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      {
        cwd: options.cwd ?? REPO_ROOT,
        env: { ...process.env, NO_COLOR: "1", CI: "", ...options.env } as NodeJS.ProcessEnv,
        maxBuffer: 64 * 1024 * 1024,
        // A CLI that hangs is killed and comes back with a code no test expects.
        ...(options.timeoutMs
          ? { timeout: options.timeoutMs, killSignal: "SIGKILL" as const }
          : {}),
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr, ...(error?.signal ? { signal: error.signal } : {}) });
      },
    );
  });
}
