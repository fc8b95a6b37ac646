/** Set to 1 in agent-evals' own environment to use the marker scan only, never a cgroup. */
export declare const NO_CGROUP_ENV = "AGENT_EVALS_NO_CGROUP";
/** Removes the emptied cgroups kept for reuse (also done when this process exits). */
export declare function removeIdleCgroups(): void;
/**
 * The cgroup v2 folder this process is in, when it may create a cgroup below it, move itself in and
 * out, and kill one (cgroup.kill); undefined elsewhere. Probed once, on first use.
 */
export declare function cgroupHome(): string | undefined;
/** One started program's cgroup. */
export declare class ProcessCgroup {
    private readonly dir;
    private readonly home;
    /** Set if this process could not move back out: the cgroup must then never be killed. */
    private holdsUs;
    private entered;
    /** Set once killAndRemove ran: the folder may serve another program now. */
    private released;
    private constructor();
    /** An empty cgroup below ours (fresh or emptied), or undefined where cgroups are not usable. */
    static create(): ProcessCgroup | undefined;
    /**
     * Makes the moves of spawnInside cheap, without blocking the event loop. A write to any
     * cgroup.procs takes the kernel's cgroup_threadgroup_rwsem, and when no other write came within
     * the last RCU grace period, waits for one (5–20 ms, measured: BENCHMARKS.md figure 11) — on the
     * main thread, for every child, was the largest serial cost of concurrent trials. Rewriting our
     * own cgroup's procs moves nothing but takes that wait on a thread-pool thread; moves made
     * within the next grace period then take a fraction of a millisecond. Never fails: at worst
     * spawnInside pays the wait itself, as it did before.
     */
    warmUp(): Promise<void>;
    /**
     * Runs `spawn` (which must fork synchronously, as child_process.spawn does) with this process
     * inside the cgroup, so the child starts there. If moving in fails, the child starts outside.
     * Call warmUp() just before: then the moves do not hold up the event loop.
     */
    spawnInside<T>(spawn: () => T): T;
    /** SIGKILL to every process in the cgroup, now; false if that was not done. */
    killNow(): boolean;
    /** Kills what is in the cgroup, waits (bounded) until it is empty, and removes it or keeps it empty for reuse. */
    killAndRemove(): Promise<void>;
    private leave;
    private contains;
    private populated;
}
/**
 * Kills every process in the cgroups a (dead) run made below `home`, and removes them. Returns how
 * many cgroups were found.
 */
export declare function reapRunCgroups(home: string, run: string): Promise<number>;
