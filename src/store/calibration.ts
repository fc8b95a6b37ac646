// .copybook/calibration.json: what `agent-evals calibrate` measured of each judge, keyed by the
// judge's identity (its eval, rubric, files, agent, model and examples: check/judge.ts judgeKey).
// A run reads it to show the figure beside every judged check; a changed judge has no figure.

import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { CALIBRATION_FILE, type CalibrationFigure } from "../model/index.js";
import { readBack } from "./read-back.js";

export interface CalibrationEntry {
  eval: string;
  check: string;
  figure: CalibrationFigure;
  examples: Array<{ name: string; label: "pass" | "fail"; answer: string; reason: string }>;
}

export interface CalibrationStore {
  version: 1;
  judges: Record<string, CalibrationEntry>;
}

export async function readCalibration(projectRoot: string): Promise<CalibrationStore> {
  // A link or FIFO in its place is said and not read (store/read-back.ts).
  const text = await readBack(path.join(projectRoot, CALIBRATION_FILE), {
    without: "no calibration figures are shown",
  }).catch(() => undefined);
  try {
    const parsed = JSON.parse(text ?? "") as CalibrationStore;
    if (parsed.version === 1 && parsed.judges && typeof parsed.judges === "object") return parsed;
  } catch {
    // none yet, or not JSON: no figures
  }
  return { version: 1, judges: {} };
}

/** Adds (or replaces) entries, keeping the others. */
export async function writeCalibration(
  projectRoot: string,
  entries: Record<string, CalibrationEntry>,
): Promise<string> {
  const store = await readCalibration(projectRoot);
  const file = path.join(projectRoot, CALIBRATION_FILE);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const next: CalibrationStore = { version: 1, judges: { ...store.judges, ...entries } };
  // A temp file ("wx": never through a link) renamed over the file: a link in its place is
  // replaced, never written through.
  const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await fs.writeFile(temp, `${JSON.stringify(next, null, 2)}\n`, { flag: "wx" });
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  return file;
}
