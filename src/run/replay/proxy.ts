// The model proxy: an HTTP listener on 127.0.0.1 that the agent uses as its API's base URL. In
// record mode it passes each request on to the upstream and streams the answer back chunk by chunk
// as it arrives, keeping each exchange; in relay mode it does the same and keeps nothing; in replay
// mode it never contacts the upstream and answers each request from the recording (match.ts), chunk
// by chunk, or with a replay miss. Record and relay send each request through its provider's gate
// (gated.ts: a throttled answer is absorbed and the request sent again after the pause).

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import {
  credentialValues,
  decodedBody,
  isUtf8,
  keptRequestHeaders,
  keptResponseHeaders,
  HOP_BY_HOP,
  withoutCredentialParams,
} from "./http-parts.js";
import { HoldClock, sendGated } from "./gated.js";
import { Matcher } from "./match.js";
import { missBody, MISS_STATUS, replayMiss } from "./miss.js";
import { replaceVolatile } from "./normalize.js";
import { Scrubber } from "./scrub.js";
import type {
  Cassette,
  Exchange,
  ModelProxy,
  ModelProxyOptions,
  ProxyOutcome,
  RecordedChunk,
  RecordedRequest,
  RecordedResponse,
} from "./types.js";
import { UpstreamAgents, upstreamHeaders } from "./upstream.js";

