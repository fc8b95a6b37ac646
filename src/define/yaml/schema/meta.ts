// zod/mini set up for the YAML task's schemas (define/yaml/schema.ts): English messages, the
// defaults the loader fills in, and the helpers that put descriptions, defaults and issue hints on
// a schema. Every other module of this folder builds on these.
//
// Written with zod/mini (`z.optional(s)`, `s.check(z.minLength(1))`), not the classic API
// (`s.optional()`, `s.min(1)`): every run builds these schemas at start, and importing the classic
// API and building our ~500 schema instances with it cost ~20 ms more per start. Same schemas,
// same parsing, same issues; only the way they are written differs.

import * as z from "zod/mini";
import { DEFAULT_TIMEOUT_MS } from "../../../model/index.js";

// Classic zod installs its English messages on first use; zod/mini leaves them out. The issues we
// report (and a TS definition's problems) quote them, so install them too, unless already set.
if (!z.config().localeError) z.config(z.locales.en());

/** Values the loader fills in for keys a YAML task leaves out. */
export const yamlTaskDefaults = {
  timeoutSeconds: DEFAULT_TIMEOUT_MS / 1000,
  trials: 1,
  passRate: 1,
  commandExitCode: 0,
  shimExitCode: 0,
  shimOutput: "",
} as const;

/**
 * Extra data a custom issue carries: the diagnostic code to report it under (schema problems
 * default to AE102) and the fix to suggest.
 */
export interface IssueHint {
  code: string;
  fix: string;
}

export function hint(code: string, fix: string): { params: IssueHint } {
  return { params: { code, fix } };
}

/**
 * A copy of `schema` with `meta` (description, default, title) in zod's global registry, as
 * classic zod's `.meta()` makes it. A copy, so a shared schema (`nonEmptyText`) keeps its own
 * metadata; the copy links to `schema` and inherits whatever metadata that has.
 */
export function withMeta<T extends z.ZodMiniType>(schema: T, meta: z.core.GlobalMeta): T {
  const copy = schema.clone();
  z.globalRegistry.add(copy, meta);
  return copy;
}

/** A copy of `schema` with a description (classic zod's `.describe()`). */
export function described<T extends z.ZodMiniType>(schema: T, description: string): T {
  return withMeta(schema, { description });
}
