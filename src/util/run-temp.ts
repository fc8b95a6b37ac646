// Temp folders a run makes, written into its record (run-registry.ts) as they are made: the next
// run removes them if this one is SIGKILLed before its own clean-up.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { recordInRun } from "./run-registry.js";

/** A fresh folder `<os temp dir>/<prefix>XXXXXX`, recorded as this run's. */
export function makeRunTempDir(prefix: string): string {
  // Synchronous: nothing between the folder's making and its record but a write.
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  recordInRun({ temp: dir });
  return dir;
}
