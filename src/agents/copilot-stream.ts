// Reads `copilot -p … --output-format json` events as they arrive into a trajectory, the final
// message, turns and API failures. Tokens are not in the events: they come from the file
// `--usage-output-file` writes at the end (readCopilotUsage). Event shapes: docs/agents.md.

import type { TokenUsage, ToolCall } from "../model/index.js";
import { parseJsonObject } from "./lines.js";
import { normalizeToolCall, type ToolNameMap } from "./tool-names.js";

/** Copilot CLI 1.0's built-in tools → the normalized names. */
export const COPILOT_TOOLS: ToolNameMap = {
  bash: "Bash",
  view: "Read",
  create: "Write",
  edit: "Edit",
  grep: "Grep",
  glob: "Glob",
  task: "Task",
  skill: "Skill",
  web_fetch: "WebFetch",
};

export class CopilotStreamParser {
  readonly trajectory: ToolCall[] = [];
  turns = 0;
  finalMessage: string | undefined;
  /** `exitCode` of the closing `result` event. */
  exitCode: number | undefined;
  /** API failures since the last successful model call, with their status. */
  failures: Array<{ status?: number; message: string }> = [];
  /** A `session.error` (the session stopped on it). */
  error: string | undefined;
  private readonly byId = new Map<string, ToolCall>();

  line(line: string): void {
    const event = parseJsonObject(line);
    if (!event) return;
    const data = (event.data ?? {}) as Record<string, unknown>;
    switch (event.type) {
      case "tool.execution_start": {
        const call: ToolCall = normalizeToolCall(
          String(data.toolName ?? "unknown"),
          data.arguments,
          COPILOT_TOOLS,
        );
        // An MCP tool (offered to the model as `<server>-<tool>`) names its server and tool.
        const server = data.mcpConfigServerName ?? data.mcpServerName;
        if (typeof server === "string" && typeof data.mcpToolName === "string") {
          call.tool = `mcp__${server}__${data.mcpToolName}`;
          call.agentTool = String(data.toolName ?? data.mcpToolName);
        }
        this.trajectory.push(call);
        if (typeof data.toolCallId === "string") this.byId.set(data.toolCallId, call);
        break;
      }
      case "tool.execution_complete": {
        const call = this.byId.get(String(data.toolCallId ?? ""));
        if (!call) break;
        call.isError = data.success !== true;
        const result = (data.result ?? {}) as { content?: unknown };
        const error = (data.error ?? {}) as { message?: unknown };
        if (typeof result.content === "string") call.result = result.content;
        else if (typeof error.message === "string") call.result = error.message;
        const exit = (data.shellExecution as { exitCode?: unknown } | undefined)?.exitCode;
        if (typeof exit === "number") call.exitCode = exit;
        break;
      }
      case "assistant.message":
        if (typeof data.content === "string" && data.content) this.finalMessage = data.content;
        break;
      case "assistant.turn_end":
        this.turns++;
        break;
      case "model.call_failure":
        this.failures.push({
          ...(typeof data.statusCode === "number" ? { status: data.statusCode } : {}),
          message: `API ${String(data.statusCode ?? "error")} from ${String(data.apiEndpoint ?? "the model")}`,
        });
        break;
      case "model.call_final_result":
        if (data.result === "success") this.failures = [];
        break;
      case "session.error":
        this.error = typeof data.message === "string" ? data.message : JSON.stringify(data);
        break;
      case "result":
        if (typeof event.exitCode === "number") this.exitCode = event.exitCode;
        break;
    }
  }
}

/** Tokens summed over every model of a `--usage-output-file` report; every input token in `input`. */
export function readCopilotUsage(report: Record<string, unknown>): TokenUsage {
  const tokens: TokenUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
  for (const metrics of Object.values((report.modelMetrics ?? {}) as Record<string, unknown>)) {
    const usage = ((metrics as { usage?: unknown }).usage ?? {}) as Record<string, unknown>;
    // `inputTokens` already counts the cached ones (600 = 500 + 100 cached, as observed).
    tokens.input += n(usage.inputTokens);
    tokens.output += n(usage.outputTokens);
    tokens.cacheRead += n(usage.cacheReadTokens);
    tokens.cacheWrite += n(usage.cacheWriteTokens);
  }
  return tokens;
}
