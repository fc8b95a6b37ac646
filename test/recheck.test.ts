/**
 * `agent-evals recheck`: the current checks on the stored outcomes of a run, with no agent. The
 * agent here bumps a counter outside its sandbox on every run: a recheck must leave it unchanged.
 * Judges are rechecked too, with the real `claude` against the fake Anthropic API.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { recheckEvals, runEvals } from "../src/engine/index.js";
import type { AgentAdapter } from "../src/model/eval.js";
import type { RunResult } from "../src/model/result.js";
import { startFakeAnthropic, type AnthropicTurn } from "./fakes/anthropic.js";
import { AGENT_CLIS_DIR, requireBin } from "./fakes/clis.js";
import { agentProject, engineEnv, removeAgentProjects, tempDir } from "./helpers/agent-run.js";
import { runCli } from "./helpers/project.js";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await removeAgentProjects();
});

/** An agent that writes README.md, deletes OLD.md, and counts its runs in `counter`. */
function countingAgent(counter: string): AgentAdapter {
  return {
    name: "counting",
    free: true,
    available: async () => true,
    version: async () => "1",
    async run(ctx) {
      const runs = Number(await fs.readFile(counter, "utf8").catch(() => "0")) + 1;
      await fs.writeFile(counter, String(runs));
      await fs.writeFile(path.join(ctx.cwd, "README.md"), "# Hello\n\nRun `npx hello`.\n");
      await fs.rm(path.join(ctx.cwd, "OLD.md"));
      return { exitCode: 0, timedOut: false, trajectory: [], transcripts: [], durationMs: 1 };
    },
  };
}

const evalYaml = (text: string, extra = "") => `name: greet
prompt: Write the README.
sandbox: { fixture: { "OLD.md": "old\\n", "package.json": "{}" } }
setup:
  - mkdir -p node_modules/dep && echo 'module.exports = 1' > node_modules/dep/index.js
timeout: 60
assertions:
  absent: [OLD.md]
  contains:
    - { file: README.md, text: "${text}" }
  commands:
    - test -f node_modules/dep/index.js
${extra}`;

async function project(yaml: string) {
  const { root, home } = await agentProject(yaml);
  const counter = path.join(await tempDir(), "counter");
  const first = await runEvals({
    projectRoot: root,
    agents: [countingAgent(counter)],
    env: engineEnv(home),
  });
  const setYaml = (text: string) => fs.writeFile(path.join(root, "evals/task.eval.yaml"), text);
  const runs = async () => Number(await fs.readFile(counter, "utf8"));
  return { root, home, first, setYaml, runs };
}

const runJson = async (root: string) =>
  JSON.parse(await fs.readFile(path.join(root, ".copybook/results/run.json"), "utf8")) as RunResult;

