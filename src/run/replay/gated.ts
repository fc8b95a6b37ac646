// An upstream request sent through its provider's gate (docs/reliability.md › Rate limits): it waits
// for a slot and for the provider's pause to end, and a throttled answer (429, 503, 529) is absorbed
// rather than passed on: its body is read and dropped, the gate pauses the provider, and the same
// request is sent again (a throttled request was not served, so sending it again is safe). After
// MAX_HOLD_MS of holding one request, MAX_ABSORBED answers, or where the pause would run past
// `holdUntil` (the agent's deadline), the throttled answer is passed on as it came.

import type http from "node:http";
import { Readable } from "node:stream";
import { THROTTLED_STATUSES, type GateSlot, type ProviderGate } from "../providers/index.js";
import { sendUpstream, type UpstreamAgents, type UpstreamAnswer } from "./upstream.js";

/** The longest one request is held back across throttled answers before the answer is passed on. */
export const MAX_HOLD_MS = 10 * 60_000;
/** The most throttled answers absorbed for one request. */
export const MAX_ABSORBED = 50;

/** Wall-clock time during which at least one request was held by the gate (not double-counted). */
export class HoldClock {
  private holding = 0;
  private since = 0;
  private sum = 0;
  hold(): void {
    if (this.holding++ === 0) this.since = performance.now();
  }
  release(): void {
    if (--this.holding === 0) this.sum += performance.now() - this.since;
  }
  total(): number {
    return this.sum + (this.holding > 0 ? performance.now() - this.since : 0);
  }
}

export interface GatedRequest {
  target: URL;
  method: string;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
  agents: UpstreamAgents;
  signal: AbortSignal;
  gate?: ProviderGate;
  /** When holding must stop (epoch ms): a pause ending later is not waited for. */
  holdUntil?: () => number | undefined;
  held: HoldClock;
  onAbsorbed: () => void;
}

/** The upstream's answer, with the slot to give back once its body is read (none without a gate). */
export async function sendGated(
  request: GatedRequest,
): Promise<{ answer: UpstreamAnswer; slot?: GateSlot; sentAt: number }> {
  const { gate, signal } = request;
  const send = () =>
    sendUpstream(
      request.target,
      request.method,
      request.headers,
      request.body,
      request.agents,
      signal,
    );
  if (!gate) return { answer: await send(), sentAt: performance.now() };
  let firstThrottled = 0;
  for (let absorbed = 0; ;) {
    request.held.hold();
    let slot: GateSlot;
    try {
      slot = await acquire(gate, signal);
    } finally {
      request.held.release();
    }
    let answer: UpstreamAnswer;
    const sentAt = performance.now();
    try {
      answer = await send();
    } catch (error) {
      slot.done();
      throw error;
    }
    if (!THROTTLED_STATUSES.has(answer.status)) return { answer, slot, sentAt };
    // The gate learns of the answer (its pause) before deciding whether to wait it out.
    const now = Date.now();
    firstThrottled ||= now;
    if (absorbed >= MAX_ABSORBED) return { answer, slot, sentAt };
    const { status, headers } = answer;
    const bodyRead = drain(answer.body);
    slot.done({ status, headers });
    const resumeAt = now + gate.pauseLeft();
    const until = request.holdUntil?.();
    if (resumeAt - firstThrottled > MAX_HOLD_MS || (until !== undefined && resumeAt >= until)) {
      // Passed on as it came: its body, already being read, is given back whole.
      const data = await bodyRead;
      return { answer: { ...answer, body: bodyOf(data) }, sentAt };
    }
    await bodyRead;
    absorbed += 1;
    request.onAbsorbed();
  }
}

/** A slot of `gate`, or the abort; a slot granted after the abort is given back at once. */
function acquire(gate: ProviderGate, signal: AbortSignal): Promise<GateSlot> {
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise((resolve, reject) => {
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      reject(abortError());
    };
    signal.addEventListener("abort", onAbort, { once: true });
    void gate.acquire().then((slot) => {
      signal.removeEventListener("abort", onAbort);
      if (aborted) slot.done();
      else resolve(slot);
    });
  });
}

function abortError(): Error {
  const error = new Error("the request was cut while it waited for its provider's gate");
  error.name = "AbortError";
  return error;
}

async function drain(body: AsyncIterable<Buffer> | NodeJS.ReadableStream): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
  } catch {
    // a cut body: what arrived is all there is
  }
  return chunks;
}

async function* chunksOf(chunks: Buffer[]): AsyncGenerator<Buffer> {
  for (const chunk of chunks) yield chunk;
}

function bodyOf(chunks: Buffer[]): UpstreamAnswer["body"] {
  return Readable.from(chunksOf(chunks), { objectMode: false });
}
