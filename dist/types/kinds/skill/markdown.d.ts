import type { ClaudeCodeReport } from "./aggregate.js";
export declare function claudeCodeMarkdown(reports: ClaudeCodeReport[]): string[];
