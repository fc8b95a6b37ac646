import { describe, expect, it } from "vitest";
import { ClaudeStreamParser } from "../../src/agents/claude-stream.js";
import { CodexStreamParser } from "../../src/agents/codex-stream.js";
import { LineSplitter, parseJsonObject } from "../../src/agents/lines.js";
import { costOf, findPrice, OPENAI_PRICES, type ModelPrice } from "../../src/agents/prices.js";

const line = (event: unknown) => JSON.stringify(event);

function feed<P extends { line(line: string): void }>(parser: P, events: unknown[]): P {
  for (const event of events) parser.line(line(event));
  return parser;
}

// ---------- Claude Code: --output-format stream-json --verbose ----------

const SESSION = "0b5c8a1e-2f4d-4c4e-9a55-6d7f0e1a2b3c";

const init = {
  type: "system",
  subtype: "init",
  cwd: "/tmp/sandbox",
  session_id: SESSION,
  tools: ["Bash", "Edit", "Read", "Write", "Glob", "Grep"],
  mcp_servers: [],
  model: "claude-sonnet-4-5-20250929",
  permissionMode: "bypassPermissions",
  slash_commands: [],
  apiKeySource: "ANTHROPIC_API_KEY",
  claude_code_version: "2.1.332",
  output_style: "default",
  agents: [],
  skills: [],
  plugins: [],
  uuid: "11111111-1111-4111-8111-111111111111",
};

function assistant(content: unknown[]) {
  return {
    type: "assistant",
    message: {
      model: "claude-sonnet-4-5-20250929",
      id: "msg_01",
      type: "message",
      role: "assistant",
      content,
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 3, cache_creation_input_tokens: 0, output_tokens: 1 },
    },
    parent_tool_use_id: null,
    session_id: SESSION,
    uuid: "22222222-2222-4222-8222-222222222222",
  };
}

function toolResults(content: unknown[]) {
  return {
    type: "user",
    message: { role: "user", content },
    parent_tool_use_id: null,
    session_id: SESSION,
    uuid: "33333333-3333-4333-8333-333333333333",
    tool_use_result: { stdout: "", stderr: "", interrupted: false },
  };
}

const usage = {
  input_tokens: 1200,
  cache_creation_input_tokens: 800,
  cache_read_input_tokens: 15000,
  output_tokens: 350,
  server_tool_use: { web_search_requests: 0 },
  service_tier: "standard",
};

const success = {
  type: "result",
  subtype: "success",
  is_error: false,
  duration_ms: 8123,
  duration_api_ms: 7001,
  num_turns: 3,
  result: "Added the file and the tests pass.",
  stop_reason: "end_turn",
  session_id: SESSION,
  total_cost_usd: 0.0421375,
  usage,
  modelUsage: { "claude-sonnet-4-5-20250929": { costUSD: 0.0421375 } },
  permission_denials: [],
  terminal_reason: "completed",
  uuid: "44444444-4444-4444-8444-444444444444",
};

const toolRun = [
  init,
  assistant([
    { type: "text", text: "I'll look first." },
    {
      type: "tool_use",
      id: "toolu_01",
      name: "Bash",
      input: { command: "ls -la", description: "List files" },
    },
    { type: "tool_use", id: "toolu_02", name: "Read", input: { file_path: "/tmp/sandbox/a.ts" } },
  ]),
  toolResults([
    { type: "tool_result", tool_use_id: "toolu_01", content: "total 0\n", is_error: false },
    {
      type: "tool_result",
      tool_use_id: "toolu_02",
      content: [{ type: "text", text: "<tool_use_error>File does not exist.</tool_use_error>" }],
      is_error: true,
    },
  ]),
  assistant([{ type: "text", text: "Added the file and the tests pass." }]),
];

