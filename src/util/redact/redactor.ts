// The Redactor: every secret in bytes, text or plain data replaced by `***`, and any piece of one a
// shortened excerpt left at its edges; and the StreamRedactor, which gives the same bytes chunk by
// chunk, holding back only what a match could still need.

import { LINE_ENDINGS, MIN_SECRET_LENGTH, PEM_ARMOR, REDACTED } from "./limits.js";
import { PieceMatcher, piecesOf } from "./matcher.js";
import { secretsOf, variantsOf } from "./forms.js";
import { BACKSLASH, runStart, strip } from "./strip.js";

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

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
