// The stripped view the matcher reads: bytes with every line break (raw or escaped) and what a
// terminal shows as nothing left out, and where each kept byte was.

import { UNDECIDED, hiddenAt } from "../hidden.js";

const CR = 0x0d;
const LF = 0x0a;
export const BACKSLASH = 0x5c;
export const LOWER_N = 0x6e;
export const LOWER_R = 0x72;
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
export function strip(
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
export function runStart(view: { kept: Uint8Array; at: Int32Array }, k: number): number {
  let j = k;
  while (j > 0 && view.kept[j] === BACKSLASH && view.kept[j - 1] === BACKSLASH) {
    if (view.at[j - 1] !== view.at[j]! - 1) break;
    j -= 1;
  }
  return view.at[j]!;
}
