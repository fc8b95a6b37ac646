/**
 * The bubblewrap sandbox, for real: the same agent tries to write outside its workspace and to
 * connect to a non-loopback address and to a loopback port it was not given. Without bwrap every
 * attempt succeeds; under `sandbox: "bwrap"` each fails, while the allowed endpoint, the workspace
 * and HOME still work — and the real claude still passes against the fake API through the
 * forwarded endpoint. Where bwrap cannot run, `bwrap` refuses with a clear message and `auto` falls
 * back. Then the hardening: an agent run as root tries to remount the read-only view and write a
 * host file, and agents try host Unix sockets under /tmp, under /run, elsewhere and abstract.
 * Needs bwrap (installed here and in CI), one non-loopback IPv4 address and a folder under /run
 * it may write.
 */
import { constants as fsConstants, promises as fs } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scriptAgent } from "../src/agents/script.js";
import { runEvals } from "../src/engine/index.js";
import { endpointOfUrl, parseEndpoints } from "../src/run/isolation/bwrap.js";
import { shellQuote } from "../src/util/index.js";
import { startFakeAnthropic, type FakeAnthropic } from "./fakes/anthropic.js";
import { claudeAgainstFake } from "./helpers/agent-run.js";
import { makeProject, REPO_ROOT, runCli } from "./helpers/project.js";
import { BWRAP, requireTool } from "./helpers/requires-tool.js";

const bwrap = await requireTool(BWRAP);

const dirs: string[] = [];
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function tempDir(files: Record<string, string> = {}): Promise<string> {
  const dir = await makeProject(files);
  dirs.push(dir);
  return dir;
}

/** A TCP server answering every line with `reply`, on `host`. */
async function echoServer(host: string, reply: string): Promise<number> {
  const server = net.createServer((socket) => {
    socket.on("data", () => socket.end(`${reply}\n`));
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as net.AddressInfo).port;
}

function nonLoopbackAddress(): string {
  const address = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
  if (!address) throw new Error("this test needs a non-loopback IPv4 address on the machine");
  return address;
}

const EVAL = `name: probe
prompt: Try everything.
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 60
assertions:
  files: [result.txt]
`;

/** Each attempt appends `<what>:ok` or `<what>:denied` to result.txt in the workspace. */
const PROBE = `
try() { if eval "$2" >/dev/null 2>&1; then echo "$1:ok"; else echo "$1:denied"; fi >> result.txt; }
connect() { exec 3<>"/dev/tcp/$1/$2" && echo ping >&3 && read -r -t 5 line <&3 && [ "$line" = "$3" ]; }
try workspace 'echo x > inside.txt'
try home 'echo x > "$HOME/in-home.txt"'
try outside 'echo x > "$OUTSIDE_DIR/written.txt"'
try project 'echo x > "$PROJECT_DIR/README.md"'
try non-loopback 'connect "$FAR_HOST" "$FAR_PORT" far'
try other-loopback-port 'connect 127.0.0.1 "$NEAR_PORT" near'
try allowed-endpoint 'connect 127.0.0.1 "$ALLOWED_PORT" allowed'
`;

/**
 * Runs `script` as the one agent of the probe eval, with `env` on top of PATH and CI, and returns
 * the lines it wrote to result.txt. The allowed endpoint answers "allowed" ($ALLOWED_PORT).
 */
async function runProber(
  sandbox: "none" | "bwrap",
  script: string,
  env: Record<string, string> = {},
  evalYaml = EVAL,
) {
  const root = await tempDir({ "evals/probe.eval.yaml": evalYaml });
  const allowedPort = await echoServer("127.0.0.1", "allowed");
  const outcome = await runEvals({
    projectRoot: root,
    agents: [scriptAgent("prober", script)],
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      CI: "true",
      PROJECT_DIR: root,
      ALLOWED_PORT: String(allowedPort),
      ...env,
    },
    sandbox,
    allowHosts: [{ host: "127.0.0.1", port: allowedPort }],
    keepWorkspace: true,
    maxRetries: 0,
  });
  const result = outcome.run.evals[0]!;
  const workspace = (result.trials[0] as { workspace?: string }).workspace!;
  dirs.push(path.dirname(workspace));
  const lines = (await fs.readFile(path.join(workspace, "result.txt"), "utf8")).trim().split("\n");
  return { outcome, lines, root };
}

