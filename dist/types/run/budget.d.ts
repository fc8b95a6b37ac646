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
/** Money in messages: cents, or four places below a cent. */
export declare function dollars(x: number): string;
/**
 * What a settled trial's cost broke (README "Cost"): the agent reported more than the cap it was
 * handed, or the run's spend is now past the budget with this trial's part in it. An adapter is
 * trusted to stay under its cap (claude's --max-budget-usd) and free agents are not reserved for,
 * so either can happen; neither stops the run, both are flagged.
 */
export declare function overspent(costUsd: number, capUsd: number | undefined, spec: {
    maxCostUsd?: number;
}, ledger: BudgetLedger): string[];
