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

/**
 * When the eval's maxCostUsd (a trial's worst case) is above the whole budget, no trial of it can
 * ever start: says so, and what to change. Undefined when it fits (then the budget ran out).
 */
export function aboveBudget(
  maxCostUsd: number | undefined,
  limitUsd: number | undefined,
): string | undefined {
  if (maxCostUsd === undefined || limitUsd === undefined || maxCostUsd <= limitUsd + 1e-12)
    return undefined;
  return `the eval's maxCostUsd ${dollars(maxCostUsd)} (a trial's worst case) is above the whole budget, --budget-usd ${dollars(limitUsd)}: no trial of it can fit. Fix: raise --budget-usd to at least ${dollars(maxCostUsd)}, or lower the eval's maxCostUsd`;
}

/** Why a unit ran fewer trials than planned when the budget refused its next one. */
export function budgetCutReason(
  maxCostUsd: number | undefined,
  ledger: BudgetLedger,
  ran: number,
  max: number,
): string {
  const above = aboveBudget(maxCostUsd, ledger.limitUsd);
  if (above) return `not started: ${above}`;
  const worst = maxCostUsd !== undefined ? `; a trial's worst case is ${dollars(maxCostUsd)}` : "";
  return `the budget ran out: ${ran} of up to ${max} trials ran (${dollars(ledger.spent)} spent of ${dollars(ledger.limitUsd ?? 0)}${worst})`;
}

/** Money in messages: cents, or four places below a cent. */
export function dollars(x: number): string {
  return `$${x.toFixed(x > 0 && x < 0.01 ? 4 : 2)}`;
}

/**
 * What a settled trial's cost broke (docs/cli.md › Cost): the agent reported more than the cap it was
 * handed, or the run's spend is now past the budget with this trial's part in it. An adapter is
 * trusted to stay under its cap (claude's --max-budget-usd) and free agents are not reserved for,
 * so either can happen; neither stops the run, both are flagged.
 */
export function overspent(
  costUsd: number,
  capUsd: number | undefined,
  spec: { maxCostUsd?: number },
  ledger: BudgetLedger,
): string[] {
  const out: string[] = [];
  const EPSILON = 1e-9;
  if (capUsd !== undefined && costUsd > capUsd + EPSILON) {
    const whose = capUsd === spec.maxCostUsd ? "maxCostUsd" : "what was left of --budget-usd";
    out.push(
      `the agent reported ${dollars(costUsd)}, over its cap of ${dollars(capUsd)} (${whose})`,
    );
  }
  if (ledger.limitUsd !== undefined && costUsd > 0 && ledger.spent > ledger.limitUsd + EPSILON) {
    out.push(
      `with this trial the run spent ${dollars(ledger.spent)}, over --budget-usd ${dollars(ledger.limitUsd)}`,
    );
  }
  return out;
}
