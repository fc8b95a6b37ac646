// Low-level file I/O of the workspace modules: the error every one of them throws (naming the path
// and a fix), fs calls wrapped to throw it, bounded parallelism, time slices for synchronous loops,
// temp dirs. Node built-ins only.

import { AgentEvalsError, Codes } from "../../model/index.js";
import { lstatSync, mkdirSync, mkdtempSync, realpathSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { recordInRun, shortPath } from "../../util/index.js";

/** Bad paths, escaping symlinks, I/O problems. The message names the path and the fix. */
export class TreeError extends AgentEvalsError {
  /** Why, for callers that act on it: a folder that is not there, or anything else. */
  readonly reason: "missing" | "other";
  constructor(message: string, options?: ErrorOptions & { reason?: "missing" }) {
    super(Codes.infraError, message, options);
    this.reason = options?.reason ?? "other";
  }
}

/** How many file operations run at once: enough to hide latency, few enough to stay under EMFILE. */
export const PARALLEL_IO = 32;

/**
 * Copying and removing trees use synchronous calls, run in slices of at most this long before the
 * event loop gets a turn (timers, other trials' child output). Each async fs call is a round trip
 * through libuv's thread pool (a futex wake there, an epoll wake back), which for a small file
 * costs more CPU than the copy itself; see docs/benchmarks.md, figure 3.
 */
const SLICE_MS = 10;

/** A fresh directory under os.tmpdir() named `agent-evals-<label>-XXXXXX` (its real path). */
export async function makeTempDir(label: string): Promise<string> {
  const safeLabel = label.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 40);
  const prefix = join(tmpdir(), `agent-evals-${safeLabel ? `${safeLabel}-` : ""}`);
  // Synchronous: a small metadata call costs less than a round trip through libuv's thread pool.
  const dir = attemptSync("cannot create a temp dir under", tmpdir(), () => mkdtempSync(prefix));
  // Written down: the next run removes it if this one is SIGKILLed (run-registry.ts).
  recordInRun({ temp: dir });
  // The real path, so paths reported by the agent (which sees its cwd resolved) compare equal.
  return realpathSync(dir);
}

/**
 * The temp directory at exactly `dir`, created now, when it is one `makeTempDir` could have made
 * here or on a machine with the default TMPDIR (an `agent-evals-…` folder right under os.tmpdir()
 * or /tmp) and nothing is there yet; else undefined. `dir` may come from a downloaded recording:
 * nothing else is ever created or taken over.
 */
export function claimTempDir(dir: string): string | undefined {
  const parents = new Set([realpathSync(tmpdir()), "/tmp"]);
  if (!parents.has(dirname(dir)) || !/^agent-evals-[A-Za-z0-9._-]+$/.test(basename(dir)))
    return undefined;
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch {
    return undefined;
  }
  recordInRun({ temp: dir });
  return dir;
}

/** Run `fn` over `items` with at most `limit` in flight; stops starting new ones after a failure. */
export async function forEachLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  await mapLimit(items, limit, fn);
}

/** Like `Promise.all(items.map(fn))` with at most `limit` calls in flight; results keep order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const workers = Array.from({ length: Math.min(limit, items.length) }, worker);
  await Promise.all(workers);
  return results;
}

/** Follows symlinks: a template or repo path given through a link to a folder is fine. */
export async function isDirectory(abs: string): Promise<boolean> {
  try {
    return statSync(abs).isDirectory();
  } catch {
    return false;
  }
}

export async function requireDirectory(abs: string, label: string): Promise<void> {
  if (!(await isDirectory(abs))) {
    throw new TreeError(`${label} not found: ${abs}. Fix: prepare it before copying.`, {
      reason: "missing",
    });
  }
}

export function lstatOrUndefined(abs: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(abs);
  } catch (err) {
    if (errorCode(err) === "ENOENT") return undefined;
    throw err;
  }
}

/**
 * A pause for loops of synchronous calls: resolves at once (no await needed) until SLICE_MS have
 * passed since the last turn of the event loop, then gives it one (setImmediate).
 */
export function slicer(): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart < SLICE_MS) return undefined;
    return new Promise<void>((resume) =>
      setImmediate(() => {
        sliceStart = performance.now();
        resume();
      }),
    );
  };
}

/** attempt for a synchronous fs operation. */
export function attemptSync<T>(action: string, path: string, op: () => T): T {
  try {
    return op();
  } catch (err) {
    throw ioFailure(action, path, err);
  }
}

/** Run an fs operation, turning its failure into a TreeError that names the path and a fix. */
export async function attempt<T>(action: string, path: string, op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    throw ioFailure(action, path, err);
  }
}

export function ioFailure(action: string, path: string, err: unknown): TreeError {
  if (err instanceof TreeError) return err;
  const code = errorCode(err);
  const detail = code ?? (err instanceof Error ? err.message : String(err));
  return new TreeError(`${action} ${shortPath(path)}: ${detail}. Fix: ${fixFor(code)}`, {
    cause: err,
  });
}

function fixFor(code: string | undefined): string {
  switch (code) {
    case "EACCES":
    case "EPERM":
      return "check the permissions of that path.";
    case "ENOSPC":
    case "EDQUOT":
      return "free some disk space, or point TMPDIR at a bigger disk.";
    case "EMFILE":
    case "ENFILE":
      return "raise the open-file limit (ulimit -n).";
    case "ENOENT":
      return "check that the path exists and nothing else is deleting it.";
    case "ENOTDIR":
    case "EEXIST":
    case "EISDIR":
      return "a file and a folder have the same name there; rename one.";
    case "ELOOP":
      return "remove the symlink loop.";
    case "ENAMETOOLONG":
      return "shorten the path.";
    default:
      return "check that the path is readable and the disk is healthy.";
  }
}

export function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

export function isPermissionError(err: unknown): boolean {
  const code = errorCode(err);
  return code === "EACCES" || code === "EPERM";
}
