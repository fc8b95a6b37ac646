/** A line longer than this is dropped: an agent flooding one endless line must not fill memory. */
export declare const MAX_LINE_CHARS: number;
/** Splits a byte stream into complete lines as chunks arrive (a line may span chunks). */
export declare class LineSplitter {
    private readonly onLine;
    private rest;
    /** Inside a line that grew past MAX_LINE_CHARS: skip to its end. */
    private skipping;
    private readonly decoder;
    constructor(onLine: (line: string) => void);
    push(chunk: Buffer): void;
    end(): void;
}
/** JSON.parse that returns undefined for a line that is not a JSON object. */
export declare function parseJsonObject(line: string): Record<string, unknown> | undefined;
