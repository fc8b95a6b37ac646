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
export declare function startForwarders(dir: string, allow: Endpoint[]): Promise<Route[]>;
/** /etc/hosts for inside: localhost, and each forwarded host name at its loopback address. */
export declare function hostsFile(dir: string, routes: Route[]): Promise<string | undefined>;
/** The routes as the program inside reads them (argv[1]). */
export declare function routesArg(routes: Route[]): string;
/** Set for the program inside: once every route listens, it writes this file. */
export declare const FORWARDER_READY_ENV = "AGENT_EVALS_FORWARDER_READY";
/**
 * The program inside the sandbox: listens for each route, then runs the command with the same
 * stdio and exits as it does; with no command, it stays (a container's first process). argv:
 * routes (JSON), command, args…
 */
export declare const FORWARDER = "\nconst net = require(\"node:net\");\nconst { spawn } = require(\"node:child_process\");\nconst [routesJson, command, ...args] = process.argv.slice(1);\nconst routes = JSON.parse(routesJson);\nlet ready = 0;\nfor (const r of routes) {\n  net.createServer((c) => {\n    const u = net.connect(r.socket);\n    c.pipe(u).pipe(c);\n    c.on(\"error\", () => u.destroy());\n    u.on(\"error\", () => c.destroy());\n  }).listen(r.port, r.listenHost, () => { if (++ready === routes.length) start(); })\n    .on(\"error\", (e) => { console.error(\"agent-evals sandbox: cannot listen on \" + r.listenHost + \":\" + r.port + \": \" + e.message); process.exit(125); });\n}\nif (routes.length === 0) start();\nfunction start() {\n  const readyFile = process.env.AGENT_EVALS_FORWARDER_READY;\n  if (readyFile) require(\"node:fs\").writeFileSync(readyFile, \"ready\\n\");\n  if (!command) { setInterval(() => {}, 1 << 30); return; }\n  const child = spawn(command, args, { stdio: \"inherit\" });\n  child.on(\"error\", (e) => { console.error(\"agent-evals sandbox: cannot start \" + command + \": \" + e.message); process.exit(127); });\n  child.on(\"exit\", (code, signal) => process.exit(code ?? 128 + (require(\"node:os\").constants.signals[signal] || 0)));\n}\nfor (const s of [\"SIGTERM\", \"SIGINT\", \"SIGHUP\"]) process.on(s, () => {});\n";
