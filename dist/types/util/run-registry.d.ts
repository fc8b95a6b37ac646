import { type RunOwner } from "./run-owner.js";
/** What a run made that outlives its process. */
export interface RunEntry {
    /** A temp folder. */
    temp?: string;
    /** The cgroup folder its programs' cgroups were made in (named `agent-evals-<run id>-…`). */
    cgroups?: string;
    /** A docker label (key=value) on every container and image it made. */
    docker?: string;
}
/** A dead run's record, claimed by this process: reap what it lists, then call done(). */
export interface DeadRun {
    id: string;
    owner: RunOwner;
    entries: RunEntry[];
    done(): void;
}
/** Set in every program a run starts (with the run's id): how a dead run's processes are found. */
export declare const RUN_MARKER_ENV = "AGENT_EVALS_RUN";
/** Creates this run's record (once per process); later calls are free. Never throws. */
export declare function registerRun(): void;
/** Writes `entry` into this run's record (registering the run first). Never throws. */
export declare function recordInRun(entry: RunEntry): void;
/** Removes this run's record (at exit: what it made is its own clean-up's to remove). */
export declare function unregisterRun(): void;
/** The records of runs whose owner is gone (and whose reaper, if one claimed them, is gone too), claimed. */
export declare function claimDeadRuns(): DeadRun[];
