// Looking for many secrets at once in linear time: each form of each secret cut into overlapping
// pieces of at most PIECE bytes, found in stripped text (strip.ts) through a table keyed by their
// first four bytes.

import { MIN_SECRET_LENGTH } from "./limits.js";
import { BACKSLASH, LOWER_N, LOWER_R, strip } from "./strip.js";

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
export class PieceMatcher {
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
export function piecesOf(form: string): string[] {
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
