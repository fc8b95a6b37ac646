import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runEvals } from "../src/engine/index.js";
import { scriptAgent } from "../src/agents/script.js";
import { type AgentAdapter } from "../src/model/eval.js";
import { InfraError } from "../src/model/errors.js";
import { makeProject } from "./helpers/project.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function project(files: Record<string, string>) {
  const root = await makeProject(files);
  dirs.push(root);
  return root;
}

const env = { ...process.env, CI: "true" };

describe("engine", () => {
  it("runs a YAML eval end to end and writes the results contract", async () => {
    const root = await project({
      "evals/setup.eval.yaml": `name: setup
prompt: |
  \`\`\`sh
  vendor init --name "my app"
  echo done > out.txt
  \`\`\`
agents: [literal]
trials: 2
sandbox: { fixture: { "README.md": "hello" } }
shims: { vendor: { stdout: "ok" } }
assertions:
  files: [out.txt]
  contains: [done]
`,
    });
    const { run, exitCode, resultsDir } = await runEvals({
      projectRoot: root,
      env,
      concurrency: 2,
    });
    expect(exitCode).toBe(0);
    expect(run).toMatchObject({ schemaVersion: 2, counts: { passed: 1, failed: 0 } });
    const [result] = run.evals;
    expect(result).toMatchObject({
      id: "setup",
      file: "evals/setup.eval.yaml",
      line: 1,
      agent: "literal",
      status: "passed",
      passes: 2,
      trialsRun: 2,
      trialsPlanned: 2,
      passRate: 1,
    });
    expect(result!.interval[0]).toBeGreaterThan(0.3);
    const trialDir = path.join(root, result!.trials[0]!.dir);
    expect(trialDir).toBe(path.join(resultsDir, "evals/setup/literal/trial-1"));
    const calls = (await fs.readFile(path.join(trialDir, "calls.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(calls).toEqual([
      expect.objectContaining({ bin: "vendor", argv: ["init", "--name", "my app"], exit: 0 }),
    ]);
    expect(await fs.readFile(path.join(trialDir, "prompt.md"), "utf8")).toContain(
      'vendor init --name "my app"',
    );
    const checks = JSON.parse(await fs.readFile(path.join(trialDir, "checks.json"), "utf8"));
    expect(checks.map((c: { ok: boolean }) => c.ok)).toEqual([true, true]);
    const onDisk = JSON.parse(await fs.readFile(path.join(resultsDir, "run.json"), "utf8"));
    expect(onDisk.evals[0].status).toBe("passed");
    expect(await fs.readFile(path.join(trialDir, "trial.json"), "utf8")).toContain('"trajectory"');
  });

  it("fails with evidence, and exits 1", async () => {
    const root = await project({
      "evals/f.eval.yaml": `name: f
prompt: "\`\`\`sh\\necho nope > a.txt\\n\`\`\`"
agents: [literal]
sandbox: { fixture: { "x": "" } }
assertions:
  contains: [{ file: a.txt, text: yes }]
`,
    });
    const { run, exitCode } = await runEvals({ projectRoot: root, env });
    expect(exitCode).toBe(1);
    expect(run.evals[0]!.trials[0]!.checks[0]).toMatchObject({
      ok: false,
      evidence: expect.stringContaining('"yes" not found in a.txt'),
      line: 6,
    });
  });

  it("runs a prompt-less eval's checks against a snapshot of the git repository", async () => {
    const root = await project({
      "package.json": "{}",
      "tracked.txt": "t",
      ".gitignore": "ignored.txt\n",
      "ignored.txt": "i",
      "evals/snap.eval.yaml": `name: snap
assertions:
  files: [tracked.txt, untracked.txt, package.json]
  absent: [ignored.txt, .copybook]
`,
    });
    execFileSync("git", ["init", "-q"], { cwd: root });
    execFileSync("git", ["add", "tracked.txt", ".gitignore"], { cwd: root });
    await fs.writeFile(path.join(root, "untracked.txt"), "u");
    await fs.mkdir(path.join(root, ".copybook/results"), { recursive: true });
    const { run } = await runEvals({ projectRoot: root, env: { ...process.env, CI: "" } });
    expect(run.evals[0]).toMatchObject({ agent: "none", status: "passed" });
  });

  it("skips a prompted eval whose agent is unavailable or not named, never passing it", async () => {
    const root = await project({
      "evals/s.eval.yaml": `name: s\nprompt: hi\nassertions:\n  files: [x]\n`,
    });
    const none = await runEvals({ projectRoot: root, env });
    expect(none.run.evals[0]).toMatchObject({
      status: "skipped",
      reason: expect.stringContaining("--agent"),
    });
    expect(none.exitCode).toBe(0);
    const missing = await runEvals({
      projectRoot: root,
      env,
      agents: ["no-such-agent-binary {prompt}"],
    });
    expect(missing.run.evals[0]).toMatchObject({
      status: "skipped",
      reason: expect.stringContaining("not available"),
    });
  });

  it("runs setup once per eval; each trial starts from a fresh copy", async () => {
    const root = await project({
      "evals/s.eval.ts": `import { defineEval, fileContains, succeeds } from "agent-evals";
export const s = defineEval("work", {
  trials: 3,
  sandbox: { fixture: { "a.txt": "" } },
  setup: ["echo setup >> setup.log", "echo $RANDOM > id.txt"],
  assert: [fileContains("setup.log", /^setup\\n$/), succeeds("test ! -e trial-mark")],
});`,
    });
    const agent = scriptAgent("marker", "touch trial-mark");
    const { run } = await runEvals({ projectRoot: root, env, agents: [agent], allTrials: true });
    const trials = run.evals[0]!.trials;
    expect(trials).toHaveLength(3);
    // setup ran once (one line in setup.log), and every trial's copy was fresh (no trial-mark from another trial before the agent)
    expect(trials.every((t) => t.checks[0]!.ok)).toBe(true);
    expect(trials.every((t) => !t.checks[1]!.ok)).toBe(true);
  });

  it("retries infra errors, then reports the eval as an error (exit 2), never as failed", async () => {
    const root = await project({
      "evals/i.eval.yaml": `name: i\nprompt: hi\nsandbox: { fixture: { a: "" } }\nassertions:\n  files: [a]\n`,
    });
    let attempts = 0;
    const flaky: AgentAdapter = {
      name: "flaky",
      available: async () => true,
      version: async () => "1.0",
      run: async () => {
        attempts++;
        if (attempts === 1) throw new InfraError("API 500 internal error");
        return { exitCode: 0, timedOut: false, trajectory: [], transcripts: [], durationMs: 1 };
      },
    };
    const ok = await runEvals({ projectRoot: root, env, agents: [flaky] });
    expect(ok.run.evals[0]).toMatchObject({ status: "passed", agentVersion: "1.0" });
    expect(ok.run.evals[0]!.trials[0]!.retries).toBe(1);

    // A rate limit the agent gave up on is retried after its provider's pause, and counted apart
    // from the crash retries (docs/reliability.md › Rate limits).
    attempts = 0;
    const limited: AgentAdapter = {
      ...flaky,
      name: "limited",
      run: async () => {
        if (++attempts === 1) throw new InfraError("API 529 overloaded");
        return { exitCode: 0, timedOut: false, trajectory: [], transcripts: [], durationMs: 1 };
      },
    };
    const waited = await runEvals({ projectRoot: root, env, agents: [limited], maxRetries: 0 });
    expect(waited.run.evals[0]).toMatchObject({ status: "passed" });
    expect(waited.run.evals[0]!.trials[0]).toMatchObject({ rateLimits: { retries: 1 } });
    expect(waited.run.evals[0]!.trials[0]!.retries).toBeUndefined();
    expect(waited.run.rateLimits).toMatchObject({ retries: 1, trials: 1 });

    const broken: AgentAdapter = {
      ...flaky,
      name: "broken",
      run: async () => Promise.reject(new InfraError("API 500")),
    };
    const bad = await runEvals({ projectRoot: root, env, agents: [broken], maxRetries: 1 });
    expect(bad.run.evals[0]).toMatchObject({
      status: "error",
      reason: expect.stringContaining("API 500"),
    });
    expect(bad.exitCode).toBe(2);
  });

  it("refuses to run agents outside CI unless told to, and runs nothing", async () => {
    const root = await project({
      "evals/g.eval.yaml": `name: g\nprompt: "\`\`\`sh\\ntouch ran.txt\\n\`\`\`"\nagents: [literal]\nsandbox: { repo: true }\nassertions:\n  files: [ran.txt]\n`,
    });
    await expect(runEvals({ projectRoot: root, env: { ...process.env, CI: "" } })).rejects.toThrow(
      /CI=true.*--unsafe-local/s,
    );
    await expect(fs.stat(path.join(root, ".copybook"))).rejects.toThrow();
    const { exitCode } = await runEvals({
      projectRoot: root,
      env: { ...process.env, CI: "" },
      unsafeLocal: true,
    });
    expect(exitCode).toBe(0);
  });

  it("kills the agent at the timeout and fails the trial, not the harness", async () => {
    const root = await project({
      "evals/t.eval.yaml": `name: t\nprompt: hi\ntimeout: 1\nsandbox: { fixture: { a: "" } }\nassertions:\n  files: [a]\n`,
    });
    const sleeper = scriptAgent("sleeper", "sleep 30 & echo $! > $TMPDIR/child; sleep 30");
    const started = Date.now();
    const { run } = await runEvals({ projectRoot: root, env, agents: [sleeper] });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.evals[0]).toMatchObject({ status: "failed" });
    expect(run.evals[0]!.trials[0]).toMatchObject({
      status: "failed",
      timedOut: true,
      reason: expect.stringContaining("timed out"),
    });
  });
});

