/**
 * A scripted fake of the Anthropic Messages API, for driving the real `claude` CLI in tests.
 *
 * `POST /v1/messages` (any query, e.g. `?beta=true`) answers the next turn of the script, as SSE
 * when the request says `stream: true` and as one JSON message otherwise. When the script runs
 * out, every further request gets the text "done". Every request is recorded with its parsed body.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  deltas,
  listenOnLoopback,
  readBody,
  sendJson as sendJsonBase,
  sleep,
} from "./http-server.js";

export interface AnthropicUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export type AnthropicBlock = { text: string } | { toolUse: { name: string; input: unknown } };

interface TurnOptions {
  /** Token counts reported for this turn (defaults: 100 in, 20 out, no cache). */
  usage?: Partial<AnthropicUsage>;
  /** Wait this long before answering. */
  delayMs?: number;
}

export type AnthropicTurn =
  | (AnthropicBlock & TurnOptions)
  | ({ blocks: AnthropicBlock[] } & TurnOptions)
  | {
      status: number;
      /** JSON body; default: the API's `{type:"error",error:{type,message}}` for the status. */
      body?: unknown;
      headers?: Record<string, string>;
      delayMs?: number;
    };

/** The parts of a Messages request body that tests look at; everything else is kept too. */
export interface AnthropicRequestBody {
  model?: string;
  stream?: boolean;
  max_tokens?: number;
  system?: string | Array<{ type: string; text?: string }>;
  messages?: Array<{
    role: string;
    content: string | Array<{ type: string; [key: string]: unknown }>;
  }>;
  tools?: Array<{ name: string; [key: string]: unknown }>;
  [key: string]: unknown;
}

export interface RecordedAnthropicRequest {
  method: string;
  /** Path without the query, e.g. "/v1/messages". */
  path: string;
  /** Path and query as sent, e.g. "/v1/messages?beta=true". */
  url: string;
  headers: IncomingMessage["headers"];
  body: AnthropicRequestBody;
  /** Index of the script turn it consumed; undefined once the script had run out. */
  turn: number | undefined;
}

/** A Messages request's arrival at a rate-limited fake, and what it was answered. */
export interface RateLimitArrival {
  /** Date.now() when it arrived. */
  at: number;
  status: number;
  /** It arrived while a 429 it sent earlier asked for a pause: when that 429 was sent. */
  duringPauseOf?: number;
}

export interface FakeAnthropic {
  /** Base URL, e.g. "http://127.0.0.1:40123" (what ANTHROPIC_BASE_URL takes). */
  url: string;
  /** With `rateLimit`: every Messages request's arrival, in order. */
  arrivals: RateLimitArrival[];
  /** Every `POST /v1/messages` request, in arrival order. */
  requests: RecordedAnthropicRequest[];
  /** Every HTTP request seen (method and URL), including probes and 404s. */
  log: string[];
  close(): Promise<void>;
}

