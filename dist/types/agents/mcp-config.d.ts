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
