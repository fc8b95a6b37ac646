// The USD budget of a run. A trial starts only when its worst case fits in what is left, counting
// what running trials have reserved; when a trial ends its reservation is settled with the real
// cost. So concurrent trials can never together be allowed more than the budget.

export interface Reservation {
  /** What this trial may spend: handed to the agent as its own cap (e.g. claude --max-budget-usd). */
  readonly capUsd: number | undefined;
  readonly amount: number;
}

export class BudgetLedger {
  private spentUsd = 0;
  private reservedUsd = 0;
  private waiters: Array<() => void> = [];
  /** Trials the budget kept from starting. */
  refused = 0;

  constructor(readonly limitUsd: number | undefined) {}

  get spent(): number {
    return this.spentUsd;
  }

  get remaining(): number {
    return this.limitUsd === undefined
      ? Infinity
      : Math.max(0, this.limitUsd - this.spentUsd - this.reservedUsd);
  }

  /**
   * Reserve a trial's worst case, waiting while running trials hold reservations that may free
   * room. `worstCaseUsd` undefined means "unknown": the trial may take everything that is left
   * (and is capped at that). Resolves undefined when it can never fit.
   */
  async reserve(worstCaseUsd: number | undefined, free: boolean): Promise<Reservation | undefined> {
    if (this.limitUsd === undefined || free) return { capUsd: worstCaseUsd, amount: 0 };
    for (;;) {
      const left = this.remaining;
      const amount = worstCaseUsd ?? left;
      if (left > 0 && amount <= left + 1e-12) {
        this.reservedUsd += amount;
        return { capUsd: amount, amount };
      }
      if (this.reservedUsd <= 1e-12) {
        this.refused++;
        return undefined;
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Replace a reservation with what the trial really cost. */
  settle(reservation: Reservation, actualUsd: number): void {
    this.reservedUsd = Math.max(0, this.reservedUsd - reservation.amount);
    this.spentUsd += actualUsd;
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }

  /** Spending outside a reservation (an unbudgeted free run that reported a cost anyway). */
  record(actualUsd: number): void {
    this.spentUsd += actualUsd;
  }
}