describe("prepared sandboxes kept between runs", () => {
  it("restores a stored setup result instead of running setup again, keyed on content", async () => {
    const root = await makeProject({
      "evals/s.eval.yaml": `name: s\nsetup: ["echo ran >> $SETUP_COUNTER", "echo built > built.txt"]\nsandbox: { fixture: { a.txt: "v1" } }\nassertions:\n  files: [built.txt]\n`,
    });
    dirs.push(root);
    const counter = path.join(root, "setup-runs");
    const stored = new Map<string, Map<string, string>>();
    const store = {
      keyFor: (spec: { id: string; setup: string[]; templateHash: string }) =>
        `${spec.id}-${spec.templateHash.slice(0, 12)}`,
      async save(dir: string, key: string) {
        const files = new Map<string, string>();
        for (const name of await fs.readdir(dir))
          files.set(name, await fs.readFile(path.join(dir, name), "utf8"));
        stored.set(key, files);
      },
      async restore(dir: string, key: string) {
        const files = stored.get(key);
        if (!files) return false;
        for (const [name, text] of files) await fs.writeFile(path.join(dir, name), text);
        return true;
      },
    };
    const run = () =>
      runEvals({
        projectRoot: root,
        env: { ...env, SETUP_COUNTER: counter },
        preparedStore: store,
      });
    expect((await run()).run.evals[0]!.status).toBe("passed");
    expect((await run()).run.evals[0]!.status).toBe("passed");
    expect((await fs.readFile(counter, "utf8")).trim().split("\n")).toHaveLength(1);
    // Different content to fill from: a different key, so setup runs again.
    await fs.writeFile(
      path.join(root, "evals/s.eval.yaml"),
      (await fs.readFile(path.join(root, "evals/s.eval.yaml"), "utf8")).replace("v1", "v2"),
    );
    await run();
    expect((await fs.readFile(counter, "utf8")).trim().split("\n")).toHaveLength(2);
    expect(stored.size).toBe(2);
  });
});