const DEFAULT_USAGE: AnthropicUsage = {
  input_tokens: 100,
  output_tokens: 20,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

const ERROR_MESSAGES: Record<number, string> = {
  401: "invalid x-api-key",
  429: "Number of requests has exceeded your rate limit",
  500: "Internal server error",
  529: "Overloaded",
};

/** The body the real API sends with a given error status. */
export function anthropicErrorBody(status: number, message?: string): unknown {
  return {
    type: "error",
    error: {
      type: ERROR_TYPES[status] ?? "api_error",
      message: message ?? ERROR_MESSAGES[status] ?? `fake error ${status}`,
    },
  };
}

type ContentBlock =
  { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: unknown };

const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => sendJsonBase(res, status, body, { "request-id": `req_fake_${Date.now()}`, ...headers });

export interface FakeAnthropicOptions {
  /**
   * Answers every request once the script has run out (instead of "done"), from what the request
   * says: lets concurrent CLI runs get answers that depend on their own conversation.
   */
  respond?: (body: AnthropicRequestBody) => AnthropicTurn;
  /**
   * At most `perSecond` Messages requests (count_tokens included) served in any second; one more
   * is answered 429 with `retry-after: 1`, and so is every one that arrives in the second it asked
   * to wait. Each arrival is logged in `arrivals`.
   */
  rateLimit?: { perSecond: number };
}

/** The text of a request's messages (and system prompt), for responders to look at. */
export function requestText(body: AnthropicRequestBody): string {
  return JSON.stringify([body.system ?? "", body.messages ?? []]);
}

export async function startFakeAnthropic(
  script: AnthropicTurn[] = [],
  options: FakeAnthropicOptions = {},
): Promise<FakeAnthropic> {
  const requests: RecordedAnthropicRequest[] = [];
  const log: string[] = [];
  const arrivals: RateLimitArrival[] = [];
  const served: number[] = [];
  let pause: { from: number; until: number } | undefined;

  /** True when the request was answered 429 by the rate limit. */
  function rateLimited(res: ServerResponse): boolean {
    const limit = options.rateLimit;
    if (!limit) return false;
    const now = Date.now();
    while (served.length > 0 && served[0]! <= now - 1000) served.shift();
    const during = pause && now < pause.until ? pause : undefined;
    if (!during && served.length < limit.perSecond) {
      served.push(now);
      arrivals.push({ at: now, status: 200 });
      return false;
    }
    if (!during) pause = { from: now, until: now + 1000 };
    arrivals.push({ at: now, status: 429, ...(during ? { duringPauseOf: during.from } : {}) });
    sendJson(res, 429, anthropicErrorBody(429), { "retry-after": "1" });
    return true;
  }
  let next = 0;
  let ids = 0;

  async function handleMessages(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ): Promise<void> {
    const raw = await readBody(req);
    let body: AnthropicRequestBody;
    try {
      body = JSON.parse(raw) as AnthropicRequestBody;
    } catch {
      sendJson(res, 400, anthropicErrorBody(400, "body is not JSON"));
      return;
    }
    if (rateLimited(res)) return;

    // Token counting is a side call: answer it without using up a turn.
    if (path.endsWith("/count_tokens")) {
      sendJson(res, 200, { input_tokens: Math.max(1, Math.ceil(raw.length / 4)) });
      return;
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
    const turn: AnthropicTurn =
      index !== undefined ? script[index]! : (options.respond?.(body) ?? { text: "done" });
    if (turn.delayMs) await sleep(turn.delayMs);

    if ("status" in turn) {
      sendJson(res, turn.status, turn.body ?? anthropicErrorBody(turn.status), turn.headers);
      return;
    }

    const blocks: AnthropicBlock[] = "blocks" in turn ? turn.blocks : [turn];
    const content: ContentBlock[] = blocks.map((block) =>
      "text" in block
        ? { type: "text", text: block.text }
        : {
            type: "tool_use",
            id: `toolu_fake_${String(++ids).padStart(4, "0")}`,
            name: block.toolUse.name,
            input: block.toolUse.input ?? {},
          },
    );
    const usage: AnthropicUsage = { ...DEFAULT_USAGE, ...turn.usage };
    const stopReason = content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn";
    const message = {
      id: `msg_fake_${String(++ids).padStart(4, "0")}`,
      type: "message",
      role: "assistant",
      model: body.model ?? "claude-fake",
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage,
    };

    if (body.stream !== true) {
      sendJson(res, 200, message);
      return;
    }

    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "request-id": `req_fake_${Date.now()}`,
    });
    const send = (event: string, data: unknown) =>
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

    send("message_start", {
      type: "message_start",
      message: {
        ...message,
        content: [],
        stop_reason: null,
        usage: { ...usage, output_tokens: 1 },
      },
    });
    send("ping", { type: "ping" });
    content.forEach((block, i) => {
      if (block.type === "text") {
        send("content_block_start", {
          type: "content_block_start",
          index: i,
          content_block: { type: "text", text: "" },
        });
        for (const piece of deltas(block.text)) {
          send("content_block_delta", {
            type: "content_block_delta",
            index: i,
            delta: { type: "text_delta", text: piece },
          });
        }
      } else {
        send("content_block_start", {
          type: "content_block_start",
          index: i,
          content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
        });
        for (const piece of deltas(JSON.stringify(block.input))) {
          send("content_block_delta", {
            type: "content_block_delta",
            index: i,
            delta: { type: "input_json_delta", partial_json: piece },
          });
        }
      }
      send("content_block_stop", { type: "content_block_stop", index: i });
    });
    send("message_delta", {
      type: "message_delta",
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    });
    send("message_stop", { type: "message_stop" });
    res.end();
  }

  const server = await listenOnLoopback((req, res) => {
    const url = req.url ?? "/";
    const path = url.split("?")[0] ?? "/";
    log.push(`${req.method ?? "?"} ${url}`);
    if (req.method === "POST" && /^\/v1\/messages(\/count_tokens)?$/.test(path)) {
      handleMessages(req, res, path).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, anthropicErrorBody(500, String(error)));
        else res.end();
      });
      return;
    }
    // Connectivity probes (`HEAD /api/hello`) and anything else harmless: answer and move on.
    req.resume();
    if (path === "/api/hello" || path === "/") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(req.method === "HEAD" ? undefined : "{}");
      return;
    }
    if (req.method === "HEAD") {
      res.writeHead(404);
      res.end();
      return;
    }
    sendJson(res, 404, anthropicErrorBody(404, `fake: no route for ${req.method} ${path}`));
  });

  return { url: server.url, requests, log, arrivals, close: server.close };
}
