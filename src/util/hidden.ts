// What a terminal shows as nothing: escape sequences (CSI such as the colour reset `\e[0m`, OSC
// such as a hyperlink's `\e]8;;\e\\`, the other two- and three-byte ones), the C0 and C1 controls
// other than tab and line breaks, DEL, and the zero-width and bidi characters. A secret printed
// with one of these inside looks whole on a screen, so the redactor reads text without them
// (strip in redact.ts). Sequences are read raw or JSON-escaped (`\u001b[0m`, as a transcript holds
// them). `\r` and backspace overwrites are not undone: what they hide depends on the screen.

/** The bytes so far cannot tell (a sequence or a character cut at the end of a stream's chunk). */
export const UNDECIDED = -1;

/**
 * A sequence longer than this is not one (a terminal would have given up on it too). It bounds
 * what a stream holds back for an unfinished one; scanning one stops at the next ESC, so text is
 * read in linear time however many unfinished sequences it holds.
 */
export const MAX_SEQUENCE = 512;

const ESC = 0x1b;
const BEL = 0x07;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const DEL = 0x7f;
const BACKSLASH = 0x5c;
const NOT_A_UNIT = -2;

/**
 * How many bytes from `i` a terminal shows as nothing: 0 for a visible byte, UNDECIDED when the
 * bytes up to `length` cannot tell. `json`: `i` is the backslash of a `\uXXXX` escape.
 */
export function hiddenAt(bytes: Uint8Array, i: number, length: number, json: boolean): number {
  if (json) {
    const code = unitAt(bytes, i, length, true);
    if (code === UNDECIDED) return UNDECIDED;
    if (code === ESC) return sequenceAt(bytes, i, length, true);
    return code >= 0 && hiddenCode(code) ? 6 : 0;
  }
  const c = bytes[i]!;
  if (c >= 0x20 && c < DEL) return 0;
  if (c === ESC) return sequenceAt(bytes, i, length, false);
  if (c < 0x20) return c === TAB || c === LF || c === CR ? 0 : 1;
  if (c === DEL) return 1;
  if (c === 0xc2) {
    if (i + 1 >= length) return UNDECIDED;
    const d = bytes[i + 1]!;
    return (d >= 0x80 && d <= 0x9f) || d === 0xad ? 2 : 0; // C1 controls, soft hyphen
  }
  if (c === 0xe2 || c === 0xef) {
    if (i + 2 >= length) return UNDECIDED;
    if (!continuation(bytes[i + 1]!) || !continuation(bytes[i + 2]!)) return 0;
    const code = ((c & 0x0f) << 12) | ((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f);
    return hiddenCode(code) ? 3 : 0;
  }
  return 0;
}

function continuation(b: number): boolean {
  return (b & 0xc0) === 0x80;
}

/** A character a terminal draws as nothing (or that reorders what follows it). */
function hiddenCode(code: number): boolean {
  return (
    (code < 0x20 && code !== TAB && code !== LF && code !== CR) ||
    (code >= DEL && code <= 0x9f) ||
    code === 0xad ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2064) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
}

/** The size of the unit unitAt read last (1 byte raw; 2 or 6 JSON-escaped). */
let unitSize = 1;

/**
 * The character at `p`: a byte, or JSON-escaped one (`\\`, `\"`, `\/`, `\n`…, `\uXXXX`); sets
 * unitSize. NOT_A_UNIT for a backslash that starts no escape.
 */
function unitAt(bytes: Uint8Array, p: number, length: number, json: boolean): number {
  if (p >= length) return UNDECIDED;
  const c = bytes[p]!;
  unitSize = 1;
  if (!json || c !== BACKSLASH) return c;
  if (p + 1 >= length) return UNDECIDED;
  const e = bytes[p + 1]!;
  unitSize = 2;
  const simple = JSON_SIMPLE[e];
  if (simple !== undefined) return simple;
  if (e !== 0x75) return NOT_A_UNIT;
  if (p + 6 > length) return UNDECIDED;
  unitSize = 6;
  let code = 0;
  for (let k = p + 2; k < p + 6; k++) {
    const h = hexValue(bytes[k]!);
    if (h < 0) return NOT_A_UNIT;
    code = code * 16 + h;
  }
  return code;
}

const JSON_SIMPLE: Record<number, number> = {
  0x5c: 0x5c, // \\
  0x22: 0x22, // \"
  0x2f: 0x2f, // \/
  0x62: 0x08, // \b
  0x66: 0x0c, // \f
  0x6e: LF, // \n
  0x72: CR, // \r
  0x74: TAB, // \t
};

function hexValue(b: number): number {
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  if (b >= 0x41 && b <= 0x46) return b - 0x37;
  if (b >= 0x61 && b <= 0x66) return b - 0x57;
  return -1;
}

/**
 * The length of the escape sequence whose ESC is at `i`, 0 if it is none (the ESC is then shown
 * as it is), UNDECIDED if the bytes end inside it. CSI: `[`, parameters and intermediates
 * (0x20–0x3F), a final byte (0x40–0x7E). OSC, DCS, SOS, PM, APC (`]`, `P`, `X`, `^`, `_`): any
 * text up to BEL or ST (`ESC \`); another ESC or a control inside ends it as no sequence. Else
 * intermediates (0x20–0x2F) and a final byte (0x30–0x7E), as `ESC 7` or `ESC ( B`.
 */
function sequenceAt(bytes: Uint8Array, i: number, length: number, json: boolean): number {
  let p = i + (json ? 6 : 1);
  const next = (): number => {
    if (p - i >= MAX_SEQUENCE) return NOT_A_UNIT;
    const code = unitAt(bytes, p, length, json);
    if (code >= 0) p += unitSize;
    return code;
  };
  const kind = next();
  if (kind < 0) return kind === UNDECIDED ? UNDECIDED : 0;
  if (kind === 0x5b) {
    for (;;) {
      const c = next();
      if (c === UNDECIDED) return UNDECIDED;
      if (c >= 0x40 && c <= 0x7e) return p - i;
      if (c < 0x20 || c > 0x3f) return 0;
    }
  }
  if (kind === 0x5d || kind === 0x50 || kind === 0x58 || kind === 0x5e || kind === 0x5f) {
    for (;;) {
      const c = next();
      if (c === UNDECIDED) return UNDECIDED;
      if (c === BEL) return p - i;
      if (c === ESC) {
        const st = next();
        if (st === UNDECIDED) return UNDECIDED;
        return st === BACKSLASH ? p - i : 0;
      }
      if (c < 0x20 || c === DEL) return 0;
    }
  }
  let c = kind;
  while (c >= 0x20 && c <= 0x2f) c = next();
  if (c === UNDECIDED) return UNDECIDED;
  return c >= 0x30 && c <= 0x7e ? p - i : 0;
}
