import { type Style } from "../../report/index.js";
import type { ClaudeCodeReport } from "./aggregate.js";
export declare function claudeCodeSections(reports: ClaudeCodeReport[], projectRoot: string, style: Style, verbose?: boolean): string[];
