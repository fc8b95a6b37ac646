// vitest's global setup: the whole run gets a temp folder of its own (TMPDIR, which os.tmpdir(),
// the trials' sandboxes and every child process read), removed when the run ends. At the end it
// checks that the run left nothing behind, and names what it finds: a temp folder in that TMPDIR,
// a process still running in it (its working folder, command line or environment naming it), a
// container whose mounts lie in it. Under CI=true anything found fails the run (exit code 1);
// elsewhere it is a warning. Whatever is found is removed, so nothing outlives the run either way.

import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { removeTree } from "../src/run/workspace/remove.js";

const exec = promisify(execFile);

/** Set while a run's folder is in use: each vitest project runs this setup again (extends: true). */
const RUN_TMP = "AGENT_EVALS_TEST_TMPDIR";
/** The temp dir the run was started with (the heavy tier's dockerd keeps its record there). */
const SYSTEM_TMP = "AGENT_EVALS_TEST_SYSTEM_TMPDIR";

/**
 * Not leaks: tsx-* (the TypeScript loader's cache, shared by the processes run from src/), the
 * package's build (test/helpers/bundle.ts, kept on purpose for every test file of the run), Node's
 * compile cache that the bundle's entries turn on (Node >= 22.1) and agent-evals-runs (the
 * product's registry of live runs, src/util/run-registry.ts: each run removes its own record, the
 * folder stays).
 */
const EXPECTED = [/^tsx-/, /^agent-evals-bundle-/, /^node-compile-cache$/, /^agent-evals-runs$/];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Live processes (not zombies, not this one) whose cwd, command line or environment name `root`. */
async function processesIn(root: string): Promise<string[]> {
  const needle = Buffer.from(root);
  const found: string[] = [];
  for (const name of await fs.readdir("/proc").catch(() => [] as string[])) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const stat = await fs.readFile(`/proc/${name}/stat`, "utf8").catch(() => "");
    // "pid (comm) state ppid …": comm may hold spaces and parentheses.
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (!stat || state === "Z" || state === "X") continue;
    const cwd = await fs.readlink(`/proc/${name}/cwd`).catch(() => "");
    const cmdline = await fs.readFile(`/proc/${name}/cmdline`).catch(() => Buffer.alloc(0));
    // vitest's own helper (vite's esbuild service), started after TMPDIR was set: not a test's.
    if (Number(ppid) === process.pid && cmdline.includes("esbuild")) continue;
    const environ = await fs.readFile(`/proc/${name}/environ`).catch(() => Buffer.alloc(0));
    if (cwd.startsWith(root) || cmdline.includes(needle) || environ.includes(needle))
      found.push(`pid ${name} (${cmdline.toString().split("\0").join(" ").trim().slice(0, 120)})`);
  }
  return found;
}

/** Containers (running or stopped) with a mount in `root`; [] where Docker does not answer. */
async function containersIn(root: string): Promise<string[]> {
  const ids = await exec("docker", ["ps", "--all", "--quiet", "--no-trunc"], { timeout: 20_000 })
    .then(({ stdout }) => stdout.split("\n").filter(Boolean))
    .catch(() => [] as string[]);
  if (ids.length === 0) return [];
  const { stdout } = await exec(
    "docker",
    ["inspect", "--format", "{{.Name}} {{range .Mounts}}{{.Source}} {{end}}", ...ids],
    { timeout: 20_000 },
  ).catch(() => ({ stdout: "" }));
  return stdout
    .split("\n")
    .filter((line) =>
      line
        .split(" ")
        .slice(1)
        .some((source) => source.startsWith(root)),
    )
    .map((line) => `container ${line.split(" ")[0]!.replace(/^\//, "")}`);
}

export default async function setup(): Promise<() => Promise<void>> {
  // Nested folders would make paths long enough to break unix sockets (108 bytes): one per run.
  if (process.env[RUN_TMP]) return async () => {};
  process.env[SYSTEM_TMP] ??= os.tmpdir();
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "agent-evals-tests-")));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = root;
  process.env[RUN_TMP] = root;
  return async () => {
    delete process.env[RUN_TMP];
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    const problems: string[] = [];

    // A process a test started and did not wait for may still be on its way out: a few seconds.
    let running = await processesIn(root);
    for (let i = 0; i < 50 && running.length > 0; i++) {
      await sleep(100);
      running = await processesIn(root);
    }
    if (running.length > 0) {
      problems.push(`${running.length} process(es) still running: ${running.join("; ")}`);
      for (const p of running) {
        try {
          process.kill(Number(p.split(" ")[1]), "SIGKILL");
        } catch {
          // gone meanwhile
        }
      }
    }

    const containers = await containersIn(root);
    if (containers.length > 0) {
      problems.push(`${containers.length} container(s) left: ${containers.join(", ")}`);
      const names = containers.map((c) => c.replace(/^container /, ""));
      await exec("docker", ["rm", "--force", ...names], { timeout: 60_000 }).catch(() => undefined);
    }

    const left = (await fs.readdir(root).catch(() => [] as string[])).filter(
      (n) => !EXPECTED.some((expected) => expected.test(n)),
    );
    if (left.length > 0) {
      const shown = left.slice(0, 8).join(", ");
      problems.push(
        `${left.length} temp folder(s) left in the run's TMPDIR: ${shown}${left.length > 8 ? ", …" : ""}`,
      );
    }
    await removeTree(root);

    if (problems.length > 0) {
      const ci = process.env.CI === "true";
      console.warn(
        `the tests left things behind (removed now${ci ? "; CI=true: the run fails" : ""}):\n  ${problems.join("\n  ")}`,
      );
      if (ci) process.exitCode = 1;
    }
  };
}
