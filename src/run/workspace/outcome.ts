// A trial's outcome: the files the agent created or changed (against the prepared tree's manifest)
// and the ones it deleted, kept in the trial's results folder so `agent-evals recheck` can lay them
// over a re-created prepared tree and run the checks again without an agent. Capped: a file over
// the per-file cap, or past the total, is listed (size and hash) but not stored.
//
// One file, outcome.json, holds the index and the stored contents (UTF-8 text as it is, anything
// else as base64). It used to be a folder mirroring the changed paths: a mkdir per folder and a
// file per change, each a new inode, which on a busy ext4 costs a scan of the inode table
// (docs/benchmarks.md, figure 10). Contents are redacted as they are stored: base64 would hide a
// secret from the results folder's last sweep.

import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  lstatSync,
  mkdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { readRegularSync, readRegularTextSync } from "../../util/index.js";
import type { Manifest } from "./changes.js";

/** The index and contents in a trial's results folder. */
export const OUTCOME_FILE = "outcome.json";
/** Where results written before outcome.json held the contents kept them (version 1). */
export const LEGACY_OUTCOME_DIR = "outcome";

export const OUTCOME_FILE_CAP = 1024 * 1024;
export const OUTCOME_TOTAL_CAP = 16 * 1024 * 1024;
/** outcome.json holds at most OUTCOME_TOTAL_CAP of content, base64 or escaped: a larger one is not ours. */
const OUTCOME_INDEX_CAP = 4 * OUTCOME_TOTAL_CAP;

export interface OutcomeFile {
  path: string;
  size: number;
  /** Of the content as the agent left it (before redaction); absent when not stored. */
  sha256?: string;
  stored: boolean;
  /** The stored content (version 2), redacted: UTF-8 text as it is... */
  text?: string;
  /** ...anything else as base64. */
  base64?: string;
  /** A symlink the agent made: its target text, as it is (never followed; `size` and `sha256` of it). */
  link?: string;
}

export interface OutcomeIndex {
  /** 2: contents in this file; 1: contents under outcome/files/ (results of older versions). */
  version: 1 | 2;
  /** Created or changed files, sorted; `stored` false when a cap kept the content out (no hash then). */
  files: OutcomeFile[];
  /** Files of the prepared tree the run deleted. */
  deleted: string[];
  /** A hash of the prepared tree's manifest: recheck tells a re-created tree that differs. */
  preparedHash: string;
  /** Bytes of the files that were not stored. */
  omittedBytes: number;
}

const manifestHashes = new WeakMap<Manifest, string>();

/** A hash of a manifest (paths and content hashes), independent of the walk's order. */
export function manifestHash(manifest: Manifest): string {
  // Every trial of a prepared tree stores it: computed once per manifest.
  let hash = manifestHashes.get(manifest);
  if (hash === undefined) manifestHashes.set(manifest, (hash = hashOfManifest(manifest)));
  return hash;
}

function hashOfManifest(manifest: Manifest): string {
  const entries = [...manifest].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256")
    .update(JSON.stringify(entries.map(([p, f]) => [p, f.hash])))
    .digest("hex");
}

/**
 * Stores the changed files of `work` and the index in `<outDir>/outcome.json`: `changes` lists the
 * files the run created or changed and the paths of the prepared tree it deleted (sorted), as
 * workspaceChanges finds them. `redact` is applied to each stored content.
 */
