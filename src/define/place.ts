// Problems found after loading (a prompt placeholder with no value, a secret that is not set, an
// unknown agent) are placed where the user wrote the offending text, and shown with the file
// relative to the project, as the loader's own problems are.

import { readFileSync } from "node:fs";
import type { DefinitionProblem } from "../model/index.js";
import { displayPath } from "../util/index.js";

/** The file's lines, or undefined when it cannot be read. */
function linesOf(file: string): string[] | undefined {
  try {
    return readFileSync(file, "utf8").split("\n");
  } catch {
    return undefined;
  }
}

/** The 1-based line of the first of `lines` at or after line `from` that holds `needle`. */
function lineOf(lines: string[], needle: string, from: number): number | undefined {
  for (let i = Math.max(0, from - 1); i < lines.length; i++)
    if (lines[i]!.includes(needle)) return i + 1;
  return undefined;
}

/**
 * The problem placed on the line that holds the last of `needles`, each searched from where the
 * one before it was found (`["secrets", "TOKEN"]`: the TOKEN under `secrets`), starting at the
 * eval's own line so the right eval of a file with several; its column dropped, its file relative
 * to the project. Placed where it was when a needle is not found (or the file is not one: the
 * command line).
 */
export function placeProblem(
  problem: DefinitionProblem,
  projectRoot: string | undefined,
  needles: readonly string[] = [],
): DefinitionProblem {
  const placed: DefinitionProblem = { ...problem, file: displayPath(problem.file, projectRoot) };
  const lines = needles.length ? linesOf(problem.file) : undefined;
  let line: number | undefined = problem.line ?? 1;
  for (const needle of needles) line = lines && line && lineOf(lines, needle, line);
  if (lines && line !== undefined) {
    placed.line = line;
    delete placed.column;
  }
  return placed;
}
