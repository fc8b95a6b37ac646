// Which parts of an HTTP exchange a cassette keeps: the request and response headers that matter,
// never a credential; the query parameters that carry credentials; the hop-by-hop headers a proxy
// does not pass on; and request bodies decompressed to read them.

import { isUtf8 as bufferIsUtf8 } from "node:buffer";
import zlib from "node:zlib";

/**
 * Request headers a cassette keeps (all others are dropped: credentials, and the ones that only
 * describe the client's machine, such as x-stainless-os, or change between runs).
 */
const KEPT_REQUEST_HEADERS = new Set([
  "content-type",
  "accept",
  "anthropic-version",
  "anthropic-beta",
  "openai-beta",
  "user-agent",
]);

/** Response headers a cassette keeps: those a CLI reads (type, retry advice, rate limits, ids). */
const KEPT_RESPONSE_HEADERS = new Set(["content-type", "retry-after", "retry-after-ms"]);
const KEPT_RESPONSE_PREFIXES = ["anthropic-", "openai-", "x-ratelimit-", "x-codex-"];
const KEPT_RESPONSE_IDS = new Set(["request-id", "x-request-id"]);

/** Headers that carry credentials: passed to the upstream, never stored, their values redacted. */
export const CREDENTIAL_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "x-api-key",
  "api-key",
  "x-goog-api-key",
  "cookie",
  "set-cookie",
]);

/** Query parameters that carry credentials (Gemini's `?key=`, …): removed from stored paths. */
export const CREDENTIAL_PARAMS = new Set([
  "key",
  "api_key",
  "api-key",
  "apikey",
  "access_token",
  "token",
]);

/** Connection-level headers a proxy does not pass on (RFC 9110 §7.6.1), and the length it recomputes. */
export const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "content-length",
  "expect",
]);

export type RawHeaders = Record<string, string | string[] | undefined>;

function joined(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

export function keptRequestHeaders(headers: RawHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers).sort()) {
    const value = joined(headers[name]);
    if (value !== undefined && KEPT_REQUEST_HEADERS.has(name)) out[name] = value;
  }
  return out;
}

export function keptResponseHeaders(headers: RawHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers).sort()) {
    const value = joined(headers[name]);
    if (value === undefined || CREDENTIAL_HEADERS.has(name)) continue;
    const kept =
      KEPT_RESPONSE_HEADERS.has(name) ||
      KEPT_RESPONSE_IDS.has(name) ||
      KEPT_RESPONSE_PREFIXES.some((prefix) => name.startsWith(prefix));
    if (kept) out[name] = value;
  }
  return out;
}

/** The credential values a request carries (header values, a bearer token alone, query values). */
export function credentialValues(headers: RawHeaders, path: string): string[] {
  const values: string[] = [];
  for (const name of CREDENTIAL_HEADERS) {
    const value = joined(headers[name]);
    if (!value) continue;
    values.push(value);
    const scheme = /^(?:bearer|basic|token)\s+(.+)$/i.exec(value);
    if (scheme?.[1]) values.push(scheme[1]);
  }
  const query = path.indexOf("?");
  if (query >= 0) {
    for (const [name, value] of new URLSearchParams(path.slice(query + 1))) {
      if (CREDENTIAL_PARAMS.has(name.toLowerCase()) && value) values.push(value);
    }
  }
  return values;
}

/** The path without its credential parameters (the others keep their order and spelling). */
export function withoutCredentialParams(path: string): string {
  const query = path.indexOf("?");
  if (query < 0) return path;
  const kept = path
    .slice(query + 1)
    .split("&")
    .filter((pair) => {
      const name = pair.split("=")[0] ?? "";
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // a malformed name is kept as written
      }
      return pair !== "" && !CREDENTIAL_PARAMS.has(decoded.toLowerCase());
    });
  return kept.length ? `${path.slice(0, query)}?${kept.join("&")}` : path.slice(0, query);
}

type Decompress = (input: Buffer) => Buffer;

/** Decoders for a request's content-encoding (zstd only where this Node has it: 22.15+). */
function decoderFor(encoding: string): Decompress | undefined {
  switch (encoding) {
    case "gzip":
    case "x-gzip":
      return zlib.gunzipSync;
    case "deflate":
      return zlib.inflateSync;
    case "br":
      return zlib.brotliDecompressSync;
    case "zstd":
      return (zlib as unknown as { zstdDecompressSync?: Decompress }).zstdDecompressSync;
    default:
      return undefined;
  }
}

/** A body's bytes with its content-encoding undone, or undefined when it cannot be. */
export function decodedBody(body: Buffer, contentEncoding: string | undefined): Buffer | undefined {
  const encodings = (contentEncoding ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e && e !== "identity");
  let out = body;
  for (const encoding of encodings.reverse()) {
    const decode = decoderFor(encoding);
    if (!decode) return undefined;
    try {
      out = decode(out);
    } catch {
      return undefined;
    }
  }
  return out;
}

/** Whether the bytes are valid UTF-8 (so that text round-trips them exactly). */
export function isUtf8(bytes: Buffer): boolean {
  return bufferIsUtf8(bytes);
}
