import type { TokenUsage, ToolCall } from "../model/index.js";
export interface ClaudeResultEvent {
    subtype: string;
    isError: boolean;
    result?: string;
    numTurns?: number;
    costUsd?: number;
    tokens?: TokenUsage;
    apiErrorStatus?: number;
    terminalReason?: string;
    /** `--json-schema`'s answer, as the CLI validated it. */
    structured?: unknown;
    /** The result's `errors`, joined (e.g. why no structured output came). */
    errors?: string;
}
export declare class ClaudeStreamParser {
    readonly trajectory: ToolCall[];
    result: ClaudeResultEvent | undefined;
    model: string | undefined;
    version: string | undefined;
    /** `system/api_retry` notices: the API answered with errors before the run went on. */
    apiRetries: Array<{
        attempt?: number;
        status?: number;
    }>;
    private readonly byToolUseId;
    private lastText;
    line(line: string): void;
    get finalMessage(): string | undefined;
    private system;
    private assistant;
    private user;
}
