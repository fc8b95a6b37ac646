import type { HistoryLine } from "../history/store.js";
import type { RunResult } from "../model/result.js";
export interface ReportFilesOptions {
    projectRoot: string;
    resultsDir: string;
    /** History of the run's evals (earlier runs and this one), for the report's trend charts. */
    history?: HistoryLine[];
}
/** Writes junit.xml and report.html into the results folder; returns their paths. */
export declare function writeReportFiles(run: RunResult, options: ReportFilesOptions): Promise<{
    junit: string;
    html: string;
}>;
