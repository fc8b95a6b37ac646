// Secret redaction: the values of declared secrets and of credential variables are replaced by
// `***` before anything is written (transcripts, call logs, checks, run.json, history, comments).
//
// Where it happens: at the source. The process runner redacts agent output as it streams to disk
// (with a carry-over, so a secret cut between two chunks is still caught), the trial redacts the
// results it builds and sweeps its results folder, the suite redacts what it reports; history
// appends and PR comments check once more on the way out. The redactor of the current run travels
// in an AsyncLocalStorage scope, so every process started during the run (by any agent adapter,
// built-in or not) is covered without threading it through each call.
//
// What is caught: each value as is; JSON-escaped (once and twice, with `\/`, and Go-style `\u003c`);
// HTML-escaped; URL-encoded (upper- or lowercase hex);
// base64 and base64url at any alignment (the part of the encoding that depends only on the
// secret); each of these with line breaks (`\n`, `\r\n`, `\r`, or their JSON escapes) anywhere
// inside; each of these cut by what a terminal shows as nothing (an escape sequence such as `\e[0m`
// or a hyperlink's OSC 8, raw or JSON-escaped; a zero-width or bidi character; see hidden.ts).
// A multi-line value is also redacted line by line: each line of MIN_SECRET_LINE_LENGTH
// characters or more (not PEM armor) is a secret of its own, so it is caught printed alone.
// How: text and forms are matched with their line breaks left out (strip), long forms as
// overlapping 64-byte pieces, looked up by their first four bytes: linear in the text.
// A shortened excerpt (an evidence line, an output's tail) that cuts through a value has the piece
// at its edge replaced too. What is not: a value cut in pieces and printed far apart, transformed (hex, reversed, hashed,
// compressed), or shorter than MIN_SECRET_LENGTH characters (redacting those would wreck output).

import { AsyncLocalStorage } from "node:async_hooks";
import { promises as fs } from "node:fs";
import path from "node:path";
import { UNDECIDED, hiddenAt } from "./hidden.js";
import { openRegular } from "./safe-read.js";

export const REDACTED = "***";

/** A value shorter than this is not redacted: replacing every "1234" would destroy the output. */
export const MIN_SECRET_LENGTH = 6;

/** Names of further variables to redact: comma- or space-separated, e.g. `ACME_TOKEN,DB_URL`. */
export const REDACT_ENV = "AGENT_EVALS_REDACT";

/**
 * Well-known credential variables of the services around a run, redacted whenever they are set.
 * Each agent adapter's own (`credentialEnv`) are added by the engine.
 */
export const KNOWN_SECRET_NAMES: readonly string[] = [
  "GEMINI_API_KEY",
  "GOOGLE_API_KEY",
  "AZURE_OPENAI_API_KEY",
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "GH_ENTERPRISE_TOKEN",
  "GITHUB_ENTERPRISE_TOKEN",
  "INPUT_GITHUB-TOKEN",
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "AWS_SECRET_ACCESS_KEY",
  "AWS_SESSION_TOKEN",
  "NPM_TOKEN",
  "NODE_AUTH_TOKEN",
  "HF_TOKEN",
];

/** Names that look like credentials: redacted too (…_TOKEN, …_SECRET, …_API_KEY, …_PASSWORD). */
const SECRET_LOOKING_NAME =
  /(^|[_-])(TOKEN|SECRET|SECRET_KEY|PASSWORD|PASSWD|API_KEY|APIKEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?)$/i;

/** The shortest base64 fragment worth redacting: shorter ones would match ordinary text. */
const MIN_BASE64_CORE = 8;

/**
 * A line of a multi-line value (a PEM key, a certificate chain) this long or longer is a secret of
 * its own: printed alone, or with other line endings than the value has, it is still redacted.
 */
export const MIN_SECRET_LINE_LENGTH = 16;

/** A PEM armor line (`-----BEGIN RSA PRIVATE KEY-----`): ordinary text, not a secret of its own. */
const PEM_ARMOR = /^-----(BEGIN|END)[^-]*-----$/;

