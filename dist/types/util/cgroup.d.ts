/** Set to 1 in agent-evals' own environment to use the marker scan only, never a cgroup. */
export declare const NO_CGROUP_ENV = "AGENT_EVALS_NO_CGROUP";
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
    private constructor();
    /** A fresh cgroup below ours, or undefined where cgroups are not usable. */
    static create(): ProcessCgroup | undefined;
    /**
     * Runs `spawn` (which must fork synchronously, as child_process.spawn does) with this process
     * inside the cgroup, so the child starts there. If moving in fails, the child starts outside.
     */
    spawnInside<T>(spawn: () => T): T;
    /** SIGKILL to every process in the cgroup, now; false if that was not done. */
    killNow(): boolean;
    /** Kills what is in the cgroup, waits (bounded) until it is empty, and removes it. */
    killAndRemove(): Promise<void>;
    private leave;
    private contains;
    private populated;
}
