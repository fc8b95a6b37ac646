// A run's results folder holds only what that run wrote: before its first trial, everything an
// earlier run left there (trial folders of evals since renamed or removed, trial-3 of a run that
// had 3 trials, old reports) goes, so nothing stale is read as this run's or uploaded with it.
// What outlives runs stays: a history folder placed inside it. (The result cache, eval-cache.json,
// and the lock live beside the folder, not in it.)

import { promises as fs } from "node:fs";
import path from "node:path";
import { refuseLinkedOwnFolder } from "./own-folder.js";

/** Empties `resultsDir` except the paths in `keep` (and the folders leading to them). */
export async function clearResults(
  resultsDir: string,
  keep: readonly string[] = [],
): Promise<void> {
  const kept = keep.map((p) => path.resolve(p));
  // Checked here too, whoever called: readdir would list a linked folder's files, rm remove them.
  refuseLinkedOwnFolder(resultsDir, resultsDir);
  await clearExcept(path.resolve(resultsDir), kept);
}

async function clearExcept(dir: string, kept: string[]): Promise<void> {
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  await Promise.all(
    names.map(async (name) => {
      const entry = path.join(dir, name);
      if (kept.includes(entry)) return;
      if (kept.some((k) => k.startsWith(`${entry}${path.sep}`))) {
        // A kept path lies below: keep the way to it, clear the rest of this folder.
        const stat = await fs.lstat(entry);
        if (stat.isDirectory()) return clearExcept(entry, kept);
      }
      await fs.rm(entry, { recursive: true, force: true });
    }),
  );
}
