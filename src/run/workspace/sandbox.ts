// Sandboxes: each eval gets a prepared base tree (from a template folder, an inline fixture map or a
// snapshot of the user's repository) and each trial gets a fresh copy of it in a temp dir.
// Node built-ins only; git is run with execFile, never through a shell.

import { AgentEvalsError, Codes, NEVER_SNAPSHOT_DIRS } from "../../model/index.js";
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  constants,
  copyFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
  type BigIntStats,
  type Dirent,
} from "node:fs";
import { chmod, copyFile, lstat, readdir, readlink, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, parse, relative, resolve, sep, win32 } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import type { SandboxSpec } from "../../model/index.js";
import { mayBeInGitRepo, openRegular, recordInRun, shortPath } from "../../util/index.js";

const execFileAsync = promisify(execFile);

/** Bad paths, escaping symlinks, I/O problems. The message names the path and the fix. */
export class SandboxError extends AgentEvalsError {
  /** Why, for callers that act on it: a folder that is not there, or anything else. */
  readonly reason: "missing" | "other";
  constructor(message: string, options?: ErrorOptions & { reason?: "missing" }) {
    super(Codes.infraError, message, options);
    this.reason = options?.reason ?? "other";
  }
}

/**
 * Path → size and sha256 of every regular file under a root (relative paths, '/' separators), and
 * of every symlink its target text (`link`; size and hash are of that text, never followed).
 */
export type Manifest = Map<string, { size: number; hash: string; link?: string }>;

/** How many file operations run at once: enough to hide latency, few enough to stay under EMFILE. */
const PARALLEL_IO = 32;

/** Folder names a repository snapshot never includes, at any depth. */
const EXCLUDED_FROM_REPO = new Set(NEVER_SNAPSHOT_DIRS);

/** Above this size a file is hashed as a stream instead of being read whole. */
const STREAM_HASH_THRESHOLD = 8 * 1024 * 1024;

/**
 * Copying and removing trees use synchronous calls, run in slices of at most this long before the
 * event loop gets a turn (timers, other trials' child output). Each async fs call is a round trip
 * through libuv's thread pool (a futex wake there, an epoll wake back), which for a small file
 * costs more CPU than the copy itself; see BENCHMARKS.md, figure 3.
 */
const SLICE_MS = 10;

/** A file this big would hold the main thread too long in one synchronous copy. */
const LARGE_FILE_BYTES = 1024 * 1024;

/** Flags of every file copy: clone where the filesystem can, else copy; never over an existing path. */
const COPY_FLAGS = constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL;

// ---------- public API ----------

/** Fill `dest` (an existing empty dir) from the spec, then lay its `overlay` (a variant's files) over it. */
export async function fillSandbox(spec: SandboxSpec, dest: string): Promise<void> {
  switch (spec.kind) {
    case "template":
      await fillFromTemplate(spec.dir, dest);
      break;
    case "fixture":
      await fillFromFixture(spec.files, dest);
      break;
    case "repo":
      await fillFromRepo(spec.dir, dest);
      break;
  }
  if (spec.overlay) applyOverlay(spec.overlay, dest);
}

/**
 * Write a variant's files into the filled tree at `dest`: content writes the file (creating its
 * folders), null removes the file or folder (nothing there is fine). Removals go first, then writes.
 * A path that is not a plain relative one (checked as fixture keys are), or that goes through a
 * symlink anywhere — a linked folder on the way, or a link where the file is written — is refused
 * before anything is written: what a template or repository links to is never written through.
 * Removing a path that is itself a link removes the link, never what it points to.
 */