describe("ClaudeStreamParser", () => {
  it("reads a successful run: trajectory with results, final message, cost, tokens, turns", () => {
    const parser = feed(new ClaudeStreamParser(), [...toolRun, success]);
    expect(parser.model).toBe("claude-sonnet-4-5-20250929");
    expect(parser.version).toBe("2.1.332");
    expect(parser.trajectory).toEqual([
      {
        tool: "Bash",
        input: { command: "ls -la", description: "List files" },
        result: "total 0\n",
        isError: false,
      },
      {
        tool: "Read",
        input: { file_path: "/tmp/sandbox/a.ts" },
        result: "<tool_use_error>File does not exist.</tool_use_error>",
        isError: true,
      },
    ]);
    expect(parser.finalMessage).toBe("Added the file and the tests pass.");
    expect(parser.result).toEqual({
      subtype: "success",
      isError: false,
      result: "Added the file and the tests pass.",
      numTurns: 3,
      costUsd: 0.0421375,
      // Every input token: 1200 uncached + 15000 read from the cache + 800 written to it.
      tokens: { input: 17000, output: 350, cacheRead: 15000, cacheWrite: 800 },
      apiErrorStatus: undefined,
      terminalReason: "completed",
    });
  });

  it("uses the last assistant text when the result carries none", () => {
    const parser = feed(new ClaudeStreamParser(), toolRun);
    expect(parser.result).toBeUndefined();
    expect(parser.finalMessage).toBe("Added the file and the tests pass.");
  });

  it("reads a run stopped by its budget", () => {
    const parser = feed(new ClaudeStreamParser(), [
      ...toolRun.slice(0, 3),
      {
        type: "result",
        subtype: "error_max_budget_usd",
        is_error: true,
        duration_ms: 5000,
        num_turns: 2,
        stop_reason: "tool_use",
        session_id: SESSION,
        total_cost_usd: 0.0512,
        usage: { input_tokens: 10, output_tokens: 20 },
        permission_denials: [],
        terminal_reason: "budget_exhausted",
        errors: [],
      },
    ]);
    expect(parser.trajectory).toHaveLength(2);
    expect(parser.result).toMatchObject({
      subtype: "error_max_budget_usd",
      isError: true,
      numTurns: 2,
      costUsd: 0.0512,
      tokens: { input: 10, output: 20, cacheRead: 0, cacheWrite: 0 },
      terminalReason: "budget_exhausted",
    });
    expect(parser.result?.result).toBeUndefined();
    expect(parser.finalMessage).toBe("I'll look first.");
  });

  it("reads an API error reported as subtype success with is_error true", () => {
    const parser = feed(new ClaudeStreamParser(), [
      init,
      {
        type: "system",
        subtype: "api_retry",
        attempt: 1,
        max_retries: 0,
        retry_delay_ms: 0,
        error_status: 500,
      },
      {
        type: "result",
        subtype: "success",
        is_error: true,
        duration_ms: 900,
        num_turns: 1,
        result: "API Error: 500 Internal server error",
        session_id: SESSION,
        total_cost_usd: 0,
        usage: { input_tokens: 0, output_tokens: 0 },
        api_error_status: 500,
        permission_denials: [],
      },
    ]);
    expect(parser.trajectory).toEqual([]);
    expect(parser.apiRetries).toEqual([{ attempt: 1, status: 500 }]);
    expect(parser.result).toMatchObject({
      subtype: "success",
      isError: true,
      apiErrorStatus: 500,
      costUsd: 0,
      numTurns: 1,
    });
    expect(parser.finalMessage).toBe("API Error: 500 Internal server error");
  });

  it("skips lines that are not JSON objects and events it does not know", () => {
    const parser = new ClaudeStreamParser();
    for (const text of ["", "not json", "[1,2]", "null", '"text"', '{"type":"stream_event"}']) {
      parser.line(text);
    }
    parser.line(line({ type: "system", subtype: "ui_invalidate" }));
    parser.line(line({ type: "assistant", message: { content: "not a list" } }));
    parser.line(
      line(toolResults([{ type: "tool_result", tool_use_id: "toolu_unknown", content: "x" }])),
    );
    expect(parser.trajectory).toEqual([]);
    expect(parser.result).toBeUndefined();
    expect(parser.finalMessage).toBeUndefined();
  });

  it("names a tool_use without a name `unknown` and gives it an empty input", () => {
    const parser = feed(new ClaudeStreamParser(), [assistant([{ type: "tool_use", id: "t" }])]);
    expect(parser.trajectory).toEqual([{ tool: "unknown", input: {} }]);
  });
});

// ---------- codex exec --json ----------

