/**
 * The docker sandbox, for real: a real Docker daemon and an image built here with `docker import`
 * from the machine's own bash, coreutils, git and node (test/helpers/docker-image.ts). An agent
 * probes what it can reach and write; setup runs once per eval into an image layer; the real
 * claude and codex pass inside a container against the fake model servers; a trial that times out
 * and a CLI that gets a real SIGINT leave no container behind; bad input stops the run with exit 2.
 * Every test ends by checking that no container or image of this process is left.
 * Needs the Docker daemon (scripts/install-test-tools.sh starts it): under CI=true a daemon that
 * does not answer fails every test with the reason.
 */
import { execFile, spawn } from "node:child_process";
import { promises as fs } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { codex } from "../src/agents/codex.js";
import { runAgentProcess } from "../src/agents/process-agent.js";
import { scriptAgent } from "../src/agents/script.js";
import { runEvals } from "../src/engine/index.js";
import { endpointOfUrl } from "../src/run/isolation/bwrap.js";
import { startFakeAnthropic } from "./fakes/anthropic.js";
import { CODEX_FAKE_KEY_ENV, codexFakeArgs, requireBin } from "./fakes/clis.js";
import { startFakeOpenAI } from "./fakes/openai.js";
import { cliEntry } from "./helpers/bundle.js";
import { claudeAgainstFake, readTrial } from "./helpers/agent-run.js";
import { dockerProblem, testImage } from "./helpers/docker-image.js";
import { eventually } from "./helpers/procs.js";
import { makeProject, runCli } from "./helpers/project.js";

/** The CLI as the package ships it, built from src/ for this run (test/helpers/bundle.ts). */
const CLI = await cliEntry();

const exec = promisify(execFile);
const problem = await dockerProblem();
// Outside CI a machine without Docker skips; in CI (where the daemon is installed) it fails.
const ready = problem === undefined || process.env.CI === "true";

const dirs: string[] = [];
const closers: Array<() => Promise<void>> = [];
let image = "";

beforeAll(async () => {
  if (problem && process.env.CI === "true") throw new Error(problem);
  if (!problem) image = await testImage();
}, 600_000);

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
  // No container and no setup image of this process outlives its test.
  if (!problem) expect(await labelled(process.pid)).toEqual({ containers: [], images: [] });
});

/** The containers and images that carry the run label of the harness process `pid`. */
async function labelled(pid: number): Promise<{ containers: string[]; images: string[] }> {
  const filter = ["--filter", `label=agent-evals.pid=${pid}`];
  const lines = (text: string) => text.split("\n").filter(Boolean);
  const containers = await exec("docker", ["ps", "--all", "--quiet", ...filter]);
  const images = await exec("docker", ["images", "--quiet", ...filter]);
  return { containers: lines(containers.stdout), images: lines(images.stdout) };
}

async function project(files: Record<string, string>): Promise<string> {
  const dir = await makeProject(files);
  dirs.push(dir);
  return dir;
}

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

const hostEnv = () => ({ PATH: process.env.PATH ?? "/usr/bin:/bin", CI: "true" });

/** Each attempt appends `<what>:ok` or `<what>:denied` to result.txt in the workspace. */
const PROBE = `
try() { if eval "$2" >/dev/null 2>&1; then echo "$1:ok"; else echo "$1:denied"; fi >> result.txt; }
connect() { exec 3<>"/dev/tcp/$1/$2" && echo ping >&3 && read -r -t 5 line <&3 && [ "$line" = "$3" ]; }
try workspace 'echo x > inside.txt'
try home 'echo x > "$HOME/in-home.txt"'
try outside 'echo x > "$OUTSIDE_DIR/written.txt"'
try project-read 'cat "$PROJECT_DIR/secret.txt"'
try project-write 'echo x > "$PROJECT_DIR/written.txt"'
try non-loopback 'connect "$FAR_HOST" "$FAR_PORT" far'
try other-loopback-port 'connect 127.0.0.1 "$NEAR_PORT" near'
try allowed-endpoint 'connect 127.0.0.1 "$ALLOWED_PORT" allowed'
try shim 'neon deploy --prod'
{ cat /sys/fs/cgroup/pids.max 2>/dev/null || cat /sys/fs/cgroup/pids/pids.max; } > pids.txt
{ cat /sys/fs/cgroup/memory.max 2>/dev/null || cat /sys/fs/cgroup/memory/memory.limit_in_bytes; } > memory.txt
`;

