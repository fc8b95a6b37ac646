// What never reaches a cassette: credentials (headers, query parameters) and secrets, in requests
// and in responses, also when a secret is cut between two chunks of a stream.

import { describe, expect, it } from "vitest";
import {
  credentialValues,
  keptRequestHeaders,
  keptResponseHeaders,
  withoutCredentialParams,
} from "../../src/run/replay/http-parts.js";
import { Scrubber } from "../../src/run/replay/scrub.js";

const SECRET = "s3cr3t-VALUE-4242";

describe("redaction for cassettes", () => {
  it("keeps only the request headers that say what is asked, never a credential", () => {
    const kept = keptRequestHeaders({
      "content-type": "application/json",
      "anthropic-version": "2023-06-01",
      "anthropic-beta": "tools-2024",
      "openai-beta": "responses=v1",
      authorization: "Bearer abc",
      "x-api-key": "k",
      "api-key": "k",
      "x-goog-api-key": "k",
      cookie: "a=b",
      "x-stainless-os": "Linux",
      "x-stainless-retry-count": "0",
    });
    expect(Object.keys(kept)).toEqual([
      "anthropic-beta",
      "anthropic-version",
      "content-type",
      "openai-beta",
    ]);
  });

  it("keeps the response headers a CLI reads, never set-cookie", () => {
    const kept = keptResponseHeaders({
      "content-type": "text/event-stream",
      "set-cookie": ["a=b"],
      "retry-after": "3",
      "request-id": "req_1",
      "anthropic-ratelimit-requests-remaining": "9",
      "x-ratelimit-remaining-tokens": "100",
      "cf-ray": "x",
      date: "Sun, 06 Dec 2026 18:00:00 GMT",
    });
    expect(Object.keys(kept)).toEqual([
      "anthropic-ratelimit-requests-remaining",
      "content-type",
      "request-id",
      "retry-after",
      "x-ratelimit-remaining-tokens",
    ]);
  });

  it("finds the credentials a request carries and removes credential parameters from its path", () => {
    expect(
      credentialValues(
        { authorization: "Bearer tok-1234567", "x-api-key": "key-7654321", "content-type": "x" },
        "/m?key=goog-99999&alt=sse",
      ),
    ).toEqual(["Bearer tok-1234567", "tok-1234567", "key-7654321", "goog-99999"]);
    expect(withoutCredentialParams("/m:gen?key=goog-99999&alt=sse&API_KEY=x")).toBe(
      "/m:gen?alt=sse",
    );
    expect(withoutCredentialParams("/m?key=1")).toBe("/m");
    expect(withoutCredentialParams("/m?keys=1&monkey=2")).toBe("/m?keys=1&monkey=2");
  });

  it("redacts secrets and credentials added on the way, in text and bytes", () => {
    const scrub = new Scrubber([SECRET]);
    expect(scrub.text(`{"q":"${SECRET}"}`)).toBe('{"q":"***"}');
    scrub.add(["tok-1234567"]);
    expect(scrub.text("Invalid token tok-1234567 and " + SECRET)).toBe("Invalid token *** and ***");
    // Its escaped and encoded forms too (util/'s Redactor).
    expect(scrub.text(JSON.stringify(JSON.stringify({ s: SECRET })))).not.toContain("VALUE-4242");
    expect(scrub.text(Buffer.from(SECRET).toString("base64"))).not.toContain(
      Buffer.from(SECRET).toString("base64").slice(4, 16),
    );
  });

  it("keeps chunk boundaries, joining only the chunks a secret is cut between", () => {
    const scrub = new Scrubber([SECRET]);
    const chunks = [
      "data: a\n\n",
      `data: ${SECRET.slice(0, 6)}`,
      `${SECRET.slice(6)} b\n\n`,
      "data: c\n\n",
    ].map((c) => Buffer.from(c));
    const out = scrub.chunks(chunks).map(({ data, parts }) => [data.toString(), parts]);
    expect(out).toEqual([
      ["data: a\n\n", 1],
      ["data: *** b\n\n", 2],
      ["data: c\n\n", 1],
    ]);
    const clean = ["x", "y"].map((c) => Buffer.from(c));
    expect(scrub.chunks(clean).map(({ data }) => data.toString())).toEqual(["x", "y"]);
  });
});
