// A trial's outcome: the files the agent created or changed (against the prepared tree's manifest)
// and the ones it deleted, kept in the trial's results folder so `agent-evals recheck` can lay them
// over a re-created prepared tree and run the checks again without an agent. Capped: a file over
// the per-file cap, or past the total, is listed (size and hash) but not stored. Redaction is the
// trial's last sweep of its results folder, which covers these files too.

import { createHash } from "node:crypto";
import { copyFileSync, lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Manifest } from "./sandbox.js";

/** The folder under a trial's results folder, and its index file. */
export const OUTCOME_DIR = "outcome";
export const OUTCOME_FILE = "outcome.json";

export const OUTCOME_FILE_CAP = 1024 * 1024;
export const OUTCOME_TOTAL_CAP = 16 * 1024 * 1024;

export interface OutcomeIndex {
  version: 1;
  /** Created or changed files, sorted; `stored` false when a cap kept the content out (no hash then). */
  files: Array<{ path: string; size: number; sha256?: string; stored: boolean }>;
  /** Files of the prepared tree the run deleted. */
  deleted: string[];
  /** A hash of the prepared tree's manifest: recheck tells a re-created tree that differs. */
  preparedHash: string;
  /** Bytes of the files that were not stored. */
  omittedBytes: number;
}

/** A hash of a manifest (paths and content hashes), independent of the walk's order. */
export function manifestHash(manifest: Manifest): string {
  const entries = [...manifest].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256")
    .update(JSON.stringify(entries.map(([p, f]) => [p, f.hash])))
    .digest("hex");
}

/**
 * Copies the changed files of `work` into `<outDir>/outcome/` and writes the index. A path of the
 * prepared tree is deleted when `work` lacks it, or where `work` holds only the run's changes, when
 * `gone` says so.
 */
export function storeOutcome(
  work: string,
  changed: string[],
  before: Manifest,
  outDir: string,
  gone: (rel: string) => boolean = (rel) =>
    !lstatSync(path.join(work, rel), { throwIfNoEntry: false }),
): OutcomeIndex {
  const root = path.join(outDir, OUTCOME_DIR);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  let total = 0;
  let omittedBytes = 0;
  const files: OutcomeIndex["files"] = [];
  for (const rel of changed) {
    const from = path.join(work, rel);
    const stat = lstatSync(from, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    const fits = stat.size <= OUTCOME_FILE_CAP && total + stat.size <= OUTCOME_TOTAL_CAP;
    if (!fits) {
      // Not read at all: an agent decides how big its files are.
      omittedBytes += stat.size;
      files.push({ path: rel, size: stat.size, stored: false });
      continue;
    }
    const content = readFileSync(from);
    const to = path.join(root, "files", rel);
    mkdirSync(path.dirname(to), { recursive: true });
    writeFileSync(to, content);
    total += content.length;
    files.push({
      path: rel,
      size: content.length,
      sha256: createHash("sha256").update(content).digest("hex"),
      stored: true,
    });
  }
  const deleted = [...before.keys()].filter(gone).sort();
  const index: OutcomeIndex = {
    version: 1,
    files,
    deleted,
    preparedHash: manifestHash(before),
    omittedBytes,
  };
  writeFileSync(path.join(root, OUTCOME_FILE), `${JSON.stringify(index, null, 2)}\n`);
  return index;
}

/** The stored outcome of a trial's results folder, or undefined when it kept none. */
export function readOutcome(trialDir: string): OutcomeIndex | undefined {
  try {
    const index = JSON.parse(
      readFileSync(path.join(trialDir, OUTCOME_DIR, OUTCOME_FILE), "utf8"),
    ) as OutcomeIndex;
    return index.version === 1 && Array.isArray(index.files) ? index : undefined;
  } catch {
    return undefined;
  }
}

/** A relative path that stays inside the folder it is joined to (an artifact may be anyone's). */
function plainRelative(rel: string): boolean {
  return (
    typeof rel === "string" &&
    rel !== "" &&
    !path.isAbsolute(rel) &&
    !rel.split(/[\\/]/).some((segment) => segment === "..")
  );
}

/**
 * Lays a stored outcome over a copy of the prepared tree: deletions, then the stored files.
 * Throws on a path that is not a plain relative one (a tampered outcome.json).
 */
export function applyOutcome(trialDir: string, index: OutcomeIndex, work: string): void {
  const bad = [...index.deleted, ...index.files.map((f) => f.path)].find((p) => !plainRelative(p));
  if (bad !== undefined)
    throw new Error(
      `outcome.json names ${JSON.stringify(bad)}, which is not a relative path inside the sandbox`,
    );
  for (const rel of index.deleted) rmSync(path.join(work, rel), { force: true, recursive: true });
  for (const file of index.files) {
    if (!file.stored) continue;
    const to = path.join(work, file.path);
    // A stored path is one the trial wrote inside its sandbox; never follow a link on the way.
    rmSync(to, { force: true, recursive: true });
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(path.join(trialDir, OUTCOME_DIR, "files", file.path), to);
  }
}
