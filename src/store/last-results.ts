// The checkout's last verdict of each eval × agent, kept beside the results folder in
// `.copybook/last-results.json`: a run empties the results folder, and one that selects other evals
// must not make `list` forget the ones it did not run. One history line per eval × agent, the newest.

import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { OWN_DIR } from "../model/index.js";
import type { HistoryLine } from "./history.js";
import { readBack } from "./read-back.js";

export const LAST_RESULTS_FILE = path.join(OWN_DIR, "last-results.json");

const key = (line: HistoryLine) => JSON.stringify([line.id, line.agent]);

/** The recorded lines; a missing or unreadable file is none (a link or FIFO is said, not read). */
export async function readLastResults(projectRoot: string): Promise<HistoryLine[]> {
  const text = await readBack(path.join(projectRoot, LAST_RESULTS_FILE), {
    without: "no last results are known from it",
  }).catch(() => undefined);
  if (text === undefined) return [];
  try {
    const data = JSON.parse(text) as unknown;
    return Array.isArray(data)
      ? data.filter(
          (l): l is HistoryLine =>
            !!l && typeof l === "object" && typeof (l as HistoryLine).id === "string",
        )
      : [];
  } catch {
    return [];
  }
}

/** Replaces each eval × agent's line with this run's, atomically (temp file, then rename). */
export async function writeLastResults(projectRoot: string, lines: HistoryLine[]): Promise<void> {
  if (lines.length === 0) return;
  const byPair = new Map((await readLastResults(projectRoot)).map((l) => [key(l), l]));
  for (const line of lines) byPair.set(key(line), line);
  const file = path.join(projectRoot, LAST_RESULTS_FILE);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  await fs.writeFile(temp, `${JSON.stringify([...byPair.values()], null, 2)}\n`);
  await fs.rename(temp, file);
}
