// Global setup of the heavy tier (vitest.config.ts): when no Docker daemon answers and dockerd is
// installed, it starts one (as root, or with password-less sudo) without a bridge network, so that
// containers get `--network none` or the host's loopback and never a private-range address, and
// stops it when the run ends. A daemon that was already running (the user's own, or a system
// service) is never touched.
//
// The daemon it starts is written down in a folder of the system's temp dir
// (agent-evals-test-dockerd/: its pid, and one file per test run using it), so that a second test
// run started meanwhile uses it too, and the last one to end stops it; a run killed before its
// teardown leaves its file to a dead pid, and the next run stops the daemon or takes it over.

import { execFile, spawn } from "node:child_process";
import { closeSync, openSync, promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);

/** The system's temp dir, not the run's (test/global-setup.ts points TMPDIR at that one). */
const systemTmp = () => process.env.AGENT_EVALS_TEST_SYSTEM_TMPDIR ?? os.tmpdir();
const state = () => path.join(systemTmp(), "agent-evals-test-dockerd");
const pidFile = () => path.join(state(), "pid");
const users = () => path.join(state(), "users");

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

async function dockerAnswers(): Promise<boolean> {
  return exec("docker", ["info", "--format", "{{.ID}}"], { timeout: 20_000 }).then(
    () => true,
    () => false,
  );
}

async function onPath(command: string): Promise<boolean> {
  return exec("sh", ["-c", `command -v ${command}`]).then(
    () => true,
    () => false,
  );
}

/** The pid of the dockerd a test run started, when it still runs. */
function ourDaemon(): number | undefined {
  try {
    const pid = Number(readFileSync(pidFile(), "utf8").trim());
    if (!(pid > 0) || !alive(pid)) return undefined;
    const comm = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    // Started directly (dockerd …) or through sudo (sudo -n dockerd …).
    return comm.some((arg) => path.basename(arg) === "dockerd") ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function liveUsers(): Promise<number[]> {
  const names = await fs.readdir(users()).catch(() => [] as string[]);
  return names.map(Number).filter((pid) => pid > 0 && alive(pid));
}

async function canBeRoot(): Promise<"root" | "sudo" | undefined> {
  if (process.getuid?.() === 0) return "root";
  if (!(await onPath("sudo"))) return undefined;
  return exec("sudo", ["-n", "true"]).then(
    () => "sudo" as const,
    () => undefined,
  );
}

async function stop(pid: number, via: "root" | "sudo" | undefined): Promise<void> {
  const signal = (name: "TERM" | "KILL") =>
    via === "sudo"
      ? exec("sudo", ["-n", "kill", `-${name}`, String(pid)]).catch(() => undefined)
      : Promise.resolve().then(() => {
          try {
            process.kill(pid, `SIG${name}`);
          } catch {
            // gone
          }
        });
  await signal("TERM");
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) await signal("KILL");
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const me = String(process.pid);
  const log = path.join(systemTmp(), "agent-evals-test-dockerd.log");
  let pid = ourDaemon();
  // A record of a daemon that is gone (stopped by hand, or the machine restarted).
  if (pid === undefined) await fs.rm(state(), { recursive: true, force: true });
  if (pid === undefined && (await dockerAnswers())) return undefined; // not ours: left alone
  if (pid === undefined) {
    if (!(await onPath("dockerd"))) return undefined; // the Docker tests say it is missing
    const via = await canBeRoot();
    if (!via) {
      console.warn(
        "heavy tier: dockerd is installed but not running, and cannot be started without root or password-less sudo; the Docker tests will say so",
      );
      return undefined;
    }
    console.log(
      `heavy tier: starting dockerd for the Docker tests (no bridge network; stopped when the tests end; log: ${log})`,
    );
    await fs.mkdir(users(), { recursive: true });
    const out = openSync(log, "a");
    const args = ["--bridge=none", "--iptables=false", "--ip6tables=false"];
    const child = spawn(
      via === "sudo" ? "sudo" : "dockerd",
      via === "sudo" ? ["-n", "dockerd", ...args] : args,
      {
        detached: true,
        stdio: ["ignore", out, out],
      },
    );
    closeSync(out);
    child.unref();
    pid = child.pid!;
    await fs.writeFile(pidFile(), `${pid}\n`);
    for (let i = 0; i < 120 && !(await dockerAnswers()); i++) {
      if (!alive(pid)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    if (!(await dockerAnswers()))
      console.warn(`heavy tier: dockerd did not start (see ${log}); the Docker tests will say so`);
  }
  const daemon = pid;
  await fs.mkdir(users(), { recursive: true });
  await fs.writeFile(path.join(users(), me), "");
  return async () => {
    await fs.rm(path.join(users(), me), { force: true });
    const others = (await liveUsers()).filter((p) => p !== process.pid);
    if (others.length > 0) return; // another test run still uses it: the last one stops it
    await stop(daemon, await canBeRoot());
    if (alive(daemon)) {
      // Said, and under CI a failed run: nothing the tests started may outlive them.
      console.warn(`heavy tier: the dockerd it started (pid ${daemon}) is still running`);
      if (process.env.CI === "true") process.exitCode = 1;
      return;
    }
    await fs.rm(state(), { recursive: true, force: true });
    console.log(`heavy tier: stopped the dockerd it started (pid ${daemon})`);
  };
}
