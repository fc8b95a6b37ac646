import { AgentEvalsError } from "../../model/index.js";
import { type WrappedCommand } from "../../util/index.js";
import { type Endpoint } from "./forward.js";
import type { SandboxProvider } from "./provider.js";
export type { Endpoint } from "./forward.js";
/** What one trial's agent may touch when it runs under bwrap. */
export interface BwrapJail {
    /** Folders and files it may write: its workspace, TMPDIR, HOME, the call log. */
    writable: string[];
    /** What it runs from (its shims, its PATH): bound back read-only where /tmp or /run hides it. */
    readable: string[];
    /** host:port endpoints it may connect to. */
    allow: Endpoint[];
    /** A folder of the trial (not visible to the agent as writable) for the forwarders' sockets. */
    stateDir: string;
}
export declare class SandboxUnavailableError extends AgentEvalsError {
    constructor(message: string);
}
export declare const BWRAP_ISOLATION: string;
export declare const bwrapProvider: SandboxProvider;
/** Runs `fn` (an agent's run) so that every process it starts is jailed in `jail`. */
export declare function withJail<T>(jail: BwrapJail | undefined, fn: () => T): T;
/** The command as run under the current jail, or as is when there is none. */
export declare function wrapCommand(command: string, args: string[], cwd: string): Promise<WrappedCommand>;
/**
 * The folders a program runs from: its own, and — through links, as `.agent-clis/bin/claude` is —
 * its real file's package (the nearest node_modules above it, whose siblings hold a CLI's
 * platform binaries), so that it still runs where a private /tmp hides the project it lives in.
 */
export declare function programFolders(program: string): string[];
/** `host:port` list, e.g. from AGENT_EVALS_ALLOW_HOSTS ("api.anthropic.com:443, 127.0.0.1:8080"). */
export declare function parseEndpoints(text: string): Endpoint[];
/** The endpoint of a base URL (`https://host` → host:443). */
export declare function endpointOfUrl(url: string | undefined): Endpoint | undefined;
export declare const ALLOW_HOSTS_ENV = "AGENT_EVALS_ALLOW_HOSTS";
/**
 * What agents may reach by default: the model APIs (or the base URLs configured for them), plus
 * AGENT_EVALS_ALLOW_HOSTS and `extra`.
 */
export declare function allowedEndpoints(env: Record<string, string | undefined>, extra?: Endpoint[]): Endpoint[];
/**
 * Undefined when bwrap can build the sandbox on this machine, else why not (it needs user
 * namespaces, which some containers and hardened kernels refuse). Probed once per process.
 */
export declare function bwrapProblem(): Promise<string | undefined>;
