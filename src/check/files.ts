// Checks on the files the run left: exists, absent, contains, lacks, and text in changed files.
// Files are opened by open-file.ts (never out of the sandbox, never anything but a regular file)
// and searched by search.ts (in bounded memory, whatever their size).

import { promises as fs } from "node:fs";
import path from "node:path";
import { describePattern, type Pattern } from "../model/index.js";
import type { CheckVerdict, WorkspaceLayers } from "./context.js";
import { openInWorkspace } from "./open-file.js";
import { searchFile, type SearchResult } from "./search.js";

/** The absolute path of `relative` inside the sandbox, or undefined when it would escape it. */
export function insideWorkspace(workspace: string, relative: string): string | undefined {
  const full = path.resolve(workspace, relative);
  const rel = path.relative(workspace, full);
  if (rel === "" || rel === ".." || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel))
    return rel === "" ? full : undefined;
  return full;
}

const escapes = (p: string): CheckVerdict => ({
  ok: false,
  evidence: `${p} is outside the sandbox; name a path inside it`,
});

type Searched =
  | { kind: "missing" }
  /** A FIFO, socket or device: never opened for reading. */
  | { kind: "special"; what: string }
  | { kind: "searched"; result: SearchResult };

/** Opens the file (see openInWorkspace: a symlink out of the sandbox throws) and searches it. */
async function search(
  workspace: string,
  file: string,
  pattern: Pattern,
  signal: AbortSignal | undefined,
): Promise<Searched> {
  const opened = await openInWorkspace(workspace, file);
  if (opened.kind !== "file") return opened;
  try {
    return {
      kind: "searched",
      result: await searchFile(opened.handle, opened.size, pattern, signal),
    };
  } finally {
    await opened.handle.close();
  }
}

const notRegular = (p: string, what: string): CheckVerdict => ({
  ok: false,
  evidence: `${p} is ${what}, not a regular file: it was not read`,
});

async function exists(file: string): Promise<boolean> {
  return fs.lstat(file).then(
    () => true,
    () => false,
  );
}

/**
 * The folder that holds `p`: the sandbox, or with layers (the sandbox holds only the run's
 * changes) the prepared tree beneath it, where the sandbox lacks the path and the run did not
 * delete it or replace a folder on its way.
 */
export async function folderHolding(
  workspace: string,
  layers: WorkspaceLayers | undefined,
  p: string,
): Promise<string> {
  const full = layers && insideWorkspace(workspace, p);
  if (!layers || !full || (await exists(full))) return workspace;
  const rel = path.relative(workspace, full).split(path.sep).join("/");
  if (rel === "" || isDeleted(layers.deleted, rel)) return workspace;
  for (let at = path.posix.dirname(rel); at !== "."; at = path.posix.dirname(at)) {
    const stats = await fs.lstat(path.join(workspace, at)).catch(() => undefined);
    if (stats && !stats.isDirectory()) return workspace;
  }
  return layers.base;
}

/** Whether the run deleted `rel` (relative, '/' separators) or a folder it is in. */
export function isDeleted(deleted: ReadonlySet<string>, rel: string): boolean {
  if (deleted.has("")) return true;
  for (let at = rel; at !== "."; at = path.posix.dirname(at)) if (deleted.has(at)) return true;
  return false;
}

export async function checkFileExists(
  workspace: string,
  p: string,
  layers?: WorkspaceLayers,
): Promise<CheckVerdict> {
  const full = insideWorkspace(await folderHolding(workspace, layers, p), p);
  if (!full) return escapes(p);
  if (await exists(full)) return { ok: true, evidence: `${p} exists` };
  return { ok: false, evidence: `${p} does not exist${await nearby(workspace, p, layers)}` };
}

export async function checkFileAbsent(
  workspace: string,
  p: string,
  layers?: WorkspaceLayers,
): Promise<CheckVerdict> {
  const full = insideWorkspace(await folderHolding(workspace, layers, p), p);
  if (!full) return escapes(p);
  if (await exists(full)) return { ok: false, evidence: `${p} exists but must not` };
  return { ok: true, evidence: `${p} does not exist` };
}

export async function checkFileContains(
  workspace: string,
  p: string,
  pattern: Pattern,
  signal?: AbortSignal,
  layers?: WorkspaceLayers,
): Promise<CheckVerdict> {
  const folder = await folderHolding(workspace, layers, p);
  const full = insideWorkspace(folder, p);
  if (!full) return escapes(p);
  const searched = await search(folder, full, pattern, signal);
  if (searched.kind === "missing")
    return { ok: false, evidence: `${p} does not exist${await nearby(workspace, p, layers)}` };
  if (searched.kind === "special") return notRegular(p, searched.what);
  const r = searched.result;
  if (r.found) return { ok: true, evidence: `found at ${p}:${r.line}: ${r.text}` };
  return {
    ok: false,
    evidence: `${describePattern(pattern)} not found in ${p} (${r.lines} line${r.lines === 1 ? "" : "s"}, ${r.bytes} bytes)${r.unsearched ? `; ${r.unsearched}` : ""}`,
  };
}

