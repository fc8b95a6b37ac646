/** What one reaping removed, summed over the dead runs it found. */
export interface Reaped {
    runs: number;
    processes: number;
    cgroups: number;
    temps: number;
    labels: number;
}
/** Reaps every dead run's leftovers; never throws (what cannot be removed stays recorded). */
export declare function reapDeadRuns(): Promise<Reaped>;
/** A note for the run's output, when something was reaped. */
export declare function reapedNote(reaped: Reaped): string | undefined;
