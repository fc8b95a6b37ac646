// Extracting a downloaded artifact (a zip) that may be hostile: a pull request's agent wrote the
// files it holds, and anything holding the run's runtime token can upload one. So the zip is read
// here rather than by the artifact client's extractor: only folders and regular files come out,
// into a folder made fresh for it; a link, FIFO, device or socket entry is left out; no name may
// leave the folder; every size is capped before it is written. Nothing that is already there is
// ever written through: each file is created new (O_EXCL, O_NOFOLLOW), each folder made one step
// at a time and checked to be a folder.

import { constants, promises as fs } from "node:fs";
import path from "node:path";
import { inflateRawSync } from "node:zlib";

export interface UnzipLimits {
  /** The most entries the zip may list. */
  entries: number;
  /** The most bytes one file may have once inflated. */
  fileBytes: number;
  /** The most bytes all files together may have once inflated. */
  totalBytes: number;
}

export const DEFAULT_UNZIP_LIMITS: UnzipLimits = {
  entries: 200_000,
  fileBytes: 256 * 1024 * 1024,
  totalBytes: 4 * 1024 * 1024 * 1024,
};

export interface Unzipped {
  files: number;
  bytes: number;
  /** Entries left out, each with why (a link, a FIFO, a name outside the folder …). */
  skipped: string[];
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const KINDS: Record<number, string> = {
  0o120000: "a symlink",
  0o010000: "a FIFO",
  0o020000: "a character device",
  0o060000: "a block device",
  0o140000: "a socket",
};

/** The zip is unreadable (truncated, zip64, encrypted, over a limit): nothing is to be trusted. */
export class UnzipError extends Error {}

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  /** The unix file type bits, when the zip was made on unix. */
  type?: number;
}

/**
 * Extracts `zipFile` into `into`, which must be an empty folder made for it. Throws UnzipError when
 * the archive cannot be read or passes a limit (what was written so far stays: the caller removes
 * the folder).
 */
export async function unzipInto(
  zipFile: string,
  into: string,
  limits: UnzipLimits = DEFAULT_UNZIP_LIMITS,
): Promise<Unzipped> {
  const handle = await fs.open(zipFile, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const entries = await centralDirectory(handle, limits);
    const out: Unzipped = { files: 0, bytes: 0, skipped: [] };
    for (const entry of entries) {
      const parts = safeParts(entry.name);
      if (!parts) {
        out.skipped.push(`${JSON.stringify(entry.name)}: a name outside the folder`);
        continue;
      }
      const isDir = entry.name.endsWith("/") || entry.type === S_IFDIR;
      if (entry.type !== undefined && entry.type !== 0 && entry.type !== S_IFREG && !isDir) {
        out.skipped.push(`${parts.join("/")}: ${KINDS[entry.type] ?? "not a regular file"}`);
        continue;
      }
      if (isDir) {
        if (!(await folderAt(into, parts)))
          out.skipped.push(`${parts.join("/")}: a file of that name is in the way`);
        continue;
      }
      if (entry.size > limits.fileBytes)
        throw new UnzipError(`${parts.join("/")}: ${entry.size} bytes, over ${limits.fileBytes}`);
      if (out.bytes + entry.size > limits.totalBytes)
        throw new UnzipError(`the files add up to more than ${limits.totalBytes} bytes`);
      const bytes = await contentOf(handle, entry, limits.fileBytes);
      const parent = await folderAt(into, parts.slice(0, -1));
      if (!parent) {
        out.skipped.push(`${parts.join("/")}: a file is in the way of its folder`);
        continue;
      }
      if (!(await createFile(path.join(parent, parts.at(-1)!), bytes))) {
        out.skipped.push(`${parts.join("/")}: listed twice`);
        continue;
      }
      out.files++;
      out.bytes += bytes.length;
    }
    return out;
  } finally {
    await handle.close();
  }
}

