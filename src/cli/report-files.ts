// Where a run's report files are, said after the summary; merged shards get them too.

import path from "node:path";
import type { RunResult } from "../model/result.js";
import { writeReportFiles } from "../report/files.js";

/** "report: .copybook/results/report.html · junit: …/junit.xml", relative to the current folder. */
export function reportFilesLine(resultsDir: string, cwd = process.cwd()): string {
  const rel = (name: string) => path.relative(cwd, path.join(resultsDir, name)) || name;
  return `report: ${rel("report.html")} · junit: ${rel("junit.xml")}`;
}

/** report.html and junit.xml for a merged run in `outDir` (its trial folders relocated there). */
export async function writeMergedReports(
  run: RunResult,
  outDir: string,
  projectRoot: string,
): Promise<void> {
  await writeReportFiles(run, { projectRoot, resultsDir: outDir });
}
