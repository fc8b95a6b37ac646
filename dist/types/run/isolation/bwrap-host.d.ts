export interface BwrapHost {
    /** The bwrap binary, by absolute path (the inner layer runs it again, inside). */
    bin: string;
    /** The agent's identity in its own user namespace; absent where nesting one is refused. */
    inner?: {
        uid: number;
        gid: number;
    };
}
/** The outer bwrap's namespaces, view base and capabilities (before the jail's own binds). */
export declare function outerArgs(host: BwrapHost, privilegedPort: boolean): string[];
/** The inner bwrap that runs `command` as the agent's own uid, with no capability; [] without one. */
export declare function innerArgs(host: BwrapHost, cwd: string): string[];
/**
 * How bwrap runs here, or why it cannot (it needs user namespaces, which some containers and
 * hardened kernels refuse). Probed once per process.
 */
export declare function bwrapHost(): Promise<BwrapHost | string>;