describe("CodexStreamParser", () => {
  const events = [
    { type: "thread.started", thread_id: "0199a213-81c0-7800-8aa1-bbab2a035a53" },
    { type: "turn.started" },
    {
      type: "item.started",
      item: {
        id: "item_0",
        type: "command_execution",
        command: "/bin/bash -lc 'ls'",
        aggregated_output: "",
        exit_code: null,
        status: "in_progress",
      },
    },
    {
      type: "item.completed",
      item: {
        id: "item_0",
        type: "command_execution",
        command: "/bin/bash -lc 'ls'",
        aggregated_output: "a.ts\nb.ts\n",
        exit_code: 0,
        status: "completed",
      },
    },
    {
      type: "item.completed",
      item: {
        id: "item_1",
        type: "command_execution",
        command: "/bin/bash -lc 'npm test'",
        aggregated_output: "1 failing\n",
        exit_code: 3,
        status: "failed",
      },
    },
    { type: "item.completed", item: { id: "item_2", type: "reasoning", text: "**Fixing**" } },
    {
      type: "item.completed",
      item: {
        id: "item_3",
        type: "file_change",
        changes: [
          { path: "/tmp/sandbox/new.ts", kind: "add" },
          { path: "/tmp/sandbox/a.ts", kind: "update" },
          { path: "/tmp/sandbox/b.ts", kind: "delete" },
        ],
        status: "completed",
      },
    },
    {
      type: "item.completed",
      item: {
        id: "item_4",
        type: "mcp_tool_call",
        server: "docs",
        tool: "search",
        arguments: { query: "neon branching" },
        status: "completed",
      },
    },
    {
      type: "turn.completed",
      usage: {
        input_tokens: 1000,
        cached_input_tokens: 400,
        cache_write_input_tokens: 100,
        output_tokens: 200,
        reasoning_output_tokens: 50,
      },
    },
    { type: "turn.started" },
    {
      type: "item.completed",
      item: { id: "item_5", type: "agent_message", text: "First draft." },
    },
    {
      type: "item.completed",
      item: { id: "item_6", type: "agent_message", text: "Fixed the test; it passes now." },
    },
    {
      type: "turn.completed",
      usage: {
        input_tokens: 2000,
        cached_input_tokens: 1500,
        cache_write_input_tokens: 0,
        output_tokens: 80,
        reasoning_output_tokens: 30,
      },
    },
  ];

  it("maps commands, file changes and MCP calls onto the trajectory", () => {
    const parser = feed(new CodexStreamParser(), events);
    expect(parser.threadId).toBe("0199a213-81c0-7800-8aa1-bbab2a035a53");
    expect(parser.trajectory).toEqual([
      {
        tool: "Bash",
        agentTool: "command_execution",
        input: { command: "/bin/bash -lc 'ls'" },
        result: "a.ts\nb.ts\n",
        exitCode: 0,
        isError: false,
      },
      {
        tool: "Bash",
        agentTool: "command_execution",
        input: { command: "/bin/bash -lc 'npm test'" },
        result: "1 failing\n",
        exitCode: 3,
        isError: true,
      },
      {
        tool: "Write",
        agentTool: "file_change",
        input: { file_path: "/tmp/sandbox/new.ts", kind: "add" },
        isError: false,
      },
      {
        tool: "Edit",
        agentTool: "file_change",
        input: { file_path: "/tmp/sandbox/a.ts", kind: "update" },
        isError: false,
      },
      {
        tool: "Delete",
        agentTool: "file_change",
        input: { file_path: "/tmp/sandbox/b.ts", kind: "delete" },
        isError: false,
      },
      {
        tool: "mcp__docs__search",
        agentTool: "mcp_tool_call",
        input: { query: "neon branching" },
        isError: false,
      },
    ]);
  });

  it("a non-zero exit is an error even when the status says completed", () => {
    const parser = feed(new CodexStreamParser(), [
      {
        type: "item.completed",
        item: { type: "command_execution", command: "false", exit_code: 1, status: "completed" },
      },
    ]);
    expect(parser.trajectory[0]).toMatchObject({ exitCode: 1, isError: true });
  });

  it("keeps the last agent message as the final message", () => {
    const parser = feed(new CodexStreamParser(), events);
    expect(parser.finalMessage).toBe("Fixed the test; it passes now.");
  });

  it("sums the usage of every turn", () => {
    const parser = feed(new CodexStreamParser(), events);
    expect(parser.turns).toBe(2);
    // output_tokens already includes the reasoning tokens (reasoning_output_tokens is a
    // breakdown of it, as in the Responses API's output_tokens_details), so they count once.
    expect(parser.tokens).toEqual({
      input: 1000 + 2000,
      cacheRead: 400 + 1500,
      cacheWrite: 100 + 0,
      output: 200 + 80,
    });
    expect(parser.failure).toBeUndefined();
  });

  it("treats missing usage fields as zero", () => {
    const parser = feed(new CodexStreamParser(), [
      { type: "turn.completed", usage: { input_tokens: 10, output_tokens: 2 } },
      { type: "turn.completed" },
    ]);
    expect(parser.turns).toBe(2);
    expect(parser.tokens).toEqual({ input: 10, output: 2, cacheRead: 0, cacheWrite: 0 });
  });

  it("a reconnect notice is not a failure; turn.failed is, with its message", () => {
    const parser = new CodexStreamParser();
    parser.line(line({ type: "thread.started", thread_id: "t1" }));
    parser.line(line({ type: "turn.started" }));
    parser.line(
      line({
        type: "error",
        message: "Reconnecting... 1/5 (stream disconnected before completion)",
      }),
    );
    expect(parser.failure).toBeUndefined();
    parser.line(
      line({
        type: "turn.failed",
        error: { message: "unexpected status 500 Internal Server Error: boom" },
      }),
    );
    expect(parser.failure).toBe("unexpected status 500 Internal Server Error: boom");
    expect(parser.turns).toBe(0);
  });

  it("turn.failed without a message falls back to the last error notice", () => {
    const parser = feed(new CodexStreamParser(), [
      { type: "error", message: "Reconnecting... 5/5 (stream disconnected before completion)" },
      { type: "turn.failed", error: {} },
    ]);
    expect(parser.failure).toBe("Reconnecting... 5/5 (stream disconnected before completion)");
    expect(feed(new CodexStreamParser(), [{ type: "turn.failed" }]).failure).toBe("turn failed");
  });

  it("skips lines that are not JSON objects and items it does not know", () => {
    const parser = new CodexStreamParser();
    parser.line("Reading prompt from stdin...");
    parser.line("");
    parser.line(line({ type: "item.completed", item: { type: "todo_list", items: [] } }));
    parser.line(line({ type: "item.completed" }));
    expect(parser.trajectory).toEqual([]);
    expect(parser.turns).toBe(0);
  });
});

