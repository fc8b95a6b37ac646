// Reading the shims' raw call log (the record format is in shims.ts) and publishing it as
// calls.jsonl, under caps. What the log holds is the agent's to decide — 3,000 calls with a 120 KB
// argument each, or bytes it appends to the log itself — so nothing here holds more than the caps:
//
// - a field (an argument, the cwd) over `fieldBytes` keeps its head and its tail, with a marker
//   in the middle: `[agent-evals: argument cut at 4096 bytes of 122880]`;
// - a call keeps its first `argsPerCall` arguments, then one marker argument counting the rest;
// - the log records its first `calls` calls, up to `bytes` bytes of their fields; the calls after
//   are counted, not recorded (calls.jsonl ends with a line that says so; the trial gets a warning).
//
// The log is parsed as it is read, a chunk at a time, never read whole. The call checks (ran,
// notRan, ranInOrder) still see every call: past the cap, `each()` reads the log again and hands
// out the later calls one by one, cut the same way.

import fs from "node:fs";
import type { ShimCall } from "../model/index.js";
import { openRegular } from "../util/index.js";

export interface CallLogCaps {
  /** Bytes kept of one field: half from its start, half from its end. */
  fieldBytes: number;
  /** Arguments kept of one call. */
  argsPerCall: number;
  /** Calls recorded (calls.jsonl, the `calls` custom checks get). */
  calls: number;
  /** Bytes of the recorded calls' fields, after the cuts above. */
  bytes: number;
}

export const CALL_LOG_CAPS: Readonly<CallLogCaps> = {
  fieldBytes: 4096,
  argsPerCall: 1000,
  calls: 10_000,
  bytes: 16 * 1024 * 1024,
};

/** Calls were left out of the record: how many were recorded, how many made, which cap. */
export interface CallLogCut {
  recorded: number;
  total: number;
  by: "calls" | "bytes";
}

export interface CallLog {
  /** The recorded calls, in the order they started, with their exits. */
  calls: ShimCall[];
  /** Every call in the log, recorded or not. */
  total: number;
  /** The binaries called, recorded or not (the first 1,000 distinct names). */
  bins: string[];
  cut?: CallLogCut;
  /** What stood in the log's place instead of a file (a link, a FIFO): not read, no calls. */
  refused?: string;
  /** Every call in start order: the recorded ones, then those past the cap (exit null). */
  each(): Iterable<ShimCall> | AsyncIterable<ShimCall>;
}

const CHUNK_BYTES = 256 * 1024;
const WRITE_BATCH_CHARS = 64 * 1024;
const MAX_BINS = 1000;
/** Distinct pids tracked for unrecorded calls still running (their exits pair with nothing kept). */
const MAX_UNRECORDED_PIDS = 100_000;
/** Marks a cut field; `redactCall` redacts the text on either side of it apart. */
const CUT_MARKER = /\[agent-evals: (?:argument|value) cut at \d+ bytes of \d+\]/;

/** What a parser reports: a call's start record, complete, or the end record of a pid's call. */
interface RecordSink {
  start(pid: string, call: ShimCall, bytes: number): void;
  end(pid: string, exit: number): void;
  /** Whether to keep the arguments of the call being read (false: only count them). */
  keepArgs(): boolean;
}

/** Reads the raw log a chunk at a time and reports each complete record to its sink. */
class CallLogParser {
  private fields: string[] = [];
  private argv: string[] = [];
  private argc = 0;
  private keptBytes = 0;
  private keepingArgs = true;
  // The field being read: whole while it fits `fieldBytes` (in `kept`), else its head (the start
  // of `kept`) and its last bytes (`tail`). Both are reused from field to field.
  private readonly kept: Buffer;
  private readonly tail: Buffer;
  private fieldLength = 0;
  private skipField = false;
  /** The log holds something that is no record: nothing after it is read. */
  damaged = false;

