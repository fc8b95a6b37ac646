/**
 * A scripted fake of the OpenAI Responses API, for driving the real `codex` CLI in tests, and of
 * the Chat Completions API (what OpenAI-compatible providers speak: opencode, pi).
 *
 * `POST /v1/responses` answers the next turn of the script as SSE (`stream: true`, what codex
 * sends) or as one JSON response object otherwise. `POST /v1/chat/completions` answers the next
 * turn as `chat.completion.chunk` SSE (or one `chat.completion`), function calls as `tool_calls`.
 * When the script runs out, every further request gets the text "done". Every request is
 * recorded with its parsed body.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  deltas,
  listenOnLoopback,
  readBody,
  sendJson as sendJsonBase,
  sleep,
} from "./http-server.js";

export interface OpenAIUsage {
  input_tokens: number;
  cached_tokens: number;
  output_tokens: number;
  reasoning_tokens: number;
}

export type OpenAIItem =
  | { text: string }
  /** A function call, e.g. codex's shell tool: `{ name: "exec_command", arguments: { cmd } }`. */
  | {
      call: {
        name: string;
        arguments: string | Record<string, unknown>;
        /** The Responses namespace the function is in (codex offers MCP tools as `mcp__<server>`). */
        namespace?: string;
      };
    }
  /** A custom (freeform) tool call, e.g. codex's `apply_patch` with the patch as `input`. */
  | { custom: { name: string; input: string } };

interface TurnOptions {
  /** Token counts reported for this turn (defaults: 100 in, none cached, 20 out, none reasoning). */
  usage?: Partial<OpenAIUsage>;
  /** Wait this long before answering. */
  delayMs?: number;
}

export type OpenAITurn =
  | (OpenAIItem & TurnOptions)
  | ({ items: OpenAIItem[] } & TurnOptions)
  | {
      status: number;
      /** JSON body; default: the API's `{error:{message,type,code}}` for the status. */
      body?: unknown;
      headers?: Record<string, string>;
      delayMs?: number;
    };

/** The parts of a Responses request body that tests look at; everything else is kept too. */
export interface OpenAIRequestBody {
  model?: string;
  /** Chat Completions: the conversation. */
  messages?: Array<{ role?: string; content?: unknown; [key: string]: unknown }>;
  stream?: boolean;
  instructions?: string;
  input?: Array<{ type?: string; role?: string; [key: string]: unknown }>;
  tools?: Array<{ type: string; name?: string; [key: string]: unknown }>;
  [key: string]: unknown;
}

export interface RecordedOpenAIRequest {
  method: string;
  /** Path without the query, e.g. "/v1/responses". */
  path: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: OpenAIRequestBody;
  /** Index of the script turn it consumed; undefined once the script had run out. */
  turn: number | undefined;
}

export interface FakeOpenAI {
  /** Base URL without `/v1`, e.g. "http://127.0.0.1:40123". */
  url: string;
  requests: RecordedOpenAIRequest[];
  /** Every HTTP request seen (method and URL), including 404s. */
  log: string[];
  /** Scripted calls naming a tool that the request did not offer (the CLI will reject them). */
  warnings: string[];
  close(): Promise<void>;
}

const DEFAULT_USAGE: OpenAIUsage = {
  input_tokens: 100,
  cached_tokens: 0,
  output_tokens: 20,
  reasoning_tokens: 0,
};

const ERROR_TYPES: Record<number, [type: string, code: string | null, message: string]> = {
  400: ["invalid_request_error", null, "Bad request"],
  401: ["invalid_request_error", "invalid_api_key", "Incorrect API key provided."],
  404: ["invalid_request_error", "model_not_found", "The model does not exist."],
  429: ["rate_limit_exceeded", "rate_limit_exceeded", "Rate limit reached."],
  500: ["server_error", null, "The server had an error while processing your request."],
  503: ["server_error", null, "The server is overloaded."],
};

/** The body the real API sends with a given error status. */
export function openaiErrorBody(status: number, message?: string): unknown {
  const [type, code, text] = ERROR_TYPES[status] ?? ["server_error", null, `fake error ${status}`];
  return { error: { message: message ?? text, type, param: null, code } };
}

