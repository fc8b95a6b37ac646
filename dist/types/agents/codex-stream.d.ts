import type { TokenUsage, ToolCall } from "../model/index.js";
export declare class CodexStreamParser {
    readonly trajectory: ToolCall[];
    readonly tokens: TokenUsage;
    turns: number;
    finalMessage: string | undefined;
    /** Set by `turn.failed` (or a fatal `error`): the run did not finish its turn. */
    failure: string | undefined;
    threadId: string | undefined;
    line(line: string): void;
    /** API error notices (codex's own retries) since the last item or finished turn. */
    errorsInARow: number;
    /** The last API error notice's text. */
    lastError: string | undefined;
    private item;
    private usage;
}
