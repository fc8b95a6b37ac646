/** At most `limit` holders at once; waiters are served in arrival order. */
export declare class Semaphore {
    private readonly limit;
    private active;
    private readonly waiting;
    constructor(limit: number);
    acquire(): Promise<() => void>;
    use<T>(fn: () => Promise<T>): Promise<T>;
}
