// How bubblewrap runs on this machine, probed once per process: where it is, and whether the agent
// can be given a user namespace of its own inside the jail.
//
// Run by root (CI runners often are), bwrap keeps every capability for the sandboxed program unless
// told otherwise, and the read-only view is a mount it may simply remount read-write. So the jail
// drops all capabilities, and, where the kernel allows a nested user namespace, runs the agent in
// one of its own, as an ordinary uid (1000 when the harness is root, the harness's uid otherwise):
// there it owns none of the jail's mounts, so no capability it might regain (a namespace of its own,
// a setuid program) can remount them.
//
// Why two bwraps rather than `--uid` on one: with `--dev` (for /dev/pts) a bwrap that changes the
// uid puts the program in a second user namespace that does not own the network namespace, and
// there the forwarder cannot listen on :443 even holding CAP_NET_BIND_SERVICE. So the outer bwrap
// stays uid 0 of its namespace (the forwarder binds its ports), and the inner one, started by the
// forwarder, changes identity and drops everything.

import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

export interface BwrapHost {
  /** The bwrap binary, by absolute path (the inner layer runs it again, inside). */
  bin: string;
  /** The agent's identity in its own user namespace; absent where nesting one is refused. */
  inner?: { uid: number; gid: number };
}

/** New namespaces (no network) over a read-only root: where every jail starts. */
const JAIL_BASE_ARGS = [
  "--die-with-parent",
  "--unshare-user-try",
  "--unshare-pid",
  "--unshare-ipc",
  "--unshare-uts",
  "--unshare-cgroup-try",
  "--unshare-net",
  "--ro-bind",
  "/",
  "/",
  "--dev",
  "/dev",
  "--proc",
  "/proc",
];

/** A uid that is no one's in particular: the first regular user on most distributions. */
const UNPRIVILEGED_ID = 1000;

/** The outer bwrap's namespaces, view base and capabilities (before the jail's own binds). */
export function outerArgs(host: BwrapHost, privilegedPort: boolean): string[] {
  return [
    ...JAIL_BASE_ARGS,
    // uid 0 of the jail's namespace (mapped to the harness's uid): one namespace, which owns the
    // network namespace, so the forwarder can bind :443. Only with an inner layer to leave it.
    ...(host.inner ? ["--uid", "0", "--gid", "0"] : []),
    "--cap-drop",
    "ALL",
    // Only to listen on :443 and the like for a forwarded host, inside its own network namespace.
    ...(privilegedPort ? ["--cap-add", "CAP_NET_BIND_SERVICE"] : []),
    // The kernel lets a new user namespace map onto uid 0 of its parent only for a creator holding
    // CAP_SETFCAP; the inner bwrap drops it, with everything else, before the agent starts.
    ...(host.inner ? ["--cap-add", "CAP_SETFCAP"] : []),
  ];
}

/** The inner bwrap that runs `command` as the agent's own uid, with no capability; [] without one. */
export function innerArgs(host: BwrapHost, cwd: string): string[] {
  if (!host.inner) return [];
  return [
    host.bin,
    "--unshare-user",
    "--uid",
    String(host.inner.uid),
    "--gid",
    String(host.inner.gid),
    "--cap-drop",
    "ALL",
    "--die-with-parent",
    // The outer jail's view as it is: its read-only mounts stay read-only, and are locked so.
    "--dev-bind",
    "/",
    "/",
    "--chdir",
    cwd,
    "--",
  ];
}

let probe: Promise<BwrapHost | string> | undefined;

/**
 * How bwrap runs here, or why it cannot (it needs user namespaces, which some containers and
 * hardened kernels refuse). Probed once per process.
 */
export function bwrapHost(): Promise<BwrapHost | string> {
  probe ??= probeHost();
  return probe;
}

async function probeHost(): Promise<BwrapHost | string> {
  const bin = findOnPath("bwrap");
  if (!bin) return "bwrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)";
  const run = (args: string[]) => promisify(execFile)(bin, args, { timeout: 10_000 });
  const layered: BwrapHost = { bin, inner: agentIdentity() };
  try {
    await run([...outerArgs(layered, false), "--", ...innerArgs(layered, "/"), "true"]);
    return layered;
  } catch {
    // No nested user namespace here (an AppArmor profile for bwrap, a namespace limit): one layer.
  }
  const flat: BwrapHost = { bin };
  try {
    await run([...outerArgs(flat, false), "--", "true"]);
    return flat;
  } catch (error) {
    const { stderr, message } = error as Error & { stderr?: string };
    return (
      `bwrap cannot create its namespaces here: ${(stderr || message).trim()} ` +
      "(it needs unprivileged user namespaces: in a container, run it with them allowed; on " +
      "Ubuntu 24.04, sysctl kernel.apparmor_restrict_unprivileged_userns=0 or an AppArmor profile for bwrap)"
    );
  }
}

/** Root becomes an ordinary uid; anyone else stays who they are. */
function agentIdentity(): { uid: number; gid: number } {
  const uid = process.getuid?.() ?? 0;
  const gid = process.getgid?.() ?? 0;
  return uid === 0 ? { uid: UNPRIVILEGED_ID, gid: UNPRIVILEGED_ID } : { uid, gid };
}

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!path.isAbsolute(dir)) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  return undefined;
}
