// Reads `opencode run --format json` events as they arrive into a trajectory, the final message,
// steps, tokens and the cost opencode computed. Event shapes: docs/agents.md › The other CLIs.

import type { TokenUsage, ToolCall } from "../model/index.js";
import { parseJsonObject } from "./lines.js";
import { normalizeToolCall, type ToolNameMap } from "./tool-names.js";

/** opencode 1.18's built-in tools → the normalized names. */
export const OPENCODE_TOOLS: ToolNameMap = {
  bash: "Bash",
  read: "Read",
  edit: "Edit",
  write: "Write",
  patch: "Edit",
  apply_patch: "Edit",
  glob: "Glob",
  grep: "Grep",
  list: "LS",
  webfetch: "WebFetch",
  websearch: "WebSearch",
  todowrite: "TodoWrite",
  todoread: "TodoRead",
  task: "Task",
  skill: "Skill",
};

export class OpencodeStreamParser {
  readonly trajectory: ToolCall[] = [];
  readonly tokens: TokenUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  costUsd = 0;
  steps = 0;
  finalMessage: string | undefined;
  /** An `error` event: the session stopped on it. */
  error: { message: string; status?: number } | undefined;

  constructor(private readonly mcpServers: readonly string[] = []) {}

  line(line: string): void {
    const event = parseJsonObject(line);
    if (!event) return;
    const part = (event.part ?? {}) as Record<string, unknown>;
    switch (event.type) {
      case "tool_use":
        this.tool(part);
        break;
      case "text":
        if (typeof part.text === "string" && part.text) this.finalMessage = part.text;
        break;
      case "step_finish":
        this.step(part);
        break;
      case "error":
        this.error = readError(event.error);
        break;
    }
  }

  private tool(part: Record<string, unknown>): void {
    const state = (part.state ?? {}) as Record<string, unknown>;
    const metadata = (state.metadata ?? {}) as Record<string, unknown>;
    const call: ToolCall = {
      // MCP tools are `<server>_<tool>` in opencode.
      ...normalizeToolCall(
        String(part.tool ?? "unknown"),
        state.input,
        OPENCODE_TOOLS,
        this.mcpServers,
        ["_"],
      ),
      isError: state.status === "error",
    };
    const output = typeof state.output === "string" ? state.output : state.error;
    if (typeof output === "string") call.result = output;
    if (typeof metadata.exit === "number") call.exitCode = metadata.exit;
    this.trajectory.push(call);
  }

  private step(part: Record<string, unknown>): void {
    this.steps++;
    const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
    const tokens = (part.tokens ?? {}) as Record<string, unknown>;
    const cache = (tokens.cache ?? {}) as Record<string, unknown>;
    // opencode's `input` leaves out cached tokens and `output` the reasoning ones; ours count all.
    this.tokens.input += n(tokens.input) + n(cache.read) + n(cache.write);
    this.tokens.output += n(tokens.output) + n(tokens.reasoning);
    this.tokens.cacheRead += n(cache.read);
    this.tokens.cacheWrite += n(cache.write);
    this.costUsd += n(part.cost);
  }
}

function readError(error: unknown): { message: string; status?: number } {
  const e = (error ?? {}) as { name?: unknown; message?: unknown; data?: Record<string, unknown> };
  const message =
    (typeof e.data?.message === "string" && e.data.message) ||
    (typeof e.message === "string" && e.message) ||
    (typeof e.name === "string" && e.name) ||
    "unknown error";
  const status = typeof e.data?.statusCode === "number" ? e.data.statusCode : undefined;
  return { message, ...(status !== undefined ? { status } : {}) };
}
