// Removing trees: `rm -rf` that never follows a symlink, copes with read-only folders an agent left
// behind and with paths nested deeper than the kernel takes. Node built-ins only.

import { lstatSync, readdirSync, renameSync, rmdirSync, rmSync, unlinkSync } from "node:fs";
import { chmod, lstat, readdir, rm } from "node:fs/promises";
import { join, parse, resolve } from "node:path";
import {
  attempt,
  errorCode,
  ioFailure,
  isPermissionError,
  lstatOrUndefined,
  slicer,
  TreeError,
} from "./io.js";

/** `rm -rf` of one path without following a link at it (unlinked) or in it; gone already is fine. */
export function rmSyncNoFollow(abs: string): void {
  const stats = lstatOrUndefined(abs);
  if (stats === undefined) return;
  if (!stats.isDirectory()) return unlinkSync(abs);
  rmSync(abs, { recursive: true, force: true });
}

/** `rm -rf dir`, also when an agent left read-only folders behind. Never follows a symlink. */
export async function removeTree(dir: string): Promise<void> {
  const target = resolve(dir);
  if (target === parse(target).root) {
    throw new TreeError(`refusing to remove the filesystem root: ${dir}`);
  }
  try {
    await removeInSlices(target);
    return;
  } catch {
    // A read-only folder, or something still writing into the tree: the careful way below.
  }
  try {
    await rm(target, { recursive: true, force: true, maxRetries: 3 });
  } catch (err) {
    if (!isPermissionError(err)) throw ioFailure("cannot remove", target, err);
    // A folder without u+w can't have its entries unlinked: open everything up, then retry.
    await makeOwnerWritable(target);
    await attempt("cannot remove", target, () =>
      rm(target, { recursive: true, force: true, maxRetries: 3 }),
    );
  }
}

/**
 * `rm -rf dir` on libuv's thread pool, for a folder removed while other work goes on (a finished
 * trial's folder, while the next trial runs): its calls then wait there, not on the main thread.
 * An unlink or rmdir can wait milliseconds for the file system's journal (a trial's HOME after
 * claude: some 20 folders took 7 ms a trial, docs/benchmarks.md › Around `claude -p`), and on the
 * main thread that holds up every other trial's proxy, streams and timers. fs.rm never follows a
 * symlink either (lstat, then unlink). Anything it cannot do (read-only folders, paths longer than
 * the kernel takes) is left to removeTree.
 */
export async function removeTreeOffThread(dir: string): Promise<void> {
  const target = resolve(dir);
  if (target === parse(target).root) {
    throw new TreeError(`refusing to remove the filesystem root: ${dir}`);
  }
  try {
    await rm(target, { recursive: true, force: true });
    return;
  } catch {
    // Whatever is left: the careful ways of removeTree.
  }
  await removeTree(target);
}

/**
 * The fast path of removeTree: synchronous calls in slices, the entry types from readdir (no lstat
 * per entry). Folders are read top-down, then removed bottom-up. A symlink is unlinked, never
 * followed. Throws on anything unusual; removeTree then falls back to fs.rm.
 */
async function removeInSlices(target: string): Promise<void> {
  const pause = slicer();
  let top: ReturnType<typeof lstatSync>;
  try {
    top = lstatSync(target);
  } catch (err) {
    if (errorCode(err) === "ENOENT") return;
    throw err;
  }
  if (!top.isDirectory()) return unlinkSync(target);
  const toRead = [target];
  const readTopDown: string[] = [];
  let moved = 0;
  for (let dir = toRead.pop(); dir !== undefined; dir = toRead.pop()) {
    readTopDown.push(dir);
    for (const dirent of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, dirent.name);
      if (dirent.isDirectory()) toRead.push(shallow(target, abs, () => moved++));
      else unlinkSync(abs);
      await pause();
    }
  }
  for (let i = readTopDown.length - 1; i >= 0; i--) {
    rmdirSync(readTopDown[i]!);
    await pause();
  }
}

/** Paths longer than this are moved up before they are read: the kernel takes at most 4096 bytes. */
const DEEP_PATH = 2048;

/**
 * `abs` itself, or, when its path is long (an agent can nest folders deeper than any path the
 * kernel takes), the same folder renamed to the top of `target`, where its entries can be named.
 */
function shallow(target: string, abs: string, count: () => number): string {
  if (abs.length < DEEP_PATH) return abs;
  let up: string;
  do up = join(target, `.agent-evals-deep-${count()}`);
  while (lstatOrUndefined(up) !== undefined);
  renameSync(abs, up);
  return up;
}

async function makeOwnerWritable(abs: string): Promise<void> {
  try {
    const stats = await lstat(abs);
    if (!stats.isDirectory()) return;
    await chmod(abs, (stats.mode & 0o7777) | 0o700);
    const dirents = await readdir(abs, { withFileTypes: true });
    await Promise.all(
      dirents.filter((d) => d.isDirectory()).map((d) => makeOwnerWritable(join(abs, d.name))),
    );
  } catch {
    // Best effort: the retried rm reports whatever is still in the way.
  }
}
