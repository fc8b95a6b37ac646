// Reads `codex exec --json` events as they arrive into the trajectory model, the final message and
// token usage. The event shapes are those the pinned codex prints (scripts/install-agent-clis.sh);
// test/codex.test.ts drives the real CLI against test/fakes/openai.ts.

import type { TokenUsage, ToolCall } from "../model/index.js";
import { parseJsonObject } from "./lines.js";

export class CodexStreamParser {
  readonly trajectory: ToolCall[] = [];
  readonly tokens: TokenUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  turns = 0;
  finalMessage: string | undefined;
  /** Set by `turn.failed` (or a fatal `error`): the run did not finish its turn. */
  failure: string | undefined;
  threadId: string | undefined;

  line(line: string): void {
    const event = parseJsonObject(line);
    if (!event) return;
    switch (event.type) {
      case "thread.started":
        this.threadId = typeof event.thread_id === "string" ? event.thread_id : undefined;
        break;
      case "item.completed":
        this.item((event.item ?? {}) as Record<string, unknown>);
        break;
      case "turn.completed":
        this.errorsInARow = 0;
        this.turns++;
        this.usage((event.usage ?? {}) as Record<string, unknown>);
        break;
      case "turn.failed":
        this.failure = errorMessage(event.error) ?? this.lastError ?? "turn failed";
        break;
      case "error":
        // "Reconnecting... 1/5" notices are retries, not failures; keep the text for turn.failed.
        this.lastError = typeof event.message === "string" ? event.message : undefined;
        this.errorsInARow++;
        break;
    }
  }

  /** API error notices (codex's own retries) since the last item or finished turn. */
  errorsInARow = 0;
  /** The last API error notice's text. */
  lastError: string | undefined;

  private item(item: Record<string, unknown>): void {
    this.errorsInARow = 0;
    switch (item.type) {
      case "command_execution":
        this.trajectory.push({
          tool: "Bash",
          agentTool: "command_execution",
          input: { command: item.command },
          result: typeof item.aggregated_output === "string" ? item.aggregated_output : undefined,
          exitCode: typeof item.exit_code === "number" ? item.exit_code : undefined,
          isError:
            item.status === "failed" ||
            (typeof item.exit_code === "number" && item.exit_code !== 0),
        });
        break;
      case "file_change":
        for (const change of Array.isArray(item.changes)
          ? (item.changes as Array<Record<string, unknown>>)
          : []) {
          this.trajectory.push({
            tool: change.kind === "add" ? "Write" : change.kind === "delete" ? "Delete" : "Edit",
            agentTool: "file_change",
            input: { file_path: change.path, kind: change.kind },
            isError: item.status === "failed",
          });
        }
        break;
      case "mcp_tool_call": {
        // `result` is the MCP CallToolResult (`content`, `is_error`); `error` is set when the
        // call itself failed (server gone, unknown tool).
        const result = (item.result ?? {}) as { content?: unknown; is_error?: unknown };
        const text = mcpText(result.content) ?? errorMessage(item.error);
        this.trajectory.push({
          tool: `mcp__${String(item.server ?? "unknown")}__${String(item.tool ?? "unknown")}`,
          agentTool: "mcp_tool_call",
          input: item.arguments ?? {},
          ...(text !== undefined ? { result: text } : {}),
          isError: item.status === "failed" || Boolean(item.error) || result.is_error === true,
        });
        break;
      }
      case "web_search":
        this.trajectory.push({
          tool: "WebSearch",
          agentTool: "web_search",
          input: { query: item.query },
        });
        break;
      case "agent_message":
        if (typeof item.text === "string") this.finalMessage = item.text;
        break;
    }
  }

  private usage(usage: Record<string, unknown>): void {
    const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
    this.tokens.input += n(usage.input_tokens);
    this.tokens.cacheRead += n(usage.cached_input_tokens);
    this.tokens.cacheWrite += n(usage.cache_write_input_tokens);
    // `output_tokens` already includes the reasoning tokens (`reasoning_output_tokens` is a breakdown).
    this.tokens.output += n(usage.output_tokens);
  }
}

function errorMessage(error: unknown): string | undefined {
  if (typeof error === "string") return error;
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === "string" ? message : undefined;
}

/** The text parts of an MCP result's `content`, joined; undefined when it has none. */
function mcpText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  const texts = (content as Array<{ type?: unknown; text?: unknown }>)
    .filter((part) => part.type === "text" && typeof part.text === "string")
    .map((part) => part.text as string);
  return texts.length ? texts.join("\n") : undefined;
}
