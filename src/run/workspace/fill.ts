// Filling a workspace: from a template folder, an inline fixture map or a snapshot of the user's
// repository, then a variant's overlay laid over it. Paths are checked before anything is written.

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve, win32 } from "node:path";
import type { WorkspaceSpec } from "../../model/index.js";
import { attemptSync, isDirectory, lstatOrUndefined, TreeError } from "./io.js";
import { rmSyncNoFollow } from "./remove.js";
import { classifyRepoFiles, repoFiles } from "./repo-files.js";
import { copyEntries, walkTree } from "./tree.js";

/** Fill `dest` (an existing empty dir) from the spec, then lay its `overlay` (a variant's files) over it. */
export async function fillWorkspace(spec: WorkspaceSpec, dest: string): Promise<void> {
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
    rel: workspaceRelPath(key, "overlay path"),
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
      throw new TreeError(
        `overlay path ${JSON.stringify(key)} goes through the symlink ${JSON.stringify(partial)} in the sandbox: it is not written through. Fix: write the file at the path the link points to, or remove the link in the eval's sandbox.`,
      );
    }
    if (last && !removing && stats.isDirectory()) {
      throw new TreeError(
        `overlay path ${JSON.stringify(key)} is a folder in the sandbox, not a file. Fix: name a file inside it, or give the folder null to remove it.`,
      );
    }
    if (!last && !stats.isDirectory()) {
      throw new TreeError(
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
      throw new TreeError(`${at} is not a folder. Fix: choose another overlay path.`);
  }
}

// ---------- the three kinds of contents ----------

async function fillFromTemplate(dir: string, dest: string): Promise<void> {
  const root = resolve(dir);
  if (!(await isDirectory(root))) {
    throw new TreeError(
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
    throw new TreeError(
      `repository folder not found: ${root}. Fix: correct the sandbox's repo path.`,
    );
  }
  const entries = await classifyRepoFiles(root, await repoFiles(root));
  await copyEntries(root, resolve(dest), entries, "repository");
}

// ---------- fixture keys ----------

/** The safe relative path a fixture key names, or a TreeError naming the key. */
function fixturePath(key: string): string {
  return workspaceRelPath(key, "fixture key");
}

/** The safe relative path `key` names ('/' separators), or a TreeError naming the key. */
function workspaceRelPath(key: string, label: string): string {
  const refuse = (why: string): never => {
    throw new TreeError(
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
        throw new TreeError(
          `${label} ${JSON.stringify(key)} needs ${JSON.stringify(parent)} to be a folder, but key ${JSON.stringify(clash)} makes it a file. Fix: rename one of them.`,
        );
      }
    }
  }
}