/** The line endings a multi-line value is split on: raw, or as a JSON string escapes them. */
const LINE_ENDINGS = /\r\n|\r|\n|(?:\\){1,2}(?:r(?:\\){1,2}n|r|n)/;

/**
 * A long form is matched as pieces of this many bytes (at 0, STRIDE, 2·STRIDE, …, and one ending at
 * the form's end): the longest thing to look for is bounded whatever the secrets, and the pieces of
 * one occurrence overlap, so their union is one span, the whole of it.
 */
const PIECE = 64;
const STRIDE = 48;

/** Candidate pieces are looked up by their first KEY bytes (one 32-bit number). */
const KEY = 4;

/** The bit table that filters positions before a lookup: 2^HASH_BITS bits. */
const HASH_BITS = 20;

const CR = 0x0d;
const LF = 0x0a;
const BACKSLASH = 0x5c;
const LOWER_N = 0x6e;
const LOWER_R = 0x72;
const LOWER_U = 0x75;

/**
 * The bytes as the matcher sees them: with every line break left out — `\r`, `\n`, and their
 * escapes `\r`, `\n` (a backslash and a letter) and `\\r`, `\\n` (JSON inside JSON) — and what a
 * terminal shows as nothing (see hidden.ts: escape sequences raw or JSON-escaped, zero-width
 * characters), and, for each byte kept, where it was. Forms and text go through this same
 * function, so a secret matches however it was wrapped, with any line ending, cut by any escape
 * sequence, anywhere. A run of backslashes before an `r` or `n` is read whole, as JSON escapes it:
 * an odd run ends in the escape `\n`, a run of 4k + 2 in `\\n` (the JSON of `\n` inside JSON);
 * before anything else, a run is text. So `\\\n`, a secret ending in a backslash and then a line
 * break, keeps the secret's `\\`.
 *
 * Not `final` (a stream, more to come): it stops at a sequence the bytes so far cannot decide, and
 * says where (`stop`); what follows is decided with the bytes still to come.
 */
function strip(
  bytes: Uint8Array,
  length = bytes.length,
  final = true,
): { kept: Uint8Array; at: Int32Array; length: number; stop: number } {
  const kept = new Uint8Array(length);
  const at = new Int32Array(length);
  let n = 0;
  let i = 0;
  while (i < length) {
    const c = bytes[i]!;
    if (c === CR || c === LF) {
      i += 1;
      continue;
    }
    const printable = c >= 0x20 && c < 0x7f;
    if (c !== BACKSLASH) {
      const skip = printable ? 0 : hiddenAt(bytes, i, length, false);
      if (skip === UNDECIDED && !final) return { kept, at, length: n, stop: i };
      if (skip > 0) {
        i += skip;
        continue;
      }
      kept[n] = c;
      at[n] = i;
      n += 1;
      i += 1;
      continue;
    }
    let end = i;
    while (end < length && bytes[end] === BACKSLASH) end += 1;
    const run = end - i;
    const next = end < length ? bytes[end] : undefined;
    // A JSON-escaped escape sequence (`\u001b[0m`) starts at the run's last backslash.
    if (run % 2 === 1 && next === LOWER_U) {
      const skip = hiddenAt(bytes, end - 1, length, true);
      if (skip === UNDECIDED && !final) return { kept, at, length: n, stop: i };
      if (skip > 0) {
        for (let k = i; k < end - 1; k++) {
          kept[n] = BACKSLASH;
          at[n] = k;
          n += 1;
        }
        i = end - 1 + skip;
        continue;
      }
    }
    const letter = next === LOWER_N || next === LOWER_R;
    const escape = !letter ? 0 : run % 2 === 1 ? 1 : run % 4 === 2 ? 2 : 0;
    for (let k = i; k < end - escape; k++) {
      kept[n] = BACKSLASH;
      at[n] = k;
      n += 1;
    }
    i = escape > 0 ? end + 1 : end;
  }
  return { kept, at, length: n, stop: length };
}

