// Reads pi's `--mode json` events as they arrive into a trajectory, the final message, turns,
// tokens and the cost pi computed from its model table. Event shapes: docs/agents.md › The other CLIs.

import type { TokenUsage, ToolCall } from "../model/index.js";
import { parseJsonObject } from "./lines.js";
import { normalizeToolCall, type ToolNameMap } from "./tool-names.js";

/** pi 0.73's built-in tools → the normalized names. */
export const PI_TOOLS: ToolNameMap = {
  read: "Read",
  bash: "Bash",
  edit: "Edit",
  write: "Write",
  grep: "Grep",
  find: "Glob",
  ls: "LS",
};

export class PiStreamParser {
  readonly trajectory: ToolCall[] = [];
  readonly tokens: TokenUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  costUsd = 0;
  turns = 0;
  finalMessage: string | undefined;
  /** The last assistant message's error (stopReason "error"), cleared by a later good message. */
  error: string | undefined;
  /** pi's own retries of API errors, as it announced them. */
  retries = 0;
  private readonly byId = new Map<string, ToolCall>();

  line(line: string): void {
    const event = parseJsonObject(line);
    if (!event) return;
    switch (event.type) {
      case "message_end":
        this.message((event.message ?? {}) as Record<string, unknown>);
        break;
      case "turn_end":
        this.turns++;
        break;
      case "tool_execution_start": {
        const call: ToolCall = normalizeToolCall(
          String(event.toolName ?? "unknown"),
          event.args,
          PI_TOOLS,
        );
        this.trajectory.push(call);
        if (typeof event.toolCallId === "string") this.byId.set(event.toolCallId, call);
        break;
      }
      case "tool_execution_end": {
        const call = this.byId.get(String(event.toolCallId ?? ""));
        if (!call) break;
        call.isError = event.isError === true;
        call.result = textOf((event.result as { content?: unknown } | undefined)?.content);
        break;
      }
      case "auto_retry_start":
        this.retries++;
        break;
    }
  }

  private message(message: Record<string, unknown>): void {
    if (message.role !== "assistant") return;
    const usage = (message.usage ?? {}) as Record<string, unknown>;
    const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
    // pi's `input` leaves out the cached tokens; ours counts every input token.
    this.tokens.input += n(usage.input) + n(usage.cacheRead) + n(usage.cacheWrite);
    this.tokens.output += n(usage.output);
    this.tokens.cacheRead += n(usage.cacheRead);
    this.tokens.cacheWrite += n(usage.cacheWrite);
    this.costUsd += n((usage.cost as { total?: unknown } | undefined)?.total);
    if (message.stopReason === "error") {
      this.error = typeof message.errorMessage === "string" ? message.errorMessage : "API error";
      return;
    }
    this.error = undefined;
    const text = textOf(message.content);
    if (text) this.finalMessage = text;
  }
}

function textOf(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  const text = content
    .map((part: { type?: unknown; text?: unknown }) =>
      part?.type === "text" && typeof part.text === "string" ? part.text : "",
    )
    .join("");
  return text || undefined;
}
