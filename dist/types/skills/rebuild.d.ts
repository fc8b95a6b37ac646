import type { RunResult } from "../model/result.js";
import { type ClaudeCodeReport } from "./results.js";
/** The reports, or none and why not (the definitions did not load): only the per-eval rows then. */
export declare function rebuiltClaudeCodeReports(projectRoot: string, evals: string[] | undefined, run: RunResult): Promise<{
    reports: ClaudeCodeReport[];
    warning?: string;
}>;
