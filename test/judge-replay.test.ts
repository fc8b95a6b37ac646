/**
 * Judges recorded and replayed (docs/record-replay.md): the real `claude` binary, as the agent and
 * as the judge, against the fake Anthropic API on 127.0.0.1. `eval --record` stores each judge
 * call's traffic as `judge-<check>-<sample>.cassette.json.gz` beside the trial's `cassette.json.gz`;
 * then,
 * with the fake closed, no key and a budget below the eval's `maxCostUsd`, `eval --replay` gives the
 * same verdict at a cost of $0; with the judge's cassette deleted the trial is a replay miss
 * (AE303), never a pass. A literal agent's judge (no cassette of the agent's own) replays too, and
 * so does the real `codex` as a judge against the fake OpenAI API (its provider's base_url moved).
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import type { RunResult, TrialResult } from "../src/model/index.js";
import {
  requestText,
  startFakeAnthropic,
  type AnthropicRequestBody,
  type AnthropicTurn,
  type FakeAnthropic,
} from "./fakes/anthropic.js";
import { startFakeOpenAI } from "./fakes/openai.js";
import { CODEX_FAKE_KEY_ENV, codexFakeArgs, requireBin } from "./fakes/clis.js";
import { runEvals } from "../src/engine/index.js";
import {
  agentProject,
  describeTrial,
  engineEnv,
  onlyEval,
  removeAgentProjects,
  tempDir,
} from "./helpers/agent-run.js";
import { runCli } from "./helpers/project.js";
import { toolResults } from "./helpers/skill-run.js";

const fakes: FakeAnthropic[] = [];

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close().catch(() => undefined)));
  await removeAgentProjects();
});

const CLAUDE_EVAL = `name: deploy
prompt: Deploy the app to production with the vendor CLI, then record it in deploy.txt.
agents: [claude-code]
sandbox: { fixture: { "README.md": "# app\\n" } }
shims:
  vendor: { stdout: "deployed" }
timeout: 120
maxCostUsd: 1
assertions:
  contains:
    - { file: deploy.txt, text: production }
  judge:
    - rubric: deploy.txt says the app was deployed to production.
      files: [deploy.txt]
`;

const LITERAL_EVAL = `name: readme
prompt: |
  Write the readme.
  \`\`\`sh
  printf '# Tool\\n\\nRun it with npx tool.\\n' > README.md
  \`\`\`
agents: [literal]
sandbox: { fixture: { "package.json": "{}" } }
timeout: 120
maxCostUsd: 1
assertions:
  files: [README.md]
  judge:
    - rubric: The README says how to run the tool.
      files: [README.md]
`;

const REASON = "deploy.txt names production";

/** The agent deploys, then is done; the judge (its prompt is the grading one) answers pass. */
function respond(body: AnthropicRequestBody): AnthropicTurn {
  if (requestText(body).includes("You are grading the work")) {
    return toolResults(body) === 0
      ? {
          toolUse: {
            name: "StructuredOutput",
            input: { verdict: "pass", reason: REASON, quotes: ["deploy.txt:1: production"] },
          },
        }
      : { text: "Done." };
  }
  return toolResults(body) === 0
    ? {
        toolUse: {
          name: "Bash",
          input: { command: "vendor deploy --prod && echo production > deploy.txt" },
        },
      }
    : { text: "Deployed to production." };
}

async function recorded(yaml: string) {
  const { root, home } = await agentProject(yaml);
  const fake = await startFakeAnthropic([], { respond });
  fakes.push(fake);
  const env = {
    CI: "true",
    HOME: home,
    PATH: `${path.dirname(requireBin("claude"))}${path.delimiter}${process.env.PATH}`,
    CLAUDE_CODE_MAX_RETRIES: "0",
    // Where a live call would go: the fake, closed before any replay.
    ANTHROPIC_BASE_URL: fake.url,
  };
  const record = await runCli(["eval", "--record", "--format", "json"], {
    cwd: root,
    env: { ...env, ANTHROPIC_API_KEY: "sk-ant-fake-key" },
  });
  expect(record.code, record.stdout + record.stderr).toBe(0);
  const run = JSON.parse(record.stdout) as RunResult;
  const trial = run.evals[0]!.trials[0]!;
  const recordings = await tempDir("ae-recordings-");
  await fs.cp(path.join(root, ".copybook", "results"), recordings, { recursive: true });
  const judgeRequests = fake.requests.filter((r) =>
    requestText(r.body).includes("You are grading the work"),
  ).length;
  await fake.close();
  const replay = (...args: string[]) =>
    runCli(["eval", "--replay", recordings, "--format", "json", ...args], {
      cwd: root,
      env: { ...env, ANTHROPIC_API_KEY: "" },
    });
  return { root, run, trial, recordings, replay, judgeRequests };
}

const judgeOf = (trial: TrialResult) => trial.checks.find((c) => c.judge)!;