export async function startModelProxy(options: ModelProxyOptions): Promise<ModelProxy> {
  const upstream = new URL(options.upstream);
  if (upstream.protocol !== "http:" && upstream.protocol !== "https:")
    throw new Error(`model proxy: the upstream must be an http(s) URL, not ${options.upstream}`);
  if (options.mode === "replay" && !options.recorded)
    throw new Error("model proxy: replay needs the recorded cassette");
  const prefix = upstream.pathname.replace(/\/+$/, "");
  // The stored upstream: no credentials in it (user:password@, ?key=).
  const upstreamText = `${upstream.origin}${withoutCredentialParams(prefix + upstream.search)}`;
  const scrub = new Scrubber(options.secrets);
  if (upstream.username || upstream.password)
    scrub.add([decodeURIComponent(upstream.username), decodeURIComponent(upstream.password)]);
  const matcher =
    options.mode === "replay"
      ? new Matcher(options.recorded!.exchanges, options.volatile)
      : undefined;
  const agents = new UpstreamAgents();
  const closing = new AbortController();

  const exchanges: Exchange[] = [];
  const outcome: Omit<ProxyOutcome, "cassette"> = {
    misses: [],
    upstreamErrors: [],
    rateLimits: { absorbed: 0, heldMs: 0 },
  };
  const held = new HoldClock();
  let turns = 0;

  /** The request as a cassette keeps it (credentials out, secrets redacted, volatile replaced). */
  function recordedRequest(req: IncomingMessage, body: Buffer): RecordedRequest {
    const url = req.url ?? "/";
    scrub.add(credentialValues(req.headers, url));
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(keptRequestHeaders(req.headers)))
      headers[name] = scrub.text(value);
    const path = replaceVolatile(scrub.text(withoutCredentialParams(url)), options.volatile);
    const decoded = decodedBody(body, req.headers["content-encoding"] as string | undefined);
    const base = { method: req.method ?? "GET", path, headers };
    if (decoded && isUtf8(decoded))
      return {
        ...base,
        body: replaceVolatile(scrub.text(decoded.toString("utf8")), options.volatile),
      };
    return { ...base, body: scrub.bytes(decoded ?? body).toString("base64"), encoding: "base64" };
  }

  async function record(req: IncomingMessage, res: ServerResponse, turn: number): Promise<void> {
    const body = await readAll(req);
    // A relay keeps nothing: the request is neither scrubbed nor stored.
    const keep = options.mode === "record";
    const request: RecordedRequest = keep
      ? recordedRequest(req, body)
      : {
          method: req.method ?? "GET",
          path: withoutCredentialParams(req.url ?? "/"),
          headers: {},
          body: "",
        };
    const what = `turn ${turn}: ${request.method} ${request.path}`;
    const cut = new AbortController();
    const stop = () => cut.abort();
    closing.signal.addEventListener("abort", stop);
    res.on("close", () => {
      if (!res.writableFinished) cut.abort();
    });
    let started: number;
    let sent: Awaited<ReturnType<typeof sendGated>> | undefined;
    try {
      let answer;
      try {
        sent = await sendGated({
          target: new URL(upstream.origin + (req.url ?? "/")),
          method: request.method,
          headers: upstreamHeaders(req.headers, body.length),
          body,
          agents,
          signal: cut.signal,
          ...(options.gate ? { gate: options.gate } : {}),
          ...(options.holdUntil ? { holdUntil: options.holdUntil } : {}),
          held,
          onAbsorbed: () => (outcome.rateLimits.absorbed += 1),
        });
        answer = sent.answer;
        started = sent.sentAt;
      } catch (error) {
        const message = `upstream unreachable: ${describe(error)}`;
        outcome.upstreamErrors.push(`${what}: ${message}`);
        const text = JSON.stringify({
          error: { type: "api_error", message: `agent-evals ${options.mode}: ${message}` },
        });
        if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
        res.end(text);
        if (keep) exchanges.push({ turn, request, response: textResponse(502, text, scrub) });
        return;
      }
      if (answer.status >= 500)
        outcome.upstreamErrors.push(`${what}: upstream answered ${answer.status}`);
      res.writeHead(answer.status, passedHeaders(answer.headers, answer.decoded));
      res.flushHeaders();
      const raw: Buffer[] = [];
      const gaps: number[] = [];
      let last = started;
      let aborted = false;
      try {
        for await (const chunk of answer.body as AsyncIterable<Buffer>) {
          if (keep) {
            const now = performance.now();
            raw.push(chunk);
            gaps.push(Math.round(now - last));
            last = now;
          }
          if (!res.write(chunk)) await drained(res);
        }
      } catch (error) {
        aborted = true;
        if (!cut.signal.aborted)
          outcome.upstreamErrors.push(
            `${what}: the upstream cut the response (${describe(error)})`,
          );
      }
      if (aborted || cut.signal.aborted) {
        aborted = true;
        res.destroy();
      } else res.end();
      sent.slot?.done(aborted ? undefined : answer);
      sent = undefined;
      if (!keep) return;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(keptResponseHeaders(answer.headers)))
        headers[name] = scrub.text(value);
      if (answer.decoded) delete headers["content-encoding"];
      const chunks: RecordedChunk[] = [];
      let at = 0;
      for (const { data, parts } of scrub.chunks(raw)) {
        const afterMs = gaps.slice(at, at + parts).reduce((sum, gap) => sum + gap, 0);
        at += parts;
        chunks.push(chunkOf(data, afterMs));
      }
      exchanges.push({
        turn,
        request,
        response: { status: answer.status, headers, chunks, ...(aborted ? { aborted: true } : {}) },
      });
    } finally {
      sent?.slot?.done();
      closing.signal.removeEventListener("abort", stop);
    }
  }

  async function replay(req: IncomingMessage, res: ServerResponse, turn: number): Promise<void> {
    const request = recordedRequest(req, await readAll(req));
    const found = matcher!.take(request);
    if (!found) {
      const miss = replayMiss(turn, request, matcher!.nearest(request, turn), options.volatile);
      outcome.misses.push(miss);
      const first = miss.message.split("\n")[0]!;
      const text = missBody(
        options.upstream,
        request.path,
        `${first} (the trial's replay misses have the diff)`,
      );
      res.writeHead(MISS_STATUS, { "content-type": "application/json" });
      res.end(text);
      exchanges.push({ turn, request, response: textResponse(MISS_STATUS, text, scrub) });
      return;
    }
    const { response } = found;
    exchanges.push({ turn, request, response });
    res.writeHead(response.status, response.headers);
    res.flushHeaders();
    for (const chunk of response.chunks) {
      if (closing.signal.aborted || res.destroyed) return;
      if (options.pace && chunk.afterMs > 0) await sleep(chunk.afterMs);
      const data = Buffer.from(chunk.data, chunk.encoding === "base64" ? "base64" : "utf8");
      // Each chunk on its own: handed to the kernel, then one turn of the event loop before the next.
      await new Promise<void>((resolve) => res.write(data, () => resolve()));
      await nextTurn();
    }
    if (response.aborted) res.destroy();
    else res.end();
  }

  const inFlight = new Set<Promise<void>>();
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const turn = ++turns;
    const handle = options.mode === "replay" ? replay(req, res, turn) : record(req, res, turn);
    const done = handle
      .catch((error: unknown) => {
        outcome.upstreamErrors.push(`turn ${turn}: the proxy failed: ${describe(error)}`);
        if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
        res.end();
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closed: Promise<ProxyOutcome> | undefined;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close() {
      closed ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        closing.abort();
        for (const socket of sockets) socket.destroy();
        await Promise.allSettled([...inFlight]);
        await stopped;
        agents.destroy();
        outcome.rateLimits.heldMs = Math.round(held.total());
        const cassette: Cassette = {
          version: 1,
          upstream: upstreamText,
          exchanges: exchanges.sort((a, b) => a.turn - b.turn),
        };
        return { cassette, ...outcome };
      })();
      return closed;
    },
  };
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/** The upstream's headers as passed to the agent: hop-by-hop ones out, and a decoding's. */
function passedHeaders(headers: Record<string, string | string[] | undefined>, decoded: boolean) {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || (HOP_BY_HOP.has(name) && !(name === "content-length" && !decoded)))
      continue;
    if (decoded && name === "content-encoding") continue;
    out[name] = value;
  }
  return out;
}

function chunkOf(data: Buffer, afterMs: number): RecordedChunk {
  return isUtf8(data)
    ? { data: data.toString("utf8"), afterMs }
    : { data: data.toString("base64"), encoding: "base64", afterMs };
}

function textResponse(status: number, text: string, scrub: Scrubber): RecordedResponse {
  return {
    status,
    headers: { "content-type": "application/json" },
    chunks: [{ data: scrub.text(text), afterMs: 0 }],
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}
