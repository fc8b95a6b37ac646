/**
 * A harness killed with SIGKILL (no handler runs): the real CLI, mid-trial, with an agent that
 * forks sleepers in and out of its process group. What it leaves (processes, cgroups, temp folders,
 * under docker a running container and its baked image) must be reaped by the next run, and a live
 * run's must not be. Then SIGINT, SIGTERM and SIGHUP at each phase of a trial (setup, agent, checks)
 * must leave nothing either.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cgroupHome } from "../src/util/cgroup.js";
import { ownRun, processStart } from "../src/util/run-owner.js";
import { cliEntry } from "./helpers/bundle.js";
import { uniqueToken } from "./helpers/agent-run.js";
import { dockerProblem, testImage } from "./helpers/docker-image.js";
import { eventually, leftovers } from "./helpers/procs.js";
import { makeProject, removedWithProjects, runCli } from "./helpers/project.js";

/** The CLI as the package ships it, built from src/ for this run (test/helpers/bundle.ts). */
const CLI = await cliEntry();

const exec = promisify(execFile);
const tokens: string[] = [];
const started: ChildProcess[] = [];

afterEach(async () => {
  // A failing test's CLIs and sleepers are killed here, not left for five minutes.
  for (const cli of started.splice(0)) cli.kill("SIGKILL");
  for (const token of tokens.splice(0)) {
    for (const p of await leftovers(`REAP_TOKEN=${token}`)) {
      try {
        process.kill(p.pid, "SIGKILL");
      } catch {
        // gone
      }
    }
  }
});

const eval_ = (name: string, extra = "") => `name: ${name}
prompt: Do the task.
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 300
${extra}assertions:
  files: [done.txt]
`;

// slow: hides a TERM-ignoring child and a setsid escapee, says it started, and hangs (no new
// process after that: a live run's set of processes stays the same).
const AGENT = `#!/bin/bash
case "$AGENT_EVALS_EVAL" in
  quick) echo done > done.txt ;;
  *)
    ( trap '' TERM INT; exec sleep 300 ) &
    setsid bash -c 'trap "" TERM INT; exec sleep 300' </dev/null >/dev/null 2>&1 &
    echo started > "$STARTED_FILE"
    trap '' TERM INT
    exec sleep 300 ;;
esac
`;

interface Cli {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startCli(args: string[], env: Record<string, string>): Cli {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", CI: "true", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** The agent-evals temp entries (trial roots, run records, check folders) in a run's TMPDIR. */
async function tempEntries(tmp: string): Promise<string[]> {
  return (await fs.readdir(tmp)).filter((name) => /^(agent-evals|ae)-/.test(name));
}

/** The cgroups the harness process `pid` made (the CLI is born in this process's cgroup). */
async function cgroupsOf(pid: number): Promise<string[]> {
  const home = cgroupHome();
  if (!home) return [];
  return (await fs.readdir(home)).filter((name) => name.startsWith(`agent-evals-${pid}-`));
}

async function freshTmp(): Promise<string> {
  // Removed when the file ends, with the projects (it was left in the run's TMPDIR before).
  return removedWithProjects(
    await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "reap-tmp-"))),
  );
}

/** A project with a slow and a quick eval (extra YAML for the slow one), its agent and its TMPDIR. */
async function setUp(slowExtra = "", sharedTmp?: string) {
  const token = uniqueToken("reap");
  tokens.push(token);
  const root = await makeProject({
    "evals/slow.eval.yaml": eval_("slow", slowExtra),
    "evals/quick.eval.yaml": eval_("quick"),
    "agent.sh": AGENT,
  });
  const tmp = sharedTmp ?? (await freshTmp());
  const agent = `bash ${path.join(root, "agent.sh")} {prompt}`;
  const env = (started: string) => ({ TMPDIR: tmp, REAP_TOKEN: token, STARTED_FILE: started });
  return { token, root, tmp, agent, env };
}

/** Starts the slow eval and waits until its agent runs. */
async function startSlow(
  { root, agent, env }: Awaited<ReturnType<typeof setUp>>,
  name: string,
): Promise<Cli> {
  const startedFile = path.join(root, `${name}-started`);
  const cli = startCli(["eval", "slow", "--cwd", root, "--agent", agent], env(startedFile));
  const ready = await eventually(() => exists(startedFile), Boolean, 600);
  expect(ready, cli.output()).toBe(true);
  return cli;
}