export function storeOutcome(
  work: string,
  changes: { changed: readonly string[]; deleted: readonly string[] },
  before: Manifest,
  outDir: string,
  redact?: (content: Buffer) => Buffer,
): OutcomeIndex {
  let total = 0;
  let omittedBytes = 0;
  const files: OutcomeFile[] = [];
  for (const rel of changes.changed) {
    const from = path.join(work, rel);
    const stat = lstatSync(from, { throwIfNoEntry: false });
    if (stat?.isSymbolicLink()) {
      files.push(linkEntry(rel, readlinkSync(from), redact));
      continue;
    }
    if (!stat?.isFile()) continue;
    const fits = stat.size <= OUTCOME_FILE_CAP && total + stat.size <= OUTCOME_TOTAL_CAP;
    if (!fits) {
      // Not read at all: an agent decides how big its files are.
      omittedBytes += stat.size;
      files.push({ path: rel, size: stat.size, stored: false });
      continue;
    }
    // Opened without following a link: the file can have been swapped since the lstat.
    const read = readRegularSync(from, OUTCOME_FILE_CAP);
    if (read.kind !== "file" || read.truncated) continue;
    const content = read.bytes;
    total += content.length;
    const kept = redact ? redact(content) : content;
    files.push({
      path: rel,
      size: content.length,
      sha256: createHash("sha256").update(content).digest("hex"),
      stored: true,
      ...(isUtf8(kept) ? { text: kept.toString("utf8") } : { base64: kept.toString("base64") }),
    });
  }
  const index: OutcomeIndex = {
    version: 2,
    files,
    deleted: [...changes.deleted],
    preparedHash: manifestHash(before),
    omittedBytes,
  };
  writeFileSync(path.join(outDir, OUTCOME_FILE), `${JSON.stringify(index, null, 2)}\n`);
  return index;
}

/** A link's entry: always stored (its target is short text), redacted as a file's content is. */
function linkEntry(rel: string, target: string, redact?: (content: Buffer) => Buffer): OutcomeFile {
  const text = Buffer.from(target);
  return {
    path: rel,
    size: text.length,
    sha256: createHash("sha256").update(text).digest("hex"),
    stored: true,
    link: (redact ? redact(text) : text).toString("utf8"),
  };
}

/** The stored outcome of a trial's results folder, or undefined when it kept none. */
export function readOutcome(trialDir: string): OutcomeIndex | undefined {
  for (const [file, version] of [
    [path.join(trialDir, OUTCOME_FILE), 2],
    [path.join(trialDir, LEGACY_OUTCOME_DIR, OUTCOME_FILE), 1],
  ] as const) {
    try {
      const index = JSON.parse(readRegularTextSync(file, OUTCOME_INDEX_CAP) ?? "") as OutcomeIndex;
      if (index.version === version && Array.isArray(index.files)) return index;
    } catch {
      // not there, or not one: the older place next
    }
  }
  return undefined;
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
  // Links last: no stored file is then written through a link the outcome makes.
  const [links, files] = [
    index.files.filter((f) => f.stored && f.link !== undefined),
    index.files.filter((f) => f.stored && f.link === undefined),
  ];
  for (const file of [...files, ...links]) {
    const to = path.join(work, file.path);
    // A stored path is one the trial wrote inside its sandbox; never follow a link on the way.
    rmSync(to, { force: true, recursive: true });
    folderFor(work, file.path);
    if (file.link !== undefined) symlinkSync(file.link, to);
    else if (index.version === 1)
      copyFileSync(path.join(trialDir, LEGACY_OUTCOME_DIR, "files", file.path), to);
    else if (file.base64 !== undefined) writeFileSync(to, Buffer.from(file.base64, "base64"));
    else if (file.text !== undefined) writeFileSync(to, file.text);
    else throw new Error(`outcome.json stores ${JSON.stringify(file.path)} without its content`);
  }
}

/**
 * Makes the folders above `rel` in `work`, one at a time: a link or file on the way (the prepared
 * tree's, where the trial made a folder) is replaced by a folder, never followed.
 */
function folderFor(work: string, rel: string): void {
  let at = work;
  for (const segment of rel.split(/[\\/]/).slice(0, -1)) {
    at = path.join(at, segment);
    const stat = lstatSync(at, { throwIfNoEntry: false });
    if (stat?.isDirectory()) continue;
    if (stat) rmSync(at, { force: true });
    mkdirSync(at);
  }
}