describe.runIf(ready)("--sandbox docker", () => {
  it("the agent writes only its workspace and HOME, reaches only the allowed endpoint, runs its shims and checks inside, under the eval's limits", async () => {
    const root = await project({
      "evals/probe.eval.yaml": `name: probe
prompt: Try everything.
sandbox: { fixture: { "README.md": "# app\\n" }, kind: docker, cpus: 1, memory: 256m, pids: 128 }
shims: { neon: { stdout: "deployed" } }
timeout: 120
assertions:
  files: [result.txt]
  # Runs inside: the container's forwarder binary is there, the host's project is not.
  commands: ["test -e /.agent-evals/node && test ! -e \\"$PROJECT_DIR/secret.txt\\""]
`,
      "secret.txt": "the host's project\n",
    });
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), "ae-outside-"));
    dirs.push(outside);
    const allowedPort = await echoServer("127.0.0.1", "allowed");
    const outcome = await runEvals({
      projectRoot: root,
      agents: [scriptAgent("prober", PROBE)],
      env: {
        ...hostEnv(),
        PROJECT_DIR: root,
        OUTSIDE_DIR: outside,
        FAR_HOST: nonLoopbackAddress(),
        FAR_PORT: String(await echoServer("0.0.0.0", "far")),
        NEAR_PORT: String(await echoServer("127.0.0.1", "near")),
        ALLOWED_PORT: String(allowedPort),
      },
      container: { image },
      allowHosts: [{ host: "127.0.0.1", port: allowedPort }],
      keepWorkspace: true,
      maxRetries: 0,
    });
    const result = outcome.run.evals[0]!;
    const trial = result.trials[0]! as (typeof result.trials)[0] & { workspace: string };
    dirs.push(path.dirname(trial.workspace));
    const read = (name: string) => fs.readFile(path.join(trial.workspace, name), "utf8");
    expect(result.status, JSON.stringify(result, null, 2)).toBe("passed");
    expect((await read("result.txt")).trim().split("\n")).toEqual([
      "workspace:ok",
      "home:ok",
      "outside:denied",
      "project-read:denied",
      // Only its results folder is bound (read-only): the rest of the path is the image's.
      expect.stringMatching(/^project-write:/),
      "non-loopback:denied",
      "other-loopback-port:denied",
      "allowed-endpoint:ok",
      "shim:ok",
    ]);
    expect(await fs.readdir(outside)).toEqual([]);
    expect(await fs.readdir(root)).not.toContain("written.txt");
    // The limits hold inside, and run.json records them with the image.
    expect((await read("pids.txt")).trim()).toBe("128");
    expect((await read("memory.txt")).trim()).toBe(String(256 * 1024 * 1024));
    expect(result.sandbox).toBe("docker");
    expect(result.container).toEqual({ image, cpus: 1, memory: "256m", pids: 128 });
    const runJson = JSON.parse(
      await fs.readFile(path.join(root, ".copybook/results/run.json"), "utf8"),
    ) as { evals: Array<{ container?: unknown }> };
    expect(runJson.evals[0]!.container).toEqual(result.container);
    const files = await readTrial(root, trial);
    expect(files.calls.map((c) => [c.bin, c.argv])).toEqual([["neon", ["deploy", "--prod"]]]);
  }, 300_000);

  it("runs setup once per eval, into an image layer every trial starts from", async () => {
    const root = await project({
      "evals/setup.eval.yaml": `name: setup
prompt: Report.
sandbox: { fixture: { "README.md": "# app\\n" }, kind: docker }
setup: ["cat /proc/sys/kernel/random/uuid > setup-id.txt && cp setup-id.txt /tmp/outside-tree.txt"]
trials: 3
timeout: 120
assertions:
  files: [seen.txt]
`,
    });
    const outcome = await runEvals({
      projectRoot: root,
      agents: [scriptAgent("reader", "cat /tmp/outside-tree.txt > seen.txt")],
      env: hostEnv(),
      container: { image },
      keepWorkspace: true,
      maxRetries: 0,
      concurrency: 3,
    });
    const result = outcome.run.evals[0]!;
    expect(result.status, JSON.stringify(result, null, 2)).toBe("passed");
    const ids = new Set<string>();
    for (const trial of result.trials as unknown as Array<{ workspace: string }>) {
      dirs.push(path.dirname(trial.workspace));
      // In the tree (bound) and outside it (the committed layer): one setup's output for all.
      ids.add(await fs.readFile(path.join(trial.workspace, "setup-id.txt"), "utf8"));
      ids.add(await fs.readFile(path.join(trial.workspace, "seen.txt"), "utf8"));
    }
    expect(result.trials).toHaveLength(3);
    expect(ids.size).toBe(1);
  }, 300_000);

  it("a trial's workspace is a layer of its container: of a 10,000-file template only what the trial changed reaches the host, and every check sees edits, deletions and new files as the copy path does", async () => {
    const files: Record<string, string> = {};
    for (let d = 0; d < 100; d++)
      for (let f = 0; f < 100; f++) files[`evals/template/d${d}/f${f}.txt`] = `${d}-${f}\n`;
    Object.assign(files, {
      "evals/template/edit.txt": "old\n",
      "evals/template/gone.txt": "gone\n",
      "evals/template/dir-gone/a.txt": "a\n",
      "evals/template/dir-gone/b.txt": "b\n",
      // The checks, all on one tree: host file checks, a command inside, a custom check after it.
      "evals/layers.eval.ts": `import fs from "node:fs";
import path from "node:path";
import { assertThat, defineEval, fileAbsent, fileContains, fileExists, fileLacks, succeeds } from "agent-evals";

const count = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce(
    (n, e) => n + (e.isDirectory() ? count(path.join(dir, e.name)) : 1), 0);
/** Entries under dir not owned by the harness's user (copied out of a container as someone else). */
const foreign = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => {
    const p = path.join(dir, e.name);
    return n + (fs.lstatSync(p).uid === process.getuid!() ? 0 : 1) + (e.isDirectory() ? foreign(p) : 0);
  }, 0);
export const layers = defineEval("Change the tree.", {
  sandbox: { template: "evals/template" },
  timeoutMs: 120_000,
  assert: [
    fileExists("new.txt"), fileExists("newdir/b.txt"), fileExists("d50/f50.txt"),
    fileAbsent("gone.txt"), fileAbsent("dir-gone/a.txt"), fileAbsent("d1/nope.txt"),
    fileContains("edit.txt", /^new$/m), fileLacks("edit.txt", "old"), fileContains("d7/f3.txt", "7-3"),
    fileLacks("d8/f8.txt", "nothing like it"),
    // A changed file's folder holds unchanged ones too: they are still the tree's.
    fileContains("d42/f1.txt", /^z$/m), fileContains("d42/f2.txt", "42-2"),
    succeeds("test ! -e gone.txt && test ! -e dir-gone && grep -qx new edit.txt && test -f d99/f99.txt && echo built > built.txt"),
    fileContains("built.txt", "built"),
    assertThat("the whole tree", ({ sandbox, env }) => {
      // What the host's workspace folder holds while the checks run, for the test to compare.
      const host = path.join(path.dirname(sandbox), "work");
      fs.writeFileSync(
        path.join(env.REPORT_DIR!, env.AGENT_EVALS_SANDBOX_SEEN!),
        JSON.stringify({ files: count(host), foreign: foreign(host) }),
      );
      return { ok: true, evidence: \`\${count(sandbox)} files\` };
    }),
  ],
});
`,
    });
    const root = await project(files);
    const report = await fs.mkdtemp(path.join(os.tmpdir(), "ae-report-"));
    dirs.push(report);
    const agent = scriptAgent(
      "changer",
      "echo new > edit.txt && rm gone.txt && rm -rf dir-gone && echo x > new.txt && mkdir newdir && echo y > newdir/b.txt && echo z >> d42/f1.txt",
    );
    const runIn = async (sandbox: "docker" | "none") => {
      const outcome = await runEvals({
        projectRoot: root,
        agents: [agent],
        env: { ...hostEnv(), REPORT_DIR: report, AGENT_EVALS_SANDBOX_SEEN: sandbox },
        sandbox,
        ...(sandbox === "docker" ? { container: { image } } : {}),
        maxRetries: 0,
      });
      const result = outcome.run.evals[0]!;
      const trial = result.trials[0]!;
      const stored = JSON.parse(
        await fs.readFile(path.join(root, trial.dir, "outcome.json"), "utf8"),
      ) as { files: unknown; deleted: unknown; preparedHash: string };
      return { result, trial, stored };
    };
    const docker = await runIn("docker");
    expect(docker.result.status, JSON.stringify(docker.result, null, 2)).toBe("passed");
    const copied = await runIn("none");
    expect(copied.result.status, JSON.stringify(copied.result, null, 2)).toBe("passed");
    // The same checks, evidence and stored outcome (changed files and deletions) either way.
    const verdicts = (t: typeof docker.trial) => t.checks.map((c) => [c.name, c.ok, c.evidence]);
    expect(verdicts(docker.trial)).toEqual(verdicts(copied.trial));
    expect(docker.stored).toEqual(copied.stored);
    expect(docker.stored.deleted).toEqual(["dir-gone/a.txt", "dir-gone/b.txt", "gone.txt"]);
    expect((docker.stored.files as Array<{ path: string }>).map((f) => f.path)).toEqual([
      "d42/f1.txt",
      "edit.txt",
      "new.txt",
      "newdir/b.txt",
    ]);
    expect(docker.trial.checks.at(-1)!.evidence).toBe(`${10_000 + 4} files`);
    // The copy holds the whole tree; the container's host folder only what changed (built.txt too).
    const seen = async (name: string) =>
      JSON.parse(await fs.readFile(path.join(report, name), "utf8")) as Record<string, number>;
    expect(await seen("none")).toEqual({ files: 10_004, foreign: 0 });
    // Owned by the harness's user, whoever that is (root or a user of the docker group).
    expect(await seen("docker")).toEqual({ files: 5, foreign: 0 });
  }, 600_000);

  it("the literal agent runs its steps inside a container and knows how far it got", async () => {
    const root = await project({
      "evals/steps.eval.yaml": `name: steps
prompt: |
  \`\`\`sh
  echo one > one.txt
  \`\`\`
  \`\`\`sh
  echo two > two.txt
  \`\`\`
agents: [literal]
sandbox: { fixture: { "README.md": "# app\\n" }, kind: docker }
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
sandbox: { fixture: { "README.md": "# app\\n" }, kind: docker }
timeout: 60
assertions:
  files: [one.txt]
`,
    });
    const outcome = await runEvals({
      projectRoot: root,
      env: hostEnv(),
      container: { image },
      maxRetries: 0,
    });
    const byId = new Map(outcome.run.evals.map((e) => [e.id, e]));
    const steps = byId.get("steps")!;
    expect(steps.status, JSON.stringify(steps, null, 2)).toBe("passed");
    // It knows how far it got: the second of three steps failed, the third never ran.
    const stops = byId.get("stops")!;
    expect(stops.status).toBe("failed");
    expect(stops.trials[0]!.reason).toBe("embedded command 2 of 3 failed (exit 1): false");
  }, 300_000);

  it("the host's workspace path, in an agent's arguments and environment, names its workspace inside", async () => {
    const root = await project({
      "evals/paths.eval.yaml": `name: paths
prompt: Write through the paths.
sandbox: { fixture: { "README.md": "# app\\n" }, kind: docker }
timeout: 60
assertions:
  files: [via-arg.txt, via-env.txt, README.md]
`,
    });
    // As a hook's CLAUDE_PROJECT_DIR or an agent's --add-dir would: the workspace by its host path.
    const agent = {
      ...scriptAgent("paths", ""),
      run: (ctx: Parameters<ReturnType<typeof scriptAgent>["run"]>[0]) =>
        runAgentProcess(ctx, {
          command: "bash",
          args: [
            "-c",
            'cat "$1/README.md" > "$1/via-arg.txt" && cat "$WORK/README.md" > "$WORK/via-env.txt"',
            "_",
            ctx.cwd,
          ],
          env: { WORK: ctx.cwd },
        }).then((r) => r.result),
    };
    const outcome = await runEvals({
      projectRoot: root,
      agents: [agent],
      env: hostEnv(),
      container: { image },
      maxRetries: 0,
    });
    const result = outcome.run.evals[0]!;
    expect(result.status, JSON.stringify(result, null, 2)).toBe("passed");
  }, 300_000);

  it("the real claude passes inside a container: it calls a shimmed CLI and edits a file through the forwarded fake API", async () => {
    const root = await project({
      "evals/deploy.eval.yaml": `name: deploy
prompt: Deploy, then set the environment to production.
sandbox: { fixture: { "config.txt": "env=staging\\n" }, kind: docker }
shims: { neon: { stdout: "deployed" } }
timeout: 120
assertions:
  contains: [{ file: config.txt, text: env=production }]
`,
    });
    const fake = await startFakeAnthropic([
      { toolUse: { name: "Bash", input: { command: "neon deploy --prod" } } },
      { toolUse: { name: "Bash", input: { command: "sed -i s/staging/production/ config.txt" } } },
      { text: "Done." },
    ]);
    closers.push(() => fake.close());
    const outcome = await runEvals({
      projectRoot: root,
      agents: [claudeAgainstFake(fake.url)],
      env: { ...hostEnv(), ...(process.getuid?.() === 0 ? { IS_SANDBOX: "1" } : {}) },
      container: { image },
      allowHosts: [endpointOfUrl(fake.url)!],
      maxRetries: 0,
    });
    const result = outcome.run.evals[0]!;
    const files = await readTrial(root, result.trials[0]!);
    expect(result.status, `${JSON.stringify(result, null, 2)}\n${files.stderr}`).toBe("passed");
    expect(files.calls.map((c) => [c.bin, c.argv])).toEqual([["neon", ["deploy", "--prod"]]]);
    expect(fake.requests.length).toBeGreaterThanOrEqual(3);
  }, 300_000);

  it("the real codex passes inside a container: it calls a shimmed CLI and edits a file through the forwarded fake API", async () => {
    const root = await project({
      "evals/deploy.eval.yaml": `name: deploy
prompt: Deploy, then set the environment to production.
sandbox: { fixture: { "config.txt": "env=staging\\n" }, kind: docker }
shims: { neon: { stdout: "deployed" } }
timeout: 120
assertions:
  contains: [{ file: config.txt, text: env=production }]
`,
    });
    const fake = await startFakeOpenAI([
      { call: { name: "exec_command", arguments: { cmd: "neon deploy --prod" } } },
      {
        call: {
          name: "exec_command",
          arguments: { cmd: "sed -i s/staging/production/ config.txt" },
        },
      },
      { text: "Done." },
    ]);
    closers.push(() => fake.close());
    const outcome = await runEvals({
      projectRoot: root,
      agents: [
        codex({
          bin: requireBin("codex"),
          args: codexFakeArgs(fake.url),
          env: { [CODEX_FAKE_KEY_ENV]: "sk-fake-key" },
        }),
      ],
      env: hostEnv(),
      container: { image },
      allowHosts: [endpointOfUrl(fake.url)!],
      maxRetries: 0,
    });
    const result = outcome.run.evals[0]!;
    const files = await readTrial(root, result.trials[0]!);
    expect(result.status, `${JSON.stringify(result, null, 2)}\n${files.stderr}`).toBe("passed");
    expect(files.calls.map((c) => [c.bin, c.argv])).toEqual([["neon", ["deploy", "--prod"]]]);
  }, 300_000);

  it("a TypeScript eval's sandbox names the provider, its image and limits", async () => {
    const root = await project({
      "evals/ts.eval.ts": `import { defineEval, fileExists } from "agent-evals";
export const ts = defineEval("Write done.txt.", {
  sandbox: { fixture: { "README.md": "# app\\n" }, kind: "docker", image: ${JSON.stringify(image)}, cpus: 0.5, pids: 64 },
  assert: [fileExists("done.txt")],
});
`,
    });
    const outcome = await runEvals({
      projectRoot: root,
      agents: [
        scriptAgent(
          "writer",
          "cat /sys/fs/cgroup/pids/pids.max /sys/fs/cgroup/pids.max > done.txt 2>/dev/null; true",
        ),
      ],
      env: hostEnv(),
      maxRetries: 0,
    });
    const result = outcome.run.evals[0]!;
    expect(result.status, JSON.stringify(result, null, 2)).toBe("passed");
    expect(result.container).toEqual({ image, cpus: 0.5, pids: 64 });
  }, 300_000);

  it("a trial that times out leaves no container, nor the processes it started inside", async () => {
    const root = await project({
      "evals/slow.eval.yaml": `name: slow
prompt: Wait.
sandbox: { fixture: { "README.md": "# app\\n" }, kind: docker }
timeout: 3
assertions:
  files: [never.txt]
`,
    });
    const outcome = await runEvals({
      projectRoot: root,
      agents: [
        scriptAgent("sleeper", "trap '' TERM; (trap '' TERM; exec sleep 317) & exec sleep 317"),
      ],
      env: hostEnv(),
      container: { image },
      maxRetries: 0,
    });
    const trial = outcome.run.evals[0]!.trials[0]!;
    expect(trial.timedOut, JSON.stringify(trial)).toBe(true);
    expect(trial.reason).toMatch(/timed out/);
    const sleeping = await exec("ps", ["-eo", "args"]);
    expect(sleeping.stdout).not.toMatch(/^sleep 317$/m);
  }, 300_000);

  it("a real SIGINT to the CLI mid-trial removes the trial's container and exits 130", async () => {
    const root = await project({
      "evals/slow.eval.yaml": `name: slow
prompt: "touch started.txt; exec sleep 300"
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 300
assertions:
  files: [never.txt]
`,
    });
    const cli = spawn(
      process.execPath,
      [
        CLI,
        "eval",
        "--cwd",
        root,
        "--agent",
        "bash -c {prompt}",
        "--sandbox",
        "docker",
        "--image",
        image,
      ],
      { env: { ...hostEnv(), NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    cli.stdout.on("data", (c: Buffer) => (output += c.toString()));
    cli.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => cli.on("exit", (code) => resolve(code)));
    // The agent is running inside its container.
    const running = await eventually(
      async () => {
        const { containers } = await labelled(cli.pid!);
        if (containers.length === 0) return false;
        const top = await exec("docker", ["top", containers[0]!]).catch(() => ({ stdout: "" }));
        return top.stdout.includes("sleep 300");
      },
      Boolean,
      600,
    );
    expect(running, output).toBe(true);
    cli.kill("SIGINT");
    expect(await exited, output).toBe(130);
    expect(output).toContain("agent-evals: SIGINT: stopping agents");
    expect(await labelled(cli.pid!)).toEqual({ containers: [], images: [] });
  }, 300_000);
});

