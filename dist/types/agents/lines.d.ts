/** Splits a byte stream into complete lines as chunks arrive (a line may span chunks). */
export declare class LineSplitter {
    private readonly onLine;
    private rest;
    private readonly decoder;
    constructor(onLine: (line: string) => void);
    push(chunk: Buffer): void;
    end(): void;
}
/** JSON.parse that returns undefined for a line that is not a JSON object. */
export declare function parseJsonObject(line: string): Record<string, unknown> | undefined;
