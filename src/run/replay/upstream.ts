// Sending a recorded request on to the real API, with node:http / node:https.
//
// Why not the built-in fetch (undici): its body is a WHATWG ReadableStream that joins chunks which
// arrive while the reader is busy, so the chunk boundaries a recording keeps would depend on the
// proxy's timing. node:http emits one 'data' event per HTTP chunk the upstream sent, follows no
// redirect, decodes nothing behind our back, and is the same module the listener uses. The cost is
// small and written here: choose http or https by the URL, and undo a content-encoding when the
// upstream ignores `accept-encoding: identity`.

import http from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { HOP_BY_HOP, type RawHeaders } from "./http-parts.js";

export interface UpstreamAnswer {
  status: number;
  headers: RawHeaders;
  /** The body, decoded when it was compressed. */
  body: Readable;
  /** The body was decompressed: the content-encoding and content-length headers no longer hold. */
  decoded: boolean;
}

export class UpstreamAgents {
  readonly http = new http.Agent({ keepAlive: true });
  readonly https = new https.Agent({ keepAlive: true });
  destroy(): void {
    this.http.destroy();
    this.https.destroy();
  }
}

/** The headers to send upstream: the agent's, less hop-by-hop ones, asking for an uncompressed body. */
export function upstreamHeaders(headers: RawHeaders, bodyLength: number): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== "accept-encoding")
      out[name] = value;
  }
  out["accept-encoding"] = "identity";
  if (bodyLength > 0 || headers["content-length"] !== undefined) out["content-length"] = bodyLength;
  return out;
}

/** Sends the request; resolves when the upstream's status and headers are in. */
export function sendUpstream(
  target: URL,
  method: string,
  headers: http.OutgoingHttpHeaders,
  body: Buffer,
  agents: UpstreamAgents,
  signal: AbortSignal,
): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const secure = target.protocol === "https:";
    const request = (secure ? https : http).request(target, {
      method,
      headers,
      agent: secure ? agents.https : agents.http,
      signal,
    });
    request.on("error", reject);
    request.on("response", (response) => {
      const encoding = String(response.headers["content-encoding"] ?? "identity").toLowerCase();
      const decoder =
        encoding === "gzip" || encoding === "x-gzip"
          ? zlib.createGunzip()
          : encoding === "deflate"
            ? zlib.createInflate()
            : encoding === "br"
              ? zlib.createBrotliDecompress()
              : undefined;
      if (decoder) {
        response.on("error", (error) => decoder.destroy(error));
        response.pipe(decoder);
      }
      resolve({
        status: response.statusCode ?? 502,
        headers: response.headers,
        body: decoder ?? response,
        decoded: decoder !== undefined,
      });
    });
    request.end(body);
  });
}