describe.runIf(ready)("--sandbox docker: bad input stops the run (exit 2), nothing runs", () => {
  const EVAL = `name: task
prompt: Do it.
sandbox: { fixture: { "README.md": "# app\\n" } }
assertions:
  files: [done.txt]
`;

  async function refused(args: string[], env: Record<string, string> = {}, yaml = EVAL) {
    const root = await project({ "evals/task.eval.yaml": yaml });
    const cli = await runCli(
      ["eval", "--cwd", root, "--agent", "bash -c {prompt}", "--sandbox", "docker", ...args],
      { env: { CI: "true", ...env }, timeoutMs: 120_000 },
    );
    expect(cli.code, cli.stdout + cli.stderr).toBe(2);
    expect(await fs.readdir(root)).not.toContain(".copybook");
    return cli.stderr;
  }

  it("an image that does not exist", async () => {
    const stderr = await refused(["--image", "agent-evals-no-such-image:1"]);
    expect(stderr).toContain('image "agent-evals-no-such-image:1" does not exist on this machine');
    expect(stderr).toContain("docker build -t agent-evals-no-such-image:1");
    expect(stderr).toMatch(/task\.eval\.yaml:\d+/);
  });

  it("an eval without an agent, whose checks would run in an image that does not exist", async () => {
    const root = await project({
      "evals/checks.eval.yaml": `name: checks
sandbox: { fixture: { "README.md": "# app\\n" }, kind: docker, image: agent-evals-no-such-image:2 }
assertions:
  commands: ["test -f README.md"]
`,
    });
    const cli = await runCli(["eval", "--cwd", root], { env: { CI: "true" }, timeoutMs: 120_000 });
    expect(cli.code, cli.stdout + cli.stderr).toBe(2);
    expect(cli.stderr).toMatch(/checks\.eval\.yaml:\d+: eval checks \(sandbox docker\): image/);
    expect(await fs.readdir(root)).not.toContain(".copybook");
  });

  it("no image at all", async () => {
    const stderr = await refused([]);
    expect(stderr).toContain("no image to run the trials in");
    expect(stderr).toContain("--image");
  });

  it("a daemon that is not running", async () => {
    const stderr = await refused(["--image", image], {
      DOCKER_HOST: `unix://${path.join(os.tmpdir(), "no-dockerd-here.sock")}`,
    });
    expect(stderr).toContain("--sandbox docker: the Docker daemon is not reachable");
    expect(stderr).toContain("systemctl start docker");
  });

  it("docker not installed", async () => {
    const bin = await fs.mkdtemp(path.join(os.tmpdir(), "ae-bin-"));
    dirs.push(bin);
    await fs.symlink("/bin/bash", path.join(bin, "bash"));
    const stderr = await refused(["--image", image], { PATH: bin });
    expect(stderr).toContain("--sandbox docker: docker is not installed");
    expect(stderr).toContain("apt-get install docker.io");
  });

  it("limits that are not limits, on the CLI and in the eval (with its line)", async () => {
    expect(await refused(["--image", image, "--memory", "lots"])).toContain(
      '--memory: "lots" is not a memory size',
    );
    expect(await refused(["--image", image, "--pids", "3"])).toContain("--pids: 3 is not");
    const stderr = await refused(
      ["--image", image],
      {},
      EVAL.replace('"# app\\n" } }', '"# app\\n" }, memory: lots }'),
    );
    expect(stderr).toMatch(/task\.eval\.yaml:3/);
    expect(stderr).toContain("memory: 2g");
  });
});

describe("the Action's docker inputs", () => {
  const names = ["SANDBOX", "IMAGE", "CPUS", "MEMORY", "PIDS"].map((n) => `INPUT_${n}`);
  afterEach(() => {
    for (const name of names) delete process.env[name];
  });

  it("sandbox docker with image, cpus, memory and pids reaches the run; a bad limit is refused", async () => {
    const { readInputs } = await import("../src/github/inputs.js");
    Object.assign(process.env, {
      INPUT_SANDBOX: "docker",
      INPUT_IMAGE: "my-evals:1",
      INPUT_CPUS: "2",
      INPUT_MEMORY: "4g",
      INPUT_PIDS: "512",
    });
    const inputs = readInputs();
    expect(inputs.sandbox).toBe("docker");
    expect(inputs.container).toEqual({
      image: "my-evals:1",
      limits: { cpus: 2, memory: "4g", pids: 512 },
    });
    process.env.INPUT_MEMORY = "lots";
    expect(() => readInputs()).toThrow('input memory: "lots" is not a memory size');
  });
});