  constructor(
    private readonly sink: RecordSink,
    private readonly caps: CallLogCaps,
    private readonly bootMs: number | undefined,
  ) {
    this.kept = Buffer.alloc(caps.fieldBytes);
    this.tail = Buffer.alloc(caps.fieldBytes - Math.floor(caps.fieldBytes / 2));
  }

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length && !this.damaged) {
      const nul = chunk.indexOf(0, at);
      const end = nul < 0 ? chunk.length : nul;
      if (end > at) this.append(chunk.subarray(at, end));
      if (nul < 0) return;
      this.field(this.take());
      at = nul + 1;
    }
  }

  private append(bytes: Buffer): void {
    if (this.fieldLength === 0) this.skipField = this.skipping();
    const before = this.fieldLength;
    this.fieldLength += bytes.length;
    if (this.skipField) return;
    const cap = this.kept.length;
    if (before < cap) {
      const copied = bytes.copy(this.kept, before);
      if (this.fieldLength <= cap) return;
      // Over the cap: the tail starts as the last bytes kept, and goes on with the rest.
      this.kept.copy(this.tail, 0, cap - this.tail.length);
      bytes = bytes.subarray(copied);
    }
    const keep = this.tail.length;
    if (bytes.length >= keep) {
      bytes.copy(this.tail, 0, bytes.length - keep);
    } else {
      this.tail.copyWithin(0, bytes.length);
      bytes.copy(this.tail, keep - bytes.length);
    }
  }

  /** An argument past `argsPerCall`, or of a call whose arguments are not kept, is only counted. */
  private skipping(): boolean {
    const index = this.fields.length;
    if (this.fields[0] !== "S" || index < 6) return false;
    return !this.keepingArgs || this.argv.length >= this.caps.argsPerCall;
  }

  /** The field just read, as text (cut when over the cap); undefined when skipped. */
  private take(): string | undefined {
    if (this.fieldLength === 0) this.skipField = this.skipping();
    const length = this.fieldLength;
    const cap = this.kept.length;
    let text: string | undefined;
    if (this.skipField) text = undefined;
    else if (length <= cap) text = this.kept.toString("utf8", 0, length);
    else {
      const what = this.fields[0] === "S" && this.fields.length >= 6 ? "argument" : "value";
      text =
        utf8Head(this.kept.subarray(0, cap - this.tail.length)) +
        `[agent-evals: ${what} cut at ${cap} bytes of ${length}]` +
        utf8Tail(this.tail);
    }
    if (text !== undefined) this.keptBytes += Math.min(length, cap);
    this.fieldLength = 0;
    this.skipField = false;
    return text;
  }

  private field(text: string | undefined): void {
    const fields = this.fields;
    if (fields.length < 6 || fields[0] !== "S") {
      fields.push(text ?? "");
      this.header();
      return;
    }
    if (text !== undefined) this.argv.push(text);
    if (++this.argc === Number(fields[5])) this.startRecord();
  }

  /** After each of a record's first fields: is the record whole, or the log broken? */
  private header(): void {
    const fields = this.fields;
    const kind = fields[0];
    if (kind !== "S" && kind !== "E") {
      this.damaged = true; // not a record boundary: keep what was read
    } else if (kind === "E" && fields.length === 3) {
      const exit = Number(fields[2]);
      if (Number.isInteger(exit)) this.sink.end(fields[1]!, exit);
      this.reset();
    } else if (kind === "S" && fields.length === 6) {
      const argc = Number(fields[5]);
      if (!Number.isInteger(argc) || argc < 0) {
        this.damaged = true;
        return;
      }
      this.keepingArgs = this.sink.keepArgs();
      if (argc === 0) this.startRecord();
    }
  }

  private startRecord(): void {
    const [, pid = "", time = "", cwd = "", bin = "", argcField] = this.fields;
    const argv = this.argv;
    const left = Number(argcField) - argv.length;
    if (this.keepingArgs && left > 0) argv.push(`[agent-evals: ${left} more arguments cut]`);
    const call: ShimCall = { bin, argv, cwd, time: shimTime(time, this.bootMs), exit: null };
    this.sink.start(pid, call, this.keptBytes);
    this.reset();
  }

  private reset(): void {
    this.fields = [];
    this.argv = [];
    this.argc = 0;
    this.keptBytes = 0;
    this.keepingArgs = true;
  }
}

/** The bytes up to the last whole UTF-8 character. */
function utf8Head(bytes: Buffer): string {
  let end = bytes.length;
  // Back over continuation bytes (10xxxxxx) to the lead byte of the last character.
  let lead = end - 1;
  while (lead > 0 && end - lead < 4 && (bytes[lead]! & 0xc0) === 0x80) lead--;
  const b = bytes[lead] ?? 0;
  const size = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
  if (lead + size > end) end = lead;
  return bytes.subarray(0, end).toString("utf8");
}

