// .copybook/calibration.json: what `agent-evals calibrate` measured of each judge, keyed by the
// judge's identity (its eval, rubric, files, agent, model and examples: check/judge.ts judgeKey).
// A run reads it to show the figure beside every judged check; a changed judge has no figure.

import { promises as fs } from "node:fs";
import path from "node:path";
import { CALIBRATION_FILE, type CalibrationFigure } from "../model/index.js";

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
  try {
    const parsed = JSON.parse(
      await fs.readFile(path.join(projectRoot, CALIBRATION_FILE), "utf8"),
    ) as CalibrationStore;
    if (parsed.version === 1 && parsed.judges && typeof parsed.judges === "object") return parsed;
  } catch {
    // none yet, or unreadable: no figures
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
  await fs.writeFile(file, `${JSON.stringify(next, null, 2)}\n`);
  return file;
}
