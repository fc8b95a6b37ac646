import { type Style } from "../report/console.js";
import type { ClaudeCodeReport } from "./results.js";
export declare function claudeCodeSections(reports: ClaudeCodeReport[], projectRoot: string, style: Style, verbose?: boolean): string[];
