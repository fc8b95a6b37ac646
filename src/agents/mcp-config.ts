// The eval's MCP servers in each agent's own config format. One job: shape the data; the adapters
// write it where their CLI reads it.

import { promises as fs } from "node:fs";
import path from "node:path";
import { type AgentRunContext, InfraError, type McpServerSpec } from "../model/index.js";

export type McpServers = Record<string, McpServerSpec>;

/** The eval's servers, or undefined when it gives none. */
export function mcpOf(ctx: Pick<AgentRunContext, "mcp">): McpServers | undefined {
  return ctx.mcp && Object.keys(ctx.mcp).length ? ctx.mcp : undefined;
}

/** An agent without MCP support cannot run an eval that needs a server: say so, never skip it. */
export function refuseMcp(agent: string, ctx: Pick<AgentRunContext, "mcp">): void {
  const servers = mcpOf(ctx);
  if (!servers) return;
  throw new InfraError(
    `${agent} has no MCP support, but the eval gives it the MCP server(s) ${Object.keys(servers).join(", ")}: run this eval with an agent that supports MCP (docs/agents.md)`,
    false,
  );
}

/** Claude Code's `--mcp-config` file (the `.mcp.json` format). */
export async function writeClaudeMcpConfig(file: string, servers: McpServers): Promise<void> {
  const mcpServers = Object.fromEntries(
    Object.entries(servers).map(([name, s]) => [
      name,
      { type: "stdio", command: s.command, args: s.args, env: s.env },
    ]),
  );
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify({ mcpServers }, null, 2));
}

/** Gemini CLI's `mcpServers` settings entry. */
export function geminiMcpSettings(servers: McpServers): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(servers).map(([name, s]) => [
      name,
      { command: s.command, args: s.args, env: s.env, trust: true },
    ]),
  );
}

/** OpenCode's `mcp` config entry: local servers as one command array. */
export function opencodeMcpConfig(servers: McpServers): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(servers).map(([name, s]) => [
      name,
      { type: "local", command: [s.command, ...s.args], environment: s.env, enabled: true },
    ]),
  );
}

/** How long codex waits for an eval's MCP servers to list their tools before its first turn. */
const CODEX_MCP_STARTUP_SECONDS = 60;

/**
 * Codex's `mcp_servers.<name>` tables as `-c` overrides, one TOML inline table per server: they
 * replace a same-named server of the config.toml it was given, without merging TOML files.
 * Server names are TOML bare keys (the definition's schema allows letters, digits, `_`, `-`).
 *
 * Codex starts its first turn without a server that is not ready after a short grace (about a
 * second, `mcp_optional_startup_grace_ms`), whatever the server's `startup_timeout_sec`: a server
 * that starts slowly on a loaded runner is then missing from the trial, which fails for a reason
 * that is not the agent's. Both limits are raised to a minute, so codex waits as the other CLIs do.
 */
export function codexMcpArgs(servers: McpServers): string[] {
  const tables = Object.entries(servers).flatMap(([name, s]) => {
    const args = s.args.map(tomlString).join(",");
    const env = Object.entries(s.env)
      .map(([key, value]) => `${tomlString(key)}=${tomlString(value)}`)
      .join(",");
    return [
      "-c",
      `mcp_servers.${name}={command=${tomlString(s.command)},args=[${args}],env={${env}},startup_timeout_sec=${CODEX_MCP_STARTUP_SECONDS}}`,
    ];
  });
  if (tables.length === 0) return [];
  return ["-c", `mcp_optional_startup_grace_ms=${CODEX_MCP_STARTUP_SECONDS * 1000}`, ...tables];
}

/**
 * A TOML basic string. JSON's escapes (\" \\ \n \uXXXX …) are TOML's too; TOML also wants DEL
 * escaped, which JSON leaves as it is.
 */
function tomlString(text: string): string {
  return JSON.stringify(text).replace(/\u007f/g, "\\u007f");
}

/** Copilot CLI's `--additional-mcp-config` file: local (stdio) servers, every tool allowed. */
export async function writeCopilotMcpConfig(file: string, servers: McpServers): Promise<void> {
  const mcpServers = Object.fromEntries(
    Object.entries(servers).map(([name, s]) => [
      name,
      { type: "local", command: s.command, args: s.args, env: s.env, tools: ["*"] },
    ]),
  );
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify({ mcpServers }, null, 2));
}
