import type { TokenUsage, ToolCall } from "../model/index.js";
export declare class CodexStreamParser {
    readonly trajectory: ToolCall[];
    readonly tokens: TokenUsage;
    turns: number;
    finalMessage: string | undefined;
    /** Set by `turn.failed` (or a fatal `error`): the run did not finish its turn. */
    failure: string | undefined;
    threadId: string | undefined;
    private lastError;
    line(line: string): void;
    private item;
    private usage;
}
