// The bubblewrap sandbox (`--sandbox bwrap`): the agent runs in its own user, pid, ipc, uts and
// network namespaces with no capability (bwrap-host.ts), sees the filesystem read-only except its
// workspace, TMPDIR, HOME and the call log, with private /tmp and /run and no host socket
// (jail-view.ts), and reaches no network but its own loopback and the allowed endpoints.
//
// Allowed endpoints (the model API) are forwarded: inside, a small Node init listens on a loopback
// address for each and hands every connection through a unix socket to the harness, which opens
// the real TCP connection. A loopback endpoint keeps its address (127.0.0.1:PORT works as before); a
// named host gets its own 127.0.0.N, written into the sandbox's /etc/hosts, so TLS still sees the
// real host name (forward.ts). Nothing else resolves (there is no DNS inside) and nothing else connects.

import { AgentEvalsError, Codes } from "../../model/index.js";
import { withCommandWrapper, type WrappedCommand } from "../../util/index.js";
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { bwrapHost, innerArgs, outerArgs, type BwrapHost } from "./bwrap-host.js";
import { programFolders } from "./program-folders.js";
import { viewArgs } from "./jail-view.js";
import {
  FORWARDER,
  hostsFile,
  routesArg,
  startForwarders,
  type Endpoint,
  type Route,
} from "./forward.js";
import type { SandboxProvider, TrialSpace } from "./provider.js";

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

export class SandboxUnavailableError extends AgentEvalsError {
  constructor(message: string) {
    super(Codes.sandboxUnavailable, message);
  }
}

// ---------- the provider ----------

export const BWRAP_ISOLATION =
  "sandbox: bubblewrap per trial (own user, pid, ipc and network namespaces, no capabilities; own TMPDIR and HOME). " +
  "Agents, and the checks' commands run after them, can write only their workspace, TMPDIR, HOME and a private /tmp, see the rest of the filesystem read-only " +
  "with /run empty and no host socket reachable, and reach only loopback inside the sandbox plus the allowed " +
  "endpoints. They can still read your environment variables (API keys included) and any file your user can read, " +
  "and use the machine's CPU and memory without limit.";

export const bwrapProvider: SandboxProvider = {
  name: "bwrap",
  ownHome: true,
  strength: 1,
  async available() {
    const problem = await bwrapProblem();
    return problem
      ? {
          ok: false,
          reason: problem,
          fix: "make bubblewrap work here (installed, with unprivileged user namespaces allowed), or choose another sandbox",
        }
      : { ok: true };
  },
  note: () => BWRAP_ISOLATION,
  // The checks' commands run in the agent's jail too: they run what the agent left (a git config's
  // core.fsmonitor, a hook, a test script), which must not run on the host (docs/reliability.md,
  // Hostile agents: planted commands).
  checksInside: true,
  async prepareTrial(space: TrialSpace) {
    const jail: BwrapJail = {
      writable: space.writable,
      readable: space.readable,
      allow: space.allow,
      stateDir: space.root,
    };
    return { run: (fn) => withJail(jail, fn) };
  },
};

// ---------- the trial's scope ----------

const scope = new AsyncLocalStorage<BwrapJail>();

/** Runs `fn` (an agent's run) so that every process it starts is jailed in `jail`. */
export function withJail<T>(jail: BwrapJail | undefined, fn: () => T): T {
  return jail ? scope.run(jail, () => withCommandWrapper(wrapCommand, fn)) : fn();
}

/** The command as run under the current jail, or as is when there is none. */
export async function wrapCommand(
  command: string,
  args: string[],
  cwd: string,
): Promise<WrappedCommand> {
  const jail = scope.getStore();
  if (!jail) return { command, args, dispose: async () => {} };
  const host = await bwrapHost();
  if (typeof host === "string") throw new SandboxUnavailableError(`--sandbox bwrap: ${host}`);
  const routes = await startForwarders(socketDir(jail), jail.allow);
  const hosts = await hostsFile(socketDir(jail), routes);
  return {
    command: host.bin,
    args: [
      ...bwrapArgs(host, jail, { command, cwd }, routes, hosts),
      "--",
      ...(routes.length ? [process.execPath, "-e", FORWARDER, routesArg(routes)] : []),
      ...innerArgs(host, cwd),
      command,
      ...args,
    ],
    dispose: () => Promise.all(routes.map((r) => r.close())).then(() => undefined),
  };
}

function bwrapArgs(
  host: BwrapHost,
  jail: BwrapJail,
  run: { command: string; cwd: string },
  routes: Route[],
  hosts: string | undefined,
): string[] {
  const privilegedPort = routes.some((r) => r.port < 1024);
  // What runs inside besides the agent's PATH: bwrap itself (the inner layer), node (the forwarder).
  const programs = [host.bin, ...(routes.length ? [process.execPath] : []), run.command]
    .filter((p) => path.isAbsolute(p))
    .flatMap(programFolders);
  const sockets = routes.length ? [socketDir(jail)] : [];
  const view = {
    writable: jail.writable,
    readable: [...jail.readable, ...programs, ...sockets],
    ownSockets: socketDir(jail),
  };
  return [
    ...outerArgs(host, privilegedPort),
    ...viewArgs(view),
    ...(hosts ? ["--ro-bind", hosts, "/etc/hosts"] : []),
    "--chdir",
    run.cwd,
  ];
}

function socketDir(jail: BwrapJail): string {
  return path.join(jail.stateDir, "net");
}

// ---------- configuration ----------

/** `host:port` list, e.g. from AGENT_EVALS_ALLOW_HOSTS ("api.anthropic.com:443, 127.0.0.1:8080"). */
export function parseEndpoints(text: string): Endpoint[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((item) => {
      const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(item);
      const port = Number(match?.[2]);
      if (!match || port < 1 || port > 65535) {
        throw new Error(`not a host:port endpoint: ${JSON.stringify(item)}`);
      }
      return { host: match[1]!, port };
    });
}

/** The endpoint of a base URL (`https://host` → host:443). */
export function endpointOfUrl(url: string | undefined): Endpoint | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    const port = Number(u.port || (u.protocol === "https:" ? 443 : 80));
    return { host: u.hostname.replace(/^\[|\]$/g, ""), port };
  } catch {
    return undefined;
  }
}

export const ALLOW_HOSTS_ENV = "AGENT_EVALS_ALLOW_HOSTS";

/**
 * What agents may reach by default: the model APIs (or the base URLs configured for them), plus
 * AGENT_EVALS_ALLOW_HOSTS and `extra`.
 */
export function allowedEndpoints(
  env: Record<string, string | undefined>,
  extra: Endpoint[] = [],
): Endpoint[] {
  const all = [
    endpointOfUrl(env.ANTHROPIC_BASE_URL) ?? { host: "api.anthropic.com", port: 443 },
    endpointOfUrl(env.OPENAI_BASE_URL) ?? { host: "api.openai.com", port: 443 },
    ...parseEndpoints(env[ALLOW_HOSTS_ENV] ?? ""),
    ...extra,
  ];
  const seen = new Set<string>();
  return all.filter((e) => {
    const key = `${e.host}:${e.port}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---------- can it run here? ----------

/**
 * Undefined when bwrap can build the sandbox on this machine, else why not (it needs user
 * namespaces, which some containers and hardened kernels refuse). Probed once per process.
 */
export async function bwrapProblem(): Promise<string | undefined> {
  const host = await bwrapHost();
  return typeof host === "string" ? host : undefined;
}
