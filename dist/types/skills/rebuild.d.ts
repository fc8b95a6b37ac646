import type { RunResult } from "../model/result.js";
import { type ClaudeCodeReport } from "./results.js";
export declare function rebuiltClaudeCodeReports(projectRoot: string, evals: string[] | undefined, run: RunResult): Promise<ClaudeCodeReport[]>;