interface ToolSpec {
  type: string;
  name?: string;
  description?: string;
  tools?: ToolSpec[];
}

/**
 * Tool names a request offers. Codex 0.171 sends no top-level `tools` to a custom provider: its
 * tools come as an `additional_tools` input item holding namespaces, and most of them (exec_command,
 * apply_patch, …) only as "nested tools" of the JavaScript `exec` tool, declared in its description
 * as `declare const tools: { exec_command(…`. A direct function call to a nested name still works.
 * Returned: every tool and namespace member by name (built-ins like web_search by type; a member
 * also as `<namespace>.<name>`), then the nested names.
 */
export function offeredToolNames(body: OpenAIRequestBody): string[] {
  const names = new Set<string>();
  const walk = (tools: ToolSpec[] | undefined) => {
    for (const tool of tools ?? []) {
      if (tool.type === "namespace") {
        walk(tool.tools);
        // Also qualified, for a call that names its namespace (codex's `mcp__<server>`).
        for (const member of tool.tools ?? [])
          names.add(`${tool.name}.${member.name ?? member.type}`);
      } else names.add(tool.name ?? tool.type);
      for (const m of (tool.description ?? "").matchAll(/declare const tools: \{ (\w+)\(/g)) {
        names.add(m[1]!);
      }
    }
  };
  walk(body.tools as ToolSpec[] | undefined);
  // Chat Completions: `tools: [{ type: "function", function: { name } }]`.
  for (const tool of (body.tools ?? []) as Array<{ function?: { name?: string } }>) {
    if (tool.function?.name) names.add(tool.function.name);
  }
  for (const item of body.input ?? []) {
    if (item.type === "additional_tools") walk(item.tools as ToolSpec[] | undefined);
  }
  return [...names];
}

const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => sendJsonBase(res, status, body, { "x-request-id": `req_fake_${Date.now()}`, ...headers });

export interface FakeOpenAIOptions {
  /**
   * Answers each request from its own body instead of the script (which then only counts): for
   * runs made concurrently, whose turns a shared script would interleave.
   */
  respond?: (body: OpenAIRequestBody) => OpenAITurn;
}

export async function startFakeOpenAI(
  script: OpenAITurn[] = [],
  options: FakeOpenAIOptions = {},
): Promise<FakeOpenAI> {
  const requests: RecordedOpenAIRequest[] = [];
  const log: string[] = [];
  const warnings: string[] = [];
  let next = 0;
  let ids = 0;
  const id = (prefix: string) => `${prefix}_fake_${String(++ids).padStart(4, "0")}`;

  /**
   * The request's body and the script's next turn for it, recorded; undefined when it is answered
   * already (a body that is not JSON, a scripted error status).
   */
  async function takeTurn(req: IncomingMessage, res: ServerResponse, path: string) {
    const raw = await readBody(req);
    let body: OpenAIRequestBody;
    try {
      body = JSON.parse(raw) as OpenAIRequestBody;
    } catch {
      sendJson(res, 400, openaiErrorBody(400, "body is not JSON"));
      return undefined;
    }
    const index = next < script.length ? next++ : undefined;
    requests.push({
      method: req.method ?? "POST",
      path,
      url: req.url ?? path,
      headers: req.headers,
      body,
      turn: index,
    });
    const turn: OpenAITurn = options.respond
      ? options.respond(body)
      : index === undefined
        ? { text: "done" }
        : script[index]!;
    if (turn.delayMs) await sleep(turn.delayMs);
    if ("status" in turn) {
      sendJson(res, turn.status, turn.body ?? openaiErrorBody(turn.status), turn.headers);
      return undefined;
    }
    return { body, index, turn };
  }

  async function handleResponses(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ): Promise<void> {
    const taken = await takeTurn(req, res, path);
    if (!taken) return;
    const { body, index, turn } = taken;
    const offered = offeredToolNames(body);
    const items = ("items" in turn ? turn.items : [turn]).map((item) => {
      if ("text" in item) {
        return {
          type: "message",
          id: id("msg"),
          status: "completed",
          role: "assistant",
          content: [{ type: "output_text", text: item.text, annotations: [] }],
        };
      }
      const name = "call" in item ? item.call.name : item.custom.name;
      const namespace = "call" in item ? item.call.namespace : undefined;
      if (!offered.includes(namespace ? `${namespace}.${name}` : name)) {
        warnings.push(`turn ${index}: tool "${name}" not offered (offered: ${offered.join(", ")})`);
      }
      if ("call" in item) {
        const args = item.call.arguments;
        return {
          type: "function_call",
          id: id("fc"),
          status: "completed",
          call_id: id("call"),
          name,
          // Left out of the JSON when undefined.
          namespace: item.call.namespace,
          arguments: typeof args === "string" ? args : JSON.stringify(args),
        };
      }
      return {
        type: "custom_tool_call",
        id: id("ctc"),
        status: "completed",
        call_id: id("call"),
        name,
        input: item.custom.input,
      };
    });
    const u: OpenAIUsage = { ...DEFAULT_USAGE, ...turn.usage };
    const usage = {
      input_tokens: u.input_tokens,
      input_tokens_details: { cached_tokens: u.cached_tokens },
      output_tokens: u.output_tokens,
      output_tokens_details: { reasoning_tokens: u.reasoning_tokens },
      total_tokens: u.input_tokens + u.output_tokens,
    };
    const response = {
      id: id("resp"),
      object: "response",
      created_at: Math.floor(Date.now() / 1000),
      status: "completed",
      model: body.model ?? "gpt-fake",
      output: items,
      usage,
    };

    if (body.stream !== true) {
      sendJson(res, 200, response);
      return;
    }

    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "x-request-id": `req_fake_${Date.now()}`,
    });
    let sequence = 0;
    const send = (data: { type: string; [key: string]: unknown }) =>
      res.write(
        `event: ${data.type}\ndata: ${JSON.stringify({ ...data, sequence_number: sequence++ })}\n\n`,
      );

    send({
      type: "response.created",
      response: { ...response, status: "in_progress", output: [], usage: null },
    });
    send({
      type: "response.in_progress",
      response: { ...response, status: "in_progress", output: [], usage: null },
    });
    items.forEach((item, outputIndex) => {
      if (item.type === "message") {
        const text = (item.content as Array<{ text: string }>)[0]!.text;
        send({
          type: "response.output_item.added",
          output_index: outputIndex,
          item: { ...item, status: "in_progress", content: [] },
        });
        send({
          type: "response.content_part.added",
          item_id: item.id,
          output_index: outputIndex,
          content_index: 0,
          part: { type: "output_text", text: "", annotations: [] },
        });
        for (const delta of deltas(text)) {
          send({
            type: "response.output_text.delta",
            item_id: item.id,
            output_index: outputIndex,
            content_index: 0,
            delta,
          });
        }
        send({
          type: "response.output_text.done",
          item_id: item.id,
          output_index: outputIndex,
          content_index: 0,
          text,
        });
        send({
          type: "response.content_part.done",
          item_id: item.id,
          output_index: outputIndex,
          content_index: 0,
          part: { type: "output_text", text, annotations: [] },
        });
      } else if (item.type === "function_call") {
        send({
          type: "response.output_item.added",
          output_index: outputIndex,
          item: { ...item, status: "in_progress", arguments: "" },
        });
        for (const delta of deltas(item.arguments as string)) {
          send({
            type: "response.function_call_arguments.delta",
            item_id: item.id,
            output_index: outputIndex,
            delta,
          });
        }
        send({
          type: "response.function_call_arguments.done",
          item_id: item.id,
          output_index: outputIndex,
          arguments: item.arguments,
        });
      } else {
        send({
          type: "response.output_item.added",
          output_index: outputIndex,
          item: { ...item, status: "in_progress", input: "" },
        });
        send({
          type: "response.custom_tool_call_input.delta",
          item_id: item.id,
          output_index: outputIndex,
          delta: item.input,
        });
        send({
          type: "response.custom_tool_call_input.done",
          item_id: item.id,
          output_index: outputIndex,
          input: item.input,
        });
      }
      send({ type: "response.output_item.done", output_index: outputIndex, item });
    });
    send({ type: "response.completed", response });
    res.end();
  }

  /** Chat Completions: the same script, answered as `chat.completion.chunk` events. */
  async function handleChat(req: IncomingMessage, res: ServerResponse, path: string) {
    const taken = await takeTurn(req, res, path);
    if (!taken) return;
    const { body, index, turn } = taken;
    const offered = offeredToolNames(body);
    const items = "items" in turn ? turn.items : [turn];
    const text = items.flatMap((item) => ("text" in item ? [item.text] : [])).join("");
    const toolCalls = items.flatMap((item) => {
      if (!("call" in item)) return [];
      if (!offered.includes(item.call.name)) {
        warnings.push(
          `turn ${index}: tool "${item.call.name}" not offered (offered: ${offered.join(", ")})`,
        );
      }
      const args = item.call.arguments;
      return [
        {
          id: id("call"),
          type: "function",
          function: {
            name: item.call.name,
            arguments: typeof args === "string" ? args : JSON.stringify(args),
          },
        },
      ];
    });
    const u: OpenAIUsage = { ...DEFAULT_USAGE, ...turn.usage };
    const usage = {
      prompt_tokens: u.input_tokens,
      completion_tokens: u.output_tokens,
      total_tokens: u.input_tokens + u.output_tokens,
      prompt_tokens_details: { cached_tokens: u.cached_tokens },
      completion_tokens_details: { reasoning_tokens: u.reasoning_tokens },
    };
    const finish = toolCalls.length ? "tool_calls" : "stop";
    const base = {
      id: id("chatcmpl"),
      created: Math.floor(Date.now() / 1000),
      model: body.model ?? "gpt-fake",
    };
    if (body.stream !== true) {
      sendJson(res, 200, {
        ...base,
        object: "chat.completion",
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: text || null,
              ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
            },
            finish_reason: finish,
          },
        ],
        usage,
      });
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const send = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      res.write(
        `data: ${JSON.stringify({ ...base, object: "chat.completion.chunk", choices, ...extra })}\n\n`,
      );
    send([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]);
    for (const delta of text ? deltas(text) : []) {
      send([{ index: 0, delta: { content: delta }, finish_reason: null }]);
    }
    toolCalls.forEach((call, i) => {
      send([
        {
          index: 0,
          delta: {
            tool_calls: [
              {
                index: i,
                id: call.id,
                type: "function",
                function: { name: call.function.name, arguments: "" },
              },
            ],
          },
          finish_reason: null,
        },
      ]);
      for (const delta of deltas(call.function.arguments)) {
        send([
          {
            index: 0,
            delta: { tool_calls: [{ index: i, function: { arguments: delta } }] },
            finish_reason: null,
          },
        ]);
      }
    });
    send([{ index: 0, delta: {}, finish_reason: finish }]);
    // Usage comes last with empty choices, as the API sends it for `stream_options.include_usage`
    // (sent always: clients that did not ask ignore it).
    send([], { usage });
    res.write("data: [DONE]\n\n");
    res.end();
  }

  const server = await listenOnLoopback((req, res) => {
    const url = req.url ?? "/";
    const path = url.split("?")[0] ?? "/";
    log.push(`${req.method ?? "?"} ${url}`);
    if (req.method === "POST" && (path === "/v1/responses" || path === "/responses")) {
      handleResponses(req, res, path).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, openaiErrorBody(500, String(error)));
        else res.end();
      });
      return;
    }
    if (
      req.method === "POST" &&
      (path === "/v1/chat/completions" || path === "/chat/completions")
    ) {
      handleChat(req, res, path).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, openaiErrorBody(500, String(error)));
        else res.end();
      });
      return;
    }
    req.resume();
    if (req.method === "GET" && (path === "/v1/models" || path === "/models")) {
      sendJson(res, 200, { object: "list", data: [] });
      return;
    }
    if (req.method === "HEAD") {
      res.writeHead(404);
      res.end();
      return;
    }
    sendJson(res, 404, openaiErrorBody(404, `fake: no route for ${req.method} ${path}`));
  });

  return { url: server.url, requests, log, warnings, close: server.close };
}
