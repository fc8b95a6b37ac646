// A cassette on disk: one JSON file per trial, checked on the way in (a clear error naming the file
// and the first problems), written pretty-printed so that a diff of two recordings reads well, and
// gzip-compressed (`cassette.json.gz`): a conversation resends its whole history each turn, so
// the text is mostly repeats (docs/benchmarks.md, figure 14). gzip through node:zlib: no
// dependency, and `zcat` reads it anywhere. A plain `cassette.json` (an older recording, or one
// edited by hand) reads as well. A cassette may come from a pull request, so reading it is
// bounded: at most MAX_CASSETTE_BYTES of text, however small the compressed file.

import { constants as fsConstants, lstatSync } from "node:fs";
import { mkdir, open, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { gunzip, gzip } from "node:zlib";
import { promisify } from "node:util";
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

/** The name a cassette is written under: gzip-compressed JSON. */
export const CASSETTE_FILE = "cassette.json.gz";
/** The name a plain (uncompressed) cassette is read under. */
export const PLAIN_CASSETTE_FILE = "cassette.json";
/** The names a trial folder's cassette is read under, the written one first. */
export const CASSETTE_NAMES: readonly string[] = [CASSETTE_FILE, PLAIN_CASSETTE_FILE];

/**
 * The most text a cassette may hold, compressed or not (256 MiB): far above a long recorded
 * conversation, far below what would exhaust a runner's memory (a gzip bomb stops here).
 */
export const MAX_CASSETTE_BYTES = 256 * 1024 * 1024;

const gunzipAsync = promisify(gunzip);
const gzipAsync = promisify(gzip);

/**
 * The cassette in trial folder `dir`: `cassette.json.gz`, else `cassette.json`, whichever is
 * there (not followed: a link counts as there, for its reader to refuse); undefined for neither.
 */
export function cassetteIn(dir: string): string | undefined {
  for (const name of CASSETTE_NAMES) {
    const file = path.join(dir, name);
    if (lstatSync(file, { throwIfNoEntry: false })) return file;
  }
  return undefined;
}

/** How `readCassette` reads. */
export interface ReadCassetteOptions {
  /** Refuse a link in the file's place rather than follow it (a cassette from a download). */
  noFollow?: boolean;
  /** The most text it may hold, after decompression (MAX_CASSETTE_BYTES). */
  maxBytes?: number;
}

/**
 * The cassette in `file` (gzip-compressed or plain JSON, told by its first bytes), checked: a
 * CassetteError names the file and what is wrong. Only a regular file is read (a FIFO or a device
 * is refused without blocking on it), and no more than `maxBytes` of it, compressed or not.
 */
export async function readCassette(
  file: string,
  options: ReadCassetteOptions = {},
): Promise<Cassette> {
  const maxBytes = options.maxBytes ?? MAX_CASSETTE_BYTES;
  let bytes: Buffer;
  try {
    bytes = await readBounded(file, maxBytes, options.noFollow ?? false);
  } catch (error) {
    if (error instanceof CassetteError) throw error;
    throw new CassetteError(`cassette ${file}: cannot be read (${errorMessage(error)})`);
  }
  if (isGzip(bytes)) {
    try {
      bytes = await gunzipAsync(bytes, { maxOutputLength: maxBytes });
    } catch (error) {
      throw new CassetteError(
        (error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE"
          ? `cassette ${file}: decompresses to more than ${maxBytes} bytes; not read`
          : `cassette ${file}: not a readable gzip file (${errorMessage(error)})`,
      );
    }
  }
  return parseCassette(bytes.toString("utf8"), file);
}

/** gzip's magic bytes. */
function isGzip(bytes: Buffer): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The bytes of regular file `file`, at most `maxBytes` of them (a CassetteError past that). */
async function readBounded(file: string, maxBytes: number, noFollow: boolean): Promise<Buffer> {
  const flags =
    fsConstants.O_RDONLY | fsConstants.O_NONBLOCK | (noFollow ? fsConstants.O_NOFOLLOW : 0);
  let handle;
  try {
    handle = await open(file, flags);
  } catch (error) {
    if (noFollow && (error as NodeJS.ErrnoException).code === "ELOOP")
      throw new CassetteError(`cassette ${file}: a symlink; not followed`);
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new CassetteError(`cassette ${file}: not a regular file; not read`);
    if (stats.size > maxBytes)
      throw new CassetteError(
        `cassette ${file}: ${stats.size} bytes, more than ${maxBytes}; not read`,
      );
    // Read to the end, but never past the limit (the file may grow while it is read).
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buffer = Buffer.alloc(Math.min(1024 * 1024, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      chunks.push(buffer.subarray(0, bytesRead));
      if (total > maxBytes)
        throw new CassetteError(`cassette ${file}: more than ${maxBytes} bytes; not read`);
    }
    return Buffer.concat(chunks);
  } finally {
    await handle.close();
  }
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

/** The cassette's bytes as written to `file`: gzip-compressed for a `.gz` name, else plain. */
export async function cassetteBytes(file: string, cassette: Cassette): Promise<Buffer> {
  const text = Buffer.from(cassetteText(cassette));
  return file.endsWith(".gz") ? await gzipAsync(text) : text;
}

/**
 * Writes `cassette` to `file` (its folder made), through a temporary file and a rename:
 * gzip-compressed when `file` ends in `.gz` (as CASSETTE_FILE does), plain JSON otherwise.
 */
export async function writeCassette(file: string, cassette: Cassette): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, await cassetteBytes(file, cassette));
  await rename(temporary, file);
}
