// Copying trial folders that came from elsewhere (`merge` of shards' artifacts, `recheck --from`):
// only folders and regular files are copied. A link, FIFO, socket or device is left behind and
// named, so that a planted link to /etc/shadow never puts that file in report.html.

import { promises as fs } from "node:fs";
import path from "node:path";
import { kindOf, openRegular } from "../util/index.js";

/**
 * Copies the tree at `from` into `to` (created as needed; a file already there is replaced, never
 * written through). Resolves to what was left behind, one line each ("evals/x/y is a symlink").
 * A missing `from` copies nothing.
 */
export async function copyRegularTree(from: string, to: string): Promise<string[]> {
  const skipped: string[] = [];
  const top = await fs.lstat(from).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (!top) return skipped;
  if (!top.isDirectory()) return [`${from} is ${kindOf(top)}, not a folder`];
  await copyFolder(from, to, from, skipped);
  return skipped;
}

async function copyFolder(from: string, to: string, root: string, skipped: string[]) {
  await makeFolder(to);
  // Dirent types come from the folder itself (lstat-like): a link is a link here.
  for (const entry of await fs.readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await copyFolder(source, target, root, skipped);
    } else if (!(await copyFile(source, target))) {
      const what = kindOf(await fs.lstat(source));
      skipped.push(`${path.relative(path.dirname(root), source)} is ${what}: not copied`);
    }
  }
}

/** A folder at `dir`, replacing a link or file in its place. */
async function makeFolder(dir: string): Promise<void> {
  const there = await fs.lstat(dir).catch(() => undefined);
  if (there?.isDirectory()) return;
  if (there) await fs.rm(dir, { force: true });
  await fs.mkdir(dir, { recursive: true });
}

/** Copies a regular file; false when `source` is not one (it is then not opened). */
async function copyFile(source: string, target: string): Promise<boolean> {
  const opened = await openRegular(source);
  if (opened.kind !== "file") return false;
  try {
    // Whatever was at the target goes first; "wx" then never writes through a link.
    await fs.rm(target, { force: true, recursive: true });
    const out = await fs.open(target, "wx");
    try {
      const buffer = Buffer.alloc(Math.min(opened.size, 1024 * 1024) || 1);
      for (;;) {
        const { bytesRead } = await opened.handle.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        await out.write(buffer, 0, bytesRead);
      }
    } finally {
      await out.close();
    }
  } finally {
    await opened.handle.close();
  }
  return true;
}
