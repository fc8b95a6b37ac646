// Writing to the branch: the lines to append checked, then appended to their files in the scratch
// work tree (with `.gitattributes` `*.jsonl merge=union`) and committed; and folders replaced
// whole (the latest recordings: `cassettes/<eval>/<agent>/`) in the same commit.

import { promises as fs } from "node:fs";
import path from "node:path";
import type { Session } from "./session.js";

const ATTRIBUTES_FILE = ".gitattributes";
const UNION_ATTRIBUTE = "*.jsonl merge=union";

export function checkFiles(files: Array<{ path: string; lines: string[] }>): Map<string, string[]> {
  if (!Array.isArray(files)) throw new Error("results branch: files must be an array");
  const additions = new Map<string, string[]>();
  let count = 0;
  for (const file of files) {
    const rel = checkPath(file?.path);
    if (!Array.isArray(file.lines)) {
      throw new Error(`results branch: the lines for ${rel} must be an array of strings`);
    }
    for (const line of file.lines) {
      if (typeof line !== "string") {
        throw new Error(`results branch: a line for ${rel} is not a string`);
      }
      if (/[\r\n]/.test(line)) {
        throw new Error(`results branch: a line for ${rel} contains a line break`);
      }
    }
    additions.set(rel, [...(additions.get(rel) ?? []), ...file.lines]);
    count += file.lines.length;
  }
  if (count === 0) throw new Error("results branch: no lines to append");
  return additions;
}

/** A folder of the branch replaced whole by these files (paths relative to it). */
export interface FolderReplacement {
  folder: string;
  files: Array<{ path: string; bytes: Buffer }>;
}

/** The replacements checked: their folders and files' paths as `checkFiles` checks a path. */
export function checkReplacements(replacements: FolderReplacement[]): FolderReplacement[] {
  if (!Array.isArray(replacements))
    throw new Error("results branch: replacements must be an array");
  const folders = new Set<string>();
  return replacements.map(({ folder, files }) => {
    const rel = checkPath(folder);
    for (const other of folders)
      if (rel === other || rel.startsWith(`${other}/`) || other.startsWith(`${rel}/`))
        throw new Error(`results branch: folders ${other} and ${rel} overlap`);
    folders.add(rel);
    if (!Array.isArray(files))
      throw new Error(`results branch: the files of ${rel} must be an array`);
    return {
      folder: rel,
      files: files.map((file) => {
        if (!Buffer.isBuffer(file?.bytes))
          throw new Error(`results branch: a file of ${rel} has no bytes`);
        return { path: checkPath(file.path), bytes: file.bytes };
      }),
    };
  });
}

function checkPath(value: unknown): string {
  const shown = JSON.stringify(value);
  if (typeof value !== "string" || value === "") {
    throw new Error(`results branch: file path ${shown} is not a non-empty string`);
  }
  if (value.includes("\\") || value.includes("\0")) {
    throw new Error(`results branch: file path ${shown} must use "/" and no NUL`);
  }
  if (value.startsWith("/") || /^[A-Za-z]:/.test(value)) {
    throw new Error(`results branch: file path ${shown} must be relative`);
  }
  const segments = value.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) {
    throw new Error(`results branch: file path ${shown} must not contain "..", "." or "//"`);
  }
  if (segments.some((s) => s.toLowerCase() === ".git") || value === ATTRIBUTES_FILE) {
    throw new Error(`results branch: file path ${shown} is reserved`);
  }
  return value;
}

/** What one append commits: the lines per file, the folders replaced, whether it is a root commit. */
export interface Work {
  additions: Map<string, string[]>;
  replacements: FolderReplacement[];
  message: string;
  root: boolean;
}

/** Write the lines (and the union attribute when missing) into the work tree and commit them. */
export async function commitAdditions(
  session: Session,
  additions: Map<string, string[]>,
  message: string,
  replacements: FolderReplacement[] = [],
): Promise<void> {
  const paths: string[] = [];
  const attributes = path.join(session.dir, ATTRIBUTES_FILE);
  const current = await readIfExists(attributes);
  if (current === undefined || !current.split(/\r?\n/).some((l) => l.trim() === UNION_ATTRIBUTE)) {
    await appendLines(attributes, current, [UNION_ATTRIBUTE]);
    paths.push(ATTRIBUTES_FILE);
  }
  for (const [rel, lines] of additions) {
    if (lines.length === 0) continue;
    const file = path.join(session.dir, ...rel.split("/"));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await appendLines(file, await readIfExists(file), lines);
    paths.push(rel);
  }
  // The folder's old files go (whatever they are: links are removed, never followed), its new ones
  // come; `add --all` stages both. The work tree holds no links: core.symlinks=false checks a
  // link on the branch out as a plain file, so no parent here leads out of it.
  for (const { folder, files } of replacements) {
    const dir = path.join(session.dir, ...folder.split("/"));
    await fs.rm(dir, { recursive: true, force: true });
    for (const file of files) {
      const target = path.join(dir, ...file.path.split("/"));
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, file.bytes, { flag: "wx" });
    }
    paths.push(folder);
  }
  await session.git(["add", "--force", "--all", "--", ...paths]);
  await session.git(["commit", "--no-verify", "-m", message]);
}

async function appendLines(file: string, current: string | undefined, lines: string[]) {
  const separator = current && !current.endsWith("\n") ? "\n" : "";
  await fs.appendFile(file, `${separator}${lines.join("\n")}\n`, "utf8");
}

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    const stat = await fs.lstat(file);
    if (!stat.isFile()) throw new Error(`results branch: ${file} is not a regular file`);
    return await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
