export interface Reservation {
    /** What this trial may spend: handed to the agent as its own cap (e.g. claude --max-budget-usd). */
    readonly capUsd: number | undefined;
    readonly amount: number;
}
export declare class BudgetLedger {
    readonly limitUsd: number | undefined;
    private spentUsd;
    private reservedUsd;
    private waiters;
    /** Trials the budget kept from starting. */
    refused: number;
    constructor(limitUsd: number | undefined);
    get spent(): number;
    get remaining(): number;
    /**
     * Reserve a trial's worst case, waiting while running trials hold reservations that may free
     * room. `worstCaseUsd` undefined means "unknown": the trial may take everything that is left
     * (and is capped at that). Resolves undefined when it can never fit.
     */
    reserve(worstCaseUsd: number | undefined, free: boolean): Promise<Reservation | undefined>;
    /** Replace a reservation with what the trial really cost. */
    settle(reservation: Reservation, actualUsd: number): void;
    /** Spending outside a reservation (an unbudgeted free run that reported a cost anyway). */
    record(actualUsd: number): void;
}
