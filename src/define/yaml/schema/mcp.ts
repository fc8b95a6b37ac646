// `mcp:`: the MCP servers the agent starts over stdio.

import * as z from "zod/mini";
import { described, withMeta } from "./meta.js";
import { argSchema, envVarNameSchema, nonEmptyText } from "./leaves.js";

const MCP_SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export const mcpServerNameSchema = withMeta(
  z.string().check(
    z.maxLength(64),
    z.regex(MCP_SERVER_NAME, {
      message:
        "is not an MCP server name: use letters, digits, `_` and `-`, starting with a letter or digit (its tools are named `mcp__<server>__<tool>`)",
    }),
  ),
  {
    description:
      "The server's name (letters, digits, `_`, `-`): its tools appear in the trajectory as `mcp__<name>__<tool>`.",
    pattern: MCP_SERVER_NAME.source,
  },
);

export const mcpServerSchema = described(
  z.strictObject({
    command: described(nonEmptyText, "The program that starts the server (stdio transport)."),
    args: described(z.optional(z.array(argSchema)), "A list of arguments for the command."),
    env: described(
      z.optional(z.record(envVarNameSchema, z.string())),
      "A mapping of environment variables set for the server.",
    ),
  }),
  "An MCP server the agent starts over stdio: `{ command, args?, env? }`.",
);

export const mcpServersSchema = described(
  z.record(mcpServerNameSchema, mcpServerSchema),
  "A mapping of MCP server names to `{ command, args?, env? }`: written into the trial's agent config (Claude Code's `--mcp-config`, Gemini's settings, OpenCode's config).",
);
