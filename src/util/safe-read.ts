// Reading back a file that an agent, a pull request or an artifact could have written: a link is
// never followed, and only a regular file is read. A FIFO would block `open` (on a libuv thread
// that then keeps the process from exiting, whatever the signal); a link to /dev/zero or to
// /etc/shadow would be read as if it were the file.

import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  promises as fs,
  readSync,
  realpathSync,
} from "node:fs";
import type { Stats } from "node:fs";
import { isInside } from "./paths.js";
import path from "node:path";

// O_NOFOLLOW: a link in the file's place fails with ELOOP. O_NONBLOCK: a FIFO opens at once.
// O_NOCTTY: a terminal never becomes ours.
export const SAFE_OPEN_FLAGS =
  constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY | constants.O_NOFOLLOW;

export type SafeOpenFailure =
  | { kind: "missing" }
  /** A link, FIFO, socket, device or folder: never read. `what` says which. */
  | { kind: "refused"; what: string };

export type SafeOpenedSync = { kind: "file"; fd: number; size: number } | SafeOpenFailure;
export type SafeOpened = { kind: "file"; handle: fs.FileHandle; size: number } | SafeOpenFailure;
export type SafeRead =
  { kind: "file"; bytes: Buffer; size: number; truncated: boolean } | SafeOpenFailure;

/** Opens `file` only if it is a regular file, not a link; the caller closes the descriptor. */
export function openRegularSync(file: string): SafeOpenedSync {
  let fd: number;
  try {
    fd = openSync(file, SAFE_OPEN_FLAGS);
  } catch (error) {
    return failure(error);
  }
  // What was opened is what counts, not what a path named a moment before.
  let stats: Stats;
  try {
    stats = fstatSync(fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if (!stats.isFile()) {
    closeSync(fd);
    return { kind: "refused", what: kindOf(stats) };
  }
  return { kind: "file", fd, size: stats.size };
}

/** openRegularSync, on a FileHandle. */
export async function openRegular(file: string): Promise<SafeOpened> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, SAFE_OPEN_FLAGS);
  } catch (error) {
    return failure(error);
  }
  const stats = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  if (!stats.isFile()) {
    await handle.close();
    return { kind: "refused", what: kindOf(stats) };
  }
  return { kind: "file", handle, size: stats.size };
}

/** The first `maxBytes` of a regular file (truncated says whether there was more). */
export function readRegularSync(file: string, maxBytes: number): SafeRead {
  const opened = openRegularSync(file);
  if (opened.kind !== "file") return opened;
  try {
    const bytes = Buffer.alloc(Math.min(opened.size, maxBytes));
    let read = 0;
    while (read < bytes.length) {
      const n = readSync(opened.fd, bytes, read, bytes.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return {
      kind: "file",
      bytes: bytes.subarray(0, read),
      size: opened.size,
      truncated: opened.size > read,
    };
  } finally {
    closeSync(opened.fd);
  }
}

/** A regular file's text, or undefined when it is missing, refused or over `maxBytes`. */
export function readRegularTextSync(file: string, maxBytes: number): string | undefined {
  const read = readRegularSync(file, maxBytes);
  return read.kind === "file" && !read.truncated ? read.bytes.toString("utf8") : undefined;
}

/** "a symlink", "a FIFO (named pipe)", ...: what a path that is not a regular file is. */
export function kindOf(stats: Stats): string {
  if (stats.isSymbolicLink()) return "a symlink";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isDirectory()) return "a folder";
  return "not a regular file";
}

function failure(error: unknown): SafeOpenFailure {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
  // O_NOFOLLOW on a link: ELOOP (Linux), EMLINK (FreeBSD), EFTYPE (NetBSD).
  if (code === "ELOOP" || code === "EMLINK" || code === "EFTYPE") {
    return { kind: "refused", what: "a symlink" };
  }
  if (code === "EISDIR") return { kind: "refused", what: "a folder" };
  // ENXIO: a socket, or a FIFO opened for writing with no reader.
  if (code === "ENXIO") return { kind: "refused", what: "a socket or FIFO" };
  throw error;
}

/** `real`: the path the file was read at, every link on the way resolved. */
export type InsideRead = (SafeRead & { real: string }) | { kind: "outside"; real: string };

/**
 * A file of the project (a pull request's tree) read back: a symlink is followed only when it
 * leads to a file inside `root`; a link out of it is `outside`, and only a regular file is read
 * (a FIFO, a device or a folder is `refused`).
 */
export function readInsideSync(root: string, file: string, maxBytes: number): InsideRead {
  let real: string;
  try {
    real = realpathSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A link to nothing, or one in a loop: not read, and said as what it is.
    if (code === "ELOOP") return { kind: "refused", what: "a symlink in a loop", real: file };
    if (code === "ENOENT" || code === "ENOTDIR") {
      return lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()
        ? { kind: "refused", what: "a symlink to nothing", real: file }
        : { kind: "missing", real: file };
    }
    throw error;
  }
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    realRoot = path.resolve(root);
  }
  if (!isInside(real, realRoot)) return { kind: "outside", real };
  return { ...readRegularSync(real, maxBytes), real };
}
