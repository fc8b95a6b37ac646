// One model provider's gate (docs/reliability.md › Rate limits): every upstream request of the run
// to that provider waits here for a slot. The slots adapt (AIMD): a throttled answer (429, 503, 529)
// halves them, down to 1; `limit` healthy answers in a row add one back, up to where they started. A
// throttled answer also pauses the provider for every trial: until its `retry-after`, or for an
// exponential backoff when it gives none. Pure: time comes from the clock it is given.

/** What the gate needs of time: now, and a call after a delay (a fake clock in tests). */
export interface GateClock {
  now(): number;
  after(ms: number, run: () => void): void;
}

export const realClock: GateClock = {
  now: () => Date.now(),
  after: (ms, run) => void setTimeout(run, ms).unref(),
};

/** The statuses that mean "not served, slow down": rate limited, unavailable, overloaded. */
export const THROTTLED_STATUSES: ReadonlySet<number> = new Set([429, 503, 529]);
/** The first pause of a throttled answer without `retry-after`; it doubles up to the cap. */
export const FIRST_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 30_000;

/** A granted slot: give it back with the answer's status and headers (or none: it failed). */
export interface GateSlot {
  done(answer?: { status: number; headers: Record<string, string | string[] | undefined> }): void;
}

export class ProviderGate {
  /** Requests that may be in flight at once now. */
  limit: number;
  readonly max: number;
  private inFlight = 0;
  private readonly waiting: Array<(slot: GateSlot) => void> = [];
  /** No request is sent before this time (epoch ms). */
  private pausedUntil = 0;
  private backoffMs = 0;
  private healthy = 0;
  /** Raised by each decrease: answers to requests sent before it do not decrease again. */
  private epoch = 0;
  private wakeAt = 0;

  constructor(
    start: number,
    private readonly clock: GateClock = realClock,
  ) {
    this.max = Math.max(1, Math.floor(start));
    this.limit = this.max;
  }

  /** Milliseconds until the provider's pause ends (0: not paused). */
  pauseLeft(): number {
    return Math.max(0, this.pausedUntil - this.clock.now());
  }

  /** Resolves with a slot once the provider is not paused and fewer than `limit` are in flight. */
  acquire(): Promise<GateSlot> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.pump();
    });
  }

  private pump(): void {
    const left = this.pauseLeft();
    if (left > 0) {
      if (this.wakeAt !== this.pausedUntil) {
        this.wakeAt = this.pausedUntil;
        // A timer may fire a millisecond before the wall clock says the pause is over: each wake-up
        // forgets it was set, so that pump() sets the next one.
        this.clock.after(left, () => {
          this.wakeAt = 0;
          this.pump();
        });
      }
      return;
    }
    while (this.inFlight < this.limit && this.waiting.length > 0) {
      this.inFlight += 1;
      this.waiting.shift()!(this.slot(this.epoch));
    }
  }

  private slot(epoch: number): GateSlot {
    let given = false;
    return {
      done: (answer) => {
        if (given) return;
        given = true;
        this.inFlight -= 1;
        if (answer) this.answered(answer.status, answer.headers, epoch);
        this.pump();
      },
    };
  }

  private answered(
    status: number,
    headers: Record<string, string | string[] | undefined>,
    epoch: number,
  ): void {
    if (!THROTTLED_STATUSES.has(status)) {
      if (status >= 500) return; // an error, not a sign of health or of overload
      this.backoffMs = 0;
      this.healthy += 1;
      if (this.healthy >= this.limit && this.limit < this.max) {
        this.limit += 1;
        this.healthy = 0;
      }
      return;
    }
    this.healthy = 0;
    const now = this.clock.now();
    const retryAfter = retryAfterMs(headers, now);
    // A burst of requests sent together meets the same limit: the first answer halves, not each.
    const fresh = epoch === this.epoch;
    if (fresh) {
      this.limit = Math.max(1, Math.floor(this.limit / 2));
      this.epoch += 1;
    }
    let pause = retryAfter;
    if (pause === undefined) {
      if (fresh || this.backoffMs === 0)
        this.backoffMs = this.backoffMs
          ? Math.min(this.backoffMs * 2, MAX_BACKOFF_MS)
          : FIRST_BACKOFF_MS;
      pause = this.backoffMs;
    }
    this.pausedUntil = Math.max(this.pausedUntil, now + pause);
  }
}

/**
 * The wait an answer asks for: `retry-after-ms`, else `retry-after` in seconds or as an HTTP date
 * (undefined when it gives none that reads).
 */
export function retryAfterMs(
  headers: Record<string, string | string[] | undefined>,
  now: number,
): number | undefined {
  const first = (name: string) => {
    const value = headers[name];
    return (Array.isArray(value) ? value[0] : value)?.trim();
  };
  const ms = first("retry-after-ms");
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Math.ceil(Number(ms));
  const after = first("retry-after");
  if (!after) return undefined;
  if (/^\d+(\.\d+)?$/.test(after)) return Math.ceil(Number(after) * 1000);
  const date = Date.parse(after);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}
