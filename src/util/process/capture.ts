// A child's output on its way to disk: each pipe drained into a file capped in size (and redacted
// when the run has a redactor), the callbacks that see every chunk, and pipes cut when a
// grandchild that left the group still holds them after the child is gone.

import { createWriteStream, openSync, rmSync, type WriteStream } from "node:fs";
import { finished } from "node:stream/promises";
import type { ChildProcess } from "node:child_process";
import type { Readable } from "node:stream";
import type { StreamRedactor } from "../redact.js";

/** How long pipes may stay open after the group is dead (a grandchild that left the group). */
const PIPE_LINGER_MS = 200;

/** Waits for the pipes to close; a grandchild that escaped the group may hold them, so cut them. */
export async function closePipes(
  child: ChildProcess,
  pipesClosed: Promise<unknown>,
): Promise<void> {
  let lingerTimer: NodeJS.Timeout | undefined;
  const lingered = new Promise<"linger">((done) => {
    lingerTimer = setTimeout(() => done("linger"), PIPE_LINGER_MS);
  });
  const first = await Promise.race([pipesClosed, lingered]);
  clearTimeout(lingerTimer);
  if (first !== "linger") return;
  child.stdout?.destroy();
  child.stderr?.destroy();
  await pipesClosed;
}

/** Drains a child's pipe into its file; resolves when the pipe is closed. */
export function pump(
  source: Readable | null,
  sink: CappedFile,
  onChunk?: (chunk: Buffer) => void,
): Promise<void> {
  if (!source) return Promise.resolve();
  source.on("data", (chunk: Buffer) => {
    onChunk?.(chunk);
    sink.write(chunk, source);
  });
  return new Promise((done) => {
    source.once("close", () => done());
    source.on("error", () => {}); // a broken pipe just ends the output; 'close' follows
  });
}

/** A callback that reports its first throw instead of crashing the process; later calls are skipped. */
export function guardCallback(
  callback: ((chunk: Buffer) => void) | undefined,
  report: (err: unknown) => void,
): ((chunk: Buffer) => void) | undefined {
  if (!callback) return undefined;
  let failed = false;
  return (chunk) => {
    if (failed) return;
    try {
      callback(chunk);
    } catch (err) {
      failed = true;
      report(err);
    }
  };
}

/**
 * An output file that keeps the first `cap` bytes, counts the rest, and marks the cut once. With a
 * redactor, what it keeps is redacted on the way (the cap counts the child's bytes, not ours).
 * A lazy one is created at the first byte it keeps: a child that writes nothing leaves no file
 * (and none of an earlier run at that path).
 */
export class CappedFile {
  bytes = 0;
  truncated = false;
  error: unknown;
  private kept = 0;
  /** The pipe paused until the file drains. */
  private waiting: Readable | undefined;
  private out: WriteStream | undefined;
  private closed: Promise<void> | undefined;

  private constructor(
    private readonly file: string,
    private readonly cap: number,
    private readonly redactor: StreamRedactor | undefined,
  ) {}

  static async open(
    file: string,
    cap: number,
    redactor?: StreamRedactor,
    lazy = false,
  ): Promise<CappedFile> {
    const capped = new CappedFile(file, cap, redactor);
    if (!lazy) capped.stream();
    return capped;
  }

  /** Whether the file exists (always, unless lazy and nothing was kept). */
  get written(): boolean {
    return this.out !== undefined;
  }

  /** The file's stream, opened at the first call. Throws if the file cannot be opened. */
  private stream(): WriteStream {
    if (this.out) return this.out;
    // Opened synchronously: one thread-pool round trip less per stream of every process.
    const fd = openSync(this.file, "w");
    const out = createWriteStream(this.file, { fd });
    out.on("drain", () => this.resumeSource());
    out.on("error", (err) => {
      this.error ??= err;
      this.resumeSource(); // keep draining the pipe, or the child would block on a full one
    });
    this.out = out;
    return out;
  }

  /** Writes `data` to the file (opened now if it is not yet); false when the file needs to drain. */
  private put(data: Buffer | string): boolean {
    try {
      return this.stream().write(data);
    } catch (err) {
      this.error ??= err;
      return true;
    }
  }

  /** Writes what fits; pauses `source` while the file catches up, so memory stays bounded. */
  write(chunk: Buffer, source: Readable): void {
    this.bytes += chunk.length;
    if (this.truncated || this.error !== undefined) return;
    const room = this.cap - this.kept;
    const part = chunk.length <= room ? chunk : chunk.subarray(0, Math.max(0, room));
    this.kept += part.length;
    const kept = this.redactor ? this.redactor.push(part) : part;
    let ready = kept.length === 0 || this.put(kept);
    if (part.length < chunk.length) {
      this.truncated = true;
      // The held-back tail may be the start of a secret the cut went through: it is not written.
      this.redactor?.drop();
      ready = this.put(`\n[agent-evals: output cut at ${this.cap} bytes]\n`) && ready;
    }
    if (!ready && this.error === undefined) {
      this.waiting = source;
      source.pause();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return this.closed;
    this.closed = this.finish();
    return this.closed;
  }

  private async finish(): Promise<void> {
    const rest = this.redactor?.end();
    if (rest?.length && this.error === undefined) this.put(rest);
    if (!this.out) {
      // Nothing kept: no file, and none left from before at its path.
      try {
        rmSync(this.file, { force: true });
      } catch (err) {
        this.error ??= err;
      }
      return;
    }
    if (!this.out.writableEnded) this.out.end();
    await finished(this.out).catch((err: unknown) => (this.error ??= err));
  }

  private resumeSource(): void {
    this.waiting?.resume();
    this.waiting = undefined;
  }
}
