import type { TokenUsage, ToolCall } from "../model/index.js";
import { type ToolNameMap } from "./tool-names.js";
/** Gemini CLI 0.61's built-in tools → the normalized names. */
export declare const GEMINI_TOOLS: ToolNameMap;
export interface GeminiResult {
    status: string;
    errorType?: string;
    errorMessage?: string;
}
export declare class GeminiStreamParser {
    private readonly mcpServers;
    readonly trajectory: ToolCall[];
    readonly tokens: TokenUsage;
    model: string | undefined;
    result: GeminiResult | undefined;
    private readonly byId;
    /** The assistant's text since the last tool call: the final message once the run ends. */
    private text;
    constructor(mcpServers?: readonly string[]);
    get finalMessage(): string | undefined;
    line(line: string): void;
    private usage;
}
