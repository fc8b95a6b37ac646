export interface RunOwner {
    pid: number;
    /** The process's start time, in clock ticks after boot (field 22 of /proc/<pid>/stat). */
    start: number;
    /** The boot and pid namespace the pid belongs to. */
    scope: string;
}
/** The start time of a live process, or undefined if there is none with that pid. */
export declare function processStart(pid: number): number | undefined;
/** This process as a run's owner. */
export declare function ownRun(): RunOwner;
/** The run's id: pid and start time, safe in file, cgroup, container and label names. */
export declare function runId(owner?: RunOwner): string;
/**
 * Whether `owner` has certainly ended: same scope as ours, and no process with its pid and start
 * time. An owner in another scope (or one this machine cannot tell about) counts as alive.
 */
export declare function ownerIsGone(owner: RunOwner): boolean;
