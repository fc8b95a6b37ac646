// The leaves the YAML task's sections are built from: names, paths, regular expressions, exit
// codes, commands, arguments, and the plain-record test the refinements share.

import path from "node:path";
import * as z from "zod/mini";
import { Codes } from "../../../model/index.js";
import { described, hint } from "./meta.js";

export const nonEmptyText = z.string().check(z.minLength(1));

const EVAL_NAME = /^[a-zA-Z0-9._-]+$/;

export const evalNameSchema = described(
  z.string().check(
    z.minLength(1),
    z.maxLength(128),
    z.regex(EVAL_NAME, { message: "may only contain letters, digits, `.`, `_` and `-`" }),
    z.refine((name) => name !== "." && name !== "..", {
      message: "`.` and `..` are not valid folder names",
    }),
  ),
  "The eval's id (letters, digits, `.`, `_` and `-`, at most 128 characters); it names the eval's results folder.",
);

/** True when `p` is relative and cannot climb out of the directory it is resolved against. */
export function staysInsideSandbox(p: string): boolean {
  if (path.posix.isAbsolute(p) || path.win32.isAbsolute(p)) return false;
  return !p.split(/[\\/]/).includes("..");
}

export const sandboxPathSchema = described(
  nonEmptyText.check(
    z.refine(staysInsideSandbox, {
      message: "must be a path relative to the sandbox: not absolute, and without `..`",
      ...hint(Codes.badPath, "write the path relative to the sandbox root, e.g. `src/Button.tsx`"),
    }),
  ),
  "A path relative to the sandbox root (not absolute, no `..`).",
);

/** The reason `source` does not compile as a regular expression, or undefined when it does. */
export function regexCompileError(source: string): string | undefined {
  try {
    new RegExp(source);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export const regexSchema = described(
  nonEmptyText.check(
    z.superRefine((source, ctx) => {
      const reason = regexCompileError(source);
      if (reason === undefined) return;
      ctx.addIssue({
        code: "custom",
        message: `invalid regular expression: ${reason}`,
        input: source,
        ...hint(
          Codes.badRegex,
          "fix the regular expression (escape special characters such as `(` or `[` with `\\\\`), or use `text:` for a plain substring",
        ),
      });
    }),
  ),
  "A JavaScript regular expression (compiled with `new RegExp`, no flags).",
);

export const exitCodeSchema = z.number().check(z.int(), z.gte(0), z.lte(255));

export const commandSchema = described(nonEmptyText, "A shell command.");

const BIN_NAME = /^[A-Za-z0-9_][A-Za-z0-9._+-]*$/;
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const ENV_VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const binNameSchema = described(
  z
    .string()
    .check(
      z.regex(BIN_NAME, { message: "is not a binary name (letters, digits, `.`, `_`, `+`, `-`)" }),
    ),
  "The name of a binary on PATH, e.g. `npm`.",
);

export const paramNameSchema = described(
  z.string().check(
    z.regex(PARAM_NAME, {
      message: "is not a placeholder name (a letter or `_`, then word characters or `-`)",
    }),
  ),
  "A placeholder name, used as `{{name}}` in the prompt.",
);

export const envVarNameSchema = described(
  z.string().check(z.regex(ENV_VAR_NAME, { message: "is not an environment variable name" })),
  "An environment variable name, e.g. `NEON_API_KEY`.",
);

export const argSchema = described(
  z
    .string()
    .check(
      z.refine((arg) => !arg.includes("\0"), { message: "an argument cannot hold a NUL byte" }),
    ),
  "One command-line argument.",
);

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
