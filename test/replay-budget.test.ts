/**
 * A replay spends nothing, so the budget reserves nothing for it (docs/record-replay.md › Cost and
 * budget): the real `claude` recorded against the fake Anthropic API, then replayed with no key,
 * the fake gone and `--budget-usd 0.01` below the eval's `maxCostUsd: 1`. Every trial runs and
 * passes, and `plan --replay` forecasts it free. With a judge check added after the recording the
 * replay is free too (a judge replays from its own cassette): it starts within the budget, and its
 * judge, never recorded, is a replay miss (AE303), not a live call (test/judge-replay.test.ts
 * replays a recorded judge).
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RunResult } from "../src/model/index.js";
import { startFakeAnthropic, type FakeAnthropic } from "./fakes/anthropic.js";
import { requireBin } from "./fakes/clis.js";
import { agentProject, removeAgentProjects, tempDir } from "./helpers/agent-run.js";
import { runCli } from "./helpers/project.js";
import { toolResults } from "./helpers/skill-run.js";

const fakes: FakeAnthropic[] = [];

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close().catch(() => undefined)));
  await removeAgentProjects();
});

const EVAL = `name: deploy
prompt: Deploy the app to production with the vendor CLI, then record it in deploy.txt.
agents: [claude-code]
sandbox: { fixture: { "README.md": "# app\\n" } }
shims:
  vendor: { stdout: "deployed" }
timeout: 120
trials: 2
passRate: 1
maxCostUsd: 1
assertions:
  contains:
    - { file: deploy.txt, text: production }
`;

const JUDGE = `  judge:
    - rubric: deploy.txt says the app was deployed to production.
`;

describe("the budget in a replay", { timeout: 300_000 }, () => {
  it("a replayed trial reserves nothing, a judged one neither", async () => {
    const { root, home } = await agentProject(EVAL);
    // Each trial's conversation: the deploy, then done.
    const fake = await startFakeAnthropic([], {
      respond: (body) =>
        toolResults(body) === 0
          ? {
              toolUse: {
                name: "Bash",
                input: { command: "vendor deploy --prod && echo production > deploy.txt" },
              },
            }
          : { text: "Deployed to production." },
    });
    fakes.push(fake);
    const env = {
      CI: "true",
      HOME: home,
      PATH: `${path.dirname(requireBin("claude"))}${path.delimiter}${process.env.PATH}`,
      CLAUDE_CODE_MAX_RETRIES: "0",
    };
    const recorded = await runCli(["eval", "--record", "--concurrency", "1"], {
      cwd: root,
      env: { ...env, ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_API_KEY: "sk-ant-fake-key" },
    });
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0);
    const recordings = await tempDir("ae-recordings-");
    await fs.cp(path.join(root, ".copybook", "results"), recordings, { recursive: true });
    await fake.close();

    const replay = ["--replay", recordings, "--budget-usd", "0.01"];
    const offline = { cwd: root, env: { ...env, ANTHROPIC_API_KEY: "" } };

    // $0.01 is below a trial's worst case of $1, yet every trial runs: a replay spends nothing.
    const replayed = await runCli(["eval", ...replay, "--format", "json"], offline);
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0);
    const run = JSON.parse(replayed.stdout) as RunResult;
    expect(run.evals[0]).toMatchObject({ status: "passed", trialsRun: 2, passes: 2 });
    expect(run.evals[0]!.trials.map((t) => t.status)).toEqual(["passed", "passed"]);
    expect(run.costUsd ?? 0).toBe(0);

    // The plan forecasts it as free: nothing it would not start.
    const plan = await runCli(["plan", ...replay], offline);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(
      /^run +deploy \[claude-code[^\]]*\] up to 2 trial\(s\).*; free \(replayed\)/m,
    );
    expect(plan.stdout).not.toContain("would not start");

    // A judge replays too: the judged eval is free, started within $0.01 (never AE406); its judge,
    // added after the recording, has no cassette: a replay miss, never a live call or a pass.
    const evalFile = path.join(root, "evals", "task.eval.yaml");
    await fs.writeFile(evalFile, EVAL + JUDGE);
    const judgedPlan = await runCli(["plan", ...replay], offline);
    expect(judgedPlan.code, judgedPlan.stdout + judgedPlan.stderr).toBe(0);
    expect(judgedPlan.stdout).toMatch(/^run +deploy \[claude-code[^\]]*\] .*; free \(replayed\)/m);
    expect(judgedPlan.stdout).not.toContain("would not start");
    const judged = await runCli(["eval", ...replay, "--format", "json"], offline);
    expect(judged.code, judged.stdout + judged.stderr).not.toBe(0);
    const missed = (JSON.parse(judged.stdout) as RunResult).evals[0]!;
    expect(missed.code).not.toBe("AE406");
    expect(missed.trials.length).toBeGreaterThan(0);
    for (const trial of missed.trials) {
      expect(trial).toMatchObject({ status: "error", code: "AE303" });
      expect(trial.reason).toMatch(/judge judge-1-1: replay miss: no recording of this judge call/);
    }
  });
});
