// Problems found after loading (a prompt placeholder with no value, a secret that is not set, an
// unknown agent) are placed where the user wrote the offending text, and shown with the file
// relative to the project, as the loader's own problems are.

import { readFileSync } from "node:fs";
import path from "node:path";
import type { DefinitionProblem } from "../model/index.js";

/** `file` relative to the project when it is inside it, else as given. */
export function displayPath(file: string, projectRoot: string | undefined): string {
  if (!projectRoot || !path.isAbsolute(file)) return file;
  const rel = path.relative(projectRoot, file);
  return rel === "" || rel.startsWith("..") ? file : rel;
}

/**
 * The 1-based line of the first occurrence of `needle` in `file` at or after line `from`, or
 * undefined (the file unreadable, the text not in it: e.g. a prompt built at run time).
 */
export function lineOf(file: string, needle: string, from = 1): number | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const lines = text.split("\n");
  for (let i = Math.max(0, from - 1); i < lines.length; i++)
    if (lines[i]!.includes(needle)) return i + 1;
  return undefined;
}

/**
 * The problem placed on the line that holds the last of `needles`, each searched from where the
 * one before it was found (`["secrets", "TOKEN"]`: the TOKEN under `secrets`), starting at the
 * eval's own line so the right eval of a file with several; its column dropped, its file relative
 * to the project. Placed where it was when a needle is not found.
 */
export function placeProblem(
  problem: DefinitionProblem,
  projectRoot: string | undefined,
  needles: readonly string[] = [],
): DefinitionProblem {
  let line: number | undefined = needles.length ? (problem.line ?? 1) : undefined;
  for (const needle of needles) {
    if (line === undefined) break;
    line = lineOf(problem.file, needle, line);
  }
  const placed: DefinitionProblem = { ...problem, file: displayPath(problem.file, projectRoot) };
  if (line !== undefined) {
    placed.line = line;
    delete placed.column;
  }
  return placed;
}
