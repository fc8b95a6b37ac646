// @ts-check
// A stateless stand-in for the Anthropic Messages API, for figure 4 of the bench
// (bench/figures/04-claude.ts): every run of `claude -p` gets the same two turns, however many runs
// come one after another. A request whose last message carries a tool_result gets the final text;
// any other gets one Bash tool_use. Streams SSE as the real API does (the same events as
// test/fakes/anthropic.ts, in plain JS so the bench needs no TypeScript loader for it). Started as
// `node bench/fake-claude-api.mjs <log file>`; prints its base URL on the first line of stdout and
// appends one line per request to the log file ("tool_use", "text", "count_tokens" or "other
// <method> <path>"). Stops on SIGTERM.

import fs from "node:fs";
import { createServer } from "node:http";

/** @typedef {import("node:http").ServerResponse} ServerResponse */
/**
 * The fields of a Messages request this fake reads (the rest is ignored).
 * @typedef {{
 *   model?: string;
 *   stream?: boolean;
 *   messages?: Array<{ role?: string; content?: unknown }>;
 * }} MessagesRequest
 */

const LOG = process.argv[2];
const COMMAND = process.env.FAKE_BASH_COMMAND ?? "echo hi > out.txt";
const FINAL_TEXT = "Wrote out.txt.";
const USAGE = {
  input_tokens: 100,
  output_tokens: 20,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};
let ids = 0;

/** @param {string} line */
const note = (line) => LOG && fs.appendFileSync(LOG, `${line}\n`);

/** @param {MessagesRequest} body */
function hasToolResult(body) {
  const last = body.messages?.at(-1);
  return (
    last?.role === "user" &&
    Array.isArray(last.content) &&
    last.content.some((block) => block?.type === "tool_result")
  );
}

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * @param {ServerResponse} res
 * @param {MessagesRequest} body
 */
function answer(res, body) {
  const final = hasToolResult(body);
  note(final ? "text" : "tool_use");
  const toolUse = final
    ? undefined
    : { type: "tool_use", id: `toolu_bench_${++ids}`, name: "Bash", input: { command: COMMAND } };
  const block = toolUse ?? { type: "text", text: FINAL_TEXT };
  const stopReason = final ? "end_turn" : "tool_use";
  const message = {
    id: `msg_bench_${++ids}`,
    type: "message",
    role: "assistant",
    model: body.model ?? "claude-fake",
    content: [block],
    stop_reason: stopReason,
    stop_sequence: null,
    usage: USAGE,
  };
  if (body.stream !== true) return sendJson(res, 200, message);

  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  /**
   * @param {string} event
   * @param {unknown} data
   */
  const send = (event, data) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send("message_start", {
    type: "message_start",
    message: { ...message, content: [], stop_reason: null, usage: { ...USAGE, output_tokens: 1 } },
  });
  send("ping", { type: "ping" });
  if (!toolUse) {
    send("content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block: { type: "text", text: "" },
    });
    send("content_block_delta", {
      type: "content_block_delta",
      index: 0,
      delta: { type: "text_delta", text: FINAL_TEXT },
    });
  } else {
    send("content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block: { type: "tool_use", id: toolUse.id, name: "Bash", input: {} },
    });
    send("content_block_delta", {
      type: "content_block_delta",
      index: 0,
      delta: { type: "input_json_delta", partial_json: JSON.stringify(toolUse.input) },
    });
  }
  send("content_block_stop", { type: "content_block_stop", index: 0 });
  send("message_delta", {
    type: "message_delta",
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: USAGE.output_tokens },
  });
  send("message_stop", { type: "message_stop" });
  res.end();
}

const server = createServer((req, res) => {
  const pathname = (req.url ?? "/").split("?")[0];
  /** @type {Buffer[]} */
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    if (req.method === "POST" && pathname === "/v1/messages/count_tokens") {
      note("count_tokens");
      return sendJson(res, 200, { input_tokens: 100 });
    }
    if (req.method === "POST" && pathname === "/v1/messages") {
      /** @type {unknown} */
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = undefined;
      }
      // Valid JSON that is not an object (`null`, a number) would make answer() throw.
      if (typeof body !== "object" || body === null) {
        note("other bad-json");
        return sendJson(res, 400, { type: "error", error: { type: "invalid_request_error" } });
      }
      return answer(res, /** @type {MessagesRequest} */ (body));
    }
    note(`other ${req.method} ${pathname}`);
    if (req.method === "HEAD" || pathname === "/" || pathname === "/api/hello") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(req.method === "HEAD" ? undefined : "{}");
    }
    sendJson(res, 404, { type: "error", error: { type: "not_found_error", message: pathname } });
  });
});

server.listen(0, "127.0.0.1", () => {
  // Listening on a TCP port, so address() is an AddressInfo.
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  process.stdout.write(`http://127.0.0.1:${port}\n`);
});
process.on("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
