import type { SandboxProvider } from "./provider.js";
export declare const DOCKER_ISOLATION: string;
export declare const RUN_LABEL: string;
/** Also labelled: the harness's pid, so that a test can find a run's containers from outside. */
export declare const PID_LABEL: string;
/** The pid limit where neither the eval nor the CLI gives one: room for an agent, not a fork bomb. */
export declare const DEFAULT_PIDS = 4096;
export declare const dockerProvider: SandboxProvider;
