export interface SpendingCheck {
    token: string;
    baseUrl?: string;
    owner: string;
    repo: string;
    /** GITHUB_ACTOR: who triggered the run. */
    actor: string;
    /** allowed-actors: logins that may anyway; "*" is anyone. */
    allowed: string[];
}
/** Undefined when `actor` may spend; otherwise why not, as the reason of the pairs skipped. */
export declare function spendingRefusal(check: SpendingCheck): Promise<string | undefined>;