describe("recheck", () => {
  it("starts no agent, and flips the verdict when an assertion is edited", async () => {
    const p = await project(evalYaml("Hello"));
    expect(p.first.exitCode, JSON.stringify(p.first.run.evals, null, 2)).toBe(0);
    expect(await p.runs()).toBe(1);
    // The outcome is kept: the changed file stored, the deleted one listed, node_modules not.
    const trialDir = path.join(p.root, p.first.run.evals[0]!.trials[0]!.dir);
    const index = JSON.parse(await fs.readFile(path.join(trialDir, "outcome.json"), "utf8"));
    expect(index).toMatchObject({
      files: [{ path: "README.md", stored: true }],
      deleted: ["OLD.md"],
      omittedBytes: 0,
    });

    const same = await recheckEvals({ projectRoot: p.root, env: engineEnv(p.home) });
    expect(same.exitCode).toBe(0);
    expect(same.run).toMatchObject({ recheck: true, recheckedFrom: ".copybook/results" });
    expect(same.run.evals[0]).toMatchObject({ status: "passed", agent: "counting", passes: 1 });
    // Every check held again, setup's node_modules included (the prepared tree was re-created).
    expect(same.run.evals[0]!.trials[0]!.checks.map((c) => c.ok)).toEqual([true, true, true]);
    expect(await runJson(p.root)).toMatchObject({ recheck: true });

    await p.setYaml(evalYaml("Goodbye"));
    const flipped = await recheckEvals({ projectRoot: p.root, env: engineEnv(p.home) });
    expect(flipped.exitCode).toBe(1);
    expect(flipped.run.evals[0]).toMatchObject({ status: "failed", passes: 0 });
    const failed = flipped.run.evals[0]!.trials[0]!;
    expect(failed.reason).toBe("1 of 3 checks failed");
    // Checks in the YAML order: absent, commands, contains.
    expect(failed.checks[2]!.evidence).toContain('"Goodbye" not found in README.md');
    // The trial folder now holds the new verdict.
    const checks = JSON.parse(await fs.readFile(path.join(trialDir, "checks.json"), "utf8"));
    expect(checks.map((c: { ok: boolean }) => c.ok)).toEqual([true, true, false]);
    expect(await p.runs()).toBe(1);

    // Back again: the stored outcome is still there after a recheck.
    await p.setYaml(evalYaml("Hello"));
    expect((await recheckEvals({ projectRoot: p.root, env: engineEnv(p.home) })).exitCode).toBe(0);
    expect(await p.runs()).toBe(1);
  });

  it("keeps the agent's changes only, not what a check wrote", async () => {
    const p = await project(
      evalYaml("Hello").replace(
        "    - test -f node_modules/dep/index.js\n",
        "    - test -f node_modules/dep/index.js\n    - echo built > built.txt\n",
      ),
    );
    expect(p.first.exitCode).toBe(0);
    const trialDir = path.join(p.root, p.first.run.evals[0]!.trials[0]!.dir);
    const index = JSON.parse(await fs.readFile(path.join(trialDir, "outcome.json"), "utf8"));
    expect(index.files.map((f: { path: string }) => f.path)).toEqual(["README.md"]);
  });

  it("rechecks a downloaded artifact with --from, through the CLI", async () => {
    const p = await project(evalYaml("Hello"));
    const artifact = path.join(await tempDir(), "artifact");
    await fs.cp(path.join(p.root, ".copybook/results"), artifact, { recursive: true });
    await fs.rm(path.join(p.root, ".copybook/results"), { recursive: true });
    await p.setYaml(evalYaml("Goodbye"));
    const cli = await runCli(["recheck", "--from", artifact, "--format", "json"], {
      cwd: p.root,
      env: engineEnv(p.home),
      timeoutMs: 60_000,
    });
    expect(cli.code, cli.stderr).toBe(1);
    const run = JSON.parse(cli.stdout) as RunResult;
    expect(run).toMatchObject({ recheck: true, counts: { failed: 1 } });
    expect(cli.stderr).toContain("no agent ran");
    expect((await runJson(p.root)).recheck).toBe(true);
    expect(await p.runs()).toBe(1);
  });

  it("says why it cannot when the prepared tree cannot be re-created (exit 2)", async () => {
    const p = await project(evalYaml("Hello"));
    await p.setYaml(evalYaml("Hello").replace("mkdir -p node_modules/dep", "exit 3; mkdir x"));
    const r = await recheckEvals({ projectRoot: p.root, env: engineEnv(p.home) });
    expect(r.exitCode).toBe(2);
    expect(r.run.evals[0]).toMatchObject({ status: "error" });
    expect(r.run.evals[0]!.reason).toMatch(
      /^cannot recheck: the prepared tree could not be re-created: setup step 1/,
    );
    expect(await p.runs()).toBe(1);
  });

  it("refuses a folder without a run (exit 2 through the CLI)", async () => {
    const { root } = await agentProject(evalYaml("Hello"));
    const cli = await runCli(["recheck"], { cwd: root, timeoutMs: 60_000 });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain("no run.json in");
  });

  it("runs the judges again on the stored outcome, with claude as the judge", async () => {
    requireBin("claude");
    const answers: AnthropicTurn[] = [];
    const answer = (verdict: string): AnthropicTurn => ({
      toolUse: { name: "StructuredOutput", input: { verdict, reason: verdict, quotes: [] } },
    });
    const fake = await startFakeAnthropic([], {
      respond: () => answers.shift() ?? answer("unknown"),
    });
    closers.push(() => fake.close());
    const judged = evalYaml(
      "Hello",
      "  judge:\n    - rubric: The README says how to run it.\n      files: [README.md]\n",
    );
    const { root, home } = await agentProject(judged);
    const counter = path.join(await tempDir(), "counter");
    const env = {
      ...engineEnv(home, [path.join(AGENT_CLIS_DIR, "bin")]),
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: "sk-ant-fake-key",
      CLAUDE_CODE_MAX_RETRIES: "0",
    };
    answers.push(answer("pass"));
    const first = await runEvals({ projectRoot: root, agents: [countingAgent(counter)], env });
    expect(first.exitCode, JSON.stringify(first.run.evals, null, 2)).toBe(0);
    answers.push(answer("fail"));
    const again = await recheckEvals({ projectRoot: root, env });
    expect(again.exitCode).toBe(1);
    expect(again.run.evals[0]!.trials[0]!.checks[3]).toMatchObject({
      ok: false,
      judge: { verdict: "fail" },
    });
    // The judge read the stored README (its text is in the prompt) and its cost is the recheck's.
    expect(JSON.stringify(fake.requests[1]!.body.messages)).toContain("Run `npx hello`.");
    expect(again.run.costUsd).toBeGreaterThan(0);
    expect(Number(await fs.readFile(counter, "utf8"))).toBe(1);
  });
});
