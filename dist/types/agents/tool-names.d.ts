import type { ToolCall } from "../model/index.js";
/** An agent's own tool name → the normalized one. */
export type ToolNameMap = Readonly<Record<string, string>>;
/**
 * The normalized call for an agent's tool `name` with `input`: a known built-in is renamed through
 * `map`; a tool of one of the eval's MCP `servers` (named by the agent as `<server><sep><tool>`
 * for a separator in `mcpSeparators`, or `mcp_<server>_<tool>`) becomes `mcp__<server>__<tool>`;
 * anything else keeps its name. `agentTool` keeps the agent's own name when it differs.
 */
export declare function normalizeToolCall(name: string, input: unknown, map: ToolNameMap, servers?: readonly string[], mcpSeparators?: readonly string[]): Pick<ToolCall, "tool" | "agentTool" | "input">;