async function probeRun(sandbox: "none" | "bwrap") {
  const outside = await tempDir();
  const farHost = nonLoopbackAddress();
  const farPort = await echoServer("0.0.0.0", "far");
  const nearPort = await echoServer("127.0.0.1", "near");
  const run = await runProber(sandbox, PROBE, {
    OUTSIDE_DIR: outside,
    FAR_HOST: farHost,
    FAR_PORT: String(farPort),
    NEAR_PORT: String(nearPort),
  });
  return { ...run, outside };
}

describe("--sandbox bwrap", () => {
  it("without it, the agent writes outside its workspace and reaches any address", async () => {
    const { lines, outside, outcome } = await probeRun("none");
    expect(lines).toEqual([
      "workspace:ok",
      "home:ok",
      "outside:ok",
      "project:ok",
      "non-loopback:ok",
      "other-loopback-port:ok",
      "allowed-endpoint:ok",
    ]);
    expect(await fs.readdir(outside)).toContain("written.txt");
    expect(outcome.run.isolation).toMatch(/^sandbox: a fresh temp directory per trial/);
  });

  bwrap.it(
    "under it, the same agent can write only its workspace and HOME and reach only the allowed endpoint",
    async () => {
      const { lines, outside, outcome, root } = await probeRun("bwrap");
      expect(lines).toEqual([
        "workspace:ok",
        "home:ok",
        "outside:denied",
        "project:denied",
        "non-loopback:denied",
        "other-loopback-port:denied",
        "allowed-endpoint:ok",
      ]);
      expect(await fs.readdir(outside)).toEqual([]);
      expect(await fs.readFile(path.join(root, "evals/probe.eval.yaml"), "utf8")).toBe(EVAL);
      expect(outcome.run.isolation).toMatch(/^sandbox: bubblewrap per trial/);
      expect(outcome.run.evals[0]?.status).toBe("passed");
    },
  );

  bwrap.it(
    "the literal agent runs its steps under it, started through the forwarder, and knows how far it got",
    async () => {
      const root = await tempDir({
        "evals/steps.eval.yaml": `name: steps
prompt: |
  \`\`\`sh
  echo one > one.txt
  \`\`\`
  \`\`\`sh
  echo two > two.txt
  \`\`\`
agents: [literal]
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 60
assertions:
  files: [one.txt, two.txt]
`,
        "evals/stops.eval.yaml": `name: stops
prompt: |
  \`\`\`sh
  echo one > one.txt
  \`\`\`
  \`\`\`sh
  false
  \`\`\`
  \`\`\`sh
  echo never > never.txt
  \`\`\`
agents: [literal]
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 60
assertions:
  files: [one.txt]
`,
      });
      const outcome = await runEvals({
        projectRoot: root,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", CI: "true", HOME: root },
        sandbox: "bwrap",
        // An allowed endpoint: the agent then starts through the forwarder inside the jail.
        allowHosts: [{ host: "127.0.0.1", port: await echoServer("127.0.0.1", "hi") }],
        maxRetries: 0,
      });
      const byId = new Map(outcome.run.evals.map((e) => [e.id, e]));
      const steps = byId.get("steps")!;
      expect(steps.status, JSON.stringify(steps, null, 2)).toBe("passed");
      // It knows how far it got: the second of three steps failed, the third never ran.
      const stops = byId.get("stops")!;
      expect(stops.status).toBe("failed");
      expect(stops.trials[0]!.reason).toBe("embedded command 2 of 3 failed (exit 1): false");
    },
  );

  bwrap.it(
    "the real claude passes under it, reaching the fake API through the forwarded endpoint",
    async () => {
      const root = await tempDir({
        "evals/deploy.eval.yaml": `name: deploy
prompt: Write deploy.txt.
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 60
assertions:
  contains: [{ file: deploy.txt, text: production }]
`,
      });
      const fake: FakeAnthropic = await startFakeAnthropic([
        { toolUse: { name: "Bash", input: { command: "echo production > deploy.txt" } } },
        { text: "Done." },
      ]);
      closers.push(() => fake.close());
      const outcome = await runEvals({
        projectRoot: root,
        agents: [claudeAgainstFake(fake.url)],
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", CI: "true", HOME: root },
        sandbox: "bwrap",
        allowHosts: [endpointOfUrl(fake.url)!],
        maxRetries: 0,
      });
      const result = outcome.run.evals[0]!;
      expect(result.status, JSON.stringify(result, null, 2)).toBe("passed");
      expect(fake.requests.length).toBeGreaterThanOrEqual(2);
    },
  );

  it("where bwrap cannot run: `bwrap` refuses with the reason (exit 2), `auto` falls back and says so", async () => {
    const root = await tempDir({
      "evals/lit.eval.yaml": `name: lit
prompt: |
  \`\`\`sh
  echo done > done.txt
  \`\`\`
agents: [literal]
sandbox: { fixture: { "README.md": "# app\\n" } }
assertions:
  files: [done.txt]
`,
    });
    // A PATH with bash but no bwrap: what a machine without bubblewrap looks like.
    const bin = await tempDir();
    await fs.symlink("/bin/bash", path.join(bin, "bash"));
    const env = { PATH: bin, CI: "true" };
    const refused = await runCli(["eval", "--cwd", root, "--sandbox", "bwrap"], { env });
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain("--sandbox bwrap: bwrap is not installed");
    expect(await fs.readdir(root)).not.toContain(".copybook");
    const fallback = await runCli(["eval", "--cwd", root, "--sandbox", "auto"], { env });
    expect(fallback.code, fallback.stdout + fallback.stderr).toBe(0);
    expect(fallback.stdout).toContain("sandbox auto: bwrap is not installed");
    const usage = await runCli(["eval", "--cwd", root, "--sandbox", "podman"], { env });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--sandbox takes none, bwrap, docker, auto");
  });

  it("parses allowed endpoints and base URLs", () => {
    expect(parseEndpoints("api.anthropic.com:443, 127.0.0.1:8080 [::1]:9")).toEqual([
      { host: "api.anthropic.com", port: 443 },
      { host: "127.0.0.1", port: 8080 },
      { host: "::1", port: 9 },
    ]);
    expect(() => parseEndpoints("no-port")).toThrow(/host:port/);
    expect(endpointOfUrl("https://api.openai.com/v1")).toEqual({
      host: "api.openai.com",
      port: 443,
    });
    expect(endpointOfUrl("http://127.0.0.1:4000")).toEqual({ host: "127.0.0.1", port: 4000 });
  });
});

