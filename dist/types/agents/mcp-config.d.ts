import { type AgentRunContext, type McpServerSpec } from "../model/index.js";
export type McpServers = Record<string, McpServerSpec>;
/** The eval's servers, or undefined when it gives none. */
export declare function mcpOf(ctx: Pick<AgentRunContext, "mcp">): McpServers | undefined;
/** An agent without MCP support cannot run an eval that needs a server: say so, never skip it. */
export declare function refuseMcp(agent: string, ctx: Pick<AgentRunContext, "mcp">): void;
/** Claude Code's `--mcp-config` file (the `.mcp.json` format). */
export declare function writeClaudeMcpConfig(file: string, servers: McpServers): Promise<void>;
/** Gemini CLI's `mcpServers` settings entry. */
export declare function geminiMcpSettings(servers: McpServers): Record<string, unknown>;
/** OpenCode's `mcp` config entry: local servers as one command array. */
export declare function opencodeMcpConfig(servers: McpServers): Record<string, unknown>;
/**
 * Codex's `mcp_servers.<name>` tables as `-c` overrides, one TOML inline table per server: they
 * replace a same-named server of the config.toml it was given, without merging TOML files.
 * Server names are TOML bare keys (the definition's schema allows letters, digits, `_`, `-`).
 */
export declare function codexMcpArgs(servers: McpServers): string[];
/** Copilot CLI's `--additional-mcp-config` file: local (stdio) servers, every tool allowed. */
export declare function writeCopilotMcpConfig(file: string, servers: McpServers): Promise<void>;
