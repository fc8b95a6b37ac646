// The prepared tree of an eval: its sandbox filled once, `setup` run once in it; every trial of
// every agent then starts from a copy of it.

import path from "node:path";
import type { EvalSpec } from "../model/eval.js";
import {
  fillSandbox,
  makeTempDir,
  manifest,
  removeTree,
  snapshotTree,
  type Manifest,
  type TreeSnapshot,
} from "./sandbox.js";
import { readTail, runProcess } from "./process.js";

export class SetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SetupError";
  }
}

export interface PreparedSandbox {
  /** The tree trials copy. */
  dir: string;
  /** Where setup output went. */
  logDir: string;
  /** Files and hashes of the prepared tree, to tell what a run created or modified. */
  manifest: () => Promise<Manifest>;
  /** The tree walked and checked once: every trial's copy reuses it. */
  snapshot: () => Promise<TreeSnapshot>;
  dispose: () => Promise<void>;
}

export interface PrepareOptions {
  env: Record<string, string>;
  signal?: AbortSignal;
  keep: boolean;
}

export async function prepareSandbox(
  spec: EvalSpec,
  options: PrepareOptions,
): Promise<PreparedSandbox> {
  const root = await makeTempDir(`${spec.id}-prepared`);
  const dir = path.join(root, "work");
  const logDir = path.join(root, "setup");
  try {
    const { mkdir } = await import("node:fs/promises");
    await mkdir(dir);
    await mkdir(logDir);
    await fillSandbox(spec.sandbox, dir);
    for (const [i, command] of spec.setup.entries()) {
      await runSetupStep(command, i + 1, { dir, logDir, spec, ...options });
    }
  } catch (error) {
    if (!options.keep) await removeTree(root);
    throw error;
  }
  let cachedManifest: Promise<Manifest> | undefined;
  let cachedSnapshot: Promise<TreeSnapshot> | undefined;
  return {
    dir,
    logDir,
    manifest: () => (cachedManifest ??= manifest(dir)),
    snapshot: () => (cachedSnapshot ??= snapshotTree(dir)),
    dispose: () => (options.keep ? Promise.resolve() : removeTree(root)),
  };
}

async function runSetupStep(
  command: string,
  n: number,
  ctx: { dir: string; logDir: string; spec: EvalSpec } & PrepareOptions,
): Promise<void> {
  const stdoutFile = path.join(ctx.logDir, `setup-${n}.stdout`);
  const stderrFile = path.join(ctx.logDir, `setup-${n}.stderr`);
  const result = await runProcess({
    command: "bash",
    args: ["-c", command],
    cwd: ctx.dir,
    env: ctx.env,
    timeoutMs: ctx.spec.timeoutMs,
    stdoutFile,
    stderrFile,
    signal: ctx.signal,
  });
  if (result.exitCode === 0) return;
  const tail = (await readTail(stderrFile, 8)).trim() || (await readTail(stdoutFile, 8)).trim();
  const why = result.timedOut
    ? `timed out after ${Math.round(ctx.spec.timeoutMs / 1000)} s`
    : result.spawnError
      ? `could not start: ${result.spawnError}`
      : `exit ${result.exitCode ?? `signal ${result.signal}`}`;
  throw new SetupError(
    `setup step ${n} (${JSON.stringify(command)}) failed: ${why}${tail ? `\n${tail}` : ""}`,
  );
}