// ---------- run as root ----------

/** A fresh folder outside /tmp, /run and the temp dir (which the sandbox hides): in build/. */
async function visibleScratchDir(): Promise<string> {
  const parent = path.join(REPO_ROOT, "build");
  await fs.mkdir(parent, { recursive: true });
  const dir = await fs.mkdtemp(path.join(parent, "bwrap-host-"));
  dirs.push(dir);
  return dir;
}

const HOST_FILE_BYTES = Buffer.from("original\n\u0000\u00ff bytes\n", "latin1");

/** A root attacker: remounts the read-only view, directly and from a user namespace of its own. */
const ROOT_ATTACK = String.raw`
try() { if eval "$2" >/dev/null 2>&1; then echo "$1:ok"; else echo "$1:denied"; fi >> result.txt; }
try write 'echo pwned > "$HOST_FILE"'
try remount 'mount -o remount,bind,rw /'
try write-after-remount 'mount -o remount,bind,rw "$(stat -c %m "$HOST_FILE")"; echo pwned > "$HOST_FILE"'
try own-userns-remount 'unshare -Urm sh -c "mount -o remount,bind,rw / && echo pwned > \"\$HOST_FILE\""'
try shim 'vendor deploy | grep -q deployed'
echo "uid:$(id -u)" >> result.txt
echo "caps:$(sed -n 's/^CapEff:[[:space:]]*//p' /proc/self/status)" >> result.txt
`;

