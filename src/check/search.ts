// Searching a file for a pattern in bounded memory, whatever its size.
//
// Text (a string pattern) is searched as bytes, chunk by chunk, keeping the last pattern-length − 1
// bytes of each chunk so that a match across a chunk border is found. A RegExp sees at most
// REGEX_TEXT_BYTES at once: the whole file when it is that small (so a pattern may span lines), else
// each line on its own; a longer line is not searched, and the result says so.

import type { FileHandle } from "node:fs/promises";
import type { Pattern } from "../model/index.js";

/** The most text a RegExp is matched against at once. */
export const REGEX_TEXT_BYTES = 16 * 1024 * 1024;

const CHUNK_BYTES = 1024 * 1024;
/** The smallest read buffer: a file that grew since it was measured is still read whole, in more reads. */
const MIN_CHUNK_BYTES = 4096;
/** How much of a matching line is read back for the evidence (it shows 120 characters). */
const EXCERPT_BYTES = 4096;
const NEWLINE = 0x0a;

export type SearchResult =
  | { found: true; line: number; text: string }
  | {
      found: false;
      lines: number;
      bytes: number;
      /** What was not searched (lines too long for a RegExp): "not found" is then no answer. */
      unsearched?: string;
    };

/** Searches the open file (`size` bytes when opened); checks `signal` before every chunk. */
export async function searchFile(
  handle: FileHandle,
  size: number,
  pattern: Pattern,
  signal?: AbortSignal,
): Promise<SearchResult> {
  if (typeof pattern === "string")
    return searchText(handle, size, Buffer.from(pattern, "utf8"), signal);
  // Without g and y: exec always starts at 0, whatever an earlier match left in lastIndex.
  const regex = new RegExp(pattern.source, pattern.flags.replace("g", "").replace("y", ""));
  if (size <= REGEX_TEXT_BYTES) return searchWhole(handle, size, regex);
  return searchLines(handle, regex, signal);
}

async function searchText(
  handle: FileHandle,
  size: number,
  needle: Buffer,
  signal: AbortSignal | undefined,
): Promise<SearchResult> {
  const keep = Math.max(needle.length - 1, 0);
  // Sized to the file: a buffer per check that V8 frees only at a later collection adds up to tens
  // of MB of peak RSS over a run of small files (docs/benchmarks.md, figure 7b).
  const chunkBytes = Math.min(CHUNK_BYTES, Math.max(size, MIN_CHUNK_BYTES));
  const window = Buffer.allocUnsafe(keep + chunkBytes);
  let start = 0; // file offset of window[0]
  let held = 0; // bytes at the start of the window kept from the last read
  let newlines = 0; // before `start`
  let lineStart = 0; // file offset of the line `start` is on
  let lastByte = -1; // the last byte read so far: a final newline ends a line, it starts none
  for (;;) {
    signal?.throwIfAborted();
    const { bytesRead } = await handle.read(window, held, chunkBytes, start + held);
    const end = held + bytesRead;
    if (bytesRead > 0) lastByte = window[end - 1]!;
    const at = window.subarray(0, end).indexOf(needle);
    if (at >= 0) {
      const before = newlinesIn(window.subarray(0, at));
      const from = before.last >= 0 ? start + before.last + 1 : lineStart;
      return {
        found: true,
        line: newlines + before.count + 1,
        text: await excerpt(handle, from),
      };
    }
    if (bytesRead === 0)
      return {
        found: false,
        lines: lineCount(newlines + newlinesIn(window.subarray(0, held)).count, lastByte),
        bytes: start + held,
      };
    // Slide: the last `keep` bytes stay for a match that starts in them and ends in the next read.
    const next = Math.min(keep, end);
    const leaving = newlinesIn(window.subarray(0, end - next));
    newlines += leaving.count;
    if (leaving.last >= 0) lineStart = start + leaving.last + 1;
    window.copy(window, 0, end - next, end);
    start += end - next;
    held = next;
  }
}

