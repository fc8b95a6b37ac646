// Workspaces handed from trial to trial: after a trial its workspace is put back to the prepared
// tree by what changed (what the agent created is removed, what it changed or removed is copied
// again), instead of the whole tree being removed and copied for the next trial. Creating and
// deleting every file of a tree per trial is what a trial cost most on ext4 without a journal
// (docs/benchmarks.md, figure 1: the kernel scans past recently deleted inodes on every create).
//
// An entry is unchanged when its lstat is what it was when the workspace was last made equal to
// the prepared tree: same inode, type and mode, size, owner, link count, and change time (ctime,
// which every write, chmod, chown, link, rename or attribute change moves, and which no program
// can set back). File times can be as coarse as a clock tick, so a workspace is handed out only
// once MARGIN_MS have passed since the last file written into it: a later write then always gets
// a later ctime.

import {
  lstatSync,
  readdirSync,
  readlinkSync,
  renameSync,
  chmodSync,
  type BigIntStats,
} from "node:fs";
import { join } from "node:path";
import { type UnchangedSince } from "./changes.js";
import { slicer } from "./io.js";
import { removeTree, rmSyncNoFollow } from "./remove.js";
import { copySnapshot, type TreeSnapshot } from "./tree.js";

/** How long after its last change a file's times tell a later change apart: two clock ticks (at most 10 ms each). */
const MARGIN_MS = 20;

/** Set to 1 to copy a fresh workspace for every trial (the bench measures both). */
export const FRESH_WORKSPACES_ENV = "AGENT_EVALS_FRESH_WORKSPACES";

interface Known {
  ino: bigint;
  mode: number;
  size: bigint;
  uid: number;
  gid: number;
  nlink: bigint;
  ctimeNs: bigint;
  mtimeNs: bigint;
}

interface Workspace {
  dir: string;
  /** rel ('' for the root) → its lstat when last made equal; files missing here are copied again. */
  known: Map<string, Known>;
  /** The entries last written: only these can be too recent when it is handed out. */
  fresh: string[];
}

export interface WorkspacePool {
  /** Puts a workspace equal to the prepared tree at `dest` (which must not exist). */
  take(dest: string): Promise<void>;
  /**
   * Takes back the workspace at `dir` after its trial (moved out at once), puts it back to the
   * prepared tree and keeps it for the next trial; one that cannot be put back is removed.
   */
  give(dir: string): Promise<void>;
  /** Waits for the workspaces being put back; what is left is removed with the prepared tree. */
  settle(): Promise<void>;
  /**
   * For a workspace taken and not yet given back: which of its files are still as handed out (see
   * UnchangedSince); undefined for a fresh copy (AGENT_EVALS_FRESH_WORKSPACES=1) or another folder.
   */
  unchanged(dir: string): UnchangedSince | undefined;
}

/**
 * A pool of workspaces under `poolDir` (created by the caller, removed with the prepared tree),
 * copies of `snapshot`. With AGENT_EVALS_FRESH_WORKSPACES=1 every take is a fresh copy and every
 * give a removal.
 */
export function workspacePool(
  poolDir: string,
  snapshot: () => Promise<TreeSnapshot>,
  env: NodeJS.ProcessEnv = process.env,
): WorkspacePool {
  const fresh = env[FRESH_WORKSPACES_ENV] === "1";
  const idle: Workspace[] = [];
  const busy = new Map<string, Workspace>();
  const resets = new Set<Promise<void>>();
  let next = 0;

  const handOut = async (ws: Workspace, dest: string) => {
    // Wait until a write by the next trial can no longer get the ctime of the newest file written.
    let newestNs = 0n;
    for (const rel of ws.fresh) {
      const k = ws.known.get(rel);
      if (k && !isFolder(k) && k.ctimeNs > newestNs) newestNs = k.ctimeNs;
    }
    ws.fresh = [];
    // Rounded up, and checked again after each timer: a timer may fire a millisecond before
    // Date.now() has reached its end.
    const readyAt = Number((newestNs + 999_999n) / 1_000_000n) + MARGIN_MS;
    for (let waitMs = readyAt - Date.now(); waitMs > 0; waitMs = readyAt - Date.now())
      await new Promise((resume) => setTimeout(resume, waitMs));
    renameSync(ws.dir, dest);
    ws.dir = dest;
    busy.set(dest, ws);
  };

  return {
    async take(dest) {
      while (!fresh && idle.length === 0 && resets.size > 0) await Promise.race(resets);
      const ws = idle.pop();
      if (ws) return handOut(ws, dest);
      const snap = await snapshot();
      await copySnapshot(snap, dest);
      if (fresh) return;
      const made: Workspace = { dir: dest, known: new Map(), fresh: [] };
      for (const rel of ["", ...snap.entries.map((e) => e.rel)]) remember(made, rel);
      await handOut(made, dest); // already at dest: renaming it there is a no-op
    },
    give(dir) {
      const ws = busy.get(dir);
      busy.delete(dir);
      if (!ws) return removeTree(dir);
      const parked = join(poolDir, `w${next++}`);
      try {
        renameSync(dir, parked);
      } catch {
        return removeTree(dir);
      }
      ws.dir = parked;
      const reset: Promise<void> = snapshot()
        .then((snap) => putBack(ws, snap))
        .then(
          () => void idle.push(ws),
          () => removeTree(parked).catch(() => undefined),
        )
        .finally(() => resets.delete(reset));
      resets.add(reset);
      return reset;
    },
    async settle() {
      while (resets.size > 0) await Promise.all(resets);
    },
    unchanged(dir) {
      const ws = busy.get(dir);
      return ws ? (rel, stat) => sameFile(ws.known.get(rel), stat) : undefined;
    },
  };
}

