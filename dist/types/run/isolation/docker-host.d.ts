import type { Availability } from "./provider.js";
/** The harness's own DOCKER_HOST, DOCKER_CONFIG …: how its docker client finds the daemon. */
export declare function dockerVariables(): Record<string, string>;
export declare class DockerCommandError extends Error {
    readonly args: string[];
    readonly stderr: string;
    constructor(args: string[], stderr: string);
}
/** Runs `docker ARGS…` and returns its stdout, trimmed; DockerCommandError with its stderr if it fails. */
export declare function docker(args: string[], timeoutMs?: number): Promise<string>;
/** The docker client, by absolute path (a shim named `docker` on a trial's PATH is not it). */
export declare function dockerBin(): Promise<string | undefined>;
/** Whether the client is installed and its daemon answers; probed once per process. */
export declare function dockerAvailability(): Promise<Availability>;
/** Whether `image` is on this machine: nothing is pulled (a registry may not be reachable). */
export declare function imageAvailability(image: string | undefined): Promise<Availability>;
/** Removes containers (and their anonymous volumes) by id or name; gone already is fine. */
export declare function removeContainers(ids: string[]): Promise<void>;
/** Every container and image carrying `label` (key=value), removed. */
export declare function removeLabelled(label: string): Promise<void>;
/**
 * Whether the daemon's containers are overlays over their image (overlay2, the containerd
 * overlayfs snapshotter, fuse-overlayfs), which a workspace kept in the image relies on; probed
 * once per process.
 */
export declare function storageCopiesUp(): Promise<boolean>;