/** The entries the central directory lists (the authoritative list; local headers only locate data). */
async function centralDirectory(handle: fs.FileHandle, limits: UnzipLimits): Promise<Entry[]> {
  const { size } = await handle.stat();
  // The end record is 22 bytes plus a comment of at most 65,535.
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(handle, size - tailLength, tailLength);
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i--)
    if (tail.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  if (end < 0) throw new UnzipError("not a zip archive (no end of central directory)");
  const count = tail.readUInt16LE(end + 10);
  const cdSize = tail.readUInt32LE(end + 12);
  const cdOffset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
    throw new UnzipError("zip64 archives are not read (far larger than a results folder)");
  if (count > limits.entries) throw new UnzipError(`${count} entries, over ${limits.entries}`);
  if (cdOffset + cdSize > size) throw new UnzipError("the central directory is past the end");
  const cd = await readAt(handle, cdOffset, cdSize);
  const entries: Entry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > cd.length || cd.readUInt32LE(at) !== CENTRAL)
      throw new UnzipError("a truncated central directory");
    const madeBy = cd.readUInt16LE(at + 4) >> 8;
    const nameLength = cd.readUInt16LE(at + 28);
    const extraLength = cd.readUInt16LE(at + 30);
    const commentLength = cd.readUInt16LE(at + 32);
    const mode = cd.readUInt32LE(at + 38) >>> 16;
    entries.push({
      flags: cd.readUInt16LE(at + 8),
      method: cd.readUInt16LE(at + 10),
      compressedSize: cd.readUInt32LE(at + 20),
      size: cd.readUInt32LE(at + 24),
      localOffset: cd.readUInt32LE(at + 42),
      name: cd.toString("utf8", at + 46, at + 46 + nameLength),
      // 3: made on unix, where the high half of the external attributes is st_mode.
      ...(madeBy === 3 ? { type: mode & S_IFMT } : {}),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** A file's bytes, inflated; never more than `cap` (a bomb stops at the cap, not at memory's end). */
async function contentOf(handle: fs.FileHandle, entry: Entry, cap: number): Promise<Buffer> {
  if (entry.flags & 0x1) throw new UnzipError(`${entry.name}: encrypted`);
  const local = await readAt(handle, entry.localOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL)
    throw new UnzipError(`${entry.name}: no local header where the directory says`);
  const dataAt = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const raw = await readAt(handle, dataAt, entry.compressedSize);
  if (raw.length !== entry.compressedSize) throw new UnzipError(`${entry.name}: truncated`);
  let bytes: Buffer;
  if (entry.method === 0) bytes = raw;
  else if (entry.method === 8) {
    try {
      bytes = inflateRawSync(raw, { maxOutputLength: Math.max(1, Math.min(cap, entry.size)) });
    } catch (error) {
      throw new UnzipError(`${entry.name}: does not inflate to its ${entry.size} bytes (${error})`);
    }
  } else throw new UnzipError(`${entry.name}: compression method ${entry.method}`);
  if (bytes.length !== entry.size)
    throw new UnzipError(`${entry.name}: ${bytes.length} bytes, the directory says ${entry.size}`);
  return bytes;
}

async function readAt(handle: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await handle.read(buffer, read, length - read, position + read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return buffer.subarray(0, read);
}

/** The name's parts, or undefined when it could name anything outside the folder. */
function safeParts(name: string): string[] | undefined {
  if (name.includes("\0") || name.includes("\\") || name.startsWith("/")) return undefined;
  const parts = name.split("/").filter((part, i, all) => !(part === "" && i === all.length - 1));
  if (parts.length === 0) return undefined;
  if (parts.some((part) => part === "" || part === "." || part === "..")) return undefined;
  return parts;
}

/** The folder `parts` names under `root`, made one step at a time; undefined when a file is in the way. */
async function folderAt(root: string, parts: string[]): Promise<string | undefined> {
  let dir = root;
  for (const part of parts) {
    dir = path.join(dir, part);
    await fs.mkdir(dir, { mode: 0o755 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
    // lstat: only entries made here exist, and none is a link; a file of that name is in the way.
    if (!(await fs.lstat(dir)).isDirectory()) return undefined;
  }
  return dir;
}

/** Creates `file` with `bytes`; false when something of that name is there already. */
async function createFile(file: string, bytes: Buffer): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(
      file,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o644,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    await handle.writeFile(bytes);
  } finally {
    await handle.close();
  }
  return true;
}
