// A cassette on disk: one JSON file per trial, checked on the way in (a clear error naming the file
// and the first problems), written pretty-printed so that a diff of two recordings reads well.

import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import * as z from "zod/mini";
import { errorMessage } from "../../model/index.js";
import type { Cassette } from "./types.js";

// zod/mini comes without messages; the issues quoted below need the English ones.
if (!z.config().localeError) z.config(z.locales.en());

const headers = z.record(z.string(), z.string());

const chunk = z.object({
  data: z.string(),
  encoding: z.optional(z.literal("base64")),
  afterMs: z.number().check(z.minimum(0)),
});

const exchange = z.object({
  turn: z.number().check(z.int(), z.minimum(1)),
  request: z.object({
    method: z.string().check(z.minLength(1)),
    path: z.string().check(z.startsWith("/")),
    headers,
    body: z.string(),
    encoding: z.optional(z.literal("base64")),
  }),
  response: z.object({
    status: z.number().check(z.int(), z.minimum(100), z.maximum(599)),
    headers,
    chunks: z.array(chunk),
    aborted: z.optional(z.literal(true)),
  }),
});

const cassetteSchema = z.object({
  version: z.literal(1),
  upstream: z.string(),
  trialRoot: z.optional(z.string()),
  exchanges: z.array(exchange),
});

export class CassetteError extends Error {
  override name = "CassetteError";
}

/** The cassette in `file`, checked: a CassetteError names the file and what is wrong. */
export async function readCassette(file: string): Promise<Cassette> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new CassetteError(`cassette ${file}: cannot be read (${errorMessage(error)})`);
  }
  return parseCassette(text, file);
}

/** A cassette's JSON text, checked (`file` names it in errors). */
export function parseCassette(text: string, file: string): Cassette {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CassetteError(`cassette ${file}: not JSON (${errorMessage(error)})`);
  }
  const parsed = z.safeParse(cassetteSchema, value);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join(".") || "(top)"}: ${issue.message}`);
    throw new CassetteError(
      `cassette ${file}: not a cassette of version 1: ${problems.join("; ")}`,
    );
  }
  return parsed.data as Cassette;
}

/** The cassette's text as written: JSON, two-space indent, a final newline. */
export function cassetteText(cassette: Cassette): string {
  return `${JSON.stringify(cassette, null, 2)}\n`;
}

/** Writes `cassette` to `file` (its folder made), through a temporary file and a rename. */
export async function writeCassette(file: string, cassette: Cassette): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, cassetteText(cassette));
  await rename(temporary, file);
}