/**
 * Where the run of backslashes holding the kept byte `k` starts (the byte itself if it is not
 * one). Only kept bytes count: the backslash that ends an escape sequence (ST, `ESC \`) is not
 * part of the run after it.
 */
function runStart(view: { kept: Uint8Array; at: Int32Array }, k: number): number {
  let j = k;
  while (j > 0 && view.kept[j] === BACKSLASH && view.kept[j - 1] === BACKSLASH) {
    if (view.at[j - 1] !== view.at[j]! - 1) break;
    j -= 1;
  }
  return view.at[j]!;
}

/**
 * Redacted spans of stripped text, as [start, end) pairs, joined where they overlap or where
 * nothing was stripped between them (two secrets printed back to back are one `***`; a secret, a
 * line break, a secret are two).
 */
type Spans = number[];

/**
 * Finds every piece of every form in stripped text: a bit table of the pieces' first four bytes
 * turns most positions away with one lookup, the rest are looked up in a map from those four bytes
 * to the pieces that start with them (longest first) and compared byte by byte. One pass, linear in
 * the text whatever the number of secrets.
 */
class PieceMatcher {
  readonly longest: number;
  private readonly bits = new Uint32Array(1 << (HASH_BITS - 5));
  private readonly byKey = new Map<number, Uint8Array[]>();

  constructor(pieces: Iterable<string>) {
    let longest = 0;
    for (const piece of pieces) {
      const bytes = Buffer.from(piece, "latin1");
      const key = keyAt(bytes, 0);
      const hash = hashKey(key);
      this.bits[hash >>> 5]! |= 1 << (hash & 31);
      const list = this.byKey.get(key) ?? [];
      list.push(bytes);
      this.byKey.set(key, list);
      longest = Math.max(longest, bytes.length);
    }
    for (const list of this.byKey.values()) list.sort((a, b) => b.length - a.length);
    this.longest = longest;
  }

  /** The spans of the matches that start before `limit` in stripped text (`at`: see strip). */
  spans(text: Uint8Array, at: Int32Array, length: number, limit: number): Spans {
    const spans: Spans = [];
    if (length < KEY) return spans;
    const { bits, byKey } = this;
    const last = Math.min(limit, length - KEY + 1);
    let key = (text[0]! << 16) | (text[1]! << 8) | text[2]!;
    for (let i = 0; i < last; i++) {
      key = ((key << 8) | text[i + KEY - 1]!) >>> 0;
      const hash = hashKey(key);
      if ((bits[hash >>> 5]! & (1 << (hash & 31))) === 0) continue;
      const list = byKey.get(key);
      if (list === undefined) continue;
      for (const piece of list) {
        if (i + piece.length > length || !sameAt(text, i, piece)) continue;
        const end = i + piece.length;
        const n = spans.length;
        const prev = n > 0 ? spans[n - 1]! : -1;
        if (i < prev || (i === prev && at[i] === at[i - 1]! + 1))
          spans[n - 1] = Math.max(prev, end);
        else spans.push(i, end);
        break; // the longest piece that matches here: the shorter ones lie inside it
      }
    }
    return spans;
  }
}

function keyAt(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0
  );
}

function hashKey(key: number): number {
  return Math.imul(key, 0x9e3779b1) >>> (32 - HASH_BITS);
}

function sameAt(text: Uint8Array, at: number, piece: Uint8Array): boolean {
  for (let j = KEY; j < piece.length; j++) if (text[at + j] !== piece[j]) return false;
  return true;
}

/**
 * The pieces a form is matched as, in stripped latin1 (one char per byte of its UTF-8). At its two
 * ends a form can be read differently inside a text: after a backslash the text printed, its first
 * `n` or `r` is part of an escape; before an `n` or `r`, so are its last backslashes; and its first
 * backslashes join the text's. The form without those bytes is looked for too.
 */