function statOf(abs: string): BigIntStats {
  return lstatSync(abs, { bigint: true });
}

function knownOf(s: BigIntStats): Known {
  return {
    ino: s.ino,
    mode: Number(s.mode),
    size: s.size,
    uid: Number(s.uid),
    gid: Number(s.gid),
    nlink: s.nlink,
    ctimeNs: s.ctimeNs,
    mtimeNs: s.mtimeNs,
  };
}

function isFolder(k: Known): boolean {
  return (k.mode & 0o170000) === 0o040000;
}

function remember(ws: Workspace, rel: string): void {
  ws.known.set(rel, knownOf(statOf(rel ? join(ws.dir, rel) : ws.dir)));
  ws.fresh.push(rel);
}

function sameFile(k: Known | undefined, s: BigIntStats): boolean {
  return (
    k !== undefined &&
    k.ino === s.ino &&
    k.mode === Number(s.mode) &&
    k.size === s.size &&
    k.uid === Number(s.uid) &&
    k.gid === Number(s.gid) &&
    k.nlink === s.nlink &&
    k.ctimeNs === s.ctimeNs &&
    k.mtimeNs === s.mtimeNs
  );
}

/**
 * Make `ws` equal to the prepared tree again: walk it, remove what the tree does not have or what
 * changed, then copy what is missing. Throws on anything it cannot put right (the caller then
 * removes the workspace).
 */
async function putBack(ws: Workspace, snap: TreeSnapshot): Promise<void> {
  const pause = slicer();
  const kinds = new Map(snap.entries.map((e) => [e.rel, e.kind]));
  const present = new Set<string>();
  const folder = (rel: string): boolean => {
    const abs = rel ? join(ws.dir, rel) : ws.dir;
    const s = statOf(abs);
    const k = ws.known.get(rel);
    if (!s.isDirectory() || !k) return false;
    if (k.uid !== Number(s.uid) || k.gid !== Number(s.gid))
      throw new Error(`${abs}: owner changed`);
    if (k.mode !== Number(s.mode)) chmodSync(abs, k.mode & 0o7777);
    return true;
  };
  if (!folder("")) throw new Error(`${ws.dir}: not the workspace folder`);
  const toRead = [""];
  for (let rel = toRead.pop(); rel !== undefined; rel = toRead.pop()) {
    for (const dirent of readdirSync(rel ? join(ws.dir, rel) : ws.dir, { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${dirent.name}` : dirent.name;
      const abs = join(ws.dir, childRel);
      const kind = kinds.get(childRel);
      let keep = false;
      if (kind === "dir" && dirent.isDirectory()) {
        keep = folder(childRel);
        if (keep) toRead.push(childRel);
      } else if (kind === "file" && dirent.isFile()) {
        keep = sameFile(ws.known.get(childRel), statOf(abs));
      } else if (kind === "link" && dirent.isSymbolicLink()) {
        keep =
          sameFile(ws.known.get(childRel), statOf(abs)) &&
          readlinkSync(abs) === snap.linkTargets.get(childRel);
      }
      if (keep) present.add(childRel);
      else rmSyncNoFollow(abs);
      await pause();
    }
  }
  const missing = new Set(snap.entries.map((e) => e.rel).filter((rel) => !present.has(rel)));
  if (missing.size === 0) return;
  await copySnapshot(snap, ws.dir, missing);
  for (const rel of missing) remember(ws, rel);
}
