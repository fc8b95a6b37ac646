import type { TokenUsage, ToolCall } from "../model/index.js";
import { type ToolNameMap } from "./tool-names.js";
/** pi 0.73's built-in tools → the normalized names. */
export declare const PI_TOOLS: ToolNameMap;
export declare class PiStreamParser {
    readonly trajectory: ToolCall[];
    readonly tokens: TokenUsage;
    costUsd: number;
    turns: number;
    finalMessage: string | undefined;
    /** The last assistant message's error (stopReason "error"), cleared by a later good message. */
    error: string | undefined;
    /** pi's own retries of API errors, as it announced them. */
    retries: number;
    private readonly byId;
    line(line: string): void;
    private message;
}
