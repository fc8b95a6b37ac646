// What an agent under bwrap sees of the filesystem, besides its writable folders: the host's,
// read-only, except where host processes keep their Unix sockets. A socket on a read-only mount can
// still be connected to, so read-only is not enough: ssh-agent, docker.sock, D-Bus, X11 and the
// other trials' forwarders would all be reachable. So the view
//   - puts an empty, private tmpfs over /tmp, /var/tmp, /run (/var/run is a link to it, or gets its
//     own) and the harness's temp dir: where sockets live, and where the other trials' files are;
//   - binds back, read-only, what the agent runs from under those (its shims, its PATH), in folders
//     it cannot write;
//   - and covers every other socket a host process has bound (from /proc/net/unix) with /dev/null.
// Abstract sockets need nothing here: they belong to the network namespace, which is the jail's own.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const HIDDEN = ["/tmp", "/var/tmp", "/run", "/var/run"];

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
export function hiddenRoots(tmpdir = os.tmpdir()): string[] {
  const roots = [...new Set([...HIDDEN, tmpdir].flatMap((p) => realDirectory(p) ?? []))].filter(
    (root) => root !== "/",
  );
  return roots.filter((root) => !roots.some((other) => other !== root && isWithin(root, other)));
}

/**
 * bwrap arguments for the view, after the read-only root: the private folders, what is bound back
 * into them, the writable folders, then (so that a socket inside a bound folder is covered too)
 * /dev/null over each host socket the agent would still see, so that connecting to it fails.
 */
export function viewArgs(view: ViewPaths, roots = hiddenRoots()): string[] {
  const rebinds = unique(
    view.readable
      .filter((p) => path.isAbsolute(p) && isHidden(p, roots))
      .map((p) => path.resolve(p))
      // Never bring back a whole hidden folder (a PATH holding /tmp).
      .filter((p) => !roots.some((root) => isWithin(root, p))),
  ).filter((p) => !isSocket(p));
  const writable = view.writable.filter((p) => !isSocket(p));
  const frames = framesOf([...rebinds, ...writable], roots);
  return [
    ...roots.flatMap((root) => ["--tmpfs", root]),
    ...frames.flatMap((frame) => ["--tmpfs", frame]),
    ...rebinds.flatMap((p) => ["--ro-bind-try", p, p]),
    ...writable.flatMap((p) => ["--bind", p, p]),
    ...socketMasks(view, roots).flatMap((socket) => ["--ro-bind", "/dev/null", socket]),
    ...frames.flatMap((frame) => ["--remount-ro", frame]),
  ];
}

/**
 * The folders bwrap must make, in a private /tmp, to hold what is bound there (the trial's root,
 * which holds its workspace): each its own tmpfs, made read-only once filled, so that the agent
 * cannot write beside its folders there any more than on the host. The rest of /tmp stays its own.
 */
function framesOf(targets: string[], roots: string[]): string[] {
  return unique(
    targets.flatMap((target) => {
      const root = roots.find((r) => r !== target && isWithin(target, r));
      if (!root) return [];
      const frame = path.join(root, path.relative(root, target).split(path.sep)[0]!);
      return targets.includes(frame) ? [] : [frame];
    }),
  );
}

/** The host sockets the view would still show: outside the hidden folders, or in a bound one. */
function socketMasks(view: ViewPaths, roots: string[]): string[] {
  const bound = [...view.writable, ...view.readable].filter(path.isAbsolute).map(realOrSelf);
  const own = view.ownSockets && realOrSelf(view.ownSockets);
  const masks = boundSocketPaths().flatMap((socket) => {
    if (!isSocket(socket)) return [];
    const real = realOrSelf(socket);
    const visible = !isHidden(real, roots) || bound.some((dir) => isWithin(real, dir));
    return visible && !(own && isWithin(real, own)) ? [real] : [];
  });
  // A socket removed before bwrap mounts over it leaves nothing to mount on in a read-only folder,
  // and the start fails (an infra error, retried): a window of milliseconds.
  return unique(masks);
}

/** Paths of the Unix sockets bound in this network namespace (abstract ones have none). */
export function boundSocketPaths(table = readSocketTable()): string[] {
  // "Num: RefCount Protocol Flags Type St Inode Path": the path is the rest of the line.
  return table.split("\n").flatMap((line) => {
    const match = /^\S+: \S+ \S+ \S+ \S+ \S+ \S+ (\/.*)$/.exec(line);
    return match ? [match[1]!] : [];
  });
}

function readSocketTable(): string {
  try {
    return fs.readFileSync("/proc/net/unix", "utf8");
  } catch {
    return "";
  }
}

function isHidden(p: string, roots: string[]): boolean {
  const resolved = path.resolve(p);
  const real = realOrSelf(resolved);
  return roots.some((root) => isWithin(resolved, root) || isWithin(real, root));
}

/** `p` is `dir` or inside it. */
function isWithin(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

function realDirectory(p: string): string | undefined {
  try {
    const real = fs.realpathSync(p);
    return fs.statSync(real).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

function realOrSelf(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function isSocket(p: string): boolean {
  try {
    return fs.lstatSync(p).isSocket();
  } catch {
    return false;
  }
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