/** The bytes from the first whole UTF-8 character. */
function utf8Tail(bytes: Buffer): string {
  let start = 0;
  while (start < 3 && start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start++;
  return bytes.subarray(start).toString("utf8");
}

/** A shim's time field: `@<epoch s>` (date) or `<s since boot>` (/proc/uptime), as epoch ms. */
function shimTime(field: string, bootMs: number | undefined): number {
  if (field.startsWith("@")) return Number(field.slice(1)) * 1000;
  const sinceBoot = Number(field);
  if (bootMs === undefined || !Number.isFinite(sinceBoot)) return 0;
  return Math.round(bootMs + sinceBoot * 1000);
}

/** Milliseconds since the epoch at which the machine booted, to turn shim times into dates. */
function bootTimeMs(): number | undefined {
  try {
    const uptime = Number(fs.readFileSync("/proc/uptime", "utf8").split(" ")[0]);
    return Number.isFinite(uptime) ? Date.now() - uptime * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Records calls up to the caps, pairs exits with them, and counts the rest. */
class Recorder implements RecordSink {
  readonly calls: ShimCall[] = [];
  total = 0;
  cut: CallLogCut["by"] | undefined;
  private bytes = 0;
  private readonly bins = new Set<string>();
  private readonly open = new Map<string, ShimCall[]>();
  /** Unrecorded calls still running, by pid: an end record of theirs must not close a kept call. */
  private readonly unrecorded = new Map<string, number>();

  constructor(private readonly caps: CallLogCaps) {}

  keepArgs(): boolean {
    return this.cut === undefined;
  }

  start(pid: string, call: ShimCall, bytes: number): void {
    this.total++;
    if (this.bins.size < MAX_BINS) this.bins.add(call.bin);
    if (this.cut === undefined) {
      if (this.calls.length >= this.caps.calls) this.cut = "calls";
      else if (this.bytes + bytes > this.caps.bytes) this.cut = "bytes";
    }
    if (this.cut === undefined) {
      this.calls.push(call);
      this.bytes += bytes;
      const stack = this.open.get(pid);
      if (stack) stack.push(call);
      else this.open.set(pid, [call]);
      return;
    }
    const running = this.unrecorded.get(pid);
    if (running !== undefined || this.unrecorded.size < MAX_UNRECORDED_PIDS)
      this.unrecorded.set(pid, (running ?? 0) + 1);
  }

  end(pid: string, exit: number): void {
    const running = this.unrecorded.get(pid);
    if (running) {
      if (running === 1) this.unrecorded.delete(pid);
      else this.unrecorded.set(pid, running - 1);
      return;
    }
    const stack = this.open.get(pid);
    const call = stack?.pop();
    if (call) call.exit = exit;
    if (stack && stack.length === 0) this.open.delete(pid);
  }

  binsSeen(): string[] {
    return [...this.bins];
  }
}

/**
 * A file's bytes a chunk at a time (the buffer is reused: use each before the next). Under
 * `--sandbox none` the agent can put anything in the log's place: a link or a FIFO is not opened
 * (a FIFO would block for ever); `refused` hears what it was.
 */
async function* chunksOf(file: string, refused?: (what: string) => void): AsyncGenerator<Buffer> {
  const opened = await openRegular(file);
  if (opened.kind === "missing") return;
  if (opened.kind === "refused") {
    refused?.(opened.what);
    return;
  }
  const { handle, size } = opened;
  try {
    // Sized to the file (most logs are a few records): a run's trials each leave their buffer to a
    // later collection, which adds up in peak RSS (docs/benchmarks.md, figure 7b).
    const buffer = Buffer.alloc(Math.min(CHUNK_BYTES, Math.max(size, 4096)));
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

/** Reads a trial's raw call log under the caps. A missing log means no calls. */
export async function readCallLog(
  file: string,
  caps: CallLogCaps = CALL_LOG_CAPS,
): Promise<CallLog> {
  const bootMs = bootTimeMs();
  const recorder = new Recorder(caps);
  const parser = new CallLogParser(recorder, caps, bootMs);
  let refused: string | undefined;
  for await (const chunk of chunksOf(file, (what) => (refused = what))) {
    parser.push(chunk);
    if (parser.damaged) break;
  }
  const { calls, total } = recorder;
  const cut = recorder.cut ? { recorded: calls.length, total, by: recorder.cut } : undefined;
  return {
    calls,
    total,
    bins: recorder.binsSeen(),
    ...(cut ? { cut } : {}),
    ...(refused ? { refused } : {}),
    each: () => (cut ? everyCall(file, calls, total, caps, bootMs) : calls),
  };
}

/** The call log of a trial without shims: nothing can have written one. */
export function noCalls(): CallLog {
  const calls: ShimCall[] = [];
  return { calls, total: 0, bins: [], each: () => calls };
}

/** The recorded calls, then the log's later calls read again from the file, up to `total`. */
async function* everyCall(
  file: string,
  recorded: ShimCall[],
  total: number,
  caps: CallLogCaps,
  bootMs: number | undefined,
): AsyncGenerator<ShimCall> {
  yield* recorded;
  let seen = 0;
  const later: ShimCall[] = [];
  const sink: RecordSink = {
    // The recorded calls are read past without keeping their arguments.
    keepArgs: () => seen >= recorded.length,
    start: (_pid, call) => {
      if (seen++ >= recorded.length && seen <= total) later.push(call);
    },
    end: () => undefined,
  };
  const parser = new CallLogParser(sink, caps, bootMs);
  for await (const chunk of chunksOf(file)) {
    parser.push(chunk);
    yield* later.splice(0);
    if (parser.damaged || seen >= total) return;
  }
}

/** The recorded calls of a raw log held in memory, fed to the parser `chunkBytes` at a time. */
export function parseCallLog(
  raw: Buffer,
  bootMs: number | undefined,
  caps: CallLogCaps = CALL_LOG_CAPS,
  chunkBytes = raw.length,
): ShimCall[] {
  const recorder = new Recorder(caps);
  const parser = new CallLogParser(recorder, caps, bootMs);
  for (let at = 0; at < raw.length && !parser.damaged; at += Math.max(1, chunkBytes))
    parser.push(raw.subarray(at, at + Math.max(1, chunkBytes)));
  return recorder.calls;
}

/** The recorded calls of a raw log (tests, check-time logs). */
export async function readCalls(file: string): Promise<ShimCall[]> {
  return (await readCallLog(file)).calls;
}

/** calls.jsonl's last line when calls were left out: what was cut, by which cap. */
export function cutLine(cut: CallLogCut, caps: CallLogCaps = CALL_LOG_CAPS): string {
  const cap = cut.by === "calls" ? `${caps.calls} calls` : `${caps.bytes} bytes of calls`;
  return JSON.stringify({
    cut: `[agent-evals: calls cut at ${cut.recorded} of ${cut.total}: the record holds at most ${cap}]`,
    recorded: cut.recorded,
    calls: cut.total,
  });
}

/** The trial's warning when calls were left out of calls.jsonl. */
export function cutWarning(cut: CallLogCut, caps: CallLogCaps = CALL_LOG_CAPS): string {
  const cap =
    cut.by === "calls"
      ? `${caps.calls} calls`
      : `${Math.round(caps.bytes / 1024 / 1024)} MiB of calls`;
  return (
    `the agent made ${cut.total} shim calls; calls.jsonl records the first ${cut.recorded} ` +
    `(the call log's cap: ${cap}); ran, notRan and ranInOrder saw all ${cut.total}`
  );
}

/**
 * calls.jsonl: one JSON object a line, the published form of the call log, written as it goes;
 * a last line says when calls were cut. `redact` sees each call before it is written.
 */
export async function writeCallsJsonl(
  file: string,
  log: Pick<CallLog, "calls" | "cut">,
  redact: (call: ShimCall) => ShimCall = (call) => call,
): Promise<void> {
  const handle = await fs.promises.open(file, "w");
  try {
    let batch = "";
    for (const call of log.calls) {
      batch += `${JSON.stringify(redact(call))}\n`;
      if (batch.length >= WRITE_BATCH_CHARS) {
        await handle.write(batch);
        batch = "";
      }
    }
    if (log.cut) batch += `${cutLine(log.cut)}\n`;
    if (batch) await handle.write(batch);
  } finally {
    await handle.close();
  }
}

/**
 * A call with every string passed through `text` (a redactor). A cut field is redacted on each
 * side of its marker apart, so a secret cut in two leaves no piece at the cut.
 */
export function redactCall(call: ShimCall, text: (value: string) => string): ShimCall {
  const field = (value: string): string => {
    const marker = CUT_MARKER.exec(value);
    if (!marker) return text(value);
    const after = marker.index + marker[0].length;
    return text(value.slice(0, marker.index)) + marker[0] + field(value.slice(after));
  };
  return { ...call, bin: field(call.bin), cwd: field(call.cwd), argv: call.argv.map(field) };
}
