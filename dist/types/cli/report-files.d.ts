import type { RunResult } from "../model/result.js";
/** "report: .copybook/results/report.html · junit: …/junit.xml", relative to the current folder. */
export declare function reportFilesLine(resultsDir: string, cwd?: string): string;
/** report.html and junit.xml for a merged run in `outDir` (its trial folders relocated there). */
export declare function writeMergedReports(run: RunResult, outDir: string, projectRoot: string): Promise<void>;
