// The run's provider gates, one per upstream origin (https://api.anthropic.com, a fake's
// http://127.0.0.1:PORT …): every trial's proxy, and every judge call's, asks here for the gate of
// the API it talks to, so a pause one trial meets holds all of them.

import { type GateClock, ProviderGate, realClock } from "./gate.js";

export class ProviderGates {
  private readonly gates = new Map<string, ProviderGate>();

  constructor(
    /** Requests in flight per provider at the start, and the most it grows back to. */
    readonly start: number,
    private readonly clock: GateClock = realClock,
  ) {}

  /** The gate of the provider `upstream` (a URL) belongs to. */
  gateFor(upstream: string): ProviderGate {
    const origin = new URL(upstream).origin;
    let gate = this.gates.get(origin);
    if (!gate) {
      gate = new ProviderGate(this.start, this.clock);
      this.gates.set(origin, gate);
    }
    return gate;
  }

  /** Milliseconds until the pause of `upstream`'s provider ends (0 when none is known). */
  pauseLeft(upstream: string): number {
    const origin = new URL(upstream).origin;
    return this.gates.get(origin)?.pauseLeft() ?? 0;
  }
}

/**
 * The gates' starting limit for a run of `concurrency` trials at once: two requests per trial
 * (an agent often has a side request open beside its main one, and a judge may run after it).
 */
export function gateStart(concurrency: number): number {
  return Math.max(2, 2 * Math.max(1, Math.floor(concurrency)));
}
