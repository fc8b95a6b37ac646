/**
 * The fake model servers, proven against the REAL `claude` and `codex` binaries from .agent-clis/
 * (scripts/install-agent-clis.sh). Missing binaries fail these tests: they are never skipped.
 */
import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeAnthropic, type AnthropicTurn, type FakeAnthropic } from "./fakes/anthropic.js";
import {
  offeredToolNames,
  startFakeOpenAI,
  type FakeOpenAI,
  type OpenAITurn,
} from "./fakes/openai.js";
import {
  codexFakeArgs,
  fakeClaudeEnv,
  fakeCodexEnv,
  requireBin,
  runCli,
  type CliRun,
} from "./fakes/clis.js";

const TIMEOUT_MS = 60_000;

let root: string;
let cwd: string;
let home: string;
let fakes: Array<FakeAnthropic | FakeOpenAI>;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "agent-evals-fakes-")));
  cwd = join(root, "work");
  home = join(root, "home");
  await mkdir(cwd);
  await mkdir(home);
  fakes = [];
});

afterEach(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
  await rm(root, { recursive: true, force: true });
});

async function anthropic(...script: AnthropicTurn[]) {
  const fake = await startFakeAnthropic(script);
  fakes.push(fake);
  return fake;
}

async function openai(...script: OpenAITurn[]) {
  const fake = await startFakeOpenAI(script);
  fakes.push(fake);
  return fake;
}

/** A failed expectation shows what the CLI said. */
function describeRun(run: CliRun): string {
  return `exit ${run.code} (${run.signal ?? "no signal"}) after ${run.ms} ms${run.timedOut ? " (timed out)" : ""}\n--- stdout\n${run.stdout.slice(-4000)}\n--- stderr\n${run.stderr.slice(-4000)}`;
}

function runClaude(fake: FakeAnthropic, prompt: string): Promise<CliRun> {
  return runCli(
    requireBin("claude"),
    [
      "-p",
      prompt,
      "--output-format",
      "stream-json",
      "--verbose",
      "--permission-mode",
      "bypassPermissions",
    ],
    { cwd, env: fakeClaudeEnv(fake.url, { home }), timeoutMs: TIMEOUT_MS },
  );
}

function runCodex(fake: FakeOpenAI, prompt: string): Promise<CliRun> {
  return runCli(
    requireBin("codex"),
    [
      "exec",
      "--json",
      "--skip-git-repo-check",
      "--dangerously-bypass-approvals-and-sandbox",
      "--ephemeral",
      ...codexFakeArgs(fake.url),
      prompt,
    ],
    { cwd, env: fakeCodexEnv(home), timeoutMs: TIMEOUT_MS },
  );
}

