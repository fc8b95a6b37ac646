// The shapes of record and replay: one model request and its streamed answer (an exchange), a
// trial's exchanges (a cassette), what a replay could not answer (a miss), and the proxy's options.

import type { ProviderGate } from "../providers/index.js";

/** A request as a cassette keeps it: no credentials, secrets redacted, volatile strings replaced. */
export interface RecordedRequest {
  method: string;
  /** Path and query as the agent sent them, credential parameters (`key`, `api_key` …) removed. */
  path: string;
  /**
   * Only the headers that say what is asked (see KEPT_REQUEST_HEADERS in http-parts.ts), never a
   * credential. They are kept for reading and diagnosis; the matching rule does not look at them.
   */
  headers: Record<string, string>;
  /** The body as text (decompressed), secrets redacted, `volatile` literals → their placeholders. */
  body: string;
  /** Set when the body is not UTF-8 text: `body` then holds its bytes in base64. */
  encoding?: "base64";
}

export interface RecordedChunk {
  /** The chunk's bytes: UTF-8 text, or base64 when `encoding` says so (a chunk that cuts a character). */
  data: string;
  encoding?: "base64";
  /** Milliseconds since the previous chunk (for the first: since the request was sent upstream). */
  afterMs: number;
}

export interface RecordedResponse {
  status: number;
  /** content-type and the few that matter (see KEPT_RESPONSE_HEADERS in http-parts.ts). */
  headers: Record<string, string>;
  /** The body as it arrived: one entry per chunk the upstream sent, in order. */
  chunks: RecordedChunk[];
  /** The upstream cut the stream before its end: a replay cuts it there too. */
  aborted?: true;
}

export interface Exchange {
  /** 1-based order of arrival within the trial. */
  turn: number;
  request: RecordedRequest;
  response: RecordedResponse;
}

export interface Cassette {
  version: 1;
  /** The base URL the agent would have used (credentials never part of it). */
  upstream: string;
  /**
   * The recorded trial's folder (its workspace, HOME and TMPDIR are inside): a replay runs in a
   * folder of the same path where it can, since model answers name absolute paths (claude's Edit).
   */
  trialRoot?: string;
  exchanges: Exchange[];
}

export interface ReplayMiss {
  /** The turn of the request that matched nothing (1-based arrival order in the replay). */
  turn: number;
  request: RecordedRequest;
  /** The recorded exchange most like it: same method and path, the closest turn (unused first). */
  nearest?: Exchange;
  /** The readable diff of the nearest recorded request against this one ("" when none is near). */
  diff: string;
  /** One message naming the turn, with the diff. */
  message: string;
}

export interface ModelProxyOptions {
  /** record: pass on and keep each exchange; relay: pass on, keep nothing; replay: answer from `recorded`. */
  mode: "record" | "replay" | "relay";
  /** The base URL the agent would use: https://api.anthropic.com, http://127.0.0.1:4000/v1 … */
  upstream: string;
  /** replay: the trial's recording. */
  recorded?: Cassette;
  /**
   * Literal strings that differ between runs (the trial's workspace path, HOME, TMPDIR), each
   * mapped to its placeholder: `{ "/tmp/ae-81f2/ws": "<workspace>" }`. Requests are stored with the
   * placeholders, and matched after the same replacement. Responses are stored and replayed as they
   * were: a path in the model's answer stays the recorded one.
   */
  volatile?: Record<string, string>;
  /** Values never written to a cassette (credentials, the eval's secrets). */
  secrets?: string[];
  /** replay: wait each chunk's recorded `afterMs` before sending it (default: no waiting). */
  pace?: boolean;
  /**
   * record, relay: the gate of the upstream's provider (run/providers/): each request waits for it,
   * and a throttled answer is absorbed and the request sent again after the pause (gated.ts).
   */
  gate?: ProviderGate;
  /** When the proxy must stop holding a request back (epoch ms): the agent's deadline. */
  holdUntil?: () => number | undefined;
}

/** The throttled answers a proxy kept from the agent, and how long requests were held back. */
export interface RateLimitCounts {
  /** 429, 503 and 529 answers absorbed: not passed on, the request sent again after the pause. */
  absorbed: number;
  /** Wall-clock milliseconds during which at least one request waited for its provider's gate. */
  heldMs: number;
}

export interface ProxyOutcome {
  /**
   * record: what was recorded. replay: what was replayed (the requests as this run sent them, the
   * answers given, a miss's 400 included), so that firstDivergence(recorded, replayed) works.
   */
  cassette: Cassette;
  misses: ReplayMiss[];
  /** record: the upstream could not be reached, answered 5xx, or cut a stream. */
  upstreamErrors: string[];
  /** record, relay: what the provider's gate did for this proxy's requests. */
  rateLimits: RateLimitCounts;
}

export interface ModelProxy {
  /** What the agent uses as its base URL: http://127.0.0.1:PORT + the upstream's path prefix. */
  url: string;
  /** Stops listening (open connections are cut) and gives what was recorded or replayed. */
  close(): Promise<ProxyOutcome>;
}

export interface Divergence {
  turn: number;
  side: "request" | "response" | "missing";
  diff: string;
  message: string;
}
