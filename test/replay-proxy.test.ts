// The model proxy against a fake upstream on 127.0.0.1: record a trial's traffic (an Anthropic-
// style SSE stream, an OpenAI Responses event stream, a JSON answer, a 5xx), stop the upstream,
// replay it, and compare what a real HTTP client sees, byte for byte and chunk for chunk.

import http from "node:http";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback, readBody, sleep, type LoopbackServer } from "./fakes/http-server.js";
import {
  readCassette,
  startModelProxy,
  writeCassette,
  type Cassette,
  type ProxyOutcome,
} from "../src/run/replay/index.js";

const SECRET = "eval-secret-Qx7vR2pL9m";
const API_KEY = "sk-ant-KEY-987654321abc";
const BEARER = "tok-AUTH-abcdef123456";
const GOOGLE_KEY = "GOOG-KEY-5555566666";
const GAP_MS = 25;

/** What the fake upstream saw. */
interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let upstream: LoopbackServer;
const seen: Seen[] = [];
let answers = 0;

/** The SSE events the fake sends for a Messages request, one write each (the Nth answer says N). */
function messageEvents(n: number): string[] {
  const event = (name: string, data: unknown) =>
    `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
  return [
    event("message_start", { type: "message_start", message: { id: `msg_${n}`, content: [] } }),
    event("content_block_delta", {
      type: "content_block_delta",
      delta: { text: `answer #${n}, ` },
    }),
    event("content_block_delta", {
      type: "content_block_delta",
      delta: { text: `the secret is ${SECRET}` },
    }),
    event("content_block_delta", { type: "content_block_delta", delta: { text: " — ünïcödé" } }),
    event("message_stop", { type: "message_stop" }),
  ];
}

/** A Responses API event stream: typed events with sequence numbers. */
function responsesEvents(): string[] {
  const types = [
    ["response.created", { response: { id: "resp_1", status: "in_progress" } }],
    ["response.output_text.delta", { delta: "Hello" }],
    ["response.output_text.delta", { delta: ", world" }],
    ["response.completed", { response: { id: "resp_1", status: "completed" } }],
  ] as const;
  return types.map(
    ([type, data], i) =>
      `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: i, ...data })}\n\n`,
  );
}

async function stream(res: http.ServerResponse, pieces: string[]): Promise<void> {
  res.writeHead(200, { "content-type": "text/event-stream", "request-id": "req_fake_1" });
  res.flushHeaders();
  for (const piece of pieces) {
    await sleep(GAP_MS);
    res.write(piece);
  }
  res.end();
}

beforeAll(async () => {
  upstream = await listenOnLoopback((req, res) => {
    void (async () => {
      const body = await readBody(req);
      seen.push({ url: req.url ?? "", headers: req.headers, body });
      const url = req.url ?? "";
      if (url.startsWith("/v1/messages")) return stream(res, messageEvents(++answers));
      if (url.startsWith("/v1/responses")) return stream(res, responsesEvents());
      if (url.startsWith("/v1beta/models/")) {
        res.writeHead(200, { "content-type": "application/json", "set-cookie": "session=abc" });
        res.end(JSON.stringify({ candidates: [{ content: { parts: [{ text: "hi" }] } }] }));
        return;
      }
      res.writeHead(503, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "overloaded" } }));
    })();
  });
});

afterAll(async () => {
  await upstream?.close().catch(() => undefined); // closed already by the record step
});

/** A Messages request as an agent would send it; `prompt`, `workspace` and the ids vary. */
function messagesBody(prompt: string, workspace: string, sessionUuid: string): string {
  return JSON.stringify({
    model: "claude-fake",
    stream: true,
    metadata: { user_id: `user_abc_account__session_${sessionUuid}` },
    system: [
      {
        type: "text",
        text: `Today's date: 2026-12-06\nWorking directory: ${workspace}`,
        cache_control: { type: "ephemeral" },
      },
    ],
    messages: [{ role: "user", content: `${prompt} (the key is ${SECRET})` }],
  });
}

const AGENT_HEADERS = {
  "content-type": "application/json",
  "x-api-key": API_KEY,
  authorization: `Bearer ${BEARER}`,
  "anthropic-version": "2023-06-01",
};

/**
 * POSTs with fetch and reads the body chunk by chunk, as a CLI's SSE reader does. What chunks such a
 * reader sees depends on timing (undici joins chunks that arrive while the reader is busy), so the
 * tests compare its bytes, and compare chunk boundaries with httpChunks.
 */