export function applyOverlay(overlay: Record<string, string | null>, dest: string): void {
  const base = resolve(dest);
  const entries = Object.entries(overlay).map(([key, content]) => ({
    key,
    content,
    rel: sandboxRelPath(key, "overlay path"),
  }));
  refuseFileFolderClashes(
    new Map(entries.filter((e) => e.content !== null).map((e) => [e.key, e.rel])),
    "overlay path",
  );
  // Every path checked before the first change, so a refused overlay leaves the tree as filled.
  const removed = new Set(entries.filter((e) => e.content === null).map((e) => e.rel));
  for (const { key, rel, content } of entries)
    refuseLinksOnTheWay(base, key, rel, content === null ? "remove" : removed);
  for (const { key, rel, content } of entries) {
    if (content !== null) continue;
    const abs = join(base, rel);
    attemptSync(`cannot remove overlay path ${JSON.stringify(key)} at`, abs, () =>
      rmSyncNoFollow(abs),
    );
  }
  for (const { key, rel, content } of entries) {
    if (content === null) continue;
    const abs = join(base, rel);
    attemptSync(`cannot write overlay file ${JSON.stringify(key)} to`, abs, () => {
      mkdirInside(base, dirname(rel));
      writeFileSync(abs, content);
    });
  }
}

/**
 * Refuse `rel` when a folder on its way is a symlink or a file, or (for a write) the file itself is
 * a link or a folder. A write below a path the overlay removes is checked up to that path only.
 */
function refuseLinksOnTheWay(
  base: string,
  key: string,
  rel: string,
  mode: "remove" | ReadonlySet<string>,
): void {
  const removing = mode === "remove";
  const segments = rel.split("/");
  for (let i = 1; i <= segments.length; i++) {
    const partial = segments.slice(0, i).join("/");
    if (!removing && mode.has(partial)) return; // removed first, then created as folders
    const stats = lstatOrUndefined(join(base, partial));
    if (stats === undefined) return; // nothing further exists: it will be created as folders
    const last = i === segments.length;
    if (stats.isSymbolicLink() && !(last && removing)) {
      throw new SandboxError(
        `overlay path ${JSON.stringify(key)} goes through the symlink ${JSON.stringify(partial)} in the sandbox: it is not written through. Fix: write the file at the path the link points to, or remove the link in the eval's sandbox.`,
      );
    }
    if (last && !removing && stats.isDirectory()) {
      throw new SandboxError(
        `overlay path ${JSON.stringify(key)} is a folder in the sandbox, not a file. Fix: name a file inside it, or give the folder null to remove it.`,
      );
    }
    if (!last && !stats.isDirectory()) {
      throw new SandboxError(
        `overlay path ${JSON.stringify(key)} needs ${JSON.stringify(partial)} to be a folder, but it is a file in the sandbox. Fix: give ${JSON.stringify(partial)} null to remove it, or choose another path.`,
      );
    }
  }
}

/** Create `relDir` under `base` one folder at a time, never through a link. */
function mkdirInside(base: string, relDir: string): void {
  if (relDir === "." || relDir === "") return;
  let at = base;
  for (const segment of relDir.split("/")) {
    at = join(at, segment);
    const stats = lstatOrUndefined(at);
    if (stats === undefined) mkdirSync(at);
    else if (!stats.isDirectory())
      throw new SandboxError(`${at} is not a folder. Fix: choose another overlay path.`);
  }
}

function lstatOrUndefined(abs: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(abs);
  } catch (err) {
    if (errorCode(err) === "ENOENT") return undefined;
    throw err;
  }
}

/** `rm -rf` of one path without following a link at it (unlinked) or in it; gone already is fine. */
export function rmSyncNoFollow(abs: string): void {
  const stats = lstatOrUndefined(abs);
  if (stats === undefined) return;
  if (!stats.isDirectory()) return unlinkSync(abs);
  rmSync(abs, { recursive: true, force: true });
}

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

/**
 * The files of the repository at `dir`, relative to it: tracked plus untracked-but-not-ignored
 * files when `dir` is in a git work tree, else every file found by a walk. Never includes
 * node_modules/, .git/ or .copybook/ at any depth. Tracked files deleted from the work tree are
 * still listed (that is git's view); callers copying them must tolerate their absence.
 */
export async function repoFiles(dir: string): Promise<string[]> {
  const root = resolve(dir);
  const listed = (await isInGitWorkTree(root)) ? await gitListFiles(root) : await walkFiles(root);
  return [...new Set(listed)].filter((rel) => !isExcludedFromRepo(rel)).sort();
}

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

