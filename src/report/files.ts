// The files a run leaves beside run.json for people and tools: junit.xml and report.html.

import path from "node:path";
import type { HistoryLine } from "../store/index.js";
import type { RunResult } from "../model/index.js";
import { writeHtmlReport } from "./html.js";
import type { ReportSection } from "./html/types.js";
import { writeJunit } from "./junit.js";

export interface ReportFilesOptions {
  projectRoot: string;
  resultsDir: string;
  /** History of the run's evals (earlier runs and this one), for the report's trend charts. */
  history?: HistoryLine[];
  /** The eval kinds' sections of report.html. */
  sections?: ReportSection[];
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

/** "report: .copybook/results/report.html · junit: …/junit.xml", relative to the current folder. */
export function reportFilesLine(resultsDir: string, cwd = process.cwd()): string {
  const rel = (name: string) => path.relative(cwd, path.join(resultsDir, name)) || name;
  return `report: ${rel("report.html")} · junit: ${rel("junit.xml")}`;
}
