/**
 * A model API that always fails, met by every agent at its defaults (no retry setting of the
 * tests' own: the adapter's bounds are what is tested) and the engine's default infra-error retries:
 * the run ends as an infra error (exit 2), never a failure, after a number of model requests the
 * configured retries bound. Real CLIs from .agent-clis/ against the fakes on 127.0.0.1.
 * How long each takes: docs/agents.md › Running Claude Code and Codex for real (`npx vitest run test/outage.test.ts` prints it).
 */
import { performance } from "node:perf_hooks";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { claudeCode } from "../src/agents/claude-code.js";
import { codex } from "../src/agents/codex.js";
import { copilot } from "../src/agents/copilot.js";
import { gemini } from "../src/agents/gemini.js";
import { opencode } from "../src/agents/opencode.js";
import { pi } from "../src/agents/pi.js";
import type { AgentAdapter } from "../src/model/eval.js";
import { runEvals } from "../src/engine/index.js";
import { startFakeAnthropic } from "./fakes/anthropic.js";
import { CODEX_FAKE_KEY_ENV, requireBin } from "./fakes/clis.js";
import { startFakeGemini } from "./fakes/gemini.js";
import { startFakeOpenAI } from "./fakes/openai.js";
import { agentProject, engineEnv, onlyEval, removeAgentProjects } from "./helpers/agent-run.js";
import { deployEval, OPENCODE_FAKE_COST, PI_FAKE_COST } from "./helpers/fake-agents.js";

interface Fake {
  url: string;
  requests: unknown[];
  close(): Promise<void>;
}

const fakes: Fake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
  await removeAgentProjects();
});

/** Each agent at its defaults against an always-`status` fake; `most`: the requests it may make. */
const agents: Record<
  string,
  { start(status: number): Promise<Fake>; adapter(url: string, home: string): AgentAdapter }
> = {
  "claude-code": {
    start: (status) => startFakeAnthropic([], { respond: () => ({ status }) }),
    adapter: (url) =>
      claudeCode({
        bin: requireBin("claude"),
        env: { ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: "sk-ant-fake-key" },
      }),
  },
  codex: {
    start: (status) => startFakeOpenAI([], { respond: () => ({ status }) }),
    adapter: (url, home) =>
      codex({
        bin: requireBin("codex"),
        args: [
          "-c",
          "model_provider=fake",
          "-c",
          `model_providers.fake={name="fake",base_url="${url}/v1",wire_api="responses",env_key="${CODEX_FAKE_KEY_ENV}"}`,
        ],
        env: { [CODEX_FAKE_KEY_ENV]: "sk-fake-key", HOME: home },
      }),
  },
  gemini: {
    start: (status) => startFakeGemini(Array<{ status: number }>(500).fill({ status })),
    adapter: (url, home) =>
      gemini({
        bin: requireBin("gemini"),
        env: { GOOGLE_GEMINI_BASE_URL: url, GEMINI_API_KEY: "fake-gemini-key", HOME: home },
      }),
  },
  opencode: {
    start: (status) => startFakeOpenAI([], { respond: () => ({ status }) }),
    adapter: (url, home) =>
      opencode({
        bin: requireBin("opencode"),
        model: "fake/fake-model",
        env: { HOME: home },
        config: {
          provider: {
            fake: {
              npm: "@ai-sdk/openai-compatible",
              name: "Fake",
              options: { baseURL: `${url}/v1`, apiKey: "sk-fake-key" },
              models: { "fake-model": { name: "Fake", cost: OPENCODE_FAKE_COST } },
            },
          },
        },
      }),
  },
  pi: {
    start: (status) => startFakeOpenAI([], { respond: () => ({ status }) }),
    adapter: (url, home) =>
      pi({
        bin: requireBin("pi"),
        model: "fake/fake-model",
        env: { FAKE_OPENAI_KEY: "sk-fake-key", HOME: home },
        providers: {
          fake: {
            baseUrl: `${url}/v1`,
            api: "openai-completions",
            apiKey: "FAKE_OPENAI_KEY",
            models: [{ id: "fake-model", cost: PI_FAKE_COST }],
          },
        },
      }),
  },
  copilot: {
    start: (status) => startFakeOpenAI([], { respond: () => ({ status }) }),
    adapter: (url, home) =>
      copilot({
        bin: requireBin("copilot"),
        model: "gpt-4.1",
        env: {
          HOME: home,
          COPILOT_PROVIDER_BASE_URL: `${url}/v1`,
          COPILOT_PROVIDER_API_KEY: "sk-fake-key",
          COPILOT_OFFLINE: "true",
        },
      }),
  },
};

/**
 * The most model requests each may make, from the configured retries: 3 trial attempts (the
 * engine's 2 infra-error retries) for a 500, 1 for a 401 (never retried), times the agent's own
 * per attempt. claude: 1 + CLAUDE_CODE_MAX_RETRIES 2 (a 401 stops it at once); gemini: maxAttempts
 * 2; pi: 1 + retry.maxRetries 1, its SDK's retries 0; codex: stopped at its 2nd notice in a row
 * (1st for a 401), one more stream attempt in flight at most, each 1 + request_max_retries 4
 * requests; opencode: stopped at its 2nd failed call, copilot at its 3rd (1st for a 401), one more
 * in flight at most.
 */
const MOST: Record<string, { 500: number; 401: number }> = {
  "claude-code": { 500: 3 * 3, 401: 1 },
  gemini: { 500: 3 * 2, 401: 2 },
  pi: { 500: 3 * 2, 401: 2 },
  codex: { 500: 3 * 3 * 5, 401: 2 * 5 },
  opencode: { 500: 3 * 3, 401: 2 },
  copilot: { 500: 3 * 4, 401: 2 },
};

const timings: string[] = [];
afterAll(() => console.log(`time to ERROR:\n${timings.join("\n")}`));

describe(
  "an always-failing model API is an infra error for every agent",
  { timeout: 600_000 },
  () => {
    for (const [name, agent] of Object.entries(agents)) {
      for (const status of [500, 401] as const) {
        it(`${name}, always ${status}: ERROR (infra), not FAIL, within its configured retries`, async () => {
          const { root, home } = await agentProject(deployEval("", { timeout: 150 }));
          const fake = await agent.start(status);
          fakes.push(fake);
          const started = performance.now();
          const outcome = await runEvals({
            projectRoot: root,
            agents: [agent.adapter(fake.url, home)],
            env: engineEnv(home),
          });
          const seconds = (performance.now() - started) / 1000;
          const result = onlyEval(outcome.run);
          timings.push(
            `${name} ${status}: ${seconds.toFixed(1)} s, ${fake.requests.length} requests, ${result.status}: ${result.reason ?? ""}`,
          );
          const why = JSON.stringify(result.trials, null, 1);
          expect(result.status, why).toBe("error");
          expect(outcome.run.counts).toMatchObject({ error: 1, failed: 0, passed: 0 });
          // One trial, tried 3 times for a 500 (a retry may help), once for a 401 (none will).
          expect(
            result.trials.map((t) => t.status),
            why,
          ).toEqual(["error"]);
          if (status === 500) expect(result.reason).toMatch(/^infra error \(after 3 attempts\)/);
          else expect(result.reason).not.toMatch(/after \d+ attempts/);
          expect(fake.requests.length, why).toBeGreaterThan(0);
          expect(fake.requests.length, why).toBeLessThanOrEqual(MOST[name]![status]);
        });
      }
    }
  },
);
