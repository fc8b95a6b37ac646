// Two runs in one project would clear and rewrite each other's results: the second one is refused
// (exit 2, naming the other run and the lock file) while the first is alive; a lock left by a
// process that is gone is taken over.

import { spawn, spawnSync } from "node:child_process";
import { existsSync, promises as fs, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockResults, ResultsBusyError } from "../src/store/lock.js";
import { makeProject, runCli } from "./helpers/project.js";

const EVAL = `name: hello
agents: [literal]
prompt: |
  \`\`\`sh
  echo hi > out.txt
  \`\`\`
assertions:
  files: [out.txt]
`;

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((done) => done()));

async function project(lockPid?: number): Promise<{ root: string; lock: string }> {
  const root = await makeProject({ "evals/hello.eval.yaml": EVAL });
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const lock = path.join(root, ".copybook/results.lock");
  if (lockPid !== undefined) {
    await fs.mkdir(path.dirname(lock), { recursive: true });
    await fs.writeFile(lock, `${lockPid}\n`);
  }
  return { root, lock };
}

describe("one run at a time per results folder", () => {
  it("refuses to start while another live run holds the lock, and runs nothing", async () => {
    const other = spawn("sleep", ["60"], { stdio: "ignore" });
    cleanups.push(() => other.kill("SIGKILL"));
    const { root, lock } = await project(other.pid!);

    const result = await runCli(["eval", "--cwd", root, "--unsafe-local"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`another agent-evals run (pid ${other.pid})`);
    expect(result.stderr).toContain(lock);
    expect(existsSync(path.join(root, ".copybook/results/run.json"))).toBe(false);
    expect(await fs.readFile(lock, "utf8")).toBe(`${other.pid}\n`); // still the other run's
  });

  it("merge takes the same lock: it refuses a results folder a live run holds", async () => {
    const other = spawn("sleep", ["60"], { stdio: "ignore" });
    cleanups.push(() => other.kill("SIGKILL"));
    const { root: shard } = await project();
    const ran = await runCli(["eval", "--cwd", shard, "--unsafe-local"]);
    expect(ran.code, ran.stderr).toBe(0);
    const { root, lock } = await project(other.pid!);

    const merged = await runCli(["merge", "--cwd", root, path.join(shard, ".copybook/results")]);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain(`another agent-evals run (pid ${other.pid})`);
    expect(existsSync(path.join(root, ".copybook/results/run.json"))).toBe(false);
    expect(await fs.readFile(lock, "utf8")).toBe(`${other.pid}\n`);

    other.kill("SIGKILL");
    await new Promise((resolve) => other.once("exit", resolve));
    const after = await runCli(["merge", "--cwd", root, path.join(shard, ".copybook/results")]);
    expect(after.code, after.stderr).toBe(0);
    expect(existsSync(path.join(root, ".copybook/results/run.json"))).toBe(true);
    expect(existsSync(lock)).toBe(false);
  });

  it("a stale lock another process took over meanwhile is not removed: busy instead", async () => {
    const gone = spawnSync("sh", ["-c", "echo $$"], { encoding: "utf8" });
    const { root, lock } = await project(Number(gone.stdout.trim()));
    const other = spawn("sleep", ["60"], { stdio: "ignore" });
    cleanups.push(() => other.kill("SIGKILL"));
    // Between seeing the stale lock and taking it over, another run takes it over first.
    const takenMeanwhile = () => {
      rmSync(lock);
      writeFileSync(lock, `${other.pid}\n`);
    };
    await expect(lockResults(path.join(root, ".copybook/results"), takenMeanwhile)).rejects.toThrow(
      ResultsBusyError,
    );
    expect(await fs.readFile(lock, "utf8")).toBe(`${other.pid}\n`); // the other run's, untouched
    expect(existsSync(`${lock}.takeover`)).toBe(false);
  });

  it("a takeover left half-done by a crashed process is cleared after a while", async () => {
    const gone = spawnSync("sh", ["-c", "echo $$"], { encoding: "utf8" });
    const { root, lock } = await project(Number(gone.stdout.trim()));
    writeFileSync(`${lock}.takeover`, `${gone.stdout.trim()}\n`);
    // A fresh one: someone is taking over right now.
    await expect(lockResults(path.join(root, ".copybook/results"))).rejects.toThrow(
      ResultsBusyError,
    );
    // An old one: its process died mid-takeover.
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${lock}.takeover`, old, old);
    const release = await lockResults(path.join(root, ".copybook/results"));
    expect(await fs.readFile(lock, "utf8")).toBe(`${process.pid}\n`);
    await release();
    expect(existsSync(lock)).toBe(false);
    expect(existsSync(`${lock}.takeover`)).toBe(false);
  });

  it("two runs in one process (the library) do not take over each other's lock", async () => {
    const { root, lock } = await project();
    const results = path.join(root, ".copybook/results");
    const release = await lockResults(results);
    await expect(lockResults(results)).rejects.toThrow(ResultsBusyError);
    expect(await fs.readFile(lock, "utf8")).toBe(`${process.pid}\n`);
    await release();
    await (
      await lockResults(results)
    )();
    expect(existsSync(lock)).toBe(false);
  });

  it("takes over a lock whose process is gone, and releases its own at the end", async () => {
    const gone = spawnSync("sh", ["-c", "echo $$"], { encoding: "utf8" });
    const { root, lock } = await project(Number(gone.stdout.trim()));

    const result = await runCli(["eval", "--cwd", root, "--unsafe-local"]);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(path.join(root, ".copybook/results/run.json"))).toBe(true);
    expect(existsSync(lock)).toBe(false);
  });
});