function piecesOf(form: string): string[] {
  const raw = Buffer.from(form, "utf8");
  const stripped = strip(raw);
  const text = Buffer.from(stripped.kept.subarray(0, stripped.length)).toString("latin1");
  const variants = text.length >= KEY ? [text] : [];
  let from = 0;
  let to = text.length;
  if (raw[0] === LOWER_N || raw[0] === LOWER_R) from = 1;
  else while (from < 2 && text.charCodeAt(from) === BACKSLASH) from += 1;
  while (to > from && text.length - to < 2 && text.charCodeAt(to - 1) === BACKSLASH) to -= 1;
  if ((from > 0 || to < text.length) && to - from >= MIN_SECRET_LENGTH)
    variants.push(text.slice(from, to));
  const pieces: string[] = [];
  const [whole, trimmed] = variants;
  if (whole !== undefined) {
    for (let at = 0; ; at += STRIDE) {
      if (at + PIECE >= whole.length) {
        pieces.push(whole.slice(Math.max(0, whole.length - PIECE)));
        break;
      }
      pieces.push(whole.slice(at, at + PIECE));
    }
  }
  // The whole form's pieces cover the inside; only the trimmed form's two ends are needed.
  if (trimmed !== undefined) pieces.push(trimmed.slice(0, PIECE), trimmed.slice(-PIECE));
  return pieces;
}

/**
 * The values to look for: each value, and each line of a multi-line one that is long enough to
 * identify it (MIN_SECRET_LINE_LENGTH, trimmed; PEM armor lines are not), so a line printed alone
 * or with other line endings is redacted too.
 */
function secretsOf(values: Iterable<string>): string[] {
  const secrets = new Set<string>();
  for (const value of values) {
    if (value.length < MIN_SECRET_LENGTH) continue;
    secrets.add(value);
    const lines = value.split(LINE_ENDINGS);
    if (lines.length < 2) continue;
    for (const line of lines.map((l) => l.trim())) {
      if (line.length >= MIN_SECRET_LINE_LENGTH && !PEM_ARMOR.test(line)) secrets.add(line);
    }
  }
  return [...secrets];
}

export class Redactor {
  /** Undefined: nothing to hide. */
  private readonly matcher: PieceMatcher | undefined;
  /** The longest piece, in bytes: what a stream holds back (stripped) to decide a match. */
  readonly maxPieceBytes: number;
  /** The values given that are long enough to redact. */
  readonly secretCount: number;
  /** The forms a shortened excerpt may cut: checked at a text's two ends (see clipEdges). */
  private readonly edgeForms: string[];
  /** The PEM armor lines of the values: a cut piece that is only armor is not a secret. */
  private readonly armor: string[];

  constructor(values: Iterable<string>) {
    const given = [...new Set(values)];
    this.armor = [
      ...new Set(given.flatMap((v) => v.split(LINE_ENDINGS).map((l) => l.trim()))),
    ].filter((line) => PEM_ARMOR.test(line));
    this.secretCount = given.filter((v) => v.length >= MIN_SECRET_LENGTH).length;
    const secrets = secretsOf(given);
    const forms = [...new Set(secrets.flatMap(variantsOf))];
    // clipEdges runs on every string a run writes: its forms are the whole values' and the lines'
    // plain text only (a key's lines' escaped and base64 forms would make it ~30× slower a string).
    const whole = new Set(given.filter((v) => v.length >= MIN_SECRET_LENGTH));
    this.edgeForms = [
      ...new Set([...whole].flatMap(variantsOf).concat(secrets.filter((s) => !whole.has(s)))),
    ].filter((form) => form.length > MIN_SECRET_LENGTH);
    const pieces = new Set(forms.flatMap(piecesOf));
    this.matcher = pieces.size > 0 ? new PieceMatcher(pieces) : undefined;
    this.maxPieceBytes = this.matcher?.longest ?? 0;
  }

  get empty(): boolean {
    return this.matcher === undefined;
  }