export async function checkFileLacks(
  workspace: string,
  p: string,
  pattern: Pattern,
  signal?: AbortSignal,
  layers?: WorkspaceLayers,
): Promise<CheckVerdict> {
  const folder = await folderHolding(workspace, layers, p);
  const full = insideWorkspace(folder, p);
  if (!full) return escapes(p);
  const searched = await search(folder, full, pattern, signal);
  if (searched.kind === "missing") return { ok: true, evidence: `${p} does not exist` };
  if (searched.kind === "special") return notRegular(p, searched.what);
  const r = searched.result;
  if (r.found) return { ok: false, evidence: `found at ${p}:${r.line}: ${r.text}` };
  // A part that could not be searched may hold it: that is no proof of absence.
  if (r.unsearched)
    return {
      ok: false,
      evidence: `${describePattern(pattern)} not found in ${p}, but not all of it was searched: ${r.unsearched}`,
    };
  return { ok: true, evidence: `${describePattern(pattern)} not in ${p}` };
}

/** Searches each changed file for `text` until one holds it; FIFOs, sockets, devices are skipped. */
async function searchChanged(
  workspace: string,
  changed: string[],
  text: string,
  signal: AbortSignal | undefined,
): Promise<{ hit?: string; skipped: string }> {
  const skipped: string[] = [];
  for (const p of changed) {
    const searched = await search(workspace, path.join(workspace, p), text, signal);
    if (searched.kind === "special") skipped.push(`${p} (${searched.what})`);
    if (searched.kind === "searched" && searched.result.found)
      return { hit: `found at ${p}:${searched.result.line}: ${searched.result.text}`, skipped: "" };
  }
  return {
    skipped: skipped.length
      ? `; not regular files, not read: ${skipped.slice(0, 8).join(", ")}${skipped.length > 8 ? ", …" : ""}`
      : "",
  };
}

export async function checkChangedFilesContain(
  workspace: string,
  changed: string[],
  text: string,
  signal?: AbortSignal,
): Promise<CheckVerdict> {
  const { hit, skipped } = await searchChanged(workspace, changed, text, signal);
  if (hit) return { ok: true, evidence: hit };
  return {
    ok: false,
    evidence: changed.length
      ? `${JSON.stringify(text)} is in none of the ${changed.length} files the run created or modified (${changed.slice(0, 8).join(", ")}${changed.length > 8 ? ", …" : ""})${skipped}`
      : `the run created or modified no file, so ${JSON.stringify(text)} cannot be in one`,
  };
}

export async function checkChangedFilesLack(
  workspace: string,
  changed: string[],
  text: string,
  signal?: AbortSignal,
): Promise<CheckVerdict> {
  const { hit, skipped } = await searchChanged(workspace, changed, text, signal);
  if (hit) return { ok: false, evidence: hit };
  return {
    ok: true,
    evidence: `${JSON.stringify(text)} is in none of the ${changed.length} changed files${skipped}`,
  };
}

/** The names in folder `dir` of the sandbox: with layers, of the prepared tree too, less the deleted. */
async function namesIn(
  workspace: string,
  dir: string,
  layers: WorkspaceLayers | undefined,
): Promise<string[]> {
  if (!layers) return fs.readdir(dir);
  const rel = path.relative(workspace, dir).split(path.sep).join("/") || ".";
  const own = await fs.readdir(dir).catch(() => undefined);
  const below = isDeleted(layers.deleted, rel)
    ? undefined
    : await fs.readdir(path.join(layers.base, rel)).catch(() => undefined);
  if (!own && !below) throw new Error(`no folder ${rel}`);
  const kept = (below ?? []).filter(
    (name) => !isDeleted(layers.deleted, rel === "." ? name : `${rel}/${name}`),
  );
  return [...new Set([...(own ?? []), ...kept])];
}

/** ", the folder has: a, b, c" — to make a missing file's evidence useful. */
async function nearby(workspace: string, p: string, layers?: WorkspaceLayers): Promise<string> {
  const dir = insideWorkspace(workspace, path.dirname(p));
  if (!dir) return "";
  try {
    const names = (await namesIn(workspace, dir, layers)).filter((n) => n !== ".git").sort();
    if (names.length === 0) return `; ${path.dirname(p)}/ is empty`;
    const shown = names.slice(0, 8).join(", ");
    return `; ${path.dirname(p) === "." ? "the sandbox" : `${path.dirname(p)}/`} has: ${shown}${names.length > 8 ? ", …" : ""}`;
  } catch {
    return `; ${path.dirname(p)}/ does not exist either`;
  }
}
