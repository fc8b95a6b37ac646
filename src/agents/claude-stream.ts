// Reads Claude Code's `--output-format stream-json` events as they arrive into a trajectory, the
// final message, turns, tokens and cost. The event shapes are those `claude -p --output-format
// stream-json --verbose` prints; test/claude-code.test.ts drives the real CLI (test/fakes/anthropic.ts).

import type { TokenUsage, ToolCall } from "../model/index.js";
import { parseJsonObject } from "./lines.js";

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

export class ClaudeStreamParser {
  readonly trajectory: ToolCall[] = [];
  result: ClaudeResultEvent | undefined;
  model: string | undefined;
  version: string | undefined;
  /** `system/api_retry` notices: the API answered with errors before the run went on. */
  apiRetries: Array<{ attempt?: number; status?: number }> = [];
  private readonly byToolUseId = new Map<string, ToolCall>();
  private lastText: string | undefined;

  line(line: string): void {
    const event = parseJsonObject(line);
    if (!event) return;
    switch (event.type) {
      case "system":
        this.system(event);
        break;
      case "assistant":
        this.assistant(event);
        break;
      case "user":
        this.user(event);
        break;
      case "result":
        this.result = readResult(event);
        break;
    }
  }

  get finalMessage(): string | undefined {
    return this.result?.result ?? this.lastText;
  }

  private system(event: Record<string, unknown>): void {
    if (event.subtype === "init") {
      this.model = str(event.model);
      this.version = str(event.claude_code_version);
    } else if (event.subtype === "api_retry") {
      this.apiRetries.push({ attempt: num(event.attempt), status: num(event.error_status) });
    }
  }

  private assistant(event: Record<string, unknown>): void {
    for (const block of contentBlocks(event)) {
      if (block.type === "tool_use") {
        const call: ToolCall = { tool: str(block.name) ?? "unknown", input: block.input ?? {} };
        this.trajectory.push(call);
        const id = str(block.id);
        if (id) this.byToolUseId.set(id, call);
      } else if (block.type === "text" && typeof block.text === "string") {
        this.lastText = block.text;
      }
    }
  }

  private user(event: Record<string, unknown>): void {
    for (const block of contentBlocks(event)) {
      if (block.type !== "tool_result") continue;
      const call = this.byToolUseId.get(str(block.tool_use_id) ?? "");
      if (!call) continue;
      call.result = resultText(block.content);
      call.isError = block.is_error === true;
    }
  }
}

function contentBlocks(event: Record<string, unknown>): Array<Record<string, unknown>> {
  const message = event.message as { content?: unknown } | undefined;
  return Array.isArray(message?.content)
    ? (message.content.filter((b) => b && typeof b === "object") as Array<Record<string, unknown>>)
    : [];
}

function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part: { text?: unknown }) => (typeof part?.text === "string" ? part.text : ""))
      .join("");
  }
  return "";
}

function readResult(event: Record<string, unknown>): ClaudeResultEvent {
  const usage = (event.usage ?? {}) as Record<string, unknown>;
  const cacheRead = num(usage.cache_read_input_tokens) ?? 0;
  const cacheWrite = num(usage.cache_creation_input_tokens) ?? 0;
  // The API's `input_tokens` leaves out the cached ones (read and written); ours counts them in.
  const tokens: TokenUsage = {
    input: (num(usage.input_tokens) ?? 0) + cacheRead + cacheWrite,
    output: num(usage.output_tokens) ?? 0,
    cacheRead,
    cacheWrite,
  };
  return {
    subtype: str(event.subtype) ?? "unknown",
    isError: event.is_error === true,
    result: str(event.result),
    numTurns: num(event.num_turns),
    costUsd: num(event.total_cost_usd),
    tokens,
    apiErrorStatus: num(event.api_error_status),
    terminalReason: str(event.terminal_reason),
    ...(event.structured_output !== undefined ? { structured: event.structured_output } : {}),
    ...(Array.isArray(event.errors) ? { errors: event.errors.map(String).join("; ") } : {}),
  };
}

function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}
