// Checks on the files the run left: exists, absent, contains, lacks, and text in changed files.

import { AgentEvalsError, Codes, describePattern, type Pattern } from "../model/index.js";
import { promises as fs } from "node:fs";
import path from "node:path";
import type { CheckVerdict } from "./context.js";

/** The absolute path of `relative` inside the sandbox, or undefined when it would escape it. */
export function insideSandbox(sandbox: string, relative: string): string | undefined {
  const full = path.resolve(sandbox, relative);
  const rel = path.relative(sandbox, full);
  if (rel === "" || rel === ".." || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel))
    return rel === "" ? full : undefined;
  return full;
}

const escapes = (p: string): CheckVerdict => ({
  ok: false,
  evidence: `${p} is outside the sandbox; name a path inside it`,
});

/** Internal: a symlink out of the sandbox, turned into a failed check's evidence. */
class LinkEscapes extends AgentEvalsError {
  constructor(message: string) {
    super(Codes.checkFailed, message, { exitCode: 1 });
  }
}

/**
 * The file's text, or undefined when it does not exist. A symlink the agent made that leads out of
 * the sandbox is not followed: the check fails instead of reading a file elsewhere on the machine.
 */
async function readText(sandbox: string, file: string): Promise<string | undefined> {
  try {
    const [real, root] = await Promise.all([fs.realpath(file), fs.realpath(sandbox)]);
    if (real !== root && !real.startsWith(`${root}${path.sep}`)) {
      throw new LinkEscapes(
        `${path.relative(sandbox, file)} is a symlink to ${real}, outside the sandbox`,
      );
    }
    return await fs.readFile(real, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return undefined;
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.lstat(file).then(
    () => true,
    () => false,
  );
}

export async function checkFileExists(sandbox: string, p: string): Promise<CheckVerdict> {
  const full = insideSandbox(sandbox, p);
  if (!full) return escapes(p);
  if (await exists(full)) return { ok: true, evidence: `${p} exists` };
  return { ok: false, evidence: `${p} does not exist${await nearby(sandbox, p)}` };
}

export async function checkFileAbsent(sandbox: string, p: string): Promise<CheckVerdict> {
  const full = insideSandbox(sandbox, p);
  if (!full) return escapes(p);
  if (await exists(full)) return { ok: false, evidence: `${p} exists but must not` };
  return { ok: true, evidence: `${p} does not exist` };
}

/** Where in `text` the pattern first matches: `line N` and the line itself. */
export function findMatch(
  text: string,
  pattern: Pattern,
): { line: number; text: string } | undefined {
  let index: number;
  if (typeof pattern === "string") {
    index = text.indexOf(pattern);
  } else {
    const global = new RegExp(pattern.source, pattern.flags.replace("g", "").replace("y", ""));
    index = global.exec(text)?.index ?? -1;
  }
  if (index < 0) return undefined;
  const line = text.slice(0, index).split("\n").length;
  return { line, text: (text.split("\n")[line - 1] ?? "").trim().slice(0, 120) };
}

export async function checkFileContains(
  sandbox: string,
  p: string,
  pattern: Pattern,
): Promise<CheckVerdict> {
  const full = insideSandbox(sandbox, p);
  if (!full) return escapes(p);
  const text = await readText(sandbox, full);
  if (text === undefined)
    return { ok: false, evidence: `${p} does not exist${await nearby(sandbox, p)}` };
  const hit = findMatch(text, pattern);
  if (hit) return { ok: true, evidence: `found at ${p}:${hit.line}: ${hit.text}` };
  const lines = text.split("\n").length;
  return {
    ok: false,
    evidence: `${describePattern(pattern)} not found in ${p} (${lines} lines, ${text.length} bytes)`,
  };
}

export async function checkFileLacks(
  sandbox: string,
  p: string,
  pattern: Pattern,
): Promise<CheckVerdict> {
  const full = insideSandbox(sandbox, p);
  if (!full) return escapes(p);
  const text = await readText(sandbox, full);
  if (text === undefined) return { ok: true, evidence: `${p} does not exist` };
  const hit = findMatch(text, pattern);
  if (!hit) return { ok: true, evidence: `${describePattern(pattern)} not in ${p}` };
  return { ok: false, evidence: `found at ${p}:${hit.line}: ${hit.text}` };
}

export async function checkChangedFilesContain(
  sandbox: string,
  changed: string[],
  text: string,
): Promise<CheckVerdict> {
  for (const p of changed) {
    const content = await readText(sandbox, path.join(sandbox, p));
    const hit = content === undefined ? undefined : findMatch(content, text);
    if (hit) return { ok: true, evidence: `found at ${p}:${hit.line}: ${hit.text}` };
  }
  return {
    ok: false,
    evidence: changed.length
      ? `${JSON.stringify(text)} is in none of the ${changed.length} files the run created or modified (${changed.slice(0, 8).join(", ")}${changed.length > 8 ? ", …" : ""})`
      : `the run created or modified no file, so ${JSON.stringify(text)} cannot be in one`,
  };
}

export async function checkChangedFilesLack(
  sandbox: string,
  changed: string[],
  text: string,
): Promise<CheckVerdict> {
  for (const p of changed) {
    const content = await readText(sandbox, path.join(sandbox, p));
    const hit = content === undefined ? undefined : findMatch(content, text);
    if (hit) return { ok: false, evidence: `found at ${p}:${hit.line}: ${hit.text}` };
  }
  return {
    ok: true,
    evidence: `${JSON.stringify(text)} is in none of the ${changed.length} changed files`,
  };
}

/** ", the folder has: a, b, c" — to make a missing file's evidence useful. */
async function nearby(sandbox: string, p: string): Promise<string> {
  const dir = insideSandbox(sandbox, path.dirname(p));
  if (!dir) return "";
  try {
    const names = (await fs.readdir(dir)).filter((n) => n !== ".git").sort();
    if (names.length === 0) return `; ${path.dirname(p)}/ is empty`;
    const shown = names.slice(0, 8).join(", ");
    return `; ${path.dirname(p) === "." ? "the sandbox" : `${path.dirname(p)}/`} has: ${shown}${names.length > 8 ? ", …" : ""}`;
  } catch {
    return `; ${path.dirname(p)}/ does not exist either`;
  }
}
