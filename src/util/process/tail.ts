// The last lines of an output file (an agent's stderr, quoted when it fails), read from its end.

import { open } from "node:fs/promises";
import { errnoCode } from "./errno.js";

const DEFAULT_TAIL_BYTES = 64 * 1024;

/** The last `maxLines` lines of a file, reading at most its last `maxBytes` bytes. */
export async function readTail(
  file: string,
  maxLines: number,
  maxBytes = DEFAULT_TAIL_BYTES,
): Promise<string> {
  if (maxLines <= 0) return "";
  const handle = await open(file, "r").catch((err: unknown) => {
    if (errnoCode(err) === "ENOENT") return undefined;
    throw err;
  });
  if (!handle) return "";
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - maxBytes);
    // One byte before the window tells whether its first line is complete.
    const readFrom = Math.max(0, start - 1);
    const buffer = Buffer.alloc(size - readFrom);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, readFrom);
    const text = dropPartialFirstLine(buffer.subarray(0, bytesRead), readFrom > 0).toString("utf8");
    const lines = text.split("\n");
    if (lines.at(-1) === "") lines.pop();
    return lines.slice(-maxLines).join("\n");
  } finally {
    await handle.close();
  }
}

function dropPartialFirstLine(bytes: Buffer, startsMidFile: boolean): Buffer {
  if (!startsMidFile) return bytes;
  const newline = bytes.indexOf(0x0a);
  // A single line longer than the window: its end is better than nothing.
  return newline === -1 ? bytes.subarray(1) : bytes.subarray(newline + 1);
}