  /** The bytes with every secret replaced. */
  bytes(input: Buffer): Buffer {
    if (!this.matcher) return input;
    const { out } = this.redactSome(input, input.length, true);
    const untouched = out.length === 0 || (out.length === 1 && out[0] !== REDACTED_BYTES);
    return untouched ? input : Buffer.concat(out);
  }

  /**
   * Redacts `input[0, length)`. With `all`, the whole of it; else only what is decided — matches
   * that start early enough that no byte still to come could change them or join them to another
   * — and returns where the undecided rest starts: never inside a run of backslashes (how strip()
   * reads one depends on all of it), so the rest stripped on its own gives the same view.
   */
  redactSome(input: Uint8Array, length: number, all: boolean): { out: Buffer[]; rest: number } {
    const matcher = this.matcher!;
    // Not at the end: a trailing run of backslashes may yet be read as a line break.
    let known = length;
    if (!all) while (known > 0 && input[known - 1] === BACKSLASH) known -= 1;
    // Not at the end either: an escape sequence not finished yet (stop).
    const view = strip(input, known, all);
    const limit = all ? view.length : view.length - (matcher.longest - 1);
    const spans = limit > 0 ? matcher.spans(view.kept, view.at, view.length, limit) : [];
    let count = spans.length;
    let rest = length;
    if (!all) {
      rest = limit > 0 ? runStart(view, limit) : 0;
      // A span that may still grow or join the next match, or that reaches past the cut, is
      // decided with the rest.
      while (count > 0 && (spans[count - 1]! >= limit || view.at[spans[count - 1]! - 1]! >= rest)) {
        count -= 2;
        rest = Math.min(rest, runStart(view, spans[count]!));
      }
    }
    const out: Buffer[] = [];
    const whole = Buffer.from(input.buffer, input.byteOffset, input.length);
    let from = 0;
    for (let k = 0; k < count; k += 2) {
      const start = view.at[spans[k]!]!;
      const end = view.at[spans[k + 1]! - 1]! + 1;
      if (start > from) out.push(whole.subarray(from, start));
      out.push(REDACTED_BYTES);
      from = end;
    }
    if (rest > from) out.push(whole.subarray(from, rest));
    return { out, rest };
  }

  /** The text with every secret replaced, and any piece of one left at either end by a cut. */
  text(input: string): string {
    if (!this.matcher) return input;
    return this.clipEdges(this.bytes(Buffer.from(input, "utf8")).toString("utf8"));
  }

  /**
   * Evidence lines and output tails are shortened excerpts: a cut through a secret leaves its
   * start at the end of the text, or its end at the start, which no whole-value match finds.
   * Such a piece (MIN_SECRET_LENGTH characters or more) is replaced too.
   */
  private clipEdges(text: string): string {
    if (text.length < MIN_SECRET_LENGTH) return text;
    let out = text;
    for (const form of this.edgeForms) {
      // Only the last (first) form.length - 1 characters can hold a cut piece of it.
      const head = form.slice(0, MIN_SECRET_LENGTH);
      const window = out.length - (form.length - 1);
      const at = out.slice(Math.max(0, window)).lastIndexOf(head);
      if (at >= 0) {
        const cut = Math.max(0, window) + at;
        const piece = out.slice(cut);
        if (form.startsWith(piece) && !this.onlyArmor(piece)) out = out.slice(0, cut) + REDACTED;
      }
      const tail = form.slice(-MIN_SECRET_LENGTH);
      const end = out.slice(0, form.length - 1).indexOf(tail) + MIN_SECRET_LENGTH;
      const piece = out.slice(0, end);
      if (end >= MIN_SECRET_LENGTH && form.endsWith(piece) && !this.onlyArmor(piece))
        out = REDACTED + out.slice(end);
    }
    return out;
  }

  /** Whether every line of a cut piece is (a part of) a PEM armor line, or blank. */
  private onlyArmor(piece: string): boolean {
    if (this.armor.length === 0) return false;
    return piece
      .split(LINE_ENDINGS)
      .map((line) => line.trim())
      .every((line) => line === "" || this.armor.some((armor) => armor.includes(line)));
  }