/** A small file, matched whole (a pattern may span lines), as it always was. */
async function searchWhole(handle: FileHandle, size: number, regex: RegExp): Promise<SearchResult> {
  const bytes = Buffer.allocUnsafe(size);
  let got = 0;
  // Bytes written after the file was opened are not read: the agent has finished by now.
  while (got < size) {
    const { bytesRead } = await handle.read(bytes, got, size - got, got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  const text = bytes.toString("utf8", 0, got);
  const index = regex.exec(text)?.index;
  if (index === undefined) {
    const newlines = text.split("\n").length - 1;
    return { found: false, lines: lineCount(newlines, got ? bytes[got - 1]! : -1), bytes: got };
  }
  const line = text.slice(0, index).split("\n").length;
  return { found: true, line, text: shown(text.split("\n")[line - 1] ?? "") };
}

/** A large file, matched line by line; a line over REGEX_TEXT_BYTES is skipped and counted. */
async function searchLines(
  handle: FileHandle,
  regex: RegExp,
  signal: AbortSignal | undefined,
): Promise<SearchResult> {
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let position = 0;
  let line = 1; // the number of the line being read
  let partial: Buffer[] = []; // its bytes so far (copies: the chunk buffer is reused)
  let partialBytes = 0;
  let overlong = false; // it is over REGEX_TEXT_BYTES: its bytes are dropped, not matched
  let lastByte = -1; // the file's last byte read so far (see lineCount)
  const tooLong: number[] = [];
  const matchLine = (text: string): SearchResult | undefined =>
    regex.test(text) ? { found: true, line, text: shown(text) } : undefined;
  const addToLine = (bytes: Buffer): void => {
    if (!overlong && partialBytes + bytes.length > REGEX_TEXT_BYTES) {
      overlong = true;
      tooLong.push(line);
      partial = [];
    }
    if (overlong) return;
    partial.push(Buffer.from(bytes));
    partialBytes += bytes.length;
  };
  /** Ends the line being read with `tail`; the match, when the line matches. */
  const endLine = (tail: Buffer): SearchResult | undefined => {
    addToLine(tail);
    const hit = overlong ? undefined : matchLine(Buffer.concat(partial).toString("utf8"));
    [partial, partialBytes, overlong] = [[], 0, false];
    line += 1;
    return hit;
  };
  for (;;) {
    signal?.throwIfAborted();
    const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    const data = chunk.subarray(0, bytesRead);
    lastByte = data[bytesRead - 1]!;
    const first = data.indexOf(NEWLINE);
    if (first < 0) {
      addToLine(data);
      continue;
    }
    const hit = endLine(data.subarray(0, first));
    if (hit) return hit;
    // The chunk's whole lines, decoded at once (a newline is never inside a UTF-8 character).
    const last = data.lastIndexOf(NEWLINE);
    if (last > first) {
      for (const text of data.toString("utf8", first + 1, last).split("\n")) {
        const found = matchLine(text);
        if (found) return found;
        line += 1;
      }
    }
    addToLine(data.subarray(last + 1));
  }
  const lines = lineCount(line - 1, lastByte); // line - 1 newlines so far
  const hit = endLine(Buffer.alloc(0));
  if (hit) return hit;
  return {
    found: false,
    lines,
    bytes: position,
    ...(tooLong.length ? { unsearched: describeTooLong(tooLong) } : {}),
  };
}

function describeTooLong(lines: number[]): string {
  const limit = `${REGEX_TEXT_BYTES / 1024 / 1024} MiB`;
  const which =
    lines.length === 1
      ? `line ${lines[0]} is`
      : `${lines.length} lines (${lines.slice(0, 3).join(", ")}${lines.length > 3 ? ", …" : ""}) are`;
  return `${which} over ${limit}: a file over ${limit} is matched by a RegExp line by line, and a line over ${limit} is not searched`;
}

/** The line from file offset `from`, as evidence shows it. */
async function excerpt(handle: FileHandle, from: number): Promise<string> {
  const bytes = Buffer.allocUnsafe(EXCERPT_BYTES);
  const { bytesRead } = await handle.read(bytes, 0, EXCERPT_BYTES, from);
  const head = bytes.subarray(0, bytesRead);
  const end = head.indexOf(NEWLINE);
  return shown(head.toString("utf8", 0, end >= 0 ? end : bytesRead));
}

function shown(line: string): string {
  return line.trim().slice(0, 120);
}

/** Lines in a file of `newlines` newlines whose last byte is `lastByte` (-1: empty): "hi\n" is 1. */
function lineCount(newlines: number, lastByte: number): number {
  if (lastByte === -1) return 0;
  return lastByte === NEWLINE ? newlines : newlines + 1;
}

/** How many newlines `bytes` holds, and the index of the last one (-1: none), in one pass. */
function newlinesIn(bytes: Buffer): { count: number; last: number } {
  let count = 0;
  let last = -1;
  for (let i = bytes.indexOf(NEWLINE); i >= 0; i = bytes.indexOf(NEWLINE, i + 1)) {
    count += 1;
    last = i;
  }
  return { count, last };
}