describe("the fakes on their own", () => {
  it("anthropic: streams text and tool_use blocks, records requests, answers probes", async () => {
    const fake = await anthropic(
      { blocks: [{ text: "let me" }, { toolUse: { name: "Bash", input: { command: "ls" } } }] },
      { status: 529 },
    );
    const post = (body: unknown, query = "?beta=true") =>
      fetch(`${fake.url}/v1/messages${query}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });

    const sse = await (await post({ model: "m", stream: true, messages: [] })).text();
    const events = sse
      .split("\n")
      .filter((line) => line.startsWith("event: "))
      .map((line) => line.slice(7));
    expect(events).toEqual([
      "message_start",
      "ping",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    const json = sse
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
    const partial = json
      .filter((e) => e.type === "content_block_delta" && e.index === 1)
      .map((e) => (e.delta as { partial_json: string }).partial_json)
      .join("");
    expect(JSON.parse(partial)).toEqual({ command: "ls" });
    expect(json.at(-2)).toMatchObject({ delta: { stop_reason: "tool_use" } });

    const overloaded = await post({ stream: true, messages: [] });
    expect(overloaded.status).toBe(529);
    expect(await overloaded.json()).toMatchObject({ error: { type: "overloaded_error" } });

    const plain = await post({ model: "m", messages: [] }, "");
    expect(await plain.json()).toMatchObject({
      type: "message",
      content: [{ type: "text", text: "done" }],
      stop_reason: "end_turn",
    });
    const count = await post({ messages: [] }, "").then(() =>
      fetch(`${fake.url}/v1/messages/count_tokens`, { method: "POST", body: "{}" }),
    );
    expect(await count.json()).toHaveProperty("input_tokens");
    expect((await fetch(`${fake.url}/api/hello`, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${fake.url}/nope`)).status).toBe(404);

    expect(fake.requests.map((r) => [r.path, r.turn])).toEqual([
      ["/v1/messages", 0],
      ["/v1/messages", 1],
      ["/v1/messages", undefined],
      ["/v1/messages", undefined],
    ]);
    expect(fake.requests[0]!.url).toBe("/v1/messages?beta=true");
  });

  it("openai: streams message and function_call items with usage, records requests", async () => {
    const fake = await openai(
      { call: { name: "exec_command", arguments: { cmd: "ls" } }, usage: { cached_tokens: 7 } },
      { status: 401 },
    );
    const post = (body: unknown) =>
      fetch(`${fake.url}/v1/responses`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const sse = await (
      await post({ stream: true, input: [], tools: [{ type: "function", name: "exec_command" }] })
    ).text();
    const json = sse
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
    expect(json[0]!.type).toBe("response.created");
    expect(json.find((e) => e.type === "response.output_item.done")).toMatchObject({
      item: { type: "function_call", name: "exec_command", arguments: '{"cmd":"ls"}' },
    });
    expect(json.at(-1)).toMatchObject({
      type: "response.completed",
      response: {
        usage: { input_tokens: 100, input_tokens_details: { cached_tokens: 7 }, output_tokens: 20 },
      },
    });
    expect(fake.warnings).toEqual([]);

    const denied = await post({ stream: true, input: [] });
    expect(denied.status).toBe(401);
    expect(await denied.json()).toMatchObject({ error: { code: "invalid_api_key" } });

    expect(await (await post({ input: [] })).json()).toMatchObject({
      object: "response",
      output: [{ type: "message", content: [{ type: "output_text", text: "done" }] }],
    });
    expect(fake.requests.map((r) => r.turn)).toEqual([0, 1, undefined]);
  });
});

describe("claude against the fake Anthropic API", () => {
  it("runs a scripted Bash tool_use and reports success with a cost", async () => {
    const fake = await anthropic(
      { toolUse: { name: "Bash", input: { command: "echo hi > made-by-claude.txt" } } },
      { text: "I made the file." },
    );
    const run = await runClaude(fake, "make a file");
    expect(run.code, describeRun(run)).toBe(0);

    expect(await readFile(join(cwd, "made-by-claude.txt"), "utf8")).toBe("hi\n");
    expect(run.events[0]).toMatchObject({ type: "system", subtype: "init" });
    const result = run.events.find((e) => e.type === "result");
    expect(result, describeRun(run)).toMatchObject({
      subtype: "success",
      is_error: false,
      result: "I made the file.",
      num_turns: 2,
    });
    expect(result!.total_cost_usd).toEqual(expect.any(Number));
    expect(result!.total_cost_usd).toBeGreaterThan(0);
    expect(result!.usage).toMatchObject({ input_tokens: 200, output_tokens: 40 });

    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
    const [first, second] = fake.requests;
    expect(first!.body.stream).toBe(true);
    expect(first!.url).toBe("/v1/messages?beta=true");
    expect(first!.headers["x-api-key"]).toBe("sk-ant-fake-key");
    expect(first!.body.tools?.map((t) => t.name)).toContain("Bash");
    expect(JSON.stringify(first!.body.messages)).toContain("make a file");
    const lastMessage = second!.body.messages?.at(-1);
    expect(lastMessage?.role).toBe("user");
    expect(lastMessage?.content).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "tool_result", tool_use_id: "toolu_fake_0001" }),
      ]),
    );
    // Quiet: nothing but model calls reached the server.
    expect(fake.log.every((line) => line.startsWith("POST /v1/messages"))).toBe(true);
  });

  // Observed: exit 1, a synthetic assistant message with the error text, then a result whose
  // subtype is still "success" but is_error is true, terminal_reason "api_error" and the status.
  it.each([
    [500, "api_error", "API Error: 500 Internal server error"],
    [401, "authentication_error", "Invalid API key"],
  ])("reports an HTTP %i from the API", async (status, type, text) => {
    const fake = await anthropic({ status });
    const run = await runClaude(fake, "make a file");
    expect(run.code, describeRun(run)).toBe(1);
    expect(run.events.at(-1), describeRun(run)).toMatchObject({
      type: "result",
      subtype: "success",
      is_error: true,
      terminal_reason: "api_error",
      api_error_status: status,
      api_error_type: type,
      result: expect.stringContaining(text),
      total_cost_usd: 0,
    });
    expect(run.events.at(-2)).toMatchObject({
      type: "assistant",
      message: {
        model: "<synthetic>",
        content: [{ type: "text", text: expect.stringContaining(text) }],
      },
    });
    expect(fake.requests).toHaveLength(1); // CLAUDE_CODE_MAX_RETRIES=0
  });
});

