// The history store (`--history-dir`): one JSON line per eval × agent per run, in
// `<dir>/<id>.jsonl`. Append-only, safe for several processes appending at once, read tolerantly.
// It is also the result cache of CI: `latestMatching` finds a recorded verdict for the same prompt
// text, definition and agent version.

import { constants, promises as fs } from "node:fs";
import path from "node:path";
import type { EvalResult, EvalStatus } from "../model/index.js";
import { kindOf, outgoingRedactor } from "../util/index.js";
import { readBack, warnNotRegular } from "./read-back.js";

export interface HistoryLine {
  /** When the run started, ISO 8601. */
  time: string;
  commit?: string;
  ref?: string;
  id: string;
  agent: string;
  agentVersion?: string;
  /** The rendered prompt's hash (EvalResult.promptHash); absent for evals without a prompt. */
  snapshotHash?: string;
  definitionHash: string;
  /** Trials run. */
  trials: number;
  trialsPlanned: number;
  passes: number;
  passRate: number;
  /** Required pass rate. */
  threshold: number;
  interval: [number, number];
  costUsd: number;
  durationMs: number;
  status: EvalStatus;
}

export interface HistoryMeta {
  definitionHash: string;
  /** When the run started. */
  time: Date;
  commit?: string;
  ref?: string;
}

/** The longest line appendHistory writes: far above any real line, small enough for one write. */
export const MAX_HISTORY_LINE_BYTES = 64 * 1024;

/** The longest history file read: a string of more could not be made (V8's limit, ~512 MiB). */
const MAX_HISTORY_FILE_BYTES = 500 * 1024 * 1024;

const SAFE_ID = /^[A-Za-z0-9._-]+$/;

/**
 * Whether a result belongs in the history. `cached` results were not run (recording them would
 * let a cache hit feed the cache) and `skipped` ones ran nothing: callers must not append either.
 * appendHistory drops them too, as a safety net.
 */
export function isRecordable(status: EvalStatus): boolean {
  return status !== "cached" && status !== "skipped";
}

export function historyLineFor(result: EvalResult, meta: HistoryMeta): HistoryLine {
  return {
    time: meta.time.toISOString(),
    ...(meta.commit !== undefined ? { commit: meta.commit } : {}),
    ...(meta.ref !== undefined ? { ref: meta.ref } : {}),
    id: result.id,
    agent: result.agent,
    ...(result.agentVersion !== undefined ? { agentVersion: result.agentVersion } : {}),
    ...(result.promptHash !== undefined ? { snapshotHash: result.promptHash } : {}),
    definitionHash: meta.definitionHash,
    trials: result.trialsRun,
    trialsPlanned: result.trialsPlanned,
    passes: result.passes,
    passRate: result.passRate,
    threshold: result.threshold,
    interval: [result.interval[0], result.interval[1]],
    costUsd: result.costUsd,
    durationMs: result.durationMs,
    status: result.status,
  };
}

/**
 * Append one line per entry to `<dir>/<id>.jsonl`, creating `dir` when missing. Callers skip
 * `cached` and `skipped` results (see isRecordable); such lines are dropped here anyway.
 *
 * Concurrency: every line is written with ONE write(2) of the whole line (JSON + "\n") on a file
 * opened with O_APPEND (nofollow). With O_APPEND the kernel moves the offset to end-of-file and copies
 * the bytes in one step, holding the inode's write lock, so on local filesystems (ext4, xfs,
 * btrfs, tmpfs, APFS) another appender can neither overwrite the line nor put its bytes inside
 * it: each line lands whole, none is lost. POSIX promises atomicity only up to PIPE_BUF, and for
 * pipes; for regular files this is what Linux and macOS do. It does not hold on NFS, where the
 * client emulates O_APPEND. Node hands one buffer to one write(2), and the kernel writes short
 * only on errors (disk full); lines stay far below 64 KiB (MAX_HISTORY_LINE_BYTES), so a line is
 * one write. Several lines are several writes and may interleave with another process's lines:
 * fine, each line stands alone. A reader racing a writer may see the end of a line still being
 * copied; readHistory skips such a line, and sees it whole on its next read.
 */
export async function appendHistory(dir: string, lines: HistoryLine[]): Promise<void> {
  const byId = new Map<string, Buffer[]>();
  const redact = outgoingRedactor();
  for (const line of lines) {
    if (!isRecordable(line.status)) continue;
    if (!SAFE_ID.test(line.id))
      throw new Error(`history: unsafe eval id ${JSON.stringify(line.id)}`);
    // The last check before a line leaves the run: no secret value is ever recorded.
    const bytes = Buffer.from(historyLineText(line, redact), "utf8");
    if (bytes.length > MAX_HISTORY_LINE_BYTES) {
      throw new Error(
        `history: the line for ${line.id} × ${line.agent} is ${bytes.length} bytes, over ${MAX_HISTORY_LINE_BYTES}`,
      );
    }
    const list = byId.get(line.id) ?? [];
    list.push(bytes);
    byId.set(line.id, list);
  }
  if (byId.size === 0) return;
  await fs.mkdir(dir, { recursive: true });
  for (const [id, buffers] of byId) {
    const handle = await openForAppend(historyFile(dir, id), id);
    if (!handle) continue;
    try {
      for (const bytes of buffers) await writeWhole(handle, bytes);
    } finally {
      await handle.close();
    }
  }
}

