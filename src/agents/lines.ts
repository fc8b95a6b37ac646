/** Splits a byte stream into complete lines as chunks arrive (a line may span chunks). */
export class LineSplitter {
  private rest = "";
  private readonly decoder = new TextDecoder();

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: Buffer): void {
    const text = this.rest + this.decoder.decode(chunk, { stream: true });
    const lines = text.split("\n");
    this.rest = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) this.onLine(line);
  }

  end(): void {
    const last = this.rest + this.decoder.decode();
    this.rest = "";
    if (last.trim()) this.onLine(last);
  }
}

/** JSON.parse that returns undefined for a line that is not a JSON object. */
export function parseJsonObject(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
