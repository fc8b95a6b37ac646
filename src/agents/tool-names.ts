// One vocabulary for every agent's trajectory: Claude Code's tool names (Bash, Read, Edit, Write, …)
// and input keys (`command`, `file_path`), and `mcp__<server>__<tool>` for MCP tools, so that
// `workflow` / trajectory checks read the same across agents.

import type { ToolCall } from "../model/index.js";

/** An agent's own tool name → the normalized one. */
export type ToolNameMap = Readonly<Record<string, string>>;

/** Input keys other agents use for the file a tool works on; copied to `file_path`. */
const FILE_PATH_KEYS = ["filePath", "absolute_path", "path", "file"];

/**
 * The normalized call for an agent's tool `name` with `input`: a known built-in is renamed through
 * `map`; a tool of one of the eval's MCP `servers` (named by the agent as `<server><sep><tool>`
 * for a separator in `mcpSeparators`, or `mcp_<server>_<tool>`) becomes `mcp__<server>__<tool>`;
 * anything else keeps its name. `agentTool` keeps the agent's own name when it differs.
 */
export function normalizeToolCall(
  name: string,
  input: unknown,
  map: ToolNameMap,
  servers: readonly string[] = [],
  mcpSeparators: readonly string[] = ["__"],
): Pick<ToolCall, "tool" | "agentTool" | "input"> {
  const tool = map[name] ?? mcpToolName(name, servers, mcpSeparators) ?? name;
  return {
    tool,
    ...(tool !== name ? { agentTool: name } : {}),
    input: withFilePath(input),
  };
}

function mcpToolName(
  name: string,
  servers: readonly string[],
  separators: readonly string[],
): string | undefined {
  if (name.startsWith("mcp__")) return name;
  // Longest server name first: `docs_v2` before `docs` when both exist.
  for (const server of [...servers].sort((a, b) => b.length - a.length)) {
    for (const prefix of [...separators.map((sep) => `${server}${sep}`), `mcp_${server}_`]) {
      if (name.startsWith(prefix) && name.length > prefix.length) {
        return `mcp__${server}__${name.slice(prefix.length)}`;
      }
    }
  }
  return undefined;
}

/** The input with `file_path` set from the agent's own key for it, when it has one. */
function withFilePath(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input ?? {};
  const record = input as Record<string, unknown>;
  if (typeof record.file_path === "string") return record;
  const key = FILE_PATH_KEYS.find((k) => typeof record[k] === "string");
  return key ? { ...record, file_path: record[key] } : record;
}
