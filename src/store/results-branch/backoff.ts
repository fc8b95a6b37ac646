// The pause before a retry: full jitter, growing with each attempt.

/**
 * Full jitter: random in [0, cap), the cap doubling with each attempt from the larger of the
 * configured base and the time one attempt took, up to the configured maximum.
 */
export function backoffDelay(
  attempt: number,
  backoff: { base: number; max: number },
  cycleMs = 0,
): number {
  const cap = Math.min(backoff.max, Math.max(backoff.base, cycleMs) * 2 ** (attempt - 1));
  return Math.random() * cap;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