/** `rm -rf dir`, also when an agent left read-only folders behind. Never follows a symlink. */
export async function removeTree(dir: string): Promise<void> {
  const target = resolve(dir);
  if (target === parse(target).root) {
    throw new SandboxError(`refusing to remove the filesystem root: ${dir}`);
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

// ---------- the three sandbox kinds ----------

async function fillFromTemplate(dir: string, dest: string): Promise<void> {
  const root = resolve(dir);
  if (!(await isDirectory(root))) {
    throw new SandboxError(
      `template folder not found: ${root}. Fix: create it or correct the sandbox's template path.`,
    );
  }
  await copyEntries(root, resolve(dest), await walkTree(root), "template folder");
}

async function fillFromFixture(files: Record<string, string>, dest: string): Promise<void> {
  const base = resolve(dest);
  const relPaths = new Map(Object.keys(files).map((key) => [key, fixturePath(key)]));
  refuseFileFolderClashes(relPaths);
  for (const [key, rel] of relPaths) {
    const abs = join(base, rel);
    attemptSync(`cannot write fixture file ${JSON.stringify(key)} to`, abs, () => {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, files[key]!);
    });
  }
}

async function fillFromRepo(dir: string, dest: string): Promise<void> {
  const root = resolve(dir);
  if (!(await isDirectory(root))) {
    throw new SandboxError(
      `repository folder not found: ${root}. Fix: correct the sandbox's repo path.`,
    );
  }
  const entries = await classifyRepoFiles(root, await repoFiles(root));
  await copyEntries(root, resolve(dest), entries, "repository");
}

// ---------- fixture keys ----------

/** The safe relative path a fixture key names, or a SandboxError naming the key. */
function fixturePath(key: string): string {
  return sandboxRelPath(key, "fixture key");
}

/** The safe relative path `key` names ('/' separators), or a SandboxError naming the key. */
function sandboxRelPath(key: string, label: string): string {
  const refuse = (why: string): never => {
    throw new SandboxError(
      `${label} ${JSON.stringify(key)} ${why}. Fix: use a relative path inside the sandbox, like "src/app.ts".`,
    );
  };
  if (key.trim() === "") refuse("is empty");
  // Both separators and both path flavours: a key must be safe wherever the eval runs.
  if (isAbsolute(key) || win32.isAbsolute(key)) refuse("is an absolute path");
  const segments = key.split(/[\\/]/);
  if (segments.includes("..")) refuse("contains a '..' segment");
  if (key.endsWith("/") || key.endsWith("\\")) refuse("names a folder, not a file");
  const kept = segments.filter((s) => s !== "" && s !== ".");
  if (kept.length === 0) refuse("names the sandbox itself, not a file");
  return kept.join("/");
}

/** `{"a": …, "a/b": …}` can't both be written: say so before writing anything. */
function refuseFileFolderClashes(relPaths: Map<string, string>, label = "fixture key"): void {
  const keyByPath = new Map([...relPaths].map(([key, rel]) => [rel, key]));
  for (const [key, rel] of relPaths) {
    for (let parent = dirname(rel); parent !== "."; parent = dirname(parent)) {
      const clash = keyByPath.get(parent);
      if (clash !== undefined) {
        throw new SandboxError(
          `${label} ${JSON.stringify(key)} needs ${JSON.stringify(parent)} to be a folder, but key ${JSON.stringify(clash)} makes it a file. Fix: rename one of them.`,
        );
      }
    }
  }
}

// ---------- repository listing ----------

/** Git's environment overrides would point it at another repository than `dir`'s. */
function gitEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.GIT_DIR;
  delete env.GIT_WORK_TREE;
  delete env.GIT_INDEX_FILE;
  return env;
}

async function isInGitWorkTree(dir: string): Promise<boolean> {
  if (!mayBeInGitRepo(dir, gitEnv())) return false;
  try {
    const { stdout } = await execFileAsync("git", ["rev-parse", "--is-inside-work-tree"], {
      cwd: dir,
      env: gitEnv(),
    });
    return stdout.trim() === "true";
  } catch {
    return false; // not a repository, or git isn't installed: walk instead
  }
}

