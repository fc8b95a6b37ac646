// One vocabulary across agents: built-in names mapped, MCP tools as mcp__<server>__<tool>,
// the file an input names copied to `file_path`.
import { describe, expect, it } from "vitest";
import { normalizeToolCall } from "../../src/agents/tool-names.js";

describe("normalizeToolCall", () => {
  it("maps a built-in and keeps the agent's own name", () => {
    expect(
      normalizeToolCall("run_shell_command", { command: "ls" }, { run_shell_command: "Bash" }),
    ).toEqual({
      tool: "Bash",
      agentTool: "run_shell_command",
      input: { command: "ls" },
    });
  });

  it("names MCP tools mcp__<server>__<tool> from each agent's own form, longest server first", () => {
    const servers = ["docs", "docs_v2"];
    expect(normalizeToolCall("mcp_docs_search", {}, {}, servers).tool).toBe("mcp__docs__search");
    expect(normalizeToolCall("docs__search", {}, {}, servers).tool).toBe("mcp__docs__search");
    expect(normalizeToolCall("docs_v2_search", {}, {}, servers, ["_"]).tool).toBe(
      "mcp__docs_v2__search",
    );
    expect(normalizeToolCall("mcp__x__y", {}, {}, []).tool).toBe("mcp__x__y");
    // Not a server's: left as it is.
    expect(normalizeToolCall("other_search", {}, {}, servers, ["_"])).toEqual({
      tool: "other_search",
      input: {},
    });
  });

  it("copies the agent's key for the file to file_path, keeping the original", () => {
    expect(normalizeToolCall("write", { filePath: "a.ts" }, { write: "Write" }).input).toEqual({
      filePath: "a.ts",
      file_path: "a.ts",
    });
    expect(normalizeToolCall("edit", { path: "b.ts", file_path: "c.ts" }, {}).input).toEqual({
      path: "b.ts",
      file_path: "c.ts",
    });
    expect(normalizeToolCall("x", undefined, {}).input).toEqual({});
  });
});