const SHIM_EVAL = EVAL.replace(
  "timeout: 60",
  'timeout: 60\nshims:\n  vendor: { stdout: "deployed" }',
);

bwrap.describe("--sandbox bwrap against a root agent", () => {
  it("the agent holds no capability: remounting the read-only view fails and a host file stays byte-for-byte the same", async () => {
    const hostFile = path.join(await visibleScratchDir(), "host-file.bin");
    await fs.writeFile(hostFile, HOST_FILE_BYTES);
    const { lines, outcome } = await runProber(
      "bwrap",
      ROOT_ATTACK,
      { HOST_FILE: hostFile },
      SHIM_EVAL,
    );
    // Run as root (this machine, many CI runners), the agent is uid 1000 inside; else it keeps its uid.
    const uid = process.getuid?.() === 0 ? 1000 : process.getuid?.();
    expect(lines).toEqual([
      "write:denied",
      "remount:denied",
      "write-after-remount:denied",
      "own-userns-remount:denied",
      "shim:ok",
      `uid:${uid}`,
      "caps:0000000000000000",
    ]);
    expect(await fs.readFile(hostFile)).toEqual(HOST_FILE_BYTES);
    expect(outcome.run.evals[0]?.status).toBe("passed");
  });
});

const FALLBACK_PROBE = String.raw`
try() { if eval "$2" >/dev/null 2>&1; then echo "$1:ok"; else echo "$1:denied"; fi >> result.txt; }
try remount 'mount -o remount,bind,rw /'
echo "uid:$(id -u)" >> result.txt
echo "caps:$(sed -n 's/^CapEff:[[:space:]]*//p' /proc/self/status)" >> result.txt
`;

