// A trial whose agent gave up on a rate limit (docs/reliability.md › Rate limits): the infra error
// says so (the CLIs' classifiers keep the API's status or words in it), and its retry waits for the
// provider's pause the gate knows of, else for the gate's own backoff. Such retries are counted
// apart from crash retries, up to RATE_LIMIT_RETRIES.

import { InfraError } from "../../model/index.js";
import { FIRST_BACKOFF_MS, MAX_BACKOFF_MS } from "../providers/index.js";
import { upstreamOf } from "../trial-traffic.js";
import type { RunUnit } from "../unit.js";
import type { UnitOptions } from "./options.js";

/** Attempts run again for a rate limit, besides the run's `maxRetries` for other infra errors. */
export const RATE_LIMIT_RETRIES = 2;

/** An infra error that a rate limit or an overloaded API caused (API 429 / 529, the words). */
export function isRateLimited(error: unknown): boolean {
  if (!(error instanceof InfraError) || !error.retryable) return false;
  return /\b(?:429|529)\b|rate[ _-]?limit|too many requests|overloaded/i.test(error.message);
}

/** How long to wait before rate-limit retry `k` (0-based): the provider's pause, at least the backoff. */
export function rateLimitWait(unit: RunUnit, options: UnitOptions, k: number): number {
  const backoff = Math.min(FIRST_BACKOFF_MS * 2 ** k, MAX_BACKOFF_MS);
  // The provider the trial's requests were gated on, found as the trial found it.
  const upstream =
    unit.agent && upstreamOf(unit.agent, "relay", options.env, unit.spec.model, "agent");
  const pause = upstream && options.gates ? options.gates.pauseLeft(upstream) : 0;
  return Math.max(pause, backoff);
}
