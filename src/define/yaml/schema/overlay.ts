// Files written over a sandbox (a variant's `files:`): the paths they may take, and two written
// paths where one would have to be the other's folder.

import path from "node:path";
import * as z from "zod/mini";
import { Codes } from "../../../model/index.js";
import { described, hint } from "./meta.js";

/**
 * Why `key` cannot name a file a variant writes or removes in the sandbox, or undefined when it
 * can: empty, absolute, with a `..` segment, ending in a separator, or naming the sandbox itself.
 */
export function overlayPathProblem(key: string): string | undefined {
  if (key.trim() === "") return "is empty";
  if (path.posix.isAbsolute(key) || path.win32.isAbsolute(key)) return "is an absolute path";
  const segments = key.split(/[\\/]/);
  if (segments.includes(".."))
    return "contains a `..` segment, which could climb out of the sandbox";
  if (/[\\/]$/.test(key)) return "ends in a separator: name a file, not a folder";
  if (segments.every((s) => s === "" || s === ".")) return "names the sandbox itself, not a file";
  if (key.includes("\0")) return "holds a NUL byte";
  return undefined;
}

const OVERLAY_PATH_FIX =
  "write the path relative to the sandbox root, without `..`, e.g. `.claude/skills/x/SKILL.md`";

export const overlayPathSchema = described(
  z.string().check(
    z.superRefine((key, ctx) => {
      const why = overlayPathProblem(key);
      if (why === undefined) return;
      ctx.addIssue({
        code: "custom",
        // Said after "the key `<path>`" (a record key's problem names the key first).
        message: why,
        input: key,
        ...hint(Codes.badPath, OVERLAY_PATH_FIX),
      });
    }),
  ),
  "A file path relative to the sandbox root (not absolute, no `..`).",
);

export const overlayFilesSchema = described(
  z.record(
    overlayPathSchema,
    described(
      z.nullable(z.string()),
      "The file's content, or null to remove the file (or folder) from the sandbox.",
    ),
  ),
  "A mapping of sandbox-relative paths to content written over the eval's sandbox, or null to remove that file: a SKILL.md, a CLAUDE.md, an AGENTS.md.",
);

/** Two written paths where one is the other's folder (`a` and `a/b`), if there are. */
export function overlayClash(
  files: Record<string, unknown>,
): { file: string; folder: string } | undefined {
  const normal = (key: string) =>
    key
      .split(/[\\/]/)
      .filter((s) => s !== "" && s !== ".")
      .join("/");
  const written = new Map(
    Object.entries(files)
      .filter(([, content]) => typeof content === "string")
      .map(([key]) => [normal(key), key]),
  );
  for (const [rel, key] of written) {
    for (let at = rel.lastIndexOf("/"); at > 0; at = rel.lastIndexOf("/", at - 1)) {
      const folder = written.get(rel.slice(0, at));
      if (folder !== undefined) return { file: key, folder };
    }
  }
  return undefined;
}
