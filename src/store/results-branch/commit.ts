// Writing to the branch: the lines to append checked, then appended to their files in the scratch
// work tree (with `.gitattributes` `*.jsonl merge=union`) and committed.

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

/** What one append commits: the lines per file, and whether its commit is a root commit. */
export interface Work {
  additions: Map<string, string[]>;
  message: string;
  root: boolean;
}

/** Write the lines (and the union attribute when missing) into the work tree and commit them. */
export async function commitAdditions(
  session: Session,
  additions: Map<string, string[]>,
  message: string,
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
  await session.git(["add", "--force", "--", ...paths]);
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
