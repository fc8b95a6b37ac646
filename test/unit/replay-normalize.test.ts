// The matching rule of record and replay (src/run/replay/normalize.ts), item by item: each volatile
// thing is left out, and what is asked still counts.

import { describe, expect, it } from "vitest";
import { normalizeRequest, type RecordedRequest } from "../../src/run/replay/index.js";
import { matchKey, normalizeString } from "../../src/run/replay/normalize.js";

const request = (body: unknown, path = "/v1/messages"): RecordedRequest => ({
  method: "POST",
  path,
  headers: {},
  body: typeof body === "string" ? body : JSON.stringify(body),
});
const same = (a: RecordedRequest, b: RecordedRequest, volatile?: Record<string, string>) =>
  matchKey(a, volatile) === matchKey(b, volatile);

describe("the matching rule", () => {
  it("1: sorts the query, drops credential parameters, keeps the others", () => {
    expect(normalizeRequest(request("", "/v1beta/models/m:gen?key=abc123&b=2&a=1")).path).toBe(
      "/v1beta/models/m:gen?a=1&b=2",
    );
    expect(same(request("{}", "/x?a=1&b=2"), request("{}", "/x?b=2&a=1&api_key=zzz"))).toBe(true);
    expect(same(request("{}", "/x?a=1"), request("{}", "/x?a=2"))).toBe(false);
    expect(same(request("{}", "/v1/messages"), request("{}", "/v1/messages/count_tokens"))).toBe(
      false,
    );
    expect(same({ ...request("{}"), method: "GET" }, request("{}"))).toBe(false);
  });

  it("2: compares JSON bodies whatever their key order or spacing", () => {
    expect(same(request('{"a":1,"b":[1,2]}'), request('{ "b": [1, 2], "a": 1 }'))).toBe(true);
    expect(same(request({ b: [1, 2] }), request({ b: [2, 1] }))).toBe(false);
  });

  it("2a: drops caching hints (cache_control, prompt_cache_key) wherever they are", () => {
    const withHints = {
      system: [{ type: "text", text: "be brief", cache_control: { type: "ephemeral" } }],
      prompt_cache_key: "conv-42",
    };
    expect(normalizeRequest(request(withHints)).body).toEqual({
      system: [{ text: "be brief", type: "text" }],
    });
    expect(
      same(request(withHints), request({ system: [{ type: "text", text: "be brief" }] })),
    ).toBe(true);
  });

  it("2b: ids (metadata.user_id, session ids, tool ids) and UUIDs inside strings", () => {
    const body = (session: string, tool: string) => ({
      metadata: { user_id: `user_1_account__session_${session}` },
      session_id: session,
      sessionId: session,
      messages: [
        { role: "user", content: [{ type: "tool_result", tool_use_id: tool, content: "ok" }] },
      ],
      text: `run ${session} done`,
    });
    const a = body("3f2b8c1e-1111-4a2b-9c3d-aaaaaaaaaaaa", "toolu_01AAA");
    const b = body("77777777-2222-4b3c-8d4e-BBBBBBBBBBBB", "toolu_01BBB");
    expect(same(request(a), request(b))).toBe(true);
    expect(normalizeRequest(request(a)).body).toMatchObject({
      metadata: { user_id: "<id>" },
      session_id: "<id>",
      sessionId: "<id>",
      text: "run <uuid> done",
    });
    // A model's name is not an id.
    expect(same(request({ model_id: "m-1" }), request({ model_id: "m-2" }))).toBe(false);
  });

  it("2c: dates and times inside strings, timestamps under created/created_at/timestamp", () => {
    for (const [a, b] of [
      ["Today's date: 2026-12-06.", "Today's date: 2027-01-31."],
      ["at 2026-12-06T18:06:54.123Z", "at 2026-12-07T09:00:01Z"],
      ["Today's date is Sunday, December 6, 2026.", "Today's date is Monday, January 4, 2027."],
      ["Sun Dec 06 2026 18:06:54", "Mon Jan 04 2027 07:01:02"],
      ["on 12/6/2026 at 6:06:54 PM", "on 1/4/2027 at 10:00:00 AM"],
    ]) {
      expect(normalizeString(a!), `${a} ~ ${b}`).toBe(normalizeString(b!));
    }
    expect(normalizeString("Today's date: 2026-12-06 18:06:54")).toBe(
      "Today's date: <date> <time>",
    );
    expect(same(request({ created: 1765044414 }), request({ created: 1765044999 }))).toBe(true);
    // Other numbers and text stay as they are.
    expect(normalizeString("version 1.2.3, port 8080, ratio 1:30")).toBe(
      "version 1.2.3, port 8080, ratio 1:30",
    );
    expect(same(request({ max_tokens: 100 }), request({ max_tokens: 200 }))).toBe(false);
  });

  it("2d: the volatile literals become their placeholders, in the body and the path", () => {
    const a = request({ cwd: "/tmp/ae-1/ws", note: "under /tmp/ae-1/ws/src" }, "/p/tmp/ae-1/ws");
    const b = request({ cwd: "/tmp/ae-2/ws", note: "under /tmp/ae-2/ws/src" }, "/p/tmp/ae-2/ws");
    expect(same(a, b)).toBe(false);
    expect(matchKey(a, { "/tmp/ae-1/ws": "<workspace>" })).toBe(
      matchKey(b, { "/tmp/ae-2/ws": "<workspace>" }),
    );
    expect(normalizeRequest(a, { "/tmp/ae-1/ws": "<workspace>" })).toEqual({
      method: "POST",
      path: "/p<workspace>",
      body: { cwd: "<workspace>", note: "under <workspace>/src" },
    });
    // The longest literal first: HOME inside the workspace path does not cut it.
    expect(
      normalizeString("/home/u/ws/a and /home/u/b", {
        "/home/u": "<home>",
        "/home/u/ws": "<workspace>",
      }),
    ).toBe("<workspace>/a and <home>/b");
  });

  it("2b/2c: what a command's output says of its run (codex: its chunk id, the wall time)", () => {
    const output = (id: string, seconds: string) =>
      request({
        output: `Chunk ID: ${id}\nWall time: ${seconds} seconds\nProcess exited with code 0`,
      });
    expect(same(output("65e99e", "0.0000"), output("8c6ff3", "1.2500"))).toBe(true);
    expect(normalizeString("Wall time: 1.25 seconds")).toBe("Wall time: <duration> seconds");
    expect(same(output("65e99e", "0"), request({ output: "Chunk ID: 65e99e\nexit code 1" }))).toBe(
      false,
    );
  });

  it("2c: Unix times (codex's turn metadata, a JSON string) and numbers under created_at", () => {
    const meta = (ms: number, turn: string) =>
      request({
        client_metadata: {
          "x-codex-turn-metadata": JSON.stringify({
            turn_id: turn,
            turn_started_at_unix_ms: ms,
            model: "m",
          }),
        },
        created_at: Math.floor(ms / 1000),
      });
    const turn1 = "019b0c2e-1111-7a2b-9c3d-aaaaaaaaaaaa";
    const turn2 = "019b0c2e-2222-7a2b-9c3d-bbbbbbbbbbbb";
    expect(same(meta(1796582330823, turn1), meta(1796582333234, turn2))).toBe(true);
    expect(normalizeRequest(meta(1796582330823, turn1)).body).toMatchObject({
      created_at: "<time>",
    });
    expect(same(request({ format: 1, max_tokens: 1 }), request({ format: 1, max_tokens: 2 }))).toBe(
      false,
    );
  });

  it("2g: the spending limit claude tells the model, set from what the trial spent before", () => {
    const system = (budget: string) =>
      request({ system: [{ type: "text", text: `Model.\n\nUSD budget: ${budget}\n\nToday.` }] });
    // A judge after a recorded agent that spent $0.0016, and after its replay (spent nothing).
    expect(same(system("$0/$0.9984; $0.9984 remaining"), system("$0/$1; $1 remaining"))).toBe(true);
    expect(normalizeString("USD budget: $0/$1; $1 remaining\nnext")).toBe(
      "USD budget: <budget>\nnext",
    );
    // Only the limit: the rest of the prompt still counts.
    expect(
      same(system("$0/$1; $1 remaining"), request({ system: [{ type: "text", text: "Model." }] })),
    ).toBe(false);
  });

  it("3: a body that is not JSON compares as text, after the same replacements", () => {
    expect(
      normalizeRequest(request("hello 2026-12-06 in /w/1", "/t"), { "/w/1": "<ws>" }).body,
    ).toBe("hello <date> in <ws>");
    expect(same(request("{not json"), request("{not json"))).toBe(true);
    expect(same(request("a"), request("b"))).toBe(false);
  });
});
