// The provider gate in the model proxy (docs/reliability.md › Rate limits), against the fake
// Anthropic API rate-limited to 2 requests a second (429 with retry-after: 1 beyond that): three
// relaying proxies, as three trials would have, share one gate. Every client gets a 200, the 429s
// are absorbed and counted, a recording keeps none of them, and after a 429 no request of any proxy
// reaches the fake before its retry-after has passed. Without the gate the 429s reach the clients.

import { afterEach, describe, expect, it } from "vitest";
import { gateStart, ProviderGates } from "../src/run/providers/index.js";
import { startModelProxy, type ModelProxy, type ProxyOutcome } from "../src/run/replay/index.js";
import { startFakeAnthropic, type FakeAnthropic } from "./fakes/anthropic.js";

const open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((it) => it.close()));
});

/** A Messages request through `proxy`: its status and body. */
async function ask(proxy: ModelProxy, n: number): Promise<{ status: number; text: string }> {
  const response = await fetch(`${proxy.url}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": "sk-ant-fake" },
    body: JSON.stringify({
      model: "claude-fake",
      max_tokens: 10,
      messages: [{ role: "user", content: `q${n}` }],
    }),
  });
  return { status: response.status, text: await response.text() };
}

/** Arrivals that came while an earlier 429's retry-after ran, later than `graceMs` after it. */
function throughPauses(fake: FakeAnthropic, graceMs: number) {
  return fake.arrivals.filter(
    (a) => a.duringPauseOf !== undefined && a.at - a.duringPauseOf > graceMs,
  );
}

async function run(options: { gated: boolean; mode: "relay" | "record" }) {
  const fake = await startFakeAnthropic([], { rateLimit: { perSecond: 2 } });
  open.push(fake);
  const gates = new ProviderGates(gateStart(3));
  const proxies = await Promise.all(
    [1, 2, 3].map(() =>
      startModelProxy({
        mode: options.mode,
        upstream: fake.url,
        ...(options.gated ? { gate: gates.gateFor(fake.url) } : {}),
      }),
    ),
  );
  const started = Date.now();
  // Four requests from each "trial", all at once.
  const answers = await Promise.all(
    proxies.flatMap((proxy, p) => [0, 1, 2, 3].map((i) => ask(proxy, p * 4 + i))),
  );
  const outcomes: ProxyOutcome[] = await Promise.all(proxies.map((proxy) => proxy.close()));
  return { fake, answers, outcomes, ms: Date.now() - started };
}

describe("the provider gate in the proxy", () => {
  it("absorbs 429s, pauses every proxy of the provider until retry-after, and every client gets a 200", async () => {
    const { fake, answers, outcomes, ms } = await run({ gated: true, mode: "relay" });
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const absorbed = outcomes.reduce((sum, o) => sum + o.rateLimits.absorbed, 0);
    const limited = fake.arrivals.filter((a) => a.status === 429).length;
    expect(limited).toBeGreaterThan(0);
    expect(absorbed).toBe(limited);
    expect(outcomes.some((o) => o.rateLimits.heldMs > 500)).toBe(true);
    // 12 requests at 2 a second take about 5 s; requests already on their way when a 429 came
    // may arrive within a few milliseconds of it, none later.
    expect(throughPauses(fake, 100)).toEqual([]);
    expect(ms).toBeGreaterThan(4000);
    // A relay keeps nothing.
    expect(outcomes.every((o) => o.cassette.exchanges.length === 0)).toBe(true);
  }, 60_000);

  it("a recording keeps only what the agent saw: no absorbed 429 in the cassette", async () => {
    const { answers, outcomes } = await run({ gated: true, mode: "record" });
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(outcomes.reduce((sum, o) => sum + o.rateLimits.absorbed, 0)).toBeGreaterThan(0);
    const statuses = outcomes.flatMap((o) => o.cassette.exchanges.map((e) => e.response.status));
    expect(statuses).toEqual(Array(12).fill(200));
  }, 60_000);

  it("without the gate, the 429s reach the clients", async () => {
    const { answers, outcomes } = await run({ gated: false, mode: "relay" });
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    expect(outcomes.every((o) => o.rateLimits.absorbed === 0)).toBe(true);
  }, 60_000);
});