// O_APPEND as "a", and never through a link (ELOOP) nor into a FIFO (ENXIO without a reader; with
// one, fstat below): a committed `.copybook/history/x.jsonl -> ~/.bashrc` is not appended to.
const APPEND_FLAGS =
  constants.O_WRONLY |
  constants.O_APPEND |
  constants.O_CREAT |
  constants.O_NOFOLLOW |
  constants.O_NONBLOCK |
  constants.O_NOCTTY;

/** The history file opened for appending; undefined (said) when it is not a regular file. */
async function openForAppend(file: string, id: string): Promise<fs.FileHandle | undefined> {
  const without = `this run's lines for ${id} are not recorded`;
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, APPEND_FLAGS, 0o666);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP" || code === "EMLINK" || code === "EFTYPE") {
      warnNotRegular(file, "a symlink", { without });
      return undefined;
    }
    if (code === "ENXIO" || code === "EISDIR") {
      warnNotRegular(file, code === "EISDIR" ? "a folder" : "a socket or FIFO", { without });
      return undefined;
    }
    throw error;
  }
  const stats = await handle.stat();
  if (stats.isFile()) return handle;
  await handle.close();
  warnNotRegular(file, kindOf(stats), { without });
  return undefined;
}

async function writeWhole(handle: fs.FileHandle, bytes: Buffer): Promise<void> {
  // One write: see appendHistory. Should the kernel still write short (disk full, a signal), the
  // rest follows so no byte is dropped; a line torn that way fails to parse and readers skip it.
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    if (bytesWritten <= 0) throw new Error("history: write made no progress");
    offset += bytesWritten;
  }
}

/** A line as the history holds it: serialized (below), redacted, newline-terminated. */
export function historyLineText(
  line: HistoryLine,
  redact: (text: string) => string = outgoingRedactor(),
): string {
  return `${redact(serialize(line))}\n`;
}

/** The line as JSON, keys in a fixed order (`time` first: see parseHistory) and nothing else. */
function serialize(line: HistoryLine): string {
  const ordered: HistoryLine = {
    time: line.time,
    ...(line.commit !== undefined ? { commit: line.commit } : {}),
    ...(line.ref !== undefined ? { ref: line.ref } : {}),
    id: line.id,
    agent: line.agent,
    ...(line.agentVersion !== undefined ? { agentVersion: line.agentVersion } : {}),
    ...(line.snapshotHash !== undefined ? { snapshotHash: line.snapshotHash } : {}),
    definitionHash: line.definitionHash,
    trials: line.trials,
    trialsPlanned: line.trialsPlanned,
    passes: line.passes,
    passRate: line.passRate,
    threshold: line.threshold,
    interval: [line.interval[0], line.interval[1]],
    costUsd: line.costUsd,
    durationMs: line.durationMs,
    status: line.status,
  };
  return JSON.stringify(ordered);
}

function historyFile(dir: string, id: string): string {
  return path.join(dir, `${id}.jsonl`);
}

/**
 * The lines of one eval, in file order. A missing file is no history; lines that do not parse or
 * do not look like history lines (a torn last line, a conflict marker, a hand edit) are skipped,
 * and a line glued to the end of such garbage is recovered.
 */
export async function readHistory(dir: string, id: string): Promise<HistoryLine[]> {
  if (!SAFE_ID.test(id)) return [];
  // A link (to /etc/shadow, to /dev/zero) or a FIFO in its place is not read: said, no history.
  const text = await readBack(historyFile(dir, id), {
    without: `the history of ${id} is taken as empty`,
    cap: MAX_HISTORY_FILE_BYTES,
  });
  return text === undefined ? [] : parseHistory(text);
}

/** Every eval's lines, keyed by eval id (the file's name). A missing dir is an empty history. */
export async function readAllHistory(dir: string): Promise<Map<string, HistoryLine[]>> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if (isNotFound(error)) return new Map();
    throw error;
  }
  const ids = names
    .filter((n) => n.endsWith(".jsonl"))
    .map((n) => n.slice(0, -".jsonl".length))
    .filter((id) => SAFE_ID.test(id))
    .sort();
  const all = new Map<string, HistoryLine[]>();
  for (const id of ids) all.set(id, await readHistory(dir, id));
  return all;
}

