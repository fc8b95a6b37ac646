// Opening a file the agent left, for a check to read: never out of the sandbox, never blocking.

import { promises as fs, type Stats } from "node:fs";
import path from "node:path";
import { AgentEvalsError, Codes } from "../model/index.js";
// The flags every read-back uses (util/safe-read.ts): no link followed, a FIFO never waited on.
import { kindOf, SAFE_OPEN_FLAGS } from "../util/index.js";

/** Internal: a symlink out of the sandbox, turned into a failed check's evidence. */
export class LinkEscapes extends AgentEvalsError {
  constructor(message: string) {
    super(Codes.checkFailed, message, { exitCode: 1 });
  }
}

export type Opened =
  | { kind: "file"; handle: fs.FileHandle; size: number }
  /** Not there (or a folder, which a file check treats as no file). */
  | { kind: "missing" }
  /** A FIFO, socket or device: not opened, or closed at once. `what` says which. */
  | { kind: "special"; what: string };

/**
 * Opens `file` (an absolute path inside `sandbox`) for reading. A symlink the agent made that leads
 * out of the sandbox is not followed: LinkEscapes is thrown instead of reading a file elsewhere on
 * the machine. Only a regular file is opened; anything else is reported as what it is.
 */
export async function openInWorkspace(workspace: string, file: string): Promise<Opened> {
  let real: string;
  let stats: Stats;
  try {
    const root = await fs.realpath(workspace);
    real = await fs.realpath(file);
    if (real !== root && !real.startsWith(`${root}${path.sep}`)) {
      throw new LinkEscapes(
        `${path.relative(workspace, file)} is a symlink to ${real}, outside the sandbox`,
      );
    }
    stats = await fs.lstat(real);
  } catch (error) {
    if (isMissing(error)) return { kind: "missing" };
    throw error;
  }
  if (stats.isDirectory()) return { kind: "missing" };
  // Checked before opening, so that a device is never opened at all.
  if (!stats.isFile()) return { kind: "special", what: kindOf(stats) };
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(real, SAFE_OPEN_FLAGS);
  } catch (error) {
    if (isMissing(error)) return { kind: "missing" };
    throw error;
  }
  // The file can have been swapped between lstat and open: what was opened is what counts.
  const opened = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  if (!opened.isFile()) {
    await handle.close();
    return opened.isDirectory() ? { kind: "missing" } : { kind: "special", what: kindOf(opened) };
  }
  return { kind: "file", handle, size: opened.size };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}
