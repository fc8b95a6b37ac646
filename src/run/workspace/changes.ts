// What a trial changed in its workspace: a manifest (size and sha256 of every file, the target of
// every link) taken when the workspace is handed out, compared with the tree the agent left.

import { createHash } from "node:crypto";
import { lstatSync, readlinkSync, type BigIntStats } from "node:fs";
import { lstat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { openRegular } from "../../util/index.js";
import { attempt, attemptSync, mapLimit, PARALLEL_IO, slicer } from "./io.js";
import { walkTree } from "./tree.js";

/**
 * Path → size and sha256 of every regular file under a root (relative paths, '/' separators), and
 * of every symlink its target text (`link`; size and hash are of that text, never followed).
 */
export type Manifest = Map<string, { size: number; hash: string; link?: string }>;

/** Above this size a file is hashed as a stream instead of being read whole. */
const STREAM_HASH_THRESHOLD = 8 * 1024 * 1024;

export async function manifest(root: string): Promise<Manifest> {
  const base = resolve(root);
  const entries = (await walkTree(base)).filter((e) => e.kind !== "dir");
  const records = await mapLimit(entries, PARALLEL_IO, async ({ rel, kind }) => {
    const abs = join(base, rel);
    if (kind === "link")
      return linkRecord(attemptSync("cannot read symlink", abs, () => readlinkSync(abs)));
    const { size } = await attempt("cannot read", abs, () => lstat(abs));
    return { size, hash: await hashFile(abs, size) };
  });
  return new Map(entries.map(({ rel }, i) => [rel, records[i]!]));
}

/** A symlink's manifest entry: its target text, hashed apart from any file's content. */
function linkRecord(target: string): { size: number; hash: string; link: string } {
  const hash = createHash("sha256").update("symlink\0").update(target).digest("hex");
  return { size: Buffer.byteLength(target), hash, link: target };
}

/**
 * Whether a file's lstat is still the one it had when its workspace was handed out: then it is
 * unchanged and need not be hashed (a write changes its ctime, which no program can set back).
 */
export type UnchangedSince = (rel: string, stat: BigIntStats) => boolean;

/**
 * Files created or modified under `root` since `before` was taken (relative paths, sorted).
 * Sizes are compared first; only same-size files are hashed, and not those `unchanged` vouches
 * for. Deleted files are not "changed".
 */
export async function changedFiles(
  root: string,
  before: Manifest,
  unchanged?: UnchangedSince,
): Promise<string[]> {
  return (await workspaceChanges(root, before, unchanged)).changed;
}

/**
 * What changed under `root` since `before` was taken, from one walk: the files created or modified
 * (as changedFiles) and the paths of `before` the walk no longer finds (also under a folder that
 * became a link), both sorted.
 */
export async function workspaceChanges(
  root: string,
  before: Manifest,
  unchanged?: UnchangedSince,
): Promise<{ changed: string[]; deleted: string[] }> {
  const base = resolve(root);
  const entries = await walkTree(base);
  const found = new Set<string>();
  const files: string[] = [];
  const links: string[] = [];
  for (const entry of entries) {
    found.add(entry.rel);
    if (entry.kind === "file") files.push(entry.rel);
    else if (entry.kind === "link") links.push(entry.rel);
  }
  // A folder replaced by a link or file: the walk does not enter it, so its entries are deleted.
  const deleted = [...before.keys()].filter((rel) => !found.has(rel)).sort();
  const pause = slicer();
  const changed: string[] = [];
  // A link is the agent's when its target text differs from the prepared tree's (never followed).
  for (const rel of links) {
    const abs = join(base, rel);
    const target = attemptSync("cannot read symlink", abs, () => readlinkSync(abs));
    if (before.get(rel)?.link !== target) changed.push(rel);
    await pause();
  }
  // The lstat of every file synchronously, in slices: most are vouched for or differ in size, and
  // a thread-pool round trip per file cost more than the call (a 200-file tree: about 4 ms a
  // trial). Only the same-size files left are hashed, asynchronously.
  const toHash: { rel: string; previous: { size: number; hash: string } }[] = [];
  for (const rel of files) {
    const previous = before.get(rel);
    if (previous === undefined || previous.link !== undefined) {
      changed.push(rel);
      continue;
    }
    const abs = join(base, rel);
    const stat = attemptSync("cannot read", abs, () => lstatSync(abs, { bigint: true }));
    await pause();
    if (unchanged?.(rel, stat)) continue;
    const size = Number(stat.size);
    if (size !== previous.size) changed.push(rel);
    else toHash.push({ rel, previous });
  }
  const hashes = await mapLimit(toHash, PARALLEL_IO, ({ rel, previous }) =>
    hashFile(join(base, rel), previous.size),
  );
  changed.push(...toHash.filter((file, i) => hashes[i] !== file.previous.hash).map((f) => f.rel));
  return { changed: changed.sort(), deleted };
}

async function hashFile(abs: string, size: number): Promise<string> {
  return attempt("cannot hash", abs, async () => {
    const hash = createHash("sha256");
    // The walk saw a regular file; the agent may have swapped in a FIFO or a link since, which
    // must not block or be followed: it hashes as what it is, so it reads as changed.
    const opened = await openRegular(abs);
    if (opened.kind !== "file") return hash.update(`not a file: ${opened.kind}`).digest("hex");
    try {
      if (size < STREAM_HASH_THRESHOLD) {
        hash.update(await opened.handle.readFile());
      } else {
        const stream = opened.handle.createReadStream({ autoClose: false });
        for await (const chunk of stream) hash.update(chunk as Buffer);
      }
    } finally {
      await opened.handle.close();
    }
    return hash.digest("hex");
  });
}
