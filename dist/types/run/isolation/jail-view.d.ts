/** What a view is built from: the jail's folders, as the harness sees them. */
export interface ViewPaths {
    /** Bound writable, in this order. */
    writable: string[];
    /** Bound back read-only where a hidden folder covers them (shims, PATH entries, programs). */
    readable: string[];
    /** Sockets in this folder stay reachable: the jail's own forwarders (bound as readable). */
    ownSockets?: string;
}
/** The real folders the view hides behind a tmpfs, outermost only: /tmp, /run, … */
export declare function hiddenRoots(tmpdir?: string): string[];
/**
 * bwrap arguments for the view, after the read-only root: the private folders, what is bound back
 * into them, the writable folders, then (so that a socket inside a bound folder is covered too)
 * /dev/null over each host socket the agent would still see, so that connecting to it fails.
 */
export declare function viewArgs(view: ViewPaths, roots?: string[]): string[];
/** Paths of the Unix sockets bound in this network namespace (abstract ones have none). */
export declare function boundSocketPaths(table?: string): string[];
