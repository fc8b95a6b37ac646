// The provider gate (src/run/providers/gate.ts; docs/reliability.md › Rate limits), on a fake
// clock: slots halve on a throttled answer (once per burst) and grow back after healthy answers; a
// 429's retry-after (seconds, milliseconds, an HTTP date) pauses every request of the provider until
// then; without one the pause backs off exponentially and a healthy answer resets it.

import { describe, expect, it } from "vitest";
import {
  FIRST_BACKOFF_MS,
  MAX_BACKOFF_MS,
  ProviderGate,
  ProviderGates,
  retryAfterMs,
  type GateClock,
  type GateSlot,
} from "../../src/run/providers/index.js";
import { classifyClaudeError } from "../../src/agents/claude-code.js";
import { InfraError } from "../../src/model/index.js";
import type { RunUnit } from "../../src/run/unit.js";
import type { UnitOptions } from "../../src/run/suite/options.js";
import { isRateLimited, rateLimitWait } from "../../src/run/suite/rate-limit.js";

/** A clock that moves only when told to, running what falls due. */
class FakeClock implements GateClock {
  time = 1_000_000;
  /** Run each timer this many milliseconds before it is due (as a real timer may, by the wall clock). */
  early = 0;
  private timers: Array<{ at: number; run: () => void }> = [];
  now(): number {
    return this.time;
  }
  after(ms: number, run: () => void): void {
    this.timers.push({ at: this.time + (ms > this.early ? ms - this.early : ms), run });
  }
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers.splice(this.timers.indexOf(due), 1);
      this.time = Math.max(this.time, due.at);
      due.run();
      await settle();
    }
    this.time = end;
    await settle();
  }
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const ok = { status: 200, headers: {} };
const limited = (headers: Record<string, string> = {}) => ({ status: 429, headers });

/** Asks for `count` slots; returns those granted so far (it keeps filling as slots are granted). */
function ask(gate: ProviderGate, count: number): GateSlot[] {
  const granted: GateSlot[] = [];
  for (let i = 0; i < count; i++) void gate.acquire().then((slot) => granted.push(slot));
  return granted;
}

describe("ProviderGate", () => {
  it("grants at most `limit` slots at once, the next as one is given back", async () => {
    const gate = new ProviderGate(2, new FakeClock());
    const granted = ask(gate, 3);
    await settle();
    expect(granted).toHaveLength(2);
    granted[0]!.done(ok);
    await settle();
    expect(granted).toHaveLength(3);
  });

  it("a 429 with retry-after pauses every request of the provider until then", async () => {
    const clock = new FakeClock();
    const gate = new ProviderGate(4, clock);
    const first = await gate.acquire();
    first.done(limited({ "retry-after": "2" }));
    expect(gate.pauseLeft()).toBe(2000);
    const later = ask(gate, 2);
    await clock.advance(1999);
    expect(later).toHaveLength(0);
    await clock.advance(1);
    expect(later).toHaveLength(2);
    expect(gate.pauseLeft()).toBe(0);
  });

  it("a timer that fires before the pause is over sets another, and nothing waits forever", async () => {
    const clock = new FakeClock();
    clock.early = 1;
    const gate = new ProviderGate(2, clock);
    (await gate.acquire()).done(limited({ "retry-after": "1" }));
    const later = ask(gate, 1);
    await clock.advance(999);
    expect(later).toHaveLength(0);
    await clock.advance(1);
    expect(later).toHaveLength(1);
  });

  it("halves the limit once per burst, to a floor of 1, and grows it back after healthy answers", async () => {
    const clock = new FakeClock();
    const gate = new ProviderGate(8, clock);
    const burst = ask(gate, 8);
    await settle();
    // Eight requests sent together all meet the limit: one halving, not three.
    for (const slot of burst) slot.done(limited({ "retry-after-ms": "10" }));
    expect(gate.limit).toBe(4);
    await clock.advance(10);
    for (let i = 0; i < 3; i++) {
      const slot = await gate.acquire();
      slot.done(limited({ "retry-after-ms": "10" }));
      await clock.advance(10);
    }
    expect(gate.limit).toBe(1);
    // `limit` healthy answers in a row add one slot, up to the start.
    const grown: number[] = [];
    for (let i = 0; i < 40; i++) {
      const slot = await gate.acquire();
      slot.done(ok);
      grown.push(gate.limit);
    }
    expect(grown.slice(0, 6)).toEqual([2, 2, 3, 3, 3, 4]);
    expect(Math.max(...grown)).toBe(8);
    expect(gate.limit).toBe(8);
  });

  it("without retry-after, backs off 1 s doubling to 30 s; a healthy answer resets it", async () => {
    const clock = new FakeClock();
    const gate = new ProviderGate(1, clock);
    const pauses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const asked = gate.acquire();
      await clock.advance(gate.pauseLeft());
      const slot = await asked;
      slot.done({ status: 529, headers: {} });
      pauses.push(gate.pauseLeft());
    }
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(pauses[0]).toBe(FIRST_BACKOFF_MS);
    expect(pauses.at(-1)).toBe(MAX_BACKOFF_MS);
    await clock.advance(MAX_BACKOFF_MS);
    (await gate.acquire()).done(ok);
    (await gate.acquire()).done({ status: 503, headers: {} });
    expect(gate.pauseLeft()).toBe(FIRST_BACKOFF_MS);
  });

  it("a 500 or a failed request neither pauses nor grows the limit", async () => {
    const clock = new FakeClock();
    const gate = new ProviderGate(2, clock);
    const slots = ask(gate, 2);
    await settle();
    slots[0]!.done({ status: 500, headers: {} });
    slots[1]!.done();
    expect(gate.pauseLeft()).toBe(0);
    expect(gate.limit).toBe(2);
  });
});