describe("a judge recorded and replayed", { timeout: 300_000 }, () => {
  it("replays the judge's verdict at no cost, with no key and the fake gone; a deleted judge cassette is a replay miss", async () => {
    const r = await recorded(CLAUDE_EVAL);
    expect(r.judgeRequests).toBeGreaterThan(0);
    const judged = judgeOf(r.trial);
    expect(judged).toMatchObject({ ok: true, judge: { verdict: "pass" } });
    expect(judged.evidence).toContain(REASON);
    expect(r.trial.costUsd).toBeGreaterThan(0);
    // The judge's cassette beside the agent's, with no key in it.
    const trialDir = path.join(r.recordings, "evals", "deploy", "claude-code", "trial-1");
    const judgeCassette = path.join(trialDir, "judge-1-1.cassette.json.gz");
    const text = gunzipSync(await fs.readFile(judgeCassette)).toString("utf8");
    expect(text).toContain("You are grading the work");
    expect(text).not.toContain("sk-ant-fake-key");
    await expect(fs.stat(path.join(trialDir, "cassette.json.gz"))).resolves.toBeTruthy();

    // Replayed below the eval's maxCostUsd: free, so it runs; the same verdict, cost 0.
    const replayed = await r.replay("--budget-usd", "0.01");
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0);
    const run = JSON.parse(replayed.stdout) as RunResult;
    const trial = run.evals[0]!.trials[0]!;
    expect(trial.status).toBe("passed");
    const again = judgeOf(trial);
    expect(again.ok).toBe(true);
    expect(again.judge!.verdict).toBe(judged.judge!.verdict);
    expect(again.judge!.samples[0]!.reason).toBe(judged.judge!.samples[0]!.reason);
    expect(again.judge!.costUsd).toBe(0);
    expect(trial.costUsd ?? 0).toBe(0);
    expect(run.costUsd ?? 0).toBe(0);
    // The replay writes what it served, under the same name.
    await expect(
      fs.stat(
        path.join(
          r.root,
          ".copybook",
          "results",
          "evals",
          "deploy",
          "claude-code",
          "trial-1",
          "judge-1-1.cassette.json.gz",
        ),
      ),
    ).resolves.toBeTruthy();

    // Without the judge's cassette the judge misses: the trial is an AE303 error, not a pass.
    await fs.rm(judgeCassette);
    const missed = await r.replay();
    expect(missed.code, missed.stdout + missed.stderr).not.toBe(0);
    const cut = (JSON.parse(missed.stdout) as RunResult).evals[0]!;
    expect(cut.status).not.toBe("passed");
    expect(cut.trials[0]).toMatchObject({ status: "error", code: "AE303" });
    expect(cut.trials[0]!.reason).toMatch(/judge judge-1-1: replay miss: no recording/);
  });

  it("replays a literal agent's judge, whose trial has no cassette of the agent's own", async () => {
    const r = await recorded(LITERAL_EVAL);
    expect(judgeOf(r.trial)).toMatchObject({ ok: true, judge: { verdict: "pass" } });
    const trialDir = path.join(r.recordings, "evals", "readme", "literal", "trial-1");
    expect((await fs.readdir(trialDir)).filter((f) => f.includes("cassette.json"))).toEqual([
      "judge-1-1.cassette.json.gz",
    ]);
    const replayed = await r.replay();
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0);
    const trial = (JSON.parse(replayed.stdout) as RunResult).evals[0]!.trials[0]!;
    expect(judgeOf(trial)).toMatchObject({ ok: true, judge: { verdict: "pass", costUsd: 0 } });
    expect(trial.costUsd ?? 0).toBe(0);
  });
  it("replays a codex judge, its provider's base_url moved to the judge call's proxy", async () => {
    const fake = await startFakeOpenAI([
      { text: JSON.stringify({ verdict: "pass", reason: REASON, quotes: [] }) },
    ]);
    const bin = requireBin("codex");
    const { root, home } = await agentProject("name: unused\nassertions: { files: [x] }\n", {
      "evals/docs.eval.ts": `import { codex, defineEval, fileExists, judge } from "agent-evals";
const judgeAgent = codex(${JSON.stringify({
        bin,
        model: "gpt-5-codex",
        args: codexFakeArgs(fake.url),
        env: { [CODEX_FAKE_KEY_ENV]: "sk-fake-key" },
      })});
export const docs = defineEval("Write the readme.\\n\\n\`\`\`sh\\necho 'Run it with npx tool.' > README.md\\n\`\`\`\\n", {
  agents: ["literal"],
  sandbox: { fixture: { "package.json": "{}" } },
  assert: [fileExists("README.md"), judge("The README says how to run the tool.", { files: ["README.md"], agent: judgeAgent })],
});
`,
    });
    await fs.rm(path.join(root, "evals/task.eval.yaml"));
    const env = engineEnv(home);
    const first = await runEvals({
      projectRoot: root,
      env,
      maxRetries: 0,
      traffic: { mode: "record" },
    });
    const recordedEval = onlyEval(first.run);
    expect(first.exitCode, describeTrial(recordedEval)).toBe(0);
    const judged = judgeOf(recordedEval.trials[0]!);
    expect(judged).toMatchObject({ ok: true, judge: { agent: "codex", verdict: "pass" } });
    expect(judged.judge!.costUsd).toBeGreaterThan(0);
    expect(fake.requests.length).toBeGreaterThan(0);
    const trialDir = path.join(root, recordedEval.trials[0]!.dir);
    const cassette = gunzipSync(
      await fs.readFile(path.join(trialDir, "judge-1-1.cassette.json.gz")),
    ).toString("utf8");
    expect(cassette).toContain("The README says how to run the tool.");
    expect(cassette).not.toContain("sk-fake-key");
    await fake.close();

    // From the results folder the replay is about to empty: copied aside first.
    const second = await runEvals({
      projectRoot: root,
      env,
      maxRetries: 0,
      traffic: { mode: "replay", from: path.join(root, ".copybook", "results") },
    });
    const replayedEval = onlyEval(second.run);
    expect(second.exitCode, describeTrial(replayedEval)).toBe(0);
    const again = judgeOf(replayedEval.trials[0]!);
    expect(again).toMatchObject({ ok: true, judge: { verdict: "pass", costUsd: 0 } });
    expect(again.judge!.samples[0]!.reason).toBe(REASON);
  });
});