bwrap.describe("--sandbox bwrap where a nested user namespace is refused", () => {
  it("runs the agent in the jail's own namespace: no capability but low ports of its own network, the view unremountable", async () => {
    // One layer: the agent keeps only CAP_NET_BIND_SERVICE (bit 10, 0x400), which the forwarder
    // needs for the model APIs' :443 and which binds ports in the jail's own network only.
    const root = await tempDir({
      "evals/fallback.eval.yaml": `name: fallback
prompt: Probe.
sandbox: { fixture: { "probe.sh": ${JSON.stringify(FALLBACK_PROBE)} } }
assertions:
  contains:
    - { file: result.txt, text: "remount:denied" }
    - { file: result.txt, text: "uid:${process.getuid?.() ?? 0}" }
    - { file: result.txt, text: "caps:0000000000000400" }
`,
    });
    // A bwrap that refuses to nest (as one confined by an AppArmor profile may): the inner layer's
    // `--dev-bind / /` fails; everything else is the real bwrap.
    const bin = await tempDir();
    await fs.writeFile(
      path.join(bin, "bwrap"),
      [
        "#!/bin/sh",
        'for a in "$@"; do [ "$a" = --dev-bind ] && { echo "bwrap: setting up uid map: Operation not permitted" >&2; exit 1; }; done',
        `exec ${shellQuote(await whichBwrap())} "$@"`,
        "",
      ].join("\n"),
      { mode: 0o755 },
    );
    const env = { PATH: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}`, CI: "true" };
    const run = await runCli(
      ["eval", "--cwd", root, "--sandbox", "bwrap", "--agent", "bash probe.sh {prompt}"],
      { env },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("1 passed");
  });
});

async function whichBwrap(): Promise<string> {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const file = path.join(dir, "bwrap");
    try {
      await fs.access(file, fsConstants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  throw new Error("this test needs bwrap on PATH");
}

// ---------- host sockets ----------

/** A folder under /run this user may create in (a session's runtime dir, /run/lock, /run). */
async function runScratchDir(): Promise<string> {
  const uid = process.getuid?.() ?? 0;
  for (const candidate of [process.env.XDG_RUNTIME_DIR, `/run/user/${uid}`, "/run/lock", "/run"]) {
    if (!candidate?.startsWith("/run/") && candidate !== "/run") continue;
    try {
      const dir = await fs.mkdtemp(path.join(candidate, "ae-bwrap-"));
      dirs.push(dir);
      return dir;
    } catch {
      // not writable here: the next one
    }
  }
  throw new Error("this test needs a folder under /run it may write (XDG_RUNTIME_DIR, /run/lock)");
}

/** A host process listening on the Unix socket `where` (`@name`: abstract), answering "host". */
async function hostSocket(where: string): Promise<void> {
  const server = net.createServer((socket) => {
    socket.on("error", () => undefined);
    socket.end("host\n");
  });
  const address = where.startsWith("@") ? `\0${where.slice(1)}` : where;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(address, resolve);
  });
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
}

/** Each socket is tried with node: `reach:ok` only when the host process answered. */
const SOCKET_PROBE = String.raw`
try() { if eval "$2" >/dev/null 2>&1; then echo "$1:ok"; else echo "$1:denied"; fi >> result.txt; }
reach() { node -e '
  const where = process.argv[1];
  const c = require("node:net").connect(where.startsWith("@") ? "\0" + where.slice(1) : where);
  c.on("data", (d) => process.exit(String(d).trim() === "host" ? 0 : 1));
  c.on("error", () => process.exit(1));
  setTimeout(() => process.exit(1), 5000);
' "$1"; }
connect() { exec 3<>"/dev/tcp/$1/$2" && echo ping >&3 && read -r -t 5 line <&3 && [ "$line" = "$3" ]; }
try tmp-socket 'reach "$SOCKET_TMP"'
try run-socket 'reach "$SOCKET_RUN"'
try other-socket 'reach "$SOCKET_OTHER"'
try abstract-socket 'reach "$SOCKET_ABSTRACT"'
try allowed-endpoint 'connect 127.0.0.1 "$ALLOWED_PORT" allowed'
`;

bwrap.describe("--sandbox bwrap and host sockets", () => {
  it("host Unix sockets under /tmp, /run, elsewhere and abstract are unreachable; the allowed endpoint still works", async () => {
    const sockets = {
      SOCKET_TMP: path.join(await tempDir(), "host.sock"),
      SOCKET_RUN: path.join(await runScratchDir(), "host.sock"),
      SOCKET_OTHER: path.join(await visibleScratchDir(), "host.sock"),
      SOCKET_ABSTRACT: `@agent-evals-test-${process.pid}-${Date.now().toString(36)}`,
    };
    for (const where of Object.values(sockets)) await hostSocket(where);
    const names = ["tmp-socket", "run-socket", "other-socket", "abstract-socket"];

    const open = await runProber("none", SOCKET_PROBE, sockets);
    expect(open.lines).toEqual([...names.map((n) => `${n}:ok`), "allowed-endpoint:ok"]);

    const jailed = await runProber("bwrap", SOCKET_PROBE, sockets);
    expect(jailed.lines).toEqual([...names.map((n) => `${n}:denied`), "allowed-endpoint:ok"]);
    expect(jailed.outcome.run.evals[0]?.status).toBe("passed");
  });
});
