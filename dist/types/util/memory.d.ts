/** Trials between two collections. */
export declare const COLLECT_EVERY = 200;
/** Counts finished trials; collects garbage at every COLLECT_EVERY-th. */
export declare class GarbageCadence {
    private readonly every;
    private count;
    constructor(every?: number);
    trialEnded(): void;
}
