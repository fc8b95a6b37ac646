// Redacting files in place: a trial's results folder, swept once the trial has written it.

import { promises as fs } from "node:fs";
import path from "node:path";
import { openRegular } from "../safe-read.js";
import type { Redactor } from "./redactor.js";

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