// ---------- prices ----------

describe("findPrice", () => {
  const table: Record<string, ModelPrice> = {
    "gpt-5": { input: 1, cachedInput: 0.1, cacheWrite: 1, output: 8 },
    "gpt-5-codex": { input: 2, cachedInput: 0.2, cacheWrite: 2, output: 16 },
  };

  it("finds a model by its exact name", () => {
    expect(findPrice("gpt-5", table)).toBe(table["gpt-5"]);
    expect(findPrice("gpt-5-codex", OPENAI_PRICES)).toEqual({
      input: 1.25,
      cachedInput: 0.125,
      cacheWrite: 1.25,
      output: 10,
    });
  });

  it("finds a dated model by its longest known prefix", () => {
    expect(findPrice("gpt-5-codex-2026-01-15", table)).toBe(table["gpt-5-codex"]);
    expect(findPrice("gpt-5-2025-08-07", table)).toBe(table["gpt-5"]);
  });

  it("knows nothing of unknown models", () => {
    expect(findPrice("claude-sonnet-4-5", table)).toBeUndefined();
    expect(findPrice("gpt-4", table)).toBeUndefined();
  });
});

describe("costOf", () => {
  const price: ModelPrice = { input: 1.25, cachedInput: 0.125, cacheWrite: 2.5, output: 10 };

  it("prices cached and cache-write tokens at their own rates and the rest as input", () => {
    // input 3000 of which 1900 cached and 100 written to the cache: 1000 plain input tokens.
    // 1000 × 1.25 + 1900 × 0.125 + 100 × 2.5 + 280 × 10 = 1250 + 237.5 + 250 + 2800 = 4537.5
    // per million tokens → $0.0045375.
    const tokens = { input: 3000, cacheRead: 1900, cacheWrite: 100, output: 280 };
    expect(costOf(tokens, price)).toBeCloseTo(0.0045375, 10);
  });

  it("prices plain input and output alone", () => {
    // 2_000_000 × 1.25 + 500_000 × 10 = 2.5M + 5M = 7.5M per million → $7.50.
    expect(costOf({ input: 2_000_000, cacheRead: 0, cacheWrite: 0, output: 500_000 }, price)).toBe(
      7.5,
    );
  });

  it("never counts negative plain input", () => {
    // More cached than input (a confused report): 0 plain + 100 × 0.125 + 50 × 2.5 = 137.5
    // per million → $0.0001375.
    const tokens = { input: 100, cacheRead: 100, cacheWrite: 50, output: 0 };
    expect(costOf(tokens, price)).toBeCloseTo(0.0001375, 10);
  });

  it("prices a codex run's summed tokens with the built-in table", () => {
    const parser = new CodexStreamParser();
    parser.line(
      line({
        type: "turn.completed",
        usage: {
          input_tokens: 10_000,
          cached_input_tokens: 8_000,
          cache_write_input_tokens: 0,
          output_tokens: 500,
          reasoning_output_tokens: 200,
        },
      }),
    );
    // gpt-5-codex: 2000 × 1.25 + 8000 × 0.125 + 500 × 10 = 2500 + 1000 + 5000 = 8500
    // per million → $0.0085.
    expect(costOf(parser.tokens, findPrice("gpt-5-codex", OPENAI_PRICES)!)).toBeCloseTo(0.0085, 10);
  });
});

