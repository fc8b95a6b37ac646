// run/replay/: record and replay of a trial's model traffic. A loopback proxy the agent uses as
// its API's base URL (proxy.ts) records each exchange (the request, the streamed response with its
// chunking and timing) or answers from a recording; the cassette format (cassette.ts); the matching
// rule (normalize.ts, match.ts); readable diffs (diff.ts, render.ts); a replay miss (miss.ts);
// the first divergence of two recordings (diverge.ts); what is kept of HTTP (http-parts.ts), the
// upstream client (upstream.ts) and redaction (scrub.ts).

export type {
  Cassette,
  Divergence,
  Exchange,
  ModelProxy,
  ModelProxyOptions,
  ProxyOutcome,
  RateLimitCounts,
  RecordedChunk,
  RecordedRequest,
  RecordedResponse,
  ReplayMiss,
} from "./types.js";
export { startModelProxy } from "./proxy.js";
export {
  CASSETTE_FILE,
  CASSETTE_NAMES,
  CassetteError,
  cassetteBytes,
  cassetteIn,
  cassetteText,
  MAX_CASSETTE_BYTES,
  parseCassette,
  PLAIN_CASSETTE_FILE,
  readCassette,
  writeCassette,
} from "./cassette.js";
export { normalizeRequest, type NormalizedRequest } from "./normalize.js";
export { requestDiff } from "./render.js";
export { firstDivergence } from "./diverge.js";
