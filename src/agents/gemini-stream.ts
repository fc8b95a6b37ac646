// Reads Gemini CLI's `--output-format stream-json` events as they arrive into a trajectory, the final
// message and token counts. Event shapes: docs/agents.md › The other CLIs.

import type { TokenUsage, ToolCall } from "../model/index.js";
import { parseJsonObject } from "./lines.js";
import { normalizeToolCall, type ToolNameMap } from "./tool-names.js";

/** Gemini CLI 0.61's built-in tools → the normalized names. */
export const GEMINI_TOOLS: ToolNameMap = {
  run_shell_command: "Bash",
  read_file: "Read",
  read_many_files: "Read",
  write_file: "Write",
  replace: "Edit",
  list_directory: "LS",
  glob: "Glob",
  grep_search: "Grep",
  search_file_content: "Grep",
  web_fetch: "WebFetch",
  google_web_search: "WebSearch",
  write_todos: "TodoWrite",
  activate_skill: "Skill",
};

export interface GeminiResult {
  status: string;
  errorType?: string;
  errorMessage?: string;
}

export class GeminiStreamParser {
  readonly trajectory: ToolCall[] = [];
  readonly tokens: TokenUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  model: string | undefined;
  result: GeminiResult | undefined;
  private readonly byId = new Map<string, ToolCall>();
  /** The assistant's text since the last tool call: the final message once the run ends. */
  private text = "";

  constructor(private readonly mcpServers: readonly string[] = []) {}

  get finalMessage(): string | undefined {
    return this.text || undefined;
  }

  line(line: string): void {
    const event = parseJsonObject(line);
    if (!event) return;
    switch (event.type) {
      case "init":
        if (typeof event.model === "string") this.model = event.model;
        break;
      case "message":
        if (event.role !== "assistant" || typeof event.content !== "string") break;
        this.text = event.delta === true ? this.text + event.content : event.content;
        break;
      case "tool_use": {
        const call: ToolCall = normalizeToolCall(
          String(event.tool_name ?? "unknown"),
          event.parameters,
          GEMINI_TOOLS,
          this.mcpServers,
        );
        this.trajectory.push(call);
        if (typeof event.tool_id === "string") this.byId.set(event.tool_id, call);
        this.text = "";
        break;
      }
      case "tool_result": {
        const call = this.byId.get(String(event.tool_id ?? ""));
        if (!call) break;
        const error = event.error as { message?: unknown } | undefined;
        call.isError = event.status !== "success";
        const output = typeof event.output === "string" ? event.output : undefined;
        call.result = output ?? (typeof error?.message === "string" ? error.message : undefined);
        break;
      }
      case "result":
        this.result = readResult(event);
        this.usage((event.stats ?? {}) as Record<string, unknown>);
        break;
    }
  }

  private usage(stats: Record<string, unknown>): void {
    const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
    // `input_tokens` counts every prompt token, the cached ones (`cached`) included.
    this.tokens.input = n(stats.input_tokens);
    this.tokens.output = n(stats.output_tokens);
    this.tokens.cacheRead = n(stats.cached);
  }
}

function readResult(event: Record<string, unknown>): GeminiResult {
  const error = (event.error ?? {}) as { type?: unknown; message?: unknown };
  return {
    status: typeof event.status === "string" ? event.status : "unknown",
    ...(typeof error.type === "string" ? { errorType: error.type } : {}),
    ...(typeof error.message === "string" ? { errorMessage: error.message } : {}),
  };
}
