/**
 * Record and replay with every agent CLI the product drives, for real: the pinned binary from
 * .agent-clis/ against its scripted fake model server on 127.0.0.1. Each case records a passing
 * trial (`traffic: record`), stops the fake, replays the trial from the recording (the fake is
 * gone: any live call would fail the trial) and gets the same trajectory, shim calls and verdict;
 * then a changed prompt replays to a loud replay miss (AE303), never a pass.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { claudeCode } from "../src/agents/claude-code.js";
import { runEvals } from "../src/engine/index.js";
import type { AgentAdapter } from "../src/model/eval.js";
import { RESULTS_DIR } from "../src/model/layout.js";
import { startFakeAnthropic, type AnthropicTurn } from "./fakes/anthropic.js";
import { requireBin } from "./fakes/clis.js";
import { startFakeGemini, type GeminiTurn } from "./fakes/gemini.js";
import { startFakeOpenAI, type OpenAITurn } from "./fakes/openai.js";
import {
  agentProject,
  describeTrial,
  engineEnv,
  onlyEval,
  readTrial,
  removeAgentProjects,
  tempDir,
} from "./helpers/agent-run.js";
import {
  codexAgainstFake,
  copilotAgainstFake,
  deployEval,
  geminiAgainstFake,
  openaiCall,
  opencodeAgainstFake,
  piAgainstFake,
} from "./helpers/fake-agents.js";

interface Fake {
  url: string;
  close(): Promise<void>;
}

interface Case<F extends Fake> {
  agent: string;
  start(): Promise<F>;
  adapter(fake: F, home: string): AgentAdapter;
  model?: string;
}

const fakes: Fake[] = [];

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close().catch(() => undefined)));
  await removeAgentProjects();
});

const DEPLOY = "vendor deploy --prod && echo production > deploy.txt";
const DONE = "Deployed to production.";

const claudeScript: AnthropicTurn[] = [
  { toolUse: { name: "Bash", input: { command: DEPLOY } } },
  { text: DONE },
];
const geminiScript: GeminiTurn[] = [
  { call: { name: "run_shell_command", args: { command: DEPLOY } } },
  { text: DONE },
];
const openaiScript = (tool: string, key: string): OpenAITurn[] => [
  openaiCall(tool, { [key]: DEPLOY, description: "deploy" }),
  { text: DONE },
];

const CASES: Case<Fake>[] = [
  {
    agent: "claude-code",
    start: () => startFakeAnthropic(claudeScript),
    adapter: (fake, home) =>
      claudeCode({
        bin: requireBin("claude"),
        env: {
          ANTHROPIC_BASE_URL: fake.url,
          ANTHROPIC_API_KEY: "sk-ant-fake-key",
          CLAUDE_CODE_MAX_RETRIES: "0",
          HOME: home,
        },
      }),
  },
  {
    agent: "codex",
    start: () => startFakeOpenAI(openaiScript("exec_command", "cmd")),
    adapter: (fake, home) => codexAgainstFake(fake as never, home),
  },
  {
    agent: "gemini",
    start: () => startFakeGemini(geminiScript),
    adapter: (fake, home) => geminiAgainstFake(fake as never, home),
    model: "gemini-2.5-pro",
  },
  {
    agent: "opencode",
    start: () => startFakeOpenAI(openaiScript("bash", "command")),
    adapter: (fake, home) => opencodeAgainstFake(fake as never, home),
  },
  {
    agent: "pi",
    start: () => startFakeOpenAI(openaiScript("bash", "command")),
    adapter: (fake, home) => piAgainstFake(fake as never, home),
  },
  {
    agent: "copilot",
    start: () => startFakeOpenAI(openaiScript("bash", "command")),
    adapter: (fake, home) => copilotAgainstFake(fake as never, home),
  },
];

async function started<F extends Fake>(start: () => Promise<F>): Promise<F> {
  const fake = await start();
  fakes.push(fake);
  return fake;
}

describe.each(CASES)("record and replay: $agent", { timeout: 240_000 }, (c) => {
  it("replays a recorded trial with the fake gone: same trajectory, calls and verdict; a changed prompt is a replay miss", async () => {
    const yaml = deployEval("", { timeout: 120, ...(c.model ? { model: c.model } : {}) });
    const { root, home } = await agentProject(yaml);
    const fake = await started(c.start);
    const agents = [c.adapter(fake, home)];
    const env = engineEnv(home);

    // 1. Record.
    const recorded = await runEvals({
      projectRoot: root,
      agents,
      env,
      maxRetries: 0,
      traffic: { mode: "record" },
    });
    const first = onlyEval(recorded.run);
    const firstTrial = first.trials[0]!;
    const firstFiles = await readTrial(root, firstTrial);
    expect(first.status, describeTrial(first, firstFiles)).toBe("passed");
    // The cassette is stored gzip-compressed.
    const cassetteFile = path.join(root, firstTrial.dir, "cassette.json.gz");
    const written = gunzipSync(await fs.readFile(cassetteFile)).toString("utf8");
    const cassette = JSON.parse(written) as {
      exchanges: { request: { headers: Record<string, string> } }[];
    };
    expect(cassette.exchanges.length).toBeGreaterThanOrEqual(2);
    // The fake keys never reach the cassette.
    for (const key of ["sk-ant-fake-key", "sk-fake-key", "fake-gemini-key"])
      expect(written).not.toContain(key);
    const recordings = await tempDir("ae-recordings-");
    await fs.cp(path.join(root, RESULTS_DIR), recordings, { recursive: true });

    // 2. Stop the fake: from here on a live call has nowhere to go.
    await fake.close();

    // 3. Replay, from the results folder the run itself is about to empty.
    const replayed = await runEvals({
      projectRoot: root,
      agents,
      env,
      maxRetries: 0,
      traffic: { mode: "replay", from: path.join(root, RESULTS_DIR) },
    });
    const again = onlyEval(replayed.run);
    const againTrial = again.trials[0]!;
    expect(again.status, describeTrial(again)).toBe("passed");
    const againFiles = await readTrial(root, againTrial);
    expect(againFiles.trial.trajectory).toEqual(firstFiles.trial.trajectory);
    expect(againFiles.calls.map(({ bin, argv, exit }) => ({ bin, argv, exit }))).toEqual(
      firstFiles.calls.map(({ bin, argv, exit }) => ({ bin, argv, exit })),
    );
    expect(againFiles.calls.length).toBeGreaterThan(0);
    expect(againTrial.costUsd ?? 0).toBe(0);
    // The replay ran in the recorded trial's folder: answers that name absolute paths fit it.
    const replayedCassette = JSON.parse(
      gunzipSync(await fs.readFile(path.join(root, againTrial.dir, "cassette.json.gz"))).toString(),
    ) as { trialRoot?: string };
    const recordedRoot = (JSON.parse(written) as { trialRoot?: string }).trialRoot;
    expect(recordedRoot).toMatch(/agent-evals-/);
    expect(replayedCassette.trialRoot).toBe(recordedRoot);

    // 4. A changed prompt asks for what the recording does not hold: a loud miss.
    const evalFile = path.join(root, "evals", "task.eval.yaml");
    const text = await fs.readFile(evalFile, "utf8");
    await fs.writeFile(evalFile, text.replace("Deploy the app", "Deploy the whole app"));
    const missed = await runEvals({
      projectRoot: root,
      agents,
      env,
      maxRetries: 0,
      traffic: { mode: "replay", from: recordings },
    });
    const miss = onlyEval(missed.run);
    expect(miss.status).not.toBe("passed");
    expect(missed.exitCode).not.toBe(0);
    const missTrial = miss.trials[0]!;
    expect(missTrial, JSON.stringify(miss, null, 2)).toMatchObject({
      status: "error",
      code: "AE303",
    });
    expect(missTrial.reason).toMatch(/replay miss.*turn 1/s);
    const missText = await fs.readFile(path.join(root, missTrial.dir, "replay-miss.txt"), "utf8");
    expect(missText).toContain("Deploy the whole app");
  });
});
