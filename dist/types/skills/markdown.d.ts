import type { ClaudeCodeReport } from "./results.js";
export declare function claudeCodeMarkdown(reports: ClaudeCodeReport[]): string[];
