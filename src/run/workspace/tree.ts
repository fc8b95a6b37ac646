// Copying a tree safely: walk it once (a snapshot, refusing any symlink that leads out of it), then
// recreate it anywhere, files cloned or copied, never hard-linked, never written through a link.
// Node built-ins only.

import {
  chmodSync,
  constants,
  copyFileSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  symlinkSync,
  type Dirent,
} from "node:fs";
import { copyFile, readlink, realpath } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import {
  attempt,
  attemptSync,
  forEachLimit,
  PARALLEL_IO,
  requireDirectory,
  slicer,
  TreeError,
} from "./io.js";

/** A file this big would hold the main thread too long in one synchronous copy. */
const LARGE_FILE_BYTES = 1024 * 1024;

/** Flags of every file copy: clone where the filesystem can, else copy; never over an existing path. */
const COPY_FLAGS = constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL;

/**
 * Copy a prepared tree into `dest` (created), preserving internal symlinks and file and folder
 * modes. Files are cloned (reflink/copy-on-write) where the filesystem supports it, else copied;
 * never hard-linked, so a trial can't write through to the prepared tree or another trial.
 */
export async function copyTree(src: string, dest: string): Promise<void> {
  await copySnapshot(await snapshotTree(src), dest);
}

/** What copying a tree needs to know about it: taken once, reused for every copy of an unchanging tree. */
export interface TreeSnapshot {
  root: string;
  entries: TreeEntry[];
  linkTargets: Map<string, string>;
  /** Every folder a copy must create (listed ones and files' parents), parents first. */
  folders: string[];
  /** Files of at least LARGE_FILE_BYTES: copied on the thread pool, not on the main thread. */
  largeFiles: Set<string>;
  /** Every folder's mode, deepest first. */
  folderModes: Array<[string, number]>;
}

/** Walk a tree once and check its links; refuses a tree with a symlink that leads out of it. */
export async function snapshotTree(src: string): Promise<TreeSnapshot> {
  const root = resolve(src);
  await requireDirectory(root, "prepared tree");
  return snapshotEntries(root, await walkTree(root), "prepared tree");
}

async function snapshotEntries(
  root: string,
  entries: TreeEntry[],
  label: string,
): Promise<TreeSnapshot> {
  const linkTargets = await internalLinkTargets(root, entries, label);
  const folders = entries.filter((e) => e.kind === "dir").map((e) => e.rel);
  const deepestFirst = [...folders].sort().reverse();
  const pause = slicer();
  const modeOf = (rel: string): number => {
    const abs = join(root, rel);
    return attemptSync("cannot read", abs, () => lstatSync(abs)).mode & 0o7777;
  };
  const folderModes: Array<[string, number]> = [];
  for (const rel of deepestFirst) {
    folderModes.push([rel, modeOf(rel)]);
    await pause();
  }
  const files = entries.filter((e) => e.kind === "file").map((e) => e.rel);
  const sizes: number[] = [];
  for (const rel of files) {
    const abs = join(root, rel);
    sizes.push(attemptSync("cannot read", abs, () => lstatSync(abs)).size);
    await pause();
  }
  const largeFiles = new Set(files.filter((_, i) => sizes[i]! >= LARGE_FILE_BYTES));
  return { root, entries, linkTargets, folders: foldersToCreate(entries), largeFiles, folderModes };
}

/**
 * Recreate a snapshotted tree under `dest`: each file cloned (FICLONE) where the filesystem supports
 * it, else copied, keeping its mode; never hard-linked, never written over an existing path
 * (COPYFILE_EXCL, so a link planted at the destination is not followed either). With `only`, just
 * those entries (a recycled workspace's missing ones; their folders exist or are among them).
 */
export async function copySnapshot(
  snapshot: TreeSnapshot,
  dest: string,
  only?: ReadonlySet<string>,
): Promise<void> {
  const destRoot = resolve(dest);
  const pause = slicer();
  const wanted = (rel: string) => only === undefined || only.has(rel);
  attemptSync("cannot create folder", destRoot, () => mkdirSync(destRoot, { recursive: true }));
  for (const rel of snapshot.folders) {
    if (!wanted(rel)) continue;
    const abs = join(destRoot, rel);
    attemptSync("cannot create folder", abs, () => mkdirSync(abs, { recursive: true }));
    await pause();
  }
  for (const { rel, kind } of snapshot.entries) {
    if (kind === "dir" || !wanted(rel)) continue;
    const from = join(snapshot.root, rel);
    const to = join(destRoot, rel);
    if (kind === "file" && snapshot.largeFiles.has(rel)) {
      await attempt(`cannot copy ${from} to`, to, () => copyFile(from, to, COPY_FLAGS));
    } else if (kind === "file") {
      attemptSync(`cannot copy ${from} to`, to, () => copyFileSync(from, to, COPY_FLAGS));
    } else {
      attemptSync("cannot create symlink", to, () =>
        symlinkSync(snapshot.linkTargets.get(rel)!, to),
      );
    }
    await pause();
  }
  // Applied after the files are in, deepest first, so a read-only folder can still be filled; only
  // where the mode differs from what mkdir gave (the usual case needs no chmod at all).
  const fresh = attemptSync("cannot read", destRoot, () => lstatSync(destRoot)).mode & 0o7777;
  for (const [rel, mode] of snapshot.folderModes) {
    if (mode === fresh || !wanted(rel)) continue;
    const abs = join(destRoot, rel);
    attemptSync("cannot set the mode of", abs, () => chmodSync(abs, mode));
  }
}

