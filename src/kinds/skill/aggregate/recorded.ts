// The parts an earlier run recorded: what a cached part shows, read back from the newest result
// file in `_evals/results/` that holds it.

import { promises as fs } from "node:fs";
import path from "node:path";
import { readBack } from "../../../store/index.js";
import type { ClaudeCodeReport, ScenarioReport, TriggerQueryReport } from "./report-types.js";

export interface RecordedPart {
  query?: TriggerQueryReport;
  scenario?: ScenarioReport;
}

/** Each part of `name` as the newest of its result files in `dir` recorded it. */
/** An earlier result file read back: far above any this module writes. */
const MAX_RECORDED_BYTES = 64 * 1024 * 1024;

export async function recordedParts(dir: string, name: string): Promise<Map<string, RecordedPart>> {
  const found = new Map<string, RecordedPart>();
  const files = (await fs.readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith(`_${name}.json`))
    .sort()
    .reverse();
  for (const file of files) {
    // A pull request can commit this folder: a link or FIFO is said and not read.
    const text = await readBack(path.join(dir, file), {
      without: "its parts are not taken from it",
      cap: MAX_RECORDED_BYTES,
    }).catch(() => undefined);
    if (text === undefined) continue;
    let report: Partial<ClaudeCodeReport>;
    try {
      report = JSON.parse(text) as ClaudeCodeReport;
    } catch {
      continue; // a hand-edited or truncated file: the next older one may hold the part
    }
    for (const query of report.trigger?.queries ?? [])
      if (!found.has(query.id)) found.set(query.id, { query });
    for (const scenario of report.e2e?.scenarios ?? [])
      if (!found.has(scenario.id)) found.set(scenario.id, { scenario });
  }
  return found;
}
