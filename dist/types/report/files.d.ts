import type { HistoryLine } from "../store/index.js";
import type { RunResult } from "../model/index.js";
import { type ReportSection } from "./html.js";
export interface ReportFilesOptions {
    projectRoot: string;
    resultsDir: string;
    /** History of the run's evals (earlier runs and this one), for the report's trend charts. */
    history?: HistoryLine[];
    /** The eval kinds' sections of report.html. */
    sections?: ReportSection[];
}
/** Writes junit.xml and report.html into the results folder; returns their paths. */
export declare function writeReportFiles(run: RunResult, options: ReportFilesOptions): Promise<{
    junit: string;
    html: string;
}>;
/** "report: .copybook/results/report.html · junit: …/junit.xml", relative to the current folder. */
export declare function reportFilesLine(resultsDir: string, cwd?: string): string;