async function fetchChunks(url: string, body: string, headers = AGENT_HEADERS) {
  const response = await fetch(url, { method: "POST", headers, body });
  const chunks: string[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(decoder.decode(value, { stream: true }));
  }
  return { status: response.status, chunks, text: chunks.join("") };
}

/** POSTs with node:http: one 'data' event per HTTP chunk the server wrote, whatever the timing. */
function httpChunks(
  url: string,
  body: string,
  headers: Record<string, string> = AGENT_HEADERS,
): Promise<{ status: number; chunks: string[] }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          chunks: chunks.map((c) => c.toString("utf8")),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

const redacted = (chunks: string[]) => chunks.map((c) => c.split(SECRET).join("***"));

describe("the model proxy: record, then replay with the upstream gone", () => {
  const WS_RECORD = "/tmp/ae-record-81f2/ws";
  const WS_REPLAY = "/tmp/ae-replay-09cd/ws";
  const UUID_RECORD = "3f2b8c1e-1111-4a2b-9c3d-aaaaaaaaaaaa";
  const UUID_REPLAY = "77777777-2222-4b3c-8d4e-bbbbbbbbbbbb";
  let dir: string;
  let file: string;
  let recorded: ProxyOutcome;
  let responsesRecorded: ProxyOutcome;
  /** What the clients saw while recording: node:http's chunks of answer #1, fetch's text of #2. */
  const live: { chunks: string[]; text: string }[] = [];
  let liveResponses: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "replay-proxy-"));
    file = path.join(dir, "trial-1", "cassette.json");

    const proxy = await startModelProxy({
      mode: "record",
      upstream: upstream.url,
      secrets: [SECRET],
      volatile: { [WS_RECORD]: "<workspace>" },
    });
    // Two identical requests (answers #1 and #2), a Gemini-style GET with ?key=, a 5xx.
    const body = messagesBody("Fix the bug", WS_RECORD, UUID_RECORD);
    const viaHttp = await httpChunks(`${proxy.url}/v1/messages?beta=true`, body);
    live.push({ chunks: viaHttp.chunks, text: viaHttp.chunks.join("") });
    live.push(await fetchChunks(`${proxy.url}/v1/messages?beta=true`, body));
    const gemini = await fetch(
      `${proxy.url}/v1beta/models/gemini-fake:generateContent?key=${GOOGLE_KEY}&alt=json`,
    );
    expect(gemini.status).toBe(200);
    await gemini.text();
    const failing = await fetch(`${proxy.url}/v1/fail`, { method: "POST", body: "{}" });
    expect(failing.status).toBe(503);
    await failing.text();
    recorded = await proxy.close();
    await writeCassette(file, recorded.cassette);

    // A Responses API upstream under a path prefix: the proxy keeps the prefix.
    const responsesProxy = await startModelProxy({
      mode: "record",
      upstream: `${upstream.url}/v1/`,
    });
    expect(responsesProxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const input = JSON.stringify({
      model: "gpt-fake",
      stream: true,
      input: "hi",
      prompt_cache_key: UUID_RECORD,
    });
    liveResponses = (await httpChunks(`${responsesProxy.url}/responses`, input)).chunks;
    responsesRecorded = await responsesProxy.close();

    await upstream.close();
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("passes each request on with its credentials and streams the answer back chunk by chunk", () => {
    const messages = seen.filter((s) => s.url.startsWith("/v1/messages"));
    expect(messages).toHaveLength(2);
    expect(messages[0]!.headers["x-api-key"]).toBe(API_KEY);
    expect(messages[0]!.headers.authorization).toBe(`Bearer ${BEARER}`);
    expect(messages[0]!.headers["accept-encoding"]).toBe("identity");
    expect(seen.find((s) => s.url.startsWith("/v1beta/"))!.url).toContain(`key=${GOOGLE_KEY}`);
    // The client saw each event as its own chunk, as the upstream wrote it, secret and all.
    expect(live[0]!.chunks).toEqual(messageEvents(1));
    expect(live[1]!.text).toEqual(messageEvents(2).join(""));
    expect(liveResponses).toEqual(responsesEvents());
  });

  it("records each exchange in order, with chunk boundaries and timing, and notes a 5xx", () => {
    const { exchanges } = recorded.cassette;
    expect(
      exchanges.map((e) => [e.turn, e.request.method, e.request.path, e.response.status]),
    ).toEqual([
      [1, "POST", "/v1/messages?beta=true", 200],
      [2, "POST", "/v1/messages?beta=true", 200],
      [3, "GET", "/v1beta/models/gemini-fake:generateContent?alt=json", 200],
      [4, "POST", "/v1/fail", 503],
    ]);
    expect(exchanges[0]!.response.chunks.map((c) => c.data)).toEqual(redacted(messageEvents(1)));
    // The upstream waited GAP_MS before each chunk: the gaps add up to at least that.
    const gaps = exchanges[0]!.response.chunks.map((c) => c.afterMs);
    expect(gaps.reduce((sum, gap) => sum + gap, 0)).toBeGreaterThanOrEqual(5 * GAP_MS - 5);
    expect(exchanges[0]!.response.headers).toEqual({
      "content-type": "text/event-stream",
      "request-id": "req_fake_1",
    });
    expect(exchanges[0]!.request.headers).toMatchObject({ "anthropic-version": "2023-06-01" });
    expect(exchanges[0]!.request.body).toContain("Working directory: <workspace>");
    expect(recorded.upstreamErrors).toEqual([
      expect.stringMatching(/^turn 4: POST \/v1\/fail: upstream answered 503/),
    ]);
    expect(responsesRecorded.cassette.exchanges[0]!.request.path).toBe("/v1/responses");
    expect(responsesRecorded.cassette.upstream).toBe(`${upstream.url}/v1`);
  });

  it("never writes a credential or a secret to the cassette file", async () => {
    const text = await readFile(file, "utf8");
    for (const value of [SECRET, API_KEY, BEARER, GOOGLE_KEY, "session=abc"])
      expect(text).not.toContain(value);
    expect(text).not.toMatch(/authorization|x-api-key|set-cookie/i);
    expect(text).toContain("the secret is ***");
    expect(text).toContain("(the key is ***)");
    const back = await readCassette(file);
    expect(back).toEqual(recorded.cassette);
  });

  async function replayProxy(cassette: Cassette, pace = false) {
    return startModelProxy({
      mode: "replay",
      upstream: upstream.url,
      recorded: cassette,
      secrets: [SECRET],
      volatile: { [WS_REPLAY]: "<workspace>" },
      pace,
    });
  }

  it("replays the same bytes with the same chunk boundaries, identical requests in order", async () => {
    const cassette = await readCassette(file);
    const proxy = await replayProxy(cassette, true);
    // Another workspace path, another session id: the same requests under the matching rule.
    const body = messagesBody("Fix the bug", WS_REPLAY, UUID_REPLAY);
    const first = await httpChunks(`${proxy.url}/v1/messages?beta=true`, body);
    const second = await fetchChunks(`${proxy.url}/v1/messages?beta=true`, body);
    const outcome = await proxy.close();
    expect(outcome.misses).toEqual([]);
    expect(first.chunks).toEqual(redacted(live[0]!.chunks));
    expect(second.text).toEqual(redacted([live[1]!.text])[0]);
    expect(first.chunks.join("")).toContain("answer #1");
    expect(second.text).toContain("answer #2");
    expect(outcome.cassette.exchanges.map((e) => e.turn)).toEqual([1, 2]);
  });

  it("without pacing, still one HTTP chunk per recorded chunk, and no waiting", async () => {
    const cassette = await readCassette(file);
    // Recorded gaps of 10 s each: a replay that waited them would take a minute.
    for (const exchange of cassette.exchanges)
      for (const chunk of exchange.response.chunks) chunk.afterMs = 10_000;
    const proxy = await replayProxy(cassette);
    const body = messagesBody("Fix the bug", WS_REPLAY, UUID_REPLAY);
    const started = performance.now();
    const first = await httpChunks(`${proxy.url}/v1/messages?beta=true`, body);
    const elapsed = performance.now() - started;
    const second = await fetchChunks(`${proxy.url}/v1/messages?beta=true`, body);
    await proxy.close();
    expect(first.chunks).toEqual(redacted(messageEvents(1)));
    expect(second.text).toBe(redacted(messageEvents(2)).join(""));
    expect(elapsed).toBeLessThan(5_000);
  });

  it("replays a Responses API event stream under a path prefix", async () => {
    const proxy = await startModelProxy({
      mode: "replay",
      upstream: `${upstream.url}/v1`,
      recorded: responsesRecorded.cassette,
      pace: true,
    });
    const input = JSON.stringify({
      model: "gpt-fake",
      stream: true,
      input: "hi",
      prompt_cache_key: UUID_REPLAY,
    });
    const replayed = await httpChunks(`${proxy.url}/responses`, input);
    const viaFetch = await fetchChunks(`${proxy.url}/responses`, input);
    const outcome = await proxy.close();
    // The second request has no recorded answer left: a miss.
    expect(outcome.misses.map((m) => m.turn)).toEqual([2]);
    expect(viaFetch.status).toBe(400);
    expect(replayed.chunks).toEqual(liveResponses);
  });

  it("answers a changed request with a 400 replay miss naming the turn, with a diff", async () => {
    const cassette = await readCassette(file);
    const proxy = await replayProxy(cassette);
    const same = messagesBody("Fix the bug", WS_REPLAY, UUID_REPLAY);
    const changed = messagesBody("Fix the other bug", WS_REPLAY, UUID_REPLAY);
    const ok = await fetchChunks(`${proxy.url}/v1/messages?beta=true`, same);
    const miss = await fetch(`${proxy.url}/v1/messages?beta=true`, {
      method: "POST",
      headers: AGENT_HEADERS,
      body: changed,
    });
    const missText = await miss.text();
    const outcome = await proxy.close();
    expect(ok.status).toBe(200);
    expect(miss.status).toBe(400);
    expect(JSON.parse(missText)).toEqual({
      type: "error",
      error: {
        type: "invalid_request_error",
        message: expect.stringMatching(/^agent-evals replay miss: turn 2 /),
      },
    });
    expect(outcome.misses).toHaveLength(1);
    const [only] = outcome.misses;
    expect(only!.turn).toBe(2);
    expect(only!.nearest?.turn).toBe(2);
    expect(only!.message).toMatch(
      /^agent-evals replay miss: turn 2 \(POST \/v1\/messages\?beta=true\)/,
    );
    expect(only!.diff).toContain('-      "content": "Fix the bug (the key is ***)",');
    expect(only!.diff).toContain('+      "content": "Fix the other bug (the key is ***)",');
    expect(only!.message).toContain(only!.diff);
    // Nothing of the miss reached the (closed) upstream, and nothing secret is in the outcome.
    expect(JSON.stringify(outcome)).not.toContain(SECRET);
    expect(JSON.stringify(outcome)).not.toContain(API_KEY);
  });

  it("notes an unreachable upstream in record mode and answers 502", async () => {
    const proxy = await startModelProxy({ mode: "record", upstream: upstream.url });
    const response = await fetch(`${proxy.url}/v1/messages`, { method: "POST", body: "{}" });
    expect(response.status).toBe(502);
    await response.text();
    const outcome = await proxy.close();
    expect(outcome.upstreamErrors).toEqual([
      expect.stringMatching(/^turn 1: POST \/v1\/messages: upstream unreachable: .*ECONNREFUSED/),
    ]);
  });
});

