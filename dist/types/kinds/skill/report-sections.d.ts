import type { ReportSection } from "../../report/index.js";
import type { ClaudeCodeReport } from "./aggregate.js";
export declare function claudeCodeReportSections(reports: ClaudeCodeReport[]): ReportSection[];
