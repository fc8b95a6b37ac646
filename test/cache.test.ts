import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { planEvals, runEvals } from "../src/engine/index.js";
import type { AgentAdapter } from "../src/model/eval.js";
import { readHistory } from "../src/store/history.js";
import { makeProject } from "./helpers/project.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

const env = { ...process.env, CI: "true" };

/** A paid agent whose version can change; counts its runs; passes when `pass` is true. */
function paid(state: { version: string; runs: number; pass: boolean }): AgentAdapter {
  return {
    name: "paid",
    available: async () => true,
    version: async () => state.version,
    run: async (ctx) => {
      state.runs++;
      if (state.pass) await fs.writeFile(path.join(ctx.cwd, "done"), "");
      return {
        exitCode: 0,
        timedOut: false,
        trajectory: [],
        transcripts: [],
        durationMs: 1,
        costUsd: 0.01,
      };
    },
  };
}

const evalYaml = (prompt = "do it") =>
  `name: e\nprompt: ${prompt}\ntrials: 2\nsandbox: { fixture: { x: "" } }\nassertions:\n  files: [done]\n`;

async function gitProject() {
  const root = await makeProject({ "evals/e.eval.yaml": evalYaml(), "README.md": "hi\n" });
  dirs.push(root);
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
      cwd: root,
    });
  git("init", "-q");
  git("add", ".");
  git("commit", "-qm", "init");
  return { root, git };
}

describe("history folder (--history-dir)", () => {
  it("records each run, serves a matching verdict as cached, and re-runs on any change or --force", async () => {
    const { root } = await gitProject();
    const state = { version: "1.0", runs: 0, pass: true };
    const agent = paid(state);
    const historyDir = path.join(root, "history");
    const run = (extra: object = {}) =>
      runEvals({ projectRoot: root, env, agents: [agent], historyDir, ...extra });

    const first = await run();
    expect(first.run.evals[0]!.status).toBe("passed");
    expect(state.runs).toBe(2);
    const lines = await readHistory(historyDir, "e");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      id: "e",
      agent: "paid",
      agentVersion: "1.0",
      passes: 2,
      trials: 2,
      status: "passed",
      costUsd: 0.02,
    });

    const second = await run();
    expect(second.run.evals[0]).toMatchObject({
      status: "cached",
      cachedFrom: { status: "passed", passes: 2, source: "history" },
    });
    expect(second.run.costUsd).toBe(0);
    expect(second.exitCode).toBe(0);
    expect(state.runs).toBe(2);
    expect(await readHistory(historyDir, "e")).toHaveLength(1); // cached runs are not recorded again

    await run({ force: true });
    expect(state.runs).toBe(4);

    state.version = "1.1"; // a new agent version is a new question
    await run();
    expect(state.runs).toBe(6);

    await fs.writeFile(path.join(root, "evals/e.eval.yaml"), evalYaml("do it now")); // a new prompt
    await run();
    expect(state.runs).toBe(8);
    expect(await readHistory(historyDir, "e")).toHaveLength(4);
  });

  it("a cached failure still fails the run", async () => {
    const { root } = await gitProject();
    const state = { version: "1.0", runs: 0, pass: false };
    const historyDir = path.join(root, "history");
    expect(
      (await runEvals({ projectRoot: root, env, agents: [paid(state)], historyDir })).exitCode,
    ).toBe(1);
    const again = await runEvals({ projectRoot: root, env, agents: [paid(state)], historyDir });
    expect(again.run.evals[0]!.status).toBe("cached");
    expect(again.exitCode).toBe(1);
  });
});

describe("fingerprint cache of a checkout", () => {
  it("caches until the repository, the definition or the agent changes; --no-cache bypasses it", async () => {
    const { root, git } = await gitProject();
    const state = { version: "1.0", runs: 0, pass: true };
    const agent = paid(state);
    const run = (extra: object = {}) =>
      runEvals({ projectRoot: root, env, agents: [agent], ...extra });

    await run();
    expect(state.runs).toBe(2);
    expect((await run()).run.evals[0]).toMatchObject({
      status: "cached",
      cachedFrom: { source: "fingerprint" },
    });
    expect(state.runs).toBe(2);

    await fs.writeFile(path.join(root, "notes.txt"), "untracked"); // untracked file
    await run();
    expect(state.runs).toBe(4);
    await fs.writeFile(path.join(root, "README.md"), "changed\n"); // tracked change
    await run();
    expect(state.runs).toBe(6);
    git("add", ".");
    git("commit", "-qm", "more"); // new HEAD (same content)
    await run();
    expect(state.runs).toBe(8);
    await run({ noCache: true });
    expect(state.runs).toBe(10);
    await run({ trials: 3 }); // a different number of trials is a different question
    expect(state.runs).toBe(13);
  });

  it("caches nothing outside git, and never caches free agents", async () => {
    const root = await makeProject({ "evals/e.eval.yaml": evalYaml() });
    dirs.push(root);
    const state = { version: "1.0", runs: 0, pass: true };
    await runEvals({ projectRoot: root, env, agents: [paid(state)] });
    await runEvals({ projectRoot: root, env, agents: [paid(state)] });
    expect(state.runs).toBe(4);
    const { root: repo } = await gitProject();
    const free = { ...paid(state), free: true };
    await runEvals({ projectRoot: repo, env, agents: [free] });
    await runEvals({ projectRoot: repo, env, agents: [free] });
    expect(state.runs).toBe(8);
    // Not with a history folder either: the history has the line, yet the pair runs again.
    const historyDir = path.join(repo, "history");
    await runEvals({ projectRoot: repo, env, agents: [free], historyDir });
    expect(await readHistory(historyDir, "e")).toHaveLength(1);
    await runEvals({ projectRoot: repo, env, agents: [free], historyDir });
    expect(state.runs).toBe(12);
  });

  it("says in the run's notes that a free agent is not cached, when a cache is in use", async () => {
    const { root: repo } = await gitProject();
    const outside = await makeProject({ "evals/e.eval.yaml": evalYaml() });
    dirs.push(outside);
    const state = { version: "1.0", runs: 0, pass: true };
    const free = { ...paid(state), name: "stand-in", free: true };
    const notesOf = async (extra: object) =>
      (await planEvals({ projectRoot: repo, env, agents: [free], ...extra })).notes;
    const said =
      "not cached: 1 eval × agent pair with a free agent (stand-in) run every time — a re-run costs nothing, and its verdict is today's, not a recorded one";

    expect(await notesOf({})).toContain(said); // the checkout's fingerprint cache
    expect(await notesOf({ historyDir: path.join(repo, "history") })).toContain(said);
    // Where nothing is cached anyway, there is nothing to explain.
    expect((await notesOf({ force: true })).join("\n")).not.toContain("not cached");
    expect((await notesOf({ noCache: true })).join("\n")).not.toContain("not cached");
    const outsideGit = await planEvals({ projectRoot: outside, env, agents: [free] });
    expect(outsideGit.notes.join("\n")).not.toContain("not cached");
    // A paid agent is cached: no such note.
    const paidPlan = await planEvals({ projectRoot: repo, env, agents: [paid(state)] });
    expect(paidPlan.notes.join("\n")).not.toContain("not cached");
  });
});
