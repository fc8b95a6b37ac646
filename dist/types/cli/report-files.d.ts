import type { RunResult } from "../model/result.js";
/** "report: .copybook/results/report.html · junit: …/junit.xml", relative to the current folder. */
export declare function reportFilesLine(resultsDir: string, cwd?: string): string;
/**
 * report.html and junit.xml for a merged run in `outDir`. Trial folders in run.json are relative
 * to the project root, `<root>/.copybook/results/evals/…`; merged, they sit under `outDir/evals/`.
 */
export declare function writeMergedReports(run: RunResult, outDir: string): Promise<void>;
