/** A line longer than this is dropped: an agent flooding one endless line must not fill memory. */
export const MAX_LINE_CHARS = 16 * 1024 * 1024;

/** Splits a byte stream into complete lines as chunks arrive (a line may span chunks). */
export class LineSplitter {
  private rest = "";
  /** Inside a line that grew past MAX_LINE_CHARS: skip to its end. */
  private skipping = false;
  private readonly decoder = new TextDecoder();

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: Buffer): void {
    let text = this.decoder.decode(chunk, { stream: true });
    if (this.skipping) {
      const newline = text.indexOf("\n");
      if (newline === -1) return;
      text = text.slice(newline + 1);
      this.skipping = false;
    }
    if (!text.includes("\n")) {
      this.rest += text;
      if (this.rest.length > MAX_LINE_CHARS) {
        this.rest = "";
        this.skipping = true;
      }
      return;
    }
    const lines = (this.rest + text).split("\n");
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
