// The store's own files read back: the history (`--history-dir`, `.copybook/history`), the last
// results, the last run's run.json, the calibration, the fingerprint cache, a skill eval's earlier
// results and a shard's history lines. A pull request can commit any of them and an artifact can
// hold them, so each is read through the safe reader (util/safe-read.ts): a link is never followed
// and only a regular file is read, under a cap. What is not read is said on stderr (once per file
// and reason), and the caller carries on as if the file were absent, as it does with a corrupt one.

import { displayPath, inertLines, openRegular } from "../util/index.js";

/** Far above any real store file; a longer one is said and left unread. */
export const STORE_FILE_CAP = 256 * 1024 * 1024;

export interface ReadBackOptions {
  /** What the caller does without it, e.g. "the history of x is taken as empty". */
  without: string;
  /** Bytes read at most; a longer file is not read. Default STORE_FILE_CAP. */
  cap?: number;
  /** Where the warning goes; default stderr. */
  warn?: (message: string) => void;
}

const said = new Set<string>();

/** The file's text; undefined when it is missing, or (said) not a regular file or over the cap. */
export async function readBack(
  file: string,
  options: ReadBackOptions,
): Promise<string | undefined> {
  const cap = options.cap ?? STORE_FILE_CAP;
  const opened = await openRegular(file);
  if (opened.kind === "missing") return undefined;
  if (opened.kind === "refused") {
    warnOnce(file, `is ${opened.what}: it is not read`, options);
    return undefined;
  }
  try {
    if (opened.size > cap) {
      warnOnce(file, `is ${opened.size} bytes, over ${cap}: it is not read`, options);
      return undefined;
    }
    const bytes = Buffer.alloc(opened.size);
    let read = 0;
    while (read < bytes.length) {
      const { bytesRead } = await opened.handle.read(bytes, read, bytes.length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return bytes.subarray(0, read).toString("utf8");
  } finally {
    await opened.handle.close();
  }
}

/** The same warning for a store file the caller did not open itself (a folder entry, say). */
export function warnNotRegular(
  file: string,
  what: string,
  options: Pick<ReadBackOptions, "without" | "warn">,
): void {
  warnOnce(file, `is ${what}: it is not read`, options);
}

function warnOnce(
  file: string,
  problem: string,
  options: Pick<ReadBackOptions, "without" | "warn">,
): void {
  const shown = displayPath(file, process.cwd());
  const message =
    `${shown} ${problem} (${options.without}). ` +
    "Fix: remove it, or replace it with a regular file.";
  const key = `${file}\0${problem}\0${options.without}`;
  if (said.has(key)) return;
  said.add(key);
  if (options.warn) options.warn(message);
  else process.stderr.write(inertLines(`agent-evals: warning: ${message}\n`));
}