describe("the model proxy: a stream the upstream cuts", () => {
  it("is recorded as cut, noted, and cut again on replay at the same point", async () => {
    const cutting = await listenOnLoopback((req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: first\n\n");
      setTimeout(() => res.destroy(), GAP_MS);
    });
    const proxy = await startModelProxy({ mode: "record", upstream: cutting.url });
    const seenLive = await fetchChunks(`${proxy.url}/v1/messages`, "{}").catch(
      (error: Error) => error,
    );
    const recorded = await proxy.close();
    await cutting.close();
    expect(seenLive).toBeInstanceOf(Error);
    expect(recorded.cassette.exchanges[0]!.response).toMatchObject({
      aborted: true,
      chunks: [{ data: "data: first\n\n" }],
    });
    expect(recorded.upstreamErrors).toEqual([
      expect.stringMatching(/^turn 1: POST \/v1\/messages: the upstream cut the response/),
    ]);

    const replay = await startModelProxy({
      mode: "replay",
      upstream: cutting.url,
      recorded: recorded.cassette,
    });
    const got: string[] = [];
    const error = await new Promise<Error | undefined>((resolve) => {
      const request = http.request(`${replay.url}/v1/messages`, { method: "POST" }, (response) => {
        response.on("data", (chunk: Buffer) => got.push(chunk.toString()));
        response.on("error", resolve);
        response.on("end", () => resolve(undefined));
      });
      request.on("error", resolve);
      request.end("{}");
    });
    await replay.close();
    expect(got).toEqual(["data: first\n\n"]);
    expect(error).toBeInstanceOf(Error);
  });
});
