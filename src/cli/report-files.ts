// Where a run's report files are, said after the summary; merged shards get them too.

import path from "node:path";
import { RESULTS_DIR } from "../engine.js";
import type { RunResult } from "../model/result.js";
import { writeReportFiles } from "../report/files.js";

/** "report: .copybook/results/report.html · junit: …/junit.xml", relative to the current folder. */
export function reportFilesLine(resultsDir: string, cwd = process.cwd()): string {
  const rel = (name: string) => path.relative(cwd, path.join(resultsDir, name)) || name;
  return `report: ${rel("report.html")} · junit: ${rel("junit.xml")}`;
}

/**
 * report.html and junit.xml for a merged run in `outDir`. Trial folders in run.json are relative
 * to the project root, `<root>/.copybook/results/evals/…`; merged, they sit under `outDir/evals/`.
 */
export async function writeMergedReports(run: RunResult, outDir: string): Promise<void> {
  const projectRoot = path.resolve(outDir, path.relative(RESULTS_DIR, "."));
  await writeReportFiles(run, { projectRoot, resultsDir: outDir });
}