describe("retryAfterMs", () => {
  const now = Date.parse("2026-12-07T00:00:00Z");
  it("reads seconds, milliseconds and an HTTP date", () => {
    expect(retryAfterMs({ "retry-after": "3" }, now)).toBe(3000);
    expect(retryAfterMs({ "retry-after": "0.5" }, now)).toBe(500);
    expect(retryAfterMs({ "retry-after-ms": "250", "retry-after": "9" }, now)).toBe(250);
    expect(retryAfterMs({ "retry-after": "Mon, 07 Dec 2026 00:00:07 GMT" }, now)).toBe(7000);
    expect(retryAfterMs({ "retry-after": "Sun, 06 Dec 2026 23:00:00 GMT" }, now)).toBe(0);
    expect(retryAfterMs({ "retry-after": "soon" }, now)).toBeUndefined();
    expect(retryAfterMs({}, now)).toBeUndefined();
  });
});

describe("ProviderGates", () => {
  it("one gate per upstream origin: a pause met through one path holds the other paths", async () => {
    const clock = new FakeClock();
    const gates = new ProviderGates(4, clock);
    const gate = gates.gateFor("https://api.anthropic.com/v1");
    expect(gates.gateFor("https://api.anthropic.com")).toBe(gate);
    expect(gates.gateFor("http://127.0.0.1:4000/v1")).not.toBe(gate);
    (await gate.acquire()).done(limited({ "retry-after": "5" }));
    expect(gates.pauseLeft("https://api.anthropic.com/v1/messages")).toBe(5000);
    expect(gates.pauseLeft("http://127.0.0.1:4000")).toBe(0);
  });
});

describe("a trial that ends in a rate limit", () => {
  it("is told from other infra errors by the agent's classified message", () => {
    expect(isRateLimited(classifyClaudeError("Rate limited", 429))).toBe(true);
    expect(isRateLimited(classifyClaudeError("Overloaded", 529))).toBe(true);
    expect(isRateLimited(new InfraError("codex: stream error: 429 Too Many Requests"))).toBe(true);
    expect(isRateLimited(classifyClaudeError("Internal server error", 500))).toBe(false);
    expect(isRateLimited(classifyClaudeError("invalid x-api-key", 401))).toBe(false);
    expect(isRateLimited(new Error("429"))).toBe(false);
  });

  it("waits for its provider's pause, at least the backoff", async () => {
    const clock = new FakeClock();
    const gates = new ProviderGates(2, clock);
    const unit = {
      spec: {},
      agent: { modelUpstream: () => "https://api.anthropic.com" },
    } as unknown as RunUnit;
    const options = { env: {}, gates } as unknown as UnitOptions;
    expect(rateLimitWait(unit, options, 0)).toBe(FIRST_BACKOFF_MS);
    expect(rateLimitWait(unit, options, 10)).toBe(MAX_BACKOFF_MS);
    (await gates.gateFor("https://api.anthropic.com").acquire()).done(
      limited({ "retry-after": "20" }),
    );
    expect(rateLimitWait(unit, options, 0)).toBe(20_000);
  });
});