  /** A deep copy of plain data (objects, arrays, strings) with every string redacted. */
  value<T>(input: T): T {
    if (!this.matcher) return input;
    return this.walk(input) as T;
  }

  /**
   * A redactor for a byte stream: secrets split across chunks are still found. `minBatch`: see
   * StreamRedactor (a test sets it to 1 to make it decide at every chunk).
   */
  stream(minBatch = MIN_BATCH): StreamRedactor {
    return new StreamRedactor(this, minBatch);
  }

  private walk(input: unknown): unknown {
    if (typeof input === "string") return this.text(input);
    if (Array.isArray(input)) return input.map((item) => this.walk(item));
    if (input && typeof input === "object" && isPlainObject(input)) {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(input)) out[this.text(key)] = this.walk(item);
      return out;
    }
    return input;
  }
}

const REDACTED_BYTES = Buffer.from(REDACTED, "latin1");

/**
 * Redacts a stream chunk by chunk, giving the same bytes as redacting the whole. It holds back
 * what a match could still need: the last maxPieceBytes + 1 bytes of the stripped view, the breaks
 * among them, and a redacted span that may still grow. So that tiny chunks do not re-scan that part
 * over and over, it decides only once what it holds has doubled since the last time (and is at
 * least `minBatch` bytes): every byte is scanned a bounded number of times.
 */
export class StreamRedactor {
  private chunks: Buffer[] = [];
  private held = 0;
  /** What was held back at the last decision: the next one waits until twice as much is here. */
  private heldBefore = 0;
  constructor(
    private readonly redactor: Redactor,
    private readonly minBatch = MIN_BATCH,
  ) {}

  push(chunk: Buffer): Buffer {
    if (this.redactor.empty) return chunk;
    if (chunk.length === 0) return chunk;
    this.chunks.push(chunk);
    this.held += chunk.length;
    if (this.held < Math.max(this.minBatch, 2 * this.heldBefore)) return EMPTY;
    const text = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const { out, rest } = this.redactor.redactSome(text, text.length, false);
    this.chunks = rest < text.length ? [text.subarray(rest)] : [];
    this.held = text.length - rest;
    this.heldBefore = this.held;
    return out.length === 1 ? out[0]! : Buffer.concat(out);
  }

  /** What is held back, redacted: call once at the end of the stream. */
  end(): Buffer {
    const rest = Buffer.concat(this.chunks);
    this.drop();
    return this.redactor.bytes(rest);
  }

  /** Forget what is held back (the stream was cut: a partial secret must not be written). */
  drop(): void {
    this.chunks = [];
    this.held = 0;
    this.heldBefore = 0;
  }
}