/** `git ls-files` run in `dir` lists only files under it, relative to it. */
async function gitListFiles(dir: string): Promise<string[]> {
  try {
    const { stdout } = await execFileAsync("git", ["ls-files", "-co", "--exclude-standard", "-z"], {
      cwd: dir,
      env: gitEnv(),
      maxBuffer: 512 * 1024 * 1024,
    });
    // An untracked nested repository is listed once, as "sub/": keep it as a folder path.
    return stdout
      .split("\0")
      .filter((p) => p !== "")
      .map((p) => p.replace(/\/$/, ""));
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new SandboxError(
      `git ls-files failed in ${dir}${stderr ? `: ${stderr}` : ""}. Fix: run \`git status\` there and repair the repository.`,
      { cause: err },
    );
  }
}

function isExcludedFromRepo(rel: string): boolean {
  return rel.split("/").some((segment) => EXCLUDED_FROM_REPO.has(segment));
}

async function walkFiles(root: string): Promise<string[]> {
  const entries = await walkTree(root, (name) => EXCLUDED_FROM_REPO.has(name));
  return entries.filter((e) => e.kind !== "dir").map((e) => e.rel);
}

/**
 * Turn listed repo paths into copyable entries: paths deleted from the work tree are skipped,
 * and listed folders (submodules, untracked nested repositories) are walked.
 */
async function classifyRepoFiles(root: string, listed: string[]): Promise<TreeEntry[]> {
  const classified = await mapLimit(listed, PARALLEL_IO, async (rel): Promise<TreeEntry[]> => {
    const kind = await entryKindAt(join(root, rel));
    if (kind === undefined) return [];
    if (kind !== "dir") return [{ rel, kind }];
    const inside = await walkTree(join(root, rel), (name) => EXCLUDED_FROM_REPO.has(name));
    return inside
      .filter((e) => e.kind !== "dir")
      .map((e) => ({ rel: `${rel}/${e.rel}`, kind: e.kind }));
  });
  return classified.flat();
}

/** The kind of entry at `abs`, or undefined when it is gone or is a socket, FIFO or device. */
async function entryKindAt(abs: string): Promise<EntryKind | undefined> {
  try {
    const stats = await lstat(abs);
    if (stats.isSymbolicLink()) return "link";
    if (stats.isDirectory()) return "dir";
    if (stats.isFile()) return "file";
    return undefined;
  } catch (err) {
    if (errorCode(err) === "ENOENT") return undefined;
    throw ioFailure("cannot read", abs, err);
  }
}

// ---------- walking and copying ----------

type EntryKind = "dir" | "file" | "link";

/** One entry of a tree, relative to its root with '/' separators. */
interface TreeEntry {
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
async function walkTree(
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
async function copyEntries(
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
    throw new SandboxError(
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

// ---------- hashing ----------

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

// ---------- small helpers ----------

/** Run `fn` over `items` with at most `limit` in flight; stops starting new ones after a failure. */
async function forEachLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  await mapLimit(items, limit, fn);
}

/** Like `Promise.all(items.map(fn))` with at most `limit` calls in flight; results keep order. */
async function mapLimit<T, R>(
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
async function isDirectory(abs: string): Promise<boolean> {
  try {
    return statSync(abs).isDirectory();
  } catch {
    return false;
  }
}

async function requireDirectory(abs: string, label: string): Promise<void> {
  if (!(await isDirectory(abs))) {
    throw new SandboxError(`${label} not found: ${abs}. Fix: prepare it before copying.`, {
      reason: "missing",
    });
  }
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
function attemptSync<T>(action: string, path: string, op: () => T): T {
  try {
    return op();
  } catch (err) {
    throw ioFailure(action, path, err);
  }
}

/** Run an fs operation, turning its failure into a SandboxError that names the path and a fix. */
async function attempt<T>(action: string, path: string, op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    throw ioFailure(action, path, err);
  }
}

function ioFailure(action: string, path: string, err: unknown): SandboxError {
  if (err instanceof SandboxError) return err;
  const code = errorCode(err);
  const detail = code ?? (err instanceof Error ? err.message : String(err));
  return new SandboxError(`${action} ${shortPath(path)}: ${detail}. Fix: ${fixFor(code)}`, {
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

function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

function isPermissionError(err: unknown): boolean {
  const code = errorCode(err);
  return code === "EACCES" || code === "EPERM";
}
