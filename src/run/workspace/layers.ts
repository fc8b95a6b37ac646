// A workspace kept by its sandbox (a container's own layer): on the host, its folder holds only
// what the run created or changed, and the prepared tree lies beneath it. These make the whole
// tree as one folder, when something needs one (a judge, a custom check, --keep-workspace), and
// tell which paths of the prepared tree the run deleted.

import { lstatSync } from "node:fs";
import { join } from "node:path";
import { isDeleted } from "../../check/index.js";
import { copySnapshot, copyTree, type TreeSnapshot } from "./tree.js";

/** Whether the run deleted `rel` of the prepared tree: gone under `deleted`, not made again in `dir`. */
export function deletedFrom(dir: string, deleted: ReadonlySet<string>): (rel: string) => boolean {
  return (rel) => isDeleted(deleted, rel) && !existsNoFollow(dir, rel);
}

/** Whether `rel` is in `dir` without going through a link (a folder the run replaced by one). */
function existsNoFollow(dir: string, rel: string): boolean {
  let at = dir;
  const segments = rel.split("/");
  for (const [i, segment] of segments.entries()) {
    at = join(at, segment);
    const stat = lstatSync(at, { throwIfNoEntry: false });
    if (stat === undefined) return false;
    if (i < segments.length - 1 && !stat.isDirectory()) return false;
  }
  return true;
}

/**
 * Fills `dir` (the run's changes) with what the prepared tree has that the run neither changed nor
 * deleted: `dir` is then the whole workspace.
 */
export async function fillUnchanged(
  snapshot: TreeSnapshot,
  dir: string,
  deleted: ReadonlySet<string>,
): Promise<void> {
  const missing = new Set<string>();
  for (const { rel } of snapshot.entries) {
    if (isDeleted(deleted, rel)) continue;
    try {
      lstatSync(join(dir, rel));
    } catch (error) {
      // ENOTDIR: the run put a file where the tree has a folder on the way; that file wins.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") missing.add(rel);
    }
  }
  // A folder's entries are missing only where the folder itself is there or missing too.
  await copySnapshot(snapshot, dir, missing);
}

/** The whole workspace copied into `dest`: the run's changes in `dir`, the rest from the tree. */
export async function wholeCopy(
  snapshot: TreeSnapshot,
  dir: string,
  deleted: ReadonlySet<string>,
  dest: string,
): Promise<void> {
  await copyTree(dir, dest);
  await fillUnchanged(snapshot, dest, deleted);
}