/** A stream decides no sooner than this many bytes are held (fewer, smaller scans). */
const MIN_BATCH = 1024;
const EMPTY = Buffer.alloc(0);

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** The forms a value takes when an agent echoes it: escaped for JSON or URLs, base64-encoded. */
function variantsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [
    secret,
    json,
    JSON.stringify(json).slice(1, -1),
    json.replaceAll("/", "\\/"),
    // Go's encoding/json (gh, many CLIs) escapes <, > and & as \u003c, \u003e, \u0026.
    json.replace(/[<>&]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`),
    // HTML and XML escaping, as an agent's generated page or a tool's report would print it.
    secret.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!),
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    ...base64Cores(secret),
  ];
  return forms.filter((f) => f.length > 0);
}

/**
 * In a longer base64 text the secret's bytes start at offset 0, 1 or 2 of a 3-byte group; for each,
 * the characters that encode only the secret's bits are the same whatever surrounds it.
 */
function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const cores: string[] = [];
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const first = Math.ceil((offset * 8) / 6);
    const last = Math.floor(((offset + bytes.length) * 8) / 6);
    const core = encoded.slice(first, last);
    if (core.length < MIN_BASE64_CORE) continue;
    cores.push(core, core.replaceAll("+", "-").replaceAll("/", "_"));
  }
  return cores;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

// ---------- which values ----------

/**
 * The names whose values a run redacts: the known credential variables, every variable whose name
 * looks like a credential, the names listed in AGENT_EVALS_REDACT, and `extraNames` (the secrets
 * the evals declare, a library caller's list).
 */
export function secretNames(
  env: Record<string, string | undefined>,
  extraNames: Iterable<string> = [],
): string[] {
  const listed = (env[REDACT_ENV] ?? "").split(/[\s,]+/).filter(Boolean);
  const lookalikes = Object.keys(env).filter((name) => SECRET_LOOKING_NAME.test(name));
  return [...new Set([...KNOWN_SECRET_NAMES, ...lookalikes, ...listed, ...extraNames])];
}

/** A redactor for the values `env` holds under secretNames(env, extraNames). */
export function secretRedactor(
  env: Record<string, string | undefined>,
  extraNames: Iterable<string> = [],
): Redactor {
  const values = secretNames(env, extraNames)
    .map((name) => env[name])
    .filter((v): v is string => typeof v === "string");
  return new Redactor(values);
}

// ---------- the run's scope ----------

const scope = new AsyncLocalStorage<Redactor>();

/** Runs `fn` with `redactor` as the current one: everything it starts redacts with it. */
export function withRedactor<T>(redactor: Redactor, fn: () => T): T {
  return scope.run(redactor, fn);
}

/** The redactor of the run this code is part of, if any. */
export function currentRedactor(): Redactor | undefined {
  return scope.getStore();
}

/**
 * The last check where text leaves the process (history lines, PR comments): the current run's
 * redactor and the credential variables of this process's environment.
 */
export function redactOutgoing(text: string): string {
  return outgoingRedactor()(text);
}

/** redactOutgoing for many texts: the environment's redactor is built once, not per text. */
export function outgoingRedactor(): (text: string) => string {
  const inRun = currentRedactor();
  const fromEnv = secretRedactor(process.env);
  return (text) => fromEnv.text(inRun ? inRun.text(text) : text);
}

/** Redacts every regular file under `dir` in place (files that hold no secret are not touched). */
export async function redactTree(dir: string, redactor: Redactor): Promise<void> {
  if (redactor.empty) return;
  let entries: string[];
  try {
    entries = await fs.readdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const rel of entries) await redactFile(path.join(dir, rel), redactor);
}

/** Redacts one file in place, through a temporary file so a reader never sees half of it. */
export async function redactFile(file: string, redactor: Redactor): Promise<void> {
  // Not through a link, and never a FIFO: a trial's folder can hold what the agent put there.
  const opened = await openRegular(file).catch(() => undefined);
  if (opened?.kind !== "file") return;
  let mode: number;
  let bytes: Buffer;
  try {
    mode = (await opened.handle.stat()).mode;
    bytes = await opened.handle.readFile();
  } finally {
    await opened.handle.close();
  }
  const redacted = redactor.bytes(bytes);
  if (redacted === bytes) return;
  const temp = `${file}.redacting`;
  // 'wx' after removing: a link or FIFO planted under the temporary name is replaced, never followed.
  await fs.rm(temp, { force: true, recursive: true });
  await fs.writeFile(temp, redacted, { mode: mode & 0o777, flag: "wx" });
  await fs.rename(temp, file);
}

/** A console stream (stdout, stderr) that writes nothing a redactor would hide. */
export class RedactingStream {
  private redactor: Redactor;
  constructor(
    private readonly stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number },
    private readonly env: Record<string, string | undefined>,
  ) {
    this.redactor = secretRedactor(env);
  }

  /** Also hide these variables' values (the secrets the evals declare, known once they load). */
  alsoRedact(names: string[]): void {
    this.redactor = secretRedactor(this.env, names);
  }

  write(text: string): boolean {
    return this.stream.write(this.redactor.text(text));
  }

  get isTTY(): boolean | undefined {
    return this.stream.isTTY;
  }

  get columns(): number | undefined {
    return this.stream.columns;
  }
}