async function runQuick({ root, agent, tmp, token }: Awaited<ReturnType<typeof setUp>>) {
  const result = await runCli(["eval", "quick", "--cwd", root, "--agent", agent], {
    env: { CI: "true", TMPDIR: tmp, REAP_TOKEN: token },
    timeoutMs: 120_000,
  });
  expect(result.code, result.stdout + result.stderr).toBe(0);
  return result;
}

async function sigkill(cli: Cli): Promise<void> {
  cli.child.kill("SIGKILL");
  await cli.exited;
}

describe.skipIf(process.platform !== "linux")("a harness killed with SIGKILL mid-trial", () => {
  it("leaves processes, cgroups and temp folders that the next run reaps (--sandbox none)", async () => {
    const project = await setUp();
    const cli = await startSlow(project, "killed");
    const pid = cli.child.pid!;
    await sigkill(cli);

    // What SIGKILL leaves: nothing ran the clean-up.
    const before = {
      processes: (await leftovers(`REAP_TOKEN=${project.token}`)).length,
      cgroups: (await cgroupsOf(pid)).length,
      temps: (await tempEntries(project.tmp)).length,
    };
    expect(before.processes).toBeGreaterThanOrEqual(3);
    if (cgroupHome()) expect(before.cgroups).toBeGreaterThanOrEqual(1);
    expect(before.temps).toBeGreaterThanOrEqual(1);

    const rerun = await runQuick(project);
    expect(rerun.stdout + rerun.stderr).toMatch(/reaped what 1 killed run\(s\) left/);
    const after = {
      processes: await eventually(
        () => leftovers(`REAP_TOKEN=${project.token}`),
        (l) => l.length === 0,
      ),
      cgroups: await cgroupsOf(pid),
      temps: await tempEntries(project.tmp),
    };
    expect(after).toEqual({ processes: [], cgroups: [], temps: [] });
  }, 180_000);

  it("reaps a dead run's leftovers and never a live concurrent run's", async () => {
    // Two projects (each run locks its own results), one TMPDIR: the runs' records sit together.
    const project = await setUp();
    const other = await setUp("", project.tmp);
    const live = await startSlow(project, "live");
    const livePid = live.child.pid!;
    const liveTag = `REAP_TOKEN=${project.token}`;
    const liveProcesses = (await leftovers(liveTag)).map((p) => p.pid).sort();
    const liveTemps = await tempEntries(project.tmp);
    const liveCgroups = await cgroupsOf(livePid);
    const dead = await startSlow(other, "dead");
    const deadPid = dead.child.pid!;
    // Killed once its trial's processes are all up (the agent writes its started file first; on a
    // loaded machine its children follow a moment later).
    await eventually(
      () => leftovers(`REAP_TOKEN=${other.token}`),
      (found) => found.length >= 3,
      600,
    );
    await sigkill(dead);
    expect((await leftovers(`REAP_TOKEN=${other.token}`)).length).toBeGreaterThanOrEqual(3);

    await runQuick(other);
    // The dead run's are gone...
    expect(await leftovers(`REAP_TOKEN=${other.token}`)).toEqual([]);
    expect(await cgroupsOf(deadPid)).toEqual([]);
    // ...the live run's all there: its processes, cgroups and temp folders (its record among them).
    expect((await leftovers(liveTag)).map((p) => p.pid).sort()).toEqual(liveProcesses);
    expect(await cgroupsOf(livePid)).toEqual(liveCgroups);
    const temps = await tempEntries(project.tmp);
    for (const entry of liveTemps) expect(temps).toContain(entry);

    // And it still ends cleanly by itself.
    live.child.kill("SIGINT");
    expect(await live.exited, live.output()).toBe(130);
    expect(await leftovers(liveTag)).toEqual([]);
    expect(await tempEntries(project.tmp)).toEqual([]);
  }, 240_000);

  it("takes a record whose pid now names another process (pid reuse) for a dead run's, and a live owner's for a live one's", async () => {
    const project = await setUp();
    // A live process stands for both owners: with its start time (alive), and with another (its
    // pid reused since the run that wrote the record died).
    const sleeper = spawn("sleep", ["300"], { stdio: "ignore" });
    started.push(sleeper);
    const pid = sleeper.pid!;
    const start = await eventually(
      async () => processStart(pid),
      (s) => s !== undefined,
    );
    const registry = path.join(project.tmp, "agent-evals-runs");
    await fs.mkdir(registry);
    const folders: Record<string, string> = {};
    for (const [which, owner] of [
      ["alive", { pid, start: start!, scope: ownRun().scope }],
      ["reused", { pid, start: start! - 1, scope: ownRun().scope }],
    ] as const) {
      folders[which] = await fs.mkdtemp(path.join(project.tmp, `agent-evals-${which}-`));
      await fs.writeFile(
        path.join(registry, `${owner.pid}-${owner.start}`),
        `${JSON.stringify(owner)}\n${JSON.stringify({ temp: folders[which] })}\n`,
      );
    }

    await runQuick(project);
    expect(await exists(folders.reused!)).toBe(false);
    expect(await exists(folders.alive!)).toBe(true);
    expect(await fs.readdir(registry)).toEqual([`${pid}-${start}`]);
    // The process that has the pid now is not the dead run's: it is never signalled.
    expect(processStart(pid)).toBe(start);
  }, 120_000);
});

