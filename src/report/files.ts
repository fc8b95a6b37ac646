// The files a run leaves beside run.json for people and tools: junit.xml and report.html.

import type { HistoryLine } from "../store/history.js";
import type { RunResult } from "../model/result.js";
import { writeHtmlReport } from "./html.js";
import { writeJunit } from "./junit.js";

export interface ReportFilesOptions {
  projectRoot: string;
  resultsDir: string;
  /** History of the run's evals (earlier runs and this one), for the report's trend charts. */
  history?: HistoryLine[];
}

/** Writes junit.xml and report.html into the results folder; returns their paths. */
export async function writeReportFiles(
  run: RunResult,
  options: ReportFilesOptions,
): Promise<{ junit: string; html: string }> {
  const [junit, html] = await Promise.all([
    writeJunit(options.resultsDir, run),
    writeHtmlReport(run, options),
  ]);
  return { junit, html };
}
