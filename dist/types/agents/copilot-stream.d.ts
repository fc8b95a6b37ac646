import type { TokenUsage, ToolCall } from "../model/index.js";
import { type ToolNameMap } from "./tool-names.js";
/** Copilot CLI 1.0's built-in tools → the normalized names. */
export declare const COPILOT_TOOLS: ToolNameMap;
export declare class CopilotStreamParser {
    readonly trajectory: ToolCall[];
    turns: number;
    finalMessage: string | undefined;
    /** `exitCode` of the closing `result` event. */
    exitCode: number | undefined;
    /** API failures since the last successful model call, with their status. */
    failures: Array<{
        status?: number;
        message: string;
    }>;
    /** A `session.error` (the session stopped on it). */
    error: string | undefined;
    private readonly byId;
    line(line: string): void;
}
/** Tokens summed over every model of a `--usage-output-file` report; every input token in `input`. */
export declare function readCopilotUsage(report: Record<string, unknown>): TokenUsage;