export type EntryKind = "dir" | "file" | "link";

/** One entry of a tree, relative to its root with '/' separators. */
export interface TreeEntry {
  rel: string;
  kind: EntryKind;
}

function direntKind(dirent: Dirent): EntryKind | undefined {
  if (dirent.isSymbolicLink()) return "link";
  if (dirent.isDirectory()) return "dir";
  if (dirent.isFile()) return "file";
  return undefined; // sockets, FIFOs, devices: nothing an eval needs
}

/**
 * Every entry under `root` without following symlinks. A folder is listed before its contents.
 * Entries whose name `skip` accepts are left out together with everything below them.
 */
export async function walkTree(
  root: string,
  skip: (name: string) => boolean = () => false,
): Promise<TreeEntry[]> {
  // Synchronous readdir in slices, like the copy: a round trip through the thread pool per folder
  // costs more than the call itself.
  const pause = slicer();
  const entries: TreeEntry[] = [];
  const pending = [""];
  for (let rel = pending.pop(); rel !== undefined; rel = pending.pop()) {
    const abs = rel ? join(root, rel) : root;
    const dirents = attemptSync("cannot read folder", abs, () =>
      readdirSync(abs, { withFileTypes: true }),
    );
    for (const dirent of dirents) {
      const kind = direntKind(dirent);
      if (kind === undefined || skip(dirent.name)) continue;
      const childRel = rel ? `${rel}/${dirent.name}` : dirent.name;
      entries.push({ rel: childRel, kind });
      if (kind === "dir") pending.push(childRel);
    }
    await pause();
  }
  return entries;
}

/**
 * Recreate `entries` of `srcRoot` under `destRoot`. Symlinks are checked first so that a tree
 * with an escaping link is refused before anything is written.
 */
export async function copyEntries(
  srcRoot: string,
  destRoot: string,
  entries: TreeEntry[],
  label: string,
): Promise<void> {
  await copySnapshot(await snapshotEntries(srcRoot, entries, label), destRoot);
}

/** The folders a copy creates before any file: listed ones and files' parents; parents sort first. */
function foldersToCreate(entries: TreeEntry[]): string[] {
  const folders = new Set<string>();
  for (const { rel, kind } of entries) {
    if (kind === "dir") folders.add(rel);
    else if (dirname(rel) !== ".") folders.add(dirname(rel));
  }
  return [...folders].sort();
}

/**
 * The target each symlink gets in the copy, as a path relative to the link so it points into the
 * copy rather than back at the source. Any link resolving outside `root` refuses the whole tree.
 */
async function internalLinkTargets(
  root: string,
  entries: TreeEntry[],
  label: string,
): Promise<Map<string, string>> {
  const links = entries.filter((e) => e.kind === "link").map((e) => e.rel);
  const targets = new Map<string, string>();
  if (links.length === 0) return targets;
  // Absolute targets may spell the root through its real path (e.g. /private/var on macOS).
  const realRoot = await attempt("cannot resolve", root, () => realpath(root));
  const escaping: string[] = [];
  await forEachLimit(links, PARALLEL_IO, async (rel) => {
    const linkPath = join(root, rel);
    const target = await attempt("cannot read symlink", linkPath, () => readlink(linkPath));
    const inCopy = targetInsideRoot(rel, resolve(dirname(linkPath), target), root, realRoot);
    if (inCopy === undefined) escaping.push(`${linkPath} -> ${target}`);
    else targets.set(rel, inCopy);
  });
  if (escaping.length > 0) {
    throw new TreeError(
      `symlink pointing outside the ${label} ${root}: ${escaping.sort().join(", ")}. ` +
        `Fix: replace the link with a copy of what it points to, or point it inside the ${label}.`,
    );
  }
  return targets;
}

/** The link's target relative to the link's folder when it resolves inside the root, else undefined. */
function targetInsideRoot(
  rel: string,
  resolved: string,
  root: string,
  realRoot: string,
): string | undefined {
  for (const base of [root, realRoot]) {
    if (!isInside(base, resolved)) continue;
    return relative(join(base, dirname(rel)), resolved) || ".";
  }
  return undefined;
}

function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