const problem = await dockerProblem();

describe.runIf(problem === undefined)(
  "a harness killed with SIGKILL mid-trial (--sandbox docker)",
  () => {
    let image = "";
    beforeAll(async () => {
      image = await testImage();
    }, 600_000);

    /** The containers and images labelled with the harness process `pid`. */
    async function labelled(pid: number): Promise<{ containers: string[]; images: string[] }> {
      const filter = ["--filter", `label=agent-evals.pid=${pid}`];
      const lines = (text: string) => text.split("\n").filter(Boolean);
      const containers = await exec("docker", ["ps", "--all", "--quiet", ...filter]);
      const images = await exec("docker", ["images", "--quiet", ...filter]);
      return { containers: lines(containers.stdout), images: lines(images.stdout) };
    }

    it("leaves a running container and its baked image that the next run removes", async () => {
      const token = uniqueToken("reap-docker");
      tokens.push(token);
      const root = await makeProject({
        "evals/slow.eval.yaml": `name: slow
prompt: "exec sleep 300"
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 300
assertions:
  files: [never.txt]
`,
        "evals/quick.eval.yaml": `name: quick
prompt: "echo done > done.txt"
sandbox: { fixture: { "README.md": "# app\\n" } }
assertions:
  files: [done.txt]
`,
      });
      const tmp = await freshTmp();
      const args = ["--cwd", root, "--agent", "bash -c {prompt}", "--sandbox", "docker"];
      const env = { TMPDIR: tmp, REAP_TOKEN: token };
      const cli = startCli(["eval", "slow", ...args, "--image", image], env);
      const pid = cli.child.pid!;
      const running = await eventually(
        async () => {
          const { containers } = await labelled(pid);
          const tops = await Promise.all(
            containers.map((c) => exec("docker", ["top", c]).catch(() => ({ stdout: "" }))),
          );
          return tops.some((top) => top.stdout.includes("sleep 300"));
        },
        Boolean,
        600,
      );
      expect(running, cli.output()).toBe(true);
      await sigkill(cli);
      const before = await labelled(pid);
      expect(before.containers.length).toBeGreaterThanOrEqual(1);
      expect(before.images.length).toBeGreaterThanOrEqual(1);
      expect((await tempEntries(tmp)).length).toBeGreaterThanOrEqual(1);

      const rerun = await runCli(["eval", "quick", ...args, "--image", image], {
        env: { CI: "true", ...env },
        timeoutMs: 180_000,
      });
      expect(rerun.code, rerun.stdout + rerun.stderr).toBe(0);
      expect(await labelled(pid)).toEqual({ containers: [], images: [] });
      expect(await tempEntries(tmp)).toEqual([]);
      expect(await leftovers(`REAP_TOKEN=${token}`)).toEqual([]);
    }, 400_000);
  },
);