// ---------- lines ----------

describe("LineSplitter", () => {
  function collect() {
    const lines: string[] = [];
    const splitter = new LineSplitter((l) => lines.push(l));
    return { lines, splitter };
  }

  it("joins a JSON line split across chunks", () => {
    const { lines, splitter } = collect();
    const event = line({ type: "result", subtype: "success", result: "done" });
    splitter.push(Buffer.from(event.slice(0, 10)));
    expect(lines).toEqual([]);
    splitter.push(Buffer.from(`${event.slice(10)}\n{"type":"sys`));
    expect(lines).toEqual([event]);
    splitter.push(Buffer.from('tem"}\n'));
    expect(lines).toEqual([event, '{"type":"system"}']);
    expect(lines.map(parseJsonObject)[0]).toEqual({
      type: "result",
      subtype: "success",
      result: "done",
    });
  });

  it("keeps a multi-byte UTF-8 character split across chunks whole", () => {
    const { lines, splitter } = collect();
    const bytes = Buffer.from(`${line({ text: "café → 🚀" })}\n`, "utf8");
    const rocket = bytes.indexOf(Buffer.from("🚀", "utf8"));
    const arrow = bytes.indexOf(Buffer.from("→", "utf8"));
    splitter.push(bytes.subarray(0, arrow + 1)); // inside the 3-byte arrow
    splitter.push(bytes.subarray(arrow + 1, rocket + 2)); // inside the 4-byte rocket
    splitter.push(bytes.subarray(rocket + 2));
    expect(lines).toEqual(['{"text":"café → 🚀"}']);
    expect(lines.join("")).not.toContain("\uFFFD");
  });

  it("splits many lines in one chunk, skips blank ones, and flushes the last at the end", () => {
    const { lines, splitter } = collect();
    splitter.push(Buffer.from('{"a":1}\n\n  \n{"b":2}\n{"c":'));
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
    splitter.push(Buffer.from("3}"));
    splitter.end();
    expect(lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
    splitter.end();
    expect(lines).toHaveLength(3);
  });

  it("feeds the stream parsers byte by byte", () => {
    const parser = new CodexStreamParser();
    const splitter = new LineSplitter((l) => parser.line(l));
    const text = `${line({ type: "item.completed", item: { type: "agent_message", text: "Fertig – gut 👍" } })}\n`;
    for (const byte of Buffer.from(text, "utf8")) splitter.push(Buffer.from([byte]));
    splitter.end();
    expect(parser.finalMessage).toBe("Fertig – gut 👍");
  });
});

describe("parseJsonObject", () => {
  it("returns objects only", () => {
    expect(parseJsonObject('{"type":"x"}')).toEqual({ type: "x" });
    expect(parseJsonObject("[1]")).toBeUndefined();
    expect(parseJsonObject("null")).toBeUndefined();
    expect(parseJsonObject("3")).toBeUndefined();
    expect(parseJsonObject("{broken")).toBeUndefined();
  });
});
