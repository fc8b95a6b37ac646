// firstDivergence: the first turn where two recordings of a trial differ, and on which side; and the
// cassette check that names the file.

import { describe, expect, it } from "vitest";
import {
  firstDivergence,
  parseCassette,
  type Cassette,
  type Exchange,
} from "../../src/run/replay/index.js";
import { cassetteText } from "../../src/run/replay/cassette.js";

const exchange = (turn: number, prompt: string, answer: string[], status = 200): Exchange => ({
  turn,
  request: {
    method: "POST",
    path: "/v1/messages",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      messages: [{ role: "user", content: prompt }],
      metadata: { user_id: `u-${turn}` },
    }),
  },
  response: {
    status,
    headers: { "content-type": "text/event-stream" },
    chunks: answer.map((data, i) => ({ data, afterMs: i * 10 })),
  },
});
const cassette = (...exchanges: Exchange[]): Cassette => ({
  version: 1,
  upstream: "https://api.anthropic.com",
  exchanges,
});
const sse = (text: string, id = "msg_1") => [
  `event: message_start\ndata: {"type":"message_start","message":{"id":"${id}"}}\n\n`,
  `event: content_block_delta\ndata: {"type":"content_block_delta","delta":{"text":"${text}"}}\n\n`,
];

describe("firstDivergence", () => {
  const a = cassette(
    exchange(1, "one", sse("A")),
    exchange(2, "two", sse("B")),
    exchange(3, "three", sse("C")),
  );

  it("finds none between a recording and itself, or one that differs only in ids, timing and chunking", () => {
    expect(firstDivergence(a, a)).toBeUndefined();
    const b = cassette(
      exchange(1, "one", sse("A", "msg_other")),
      exchange(2, "two", [sse("B").join("")]),
      exchange(3, "three", sse("C")),
    );
    expect(firstDivergence(a, b)).toBeUndefined();
  });

  it("names the first turn whose request differs, with the diff", () => {
    const b = cassette(
      exchange(1, "one", sse("A")),
      exchange(2, "TWO", sse("B")),
      exchange(3, "3", sse("C")),
    );
    const found = firstDivergence(a, b)!;
    expect(found).toMatchObject({ turn: 2, side: "request" });
    expect(found.diff).toContain('-      "content": "two",\n+      "content": "TWO",');
    expect(found.diff.startsWith("--- A\n+++ B\n")).toBe(true);
    expect(found.message).toBe("turn 2: the requests differ");
  });

  it("names the first turn whose response differs (status or body)", () => {
    const b = cassette(
      exchange(1, "one", sse("A")),
      exchange(2, "two", sse("b")),
      exchange(3, "three", sse("C")),
    );
    expect(firstDivergence(a, b)).toMatchObject({ turn: 2, side: "response" });
    expect(firstDivergence(a, b)!.diff).toContain(
      '+data: {"delta":{"text":"b"},"type":"content_block_delta"}',
    );
    const c = cassette(exchange(1, "one", sse("A"), 529), exchange(2, "two", sse("B")));
    expect(firstDivergence(a, c)).toMatchObject({ turn: 1, side: "response" });
    expect(firstDivergence(a, c)!.diff).toContain("-HTTP 200\n+HTTP 529");
  });

  it("names a turn only one side has", () => {
    const shorter = cassette(exchange(1, "one", sse("A")), exchange(2, "two", sse("B")));
    expect(firstDivergence(a, shorter)).toMatchObject({ turn: 3, side: "missing" });
    expect(firstDivergence(a, shorter)!.message).toMatch(
      /^turn 3: only A has it \(POST \/v1\/messages\)/,
    );
    expect(firstDivergence(shorter, a)!.message).toMatch(/^turn 3: only B has it/);
  });

  it("walks the turns in order whatever the order of the list", () => {
    const b = cassette(
      exchange(3, "three", sse("C")),
      exchange(1, "one", sse("A")),
      exchange(2, "TWO", sse("B")),
    );
    expect(firstDivergence(a, b)?.turn).toBe(2);
  });
});

describe("the cassette file", () => {
  it("round-trips through its text", () => {
    const a = cassette(exchange(1, "one", sse("A")));
    expect(parseCassette(cassetteText(a), "c.json")).toEqual(a);
  });

  it("refuses what is not a cassette, naming the file and the problem", () => {
    expect(() => parseCassette("{", "trials/1/cassette.json")).toThrow(
      /^cassette trials\/1\/cassette\.json: not JSON/,
    );
    expect(() =>
      parseCassette(JSON.stringify({ version: 2, upstream: "x", exchanges: [] }), "c.json"),
    ).toThrow(/^cassette c\.json: not a cassette of version 1: version: /);
    const bad = cassette(exchange(1, "one", sse("A")));
    (bad.exchanges[0]!.response as { status: unknown }).status = "200";
    expect(() => parseCassette(JSON.stringify(bad), "c.json")).toThrow(
      /exchanges\.0\.response\.status: /,
    );
  });
});
