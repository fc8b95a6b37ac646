// Allowed endpoints (the model API) for a sandbox without a network of its own: inside, a small
// Node program listens on a loopback address for each and hands every connection through a unix
// socket to the harness, which opens the real TCP connection. A loopback endpoint keeps its address
// (127.0.0.1:PORT works as before); a named host gets its own 127.0.0.N, for the sandbox's
// /etc/hosts, so TLS still sees the real host name. Used by bwrap and docker alike.

import { promises as fs } from "node:fs";
import net from "node:net";
import path from "node:path";
import { InfraError } from "../../model/index.js";

/** Linux's sun_path holds 108 bytes with the NUL: a longer path is cut short by the kernel. */
const MAX_SOCKET_PATH = 107;

export interface Endpoint {
  host: string;
  port: number;
}

export interface Route {
  /** Where the agent connects, inside. */
  listenHost: string;
  port: number;
  /** The unix socket, on the host, that the connection is handed to. */
  socket: string;
  /** The name to put in /etc/hosts, for a named host. */
  name?: string;
  close: () => Promise<void>;
}

/** One unix-socket server per endpoint, in `dir`: each connection from inside becomes a TCP one. */
export async function startForwarders(dir: string, allow: Endpoint[]): Promise<Route[]> {
  if (allow.length === 0) return [];
  await fs.mkdir(dir, { recursive: true });
  let nextLoopback = 2;
  const routes: Route[] = [];
  for (const [i, endpoint] of allow.entries()) {
    // Short: the folder is the trial's own, and a unix socket's whole path must fit sun_path.
    const socket = path.join(dir, `${i}.sock`);
    if (Buffer.byteLength(socket) > MAX_SOCKET_PATH)
      throw new InfraError(
        `the sandbox's forwarder socket path is ${Buffer.byteLength(socket)} bytes, more than a unix socket takes (${MAX_SOCKET_PATH}): ${socket}. Set TMPDIR to a shorter folder (e.g. /tmp).`,
        false,
      );
    const server = net.createServer((inside) => {
      const outside = net.connect(endpoint.port, endpoint.host);
      inside.pipe(outside).pipe(inside);
      inside.on("error", () => outside.destroy());
      outside.on("error", () => inside.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socket, () => resolve());
    });
    // Whoever runs inside (a container's user) must be able to connect.
    await fs.chmod(socket, 0o777);
    const loopback = isLoopback(endpoint.host);
    routes.push({
      listenHost: loopback ? loopbackAddress(endpoint.host) : `127.0.0.${nextLoopback++}`,
      port: endpoint.port,
      socket,
      ...(loopback ? {} : { name: endpoint.host }),
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    });
  }
  return routes;
}

/** /etc/hosts for inside: localhost, and each forwarded host name at its loopback address. */
export async function hostsFile(dir: string, routes: Route[]): Promise<string | undefined> {
  const named = routes.filter((r) => r.name);
  if (named.length === 0) return undefined;
  const file = path.join(dir, "hosts");
  const lines = [
    "127.0.0.1 localhost",
    "::1 localhost",
    ...named.map((r) => `${r.listenHost} ${r.name}`),
  ];
  await fs.writeFile(file, `${lines.join("\n")}\n`);
  return file;
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127\./.test(host);
}

function loopbackAddress(host: string): string {
  return host === "localhost" || host.includes(":") ? "127.0.0.1" : host;
}

/** The routes as the program inside reads them (argv[1]). */
export function routesArg(routes: Route[]): string {
  return JSON.stringify(
    routes.map(({ listenHost, port, socket }) => ({ listenHost, port, socket })),
  );
}

/** Set for the program inside: once every route listens, it writes this file. */
export const FORWARDER_READY_ENV = "AGENT_EVALS_FORWARDER_READY";

/**
 * The program inside the sandbox: listens for each route, then runs the command with the same
 * stdio and exits as it does; with no command, it stays (a container's first process). argv:
 * routes (JSON), command, args…
 */
export const FORWARDER = `
const net = require("node:net");
const { spawn } = require("node:child_process");
const [routesJson, command, ...args] = process.argv.slice(1);
const routes = JSON.parse(routesJson);
let ready = 0;
for (const r of routes) {
  net.createServer((c) => {
    const u = net.connect(r.socket);
    c.pipe(u).pipe(c);
    c.on("error", () => u.destroy());
    u.on("error", () => c.destroy());
  }).listen(r.port, r.listenHost, () => { if (++ready === routes.length) start(); })
    .on("error", (e) => { console.error("agent-evals sandbox: cannot listen on " + r.listenHost + ":" + r.port + ": " + e.message); process.exit(125); });
}
if (routes.length === 0) start();
function start() {
  const readyFile = process.env.${FORWARDER_READY_ENV};
  if (readyFile) require("node:fs").writeFileSync(readyFile, "ready\\n");
  if (!command) { setInterval(() => {}, 1 << 30); return; }
  const child = spawn(command, args, { stdio: "inherit" });
  child.on("error", (e) => { console.error("agent-evals sandbox: cannot start " + command + ": " + e.message); process.exit(127); });
  child.on("exit", (code, signal) => process.exit(code ?? 128 + (require("node:os").constants.signals[signal] || 0)));
}
for (const s of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(s, () => {});
`;
