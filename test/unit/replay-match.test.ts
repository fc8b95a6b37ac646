// Which recorded exchange answers a replayed request: the first unused one whose normalized request
// is equal, so equal requests take their answers in recorded order; and the nearest one for a miss.

import { describe, expect, it } from "vitest";
import type { Exchange } from "../../src/run/replay/index.js";
import { Matcher } from "../../src/run/replay/match.js";
import { missBody, replayMiss } from "../../src/run/replay/miss.js";

const exchange = (turn: number, body: string, path = "/v1/messages"): Exchange => ({
  turn,
  request: { method: "POST", path, headers: {}, body },
  response: { status: 200, headers: {}, chunks: [{ data: `answer ${turn}`, afterMs: 0 }] },
});

describe("matching a replayed request", () => {
  const recorded = [
    exchange(1, '{"q":"count"}', "/v1/messages/count_tokens"),
    exchange(2, '{"q":"hi"}'),
    exchange(3, '{"q":"hi"}'),
    exchange(4, '{"q":"next","id":"a"}'),
  ];

  it("takes equal requests' answers in recorded order, each once", () => {
    const matcher = new Matcher(recorded);
    const ask = (body: string, path?: string) =>
      matcher.take(exchange(0, body, path).request)?.turn;
    expect(ask('{"q":"hi"}')).toBe(2);
    expect(ask('{"q":"hi"}')).toBe(3);
    expect(ask('{"q":"hi"}')).toBeUndefined();
  });

  it("lets side requests interleave differently", () => {
    const matcher = new Matcher([...recorded].reverse());
    const ask = (body: string, path?: string) =>
      matcher.take(exchange(0, body, path).request)?.turn;
    expect(ask('{"q":"hi"}')).toBe(2);
    expect(ask('{ "id": "b", "q": "next" }')).toBe(4);
    expect(ask('{"q":"count"}', "/v1/messages/count_tokens")).toBe(1);
    expect(ask('{"q":"hi"}')).toBe(3);
  });

  it("names the nearest recorded exchange of a miss: same method and path, unused, closest turn", () => {
    const matcher = new Matcher(recorded);
    matcher.take(recorded[1]!.request);
    const changed = exchange(0, '{"q":"hello"}').request;
    expect(matcher.take(changed)).toBeUndefined();
    expect(matcher.nearest(changed, 2)?.turn).toBe(3);
    expect(matcher.nearest(changed, 4)?.turn).toBe(4);
    expect(
      matcher.nearest(exchange(0, "{}", "/v1/messages/count_tokens?x=1").request, 9)?.turn,
    ).toBe(1);
    expect(matcher.nearest(exchange(0, "{}", "/v1/other").request, 2)).toBeUndefined();
  });

  it("builds a miss naming the turn with the diff, and an error body in the upstream's shape", () => {
    const miss = replayMiss(5, exchange(0, '{"q":"hello"}').request, recorded[2]);
    expect(miss.message.split("\n")[0]).toBe(
      "agent-evals replay miss: turn 5 (POST /v1/messages) matches no recorded exchange; against the nearest recorded request (turn 3):",
    );
    expect(miss.diff).toContain('-  "q": "hi"');
    expect(miss.diff).toContain('+  "q": "hello"');
    expect(replayMiss(1, exchange(0, "{}", "/v9").request, undefined).message).toMatch(
      /nothing was recorded for POST \/v9$/,
    );
    expect(JSON.parse(missBody("https://api.anthropic.com", "/v1/messages", "m"))).toEqual({
      type: "error",
      error: { type: "invalid_request_error", message: "m" },
    });
    expect(
      JSON.parse(missBody("https://api.openai.com/v1", "/v1/responses", "m")).error,
    ).toMatchObject({
      message: "m",
      type: "invalid_request_error",
    });
    expect(
      JSON.parse(
        missBody(
          "https://generativelanguage.googleapis.com",
          "/v1beta/models/g:streamGenerateContent",
          "m",
        ),
      ),
    ).toEqual({ error: { code: 400, message: "m", status: "INVALID_ARGUMENT" } });
  });
});
