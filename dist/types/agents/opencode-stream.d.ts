import type { TokenUsage, ToolCall } from "../model/index.js";
import { type ToolNameMap } from "./tool-names.js";
/** opencode 1.18's built-in tools → the normalized names. */
export declare const OPENCODE_TOOLS: ToolNameMap;
export declare class OpencodeStreamParser {
    private readonly mcpServers;
    readonly trajectory: ToolCall[];
    readonly tokens: TokenUsage;
    costUsd: number;
    steps: number;
    finalMessage: string | undefined;
    /** An `error` event: the session stopped on it. */
    error: {
        message: string;
        status?: number;
    } | undefined;
    constructor(mcpServers?: readonly string[]);
    line(line: string): void;
    private tool;
    private step;
}