export function parseHistory(text: string): HistoryLine[] {
  const lines: HistoryLine[] = [];
  // Line by line without splitting the whole text first: a 100k-line history is read in one pass
  // with no array of line strings beside the parsed lines (docs/benchmarks.md, figure 8).
  for (let start = 0; start < text.length;) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const value = end > start ? parseLine(text.slice(start, end)) : undefined;
    if (value !== undefined && isHistoryLine(value)) lines.push(value);
    start = end + 1;
  }
  return lines;
}

const LINE_START = '{"time":';

/** JSON.parse ignores surrounding whitespace (a CRLF line's `\r` too); blank lines are undefined. */
function parseLine(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    if (text.trim() === "") return undefined;
    // A line appended after a torn one (a writer killed mid-line, a hand edit without its newline)
    // is glued to it: every line appendHistory writes starts with LINE_START, so recover the last.
    const start = text.lastIndexOf(LINE_START);
    if (start <= 0) return undefined;
    try {
      return JSON.parse(text.slice(start));
    } catch {
      return undefined;
    }
  }
}

const STATUSES: ReadonlySet<string> = new Set<EvalStatus>([
  "passed",
  "failed",
  "skipped",
  "cached",
  "error",
  "incomplete",
  "inconclusive",
]);

const STRING_KEYS = ["time", "id", "agent", "definitionHash"] as const;
const OPTIONAL_STRING_KEYS = ["commit", "ref", "agentVersion", "snapshotHash"] as const;
const NUMBER_KEYS = [
  "trials",
  "trialsPlanned",
  "passes",
  "passRate",
  "threshold",
  "costUsd",
  "durationMs",
] as const;

/** Plain loops over constant key lists: called once per line, so it allocates nothing. */
function isHistoryLine(v: unknown): v is HistoryLine {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  for (const k of STRING_KEYS) if (typeof o[k] !== "string") return false;
  for (const k of OPTIONAL_STRING_KEYS)
    if (o[k] !== undefined && typeof o[k] !== "string") return false;
  for (const k of NUMBER_KEYS) if (typeof o[k] !== "number" || !Number.isFinite(o[k])) return false;
  const interval = o.interval;
  return (
    Array.isArray(interval) &&
    interval.length === 2 &&
    typeof interval[0] === "number" &&
    typeof interval[1] === "number" &&
    typeof o.status === "string" &&
    STATUSES.has(o.status)
  );
}

export interface HistoryKey {
  agent: string;
  /** Undefined matches only lines recorded without a version (e.g. the literal agent). */
  agentVersion?: string;
  /** Undefined matches only lines recorded without a prompt. */
  snapshotHash?: string;
  definitionHash: string;
  /** When given (`--trials` may differ from the definition), the line must have planned as many. */
  trialsPlanned?: number;
}

/**
 * The newest line recorded for the same agent, agent version, snapshot hash and definition hash
 * with a verdict (passed or failed): what a `cached` result reuses. Lines that are errors,
 * skipped, incomplete or inconclusive never match. Newest is by `time`; equal times go to the
 * later line in the file.
 */
export function latestMatching(lines: HistoryLine[], key: HistoryKey): HistoryLine | undefined {
  let best: HistoryLine | undefined;
  let bestTime = -Infinity;
  for (const line of lines) {
    if (line.status !== "passed" && line.status !== "failed") continue;
    if (
      line.agent !== key.agent ||
      line.agentVersion !== key.agentVersion ||
      line.snapshotHash !== key.snapshotHash ||
      line.definitionHash !== key.definitionHash
    )
      continue;
    if (key.trialsPlanned !== undefined && line.trialsPlanned !== key.trialsPlanned) continue;
    const t = timeOf(line);
    if (t >= bestTime) {
      best = line;
      bestTime = t;
    }
  }
  return best;
}

/**
 * Mean cost of one trial of `agent` (total cost ÷ trials run) over its newest 10 lines that ran
 * trials, whatever their status; undefined when it has none.
 */
export function expectedCostPerTrial(lines: HistoryLine[], agent: string): number | undefined {
  const recent = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.agent === agent && line.trials > 0 && Number.isFinite(line.costUsd))
    .map((entry) => ({ ...entry, time: timeOf(entry.line) })) // parsed once, not per comparison
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .slice(-10);
  if (recent.length === 0) return undefined;
  const cost = recent.reduce((sum, { line }) => sum + line.costUsd, 0);
  const trials = recent.reduce((sum, { line }) => sum + line.trials, 0);
  return cost / trials;
}

function timeOf(line: HistoryLine): number {
  const t = Date.parse(line.time);
  return Number.isNaN(t) ? -Infinity : t;
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
}
