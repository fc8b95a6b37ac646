// The prepared tree of an eval: its sandbox filled once, `setup` run once in it; every trial of
// every agent then starts from a copy of it.

import { AgentEvalsError, Codes } from "../../model/index.js";
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import path from "node:path";
import type { EvalSpec } from "../../model/index.js";
import { manifest, type Manifest } from "./changes.js";
import { fillWorkspace } from "./fill.js";
import { makeTempDir } from "./io.js";
import { removeTree } from "./remove.js";
import { snapshotTree, type TreeSnapshot } from "./tree.js";
import { readTail, runProcess } from "../../util/index.js";
import type { ContainerOptions, PreparedEval } from "../isolation/provider.js";
import { workspacePool, type WorkspacePool } from "./recycle.js";

export class SetupError extends AgentEvalsError {
  constructor(message: string) {
    super(Codes.setupFailed, message);
  }
}

export interface PreparedTree {
  /** The tree trials copy. */
  dir: string;
  /** Where setup output went. */
  logDir: string;
  /** Files and hashes of the prepared tree, to tell what a run created or modified. */
  manifest: () => Promise<Manifest>;
  /** What its trials run from, where setup ran inside the sandbox (an image with setup's layer). */
  container?: ContainerOptions;
  /** Where the tree is kept inside what its trials run from (PreparedEval.treeInside). */
  treeInside?: string;
  /** The tree walked and checked once: every trial's copy reuses it. */
  snapshot: () => Promise<TreeSnapshot>;
  /** Trials' workspaces, each put back to this tree by what changed for the next trial (recycle.ts). */
  workspaces: WorkspacePool;
  dispose: () => Promise<void>;
}

/**
 * Somewhere to keep prepared trees between runs (the Action plugs in @actions/cache). Keys name the
 * eval, its setup commands and the content it was filled from; a store never throws.
 */
export interface PreparedStore {
  restore(dir: string, key: string): Promise<boolean>;
  save(dir: string, key: string): Promise<void>;
  keyFor(spec: { id: string; setup: string[]; templateHash: string }): string;
}

export interface PrepareOptions {
  env: Record<string, string>;
  signal?: AbortSignal;
  /** Keeps the tree of a setup that failed, to be looked at (--keep-workspace). */
  keep: boolean;
  store?: PreparedStore;
  /**
   * Runs the setup steps inside the eval's sandbox (once per eval), where the provider does; called
   * for every eval then (setup undefined when there is none to run), as the provider may keep the
   * prepared tree in what its trials run from.
   */
  setupInside?: (dir: string, setup: (() => Promise<void>) | undefined) => Promise<PreparedEval>;
}

export async function prepareTree(spec: EvalSpec, options: PrepareOptions): Promise<PreparedTree> {
  const root = await makeTempDir(`${spec.id}-prepared`);
  const dir = path.join(root, "work");
  const logDir = path.join(root, "setup");
  let inside: PreparedEval | undefined;
  try {
    mkdirSync(dir);
    mkdirSync(logDir);
    // Filled, a variant's overlay included: the tree hash below (the store key) covers it.
    await fillWorkspace(spec.workspace, dir);
    // Only a setup is worth keeping: a plain fill is as fast as a restore.
    const key =
      options.store && spec.setup.length
        ? options.store.keyFor({
            id: spec.id,
            setup: spec.setup,
            templateHash: await treeHash(dir),
          })
        : undefined;
    const restored = key && options.store && (await restoreInto(options.store, dir, key));
    const setup =
      !restored && spec.setup.length
        ? async () => {
            for (const [i, command] of spec.setup.entries()) {
              await runSetupStep(command, i + 1, { dir, logDir, spec, ...options });
            }
          }
        : undefined;
    if (options.setupInside) inside = await options.setupInside(dir, setup);
    else await setup?.();
    if (setup && key && options.store) await options.store.save(dir, key);
  } catch (error) {
    await inside?.dispose();
    if (!options.keep) await removeTree(root);
    throw error;
  }
  let cachedManifest: Promise<Manifest> | undefined;
  let cachedSnapshot: Promise<TreeSnapshot> | undefined;
  const snapshot = () => (cachedSnapshot ??= snapshotTree(dir));
  const poolDir = path.join(root, "pool");
  mkdirSync(poolDir);
  const workspaces = workspacePool(poolDir, snapshot);
  return {
    dir,
    logDir,
    manifest: () => (cachedManifest ??= manifest(dir)),
    snapshot,
    workspaces,
    ...(inside ? { container: inside.container } : {}),
    ...(inside?.treeInside ? { treeInside: inside.treeInside } : {}),
    dispose: async () => {
      await workspaces.settle();
      await inside?.dispose();
      // Also with --keep-workspace: each kept workspace is its trial's own folder by now, and the
      // prepared tree and the pool's idle copies are the template again, under a path never shown.
      await removeTree(root);
    },
  };
}

/** A hash of every file's path and content: what the sandbox was filled from. */
async function treeHash(dir: string): Promise<string> {
  const files = [...(await manifest(dir))].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256")
    .update(JSON.stringify(files.map(([p, f]) => [p, f.hash])))
    .digest("hex");
}

/** Replace the filled tree with the stored prepared one; on a miss the filled tree stays. */
async function restoreInto(store: PreparedStore, dir: string, key: string): Promise<boolean> {
  const staging = `${dir}.restore`;
  await mkdir(staging);
  if (!(await store.restore(staging, key))) {
    await removeTree(staging);
    return false;
  }
  await removeTree(dir);
  await rename(staging, dir);
  return true;
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