describe("codex against the fake Responses API", () => {
  it("runs a scripted exec_command call and reports usage", async () => {
    const fake = await openai(
      { call: { name: "exec_command", arguments: { cmd: "echo hi > made-by-codex.txt" } } },
      { text: "I made the file.", usage: { input_tokens: 150, cached_tokens: 50 } },
    );
    const run = await runCodex(fake, "make a file");
    expect(run.code, describeRun(run)).toBe(0);

    expect(await readFile(join(cwd, "made-by-codex.txt"), "utf8")).toBe("hi\n");
    expect(run.events[0]).toMatchObject({ type: "thread.started" });
    const command = run.events.find(
      (e) =>
        e.type === "item.completed" &&
        (e.item as { type?: string } | undefined)?.type === "command_execution",
    );
    expect(command, describeRun(run)).toMatchObject({
      item: { command: expect.stringContaining("made-by-codex.txt"), exit_code: 0 },
    });
    expect(run.events).toContainEqual(
      expect.objectContaining({
        type: "item.completed",
        item: expect.objectContaining({ type: "agent_message", text: "I made the file." }),
      }),
    );
    expect(run.events.at(-1)).toMatchObject({
      type: "turn.completed",
      usage: { input_tokens: 250, cached_input_tokens: 50, output_tokens: 40 },
    });

    expect(fake.requests).toHaveLength(2);
    const [first, second] = fake.requests;
    expect(first!.body.stream).toBe(true);
    expect(first!.headers.authorization).toBe("Bearer sk-fake-key");
    expect(offeredToolNames(first!.body)).toEqual(
      expect.arrayContaining(["exec", "exec_command", "apply_patch"]),
    );
    expect(fake.warnings).toEqual([]);
    expect(JSON.stringify(first!.body.input)).toContain("make a file");
    expect(second!.body.input).toContainEqual(
      expect.objectContaining({ type: "function_call_output", call_id: "call_fake_0002" }),
    );
    expect(fake.log.every((line) => line === "POST /v1/responses")).toBe(true);
    expect(existsSync(join(home, "sessions"))).toBe(false); // --ephemeral
  });

  it("applies a scripted apply_patch custom tool call", async () => {
    const patch = "*** Begin Patch\n*** Add File: added-by-patch.txt\n+patched\n*** End Patch\n";
    const fake = await openai({ custom: { name: "apply_patch", input: patch } }, { text: "ok" });
    const run = await runCodex(fake, "patch a file");
    expect(run.code, describeRun(run)).toBe(0);
    expect(await readFile(join(cwd, "added-by-patch.txt"), "utf8")).toBe("patched\n");
    expect(run.events).toContainEqual(
      expect.objectContaining({
        type: "item.completed",
        item: expect.objectContaining({
          type: "file_change",
          changes: [expect.objectContaining({ kind: "add" })],
          status: "completed",
        }),
      }),
    );
    expect(fake.requests[1]!.body.input).toContainEqual(
      expect.objectContaining({ type: "custom_tool_call_output" }),
    );
  });

  // Observed: exit 1; an `error` event then `turn.failed` with the same message. A 500 is
  // reported as "high demand" without its status; a 401 as "unexpected status 401 Unauthorized".
  it.each([
    [500, "experiencing high demand"],
    [401, "unexpected status 401 Unauthorized: Incorrect API key provided."],
  ])("reports an HTTP %i from the API", async (status, text) => {
    const fake = await openai({ status });
    const run = await runCodex(fake, "make a file");
    expect(run.code, describeRun(run)).toBe(1);
    expect(run.events.slice(-2), describeRun(run)).toEqual([
      { type: "error", message: expect.stringContaining(text) },
      { type: "turn.failed", error: { message: expect.stringContaining(text) } },
    ]);
    expect(run.events.some((e) => e.type === "turn.completed")).toBe(false);
    expect(fake.requests).toHaveLength(1); // request_max_retries=0
  });
});
