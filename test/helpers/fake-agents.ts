// Shared by the tests that drive the real gemini, opencode, pi, copilot and codex CLIs (and the MCP tests)
// through the engine: each adapter pointed at its fake model server, one eval run against a
// scripted fake, and the eval those tests give the agent.

import { codex } from "../../src/agents/codex.js";
import { copilot } from "../../src/agents/copilot.js";
import { gemini } from "../../src/agents/gemini.js";
import { opencode } from "../../src/agents/opencode.js";
import { pi } from "../../src/agents/pi.js";
import type { AgentAdapter } from "../../src/model/eval.js";
import { runEvals } from "../../src/engine/index.js";
import type { FakeGemini } from "../fakes/gemini.js";
import type { FakeOpenAI, OpenAITurn } from "../fakes/openai.js";
import { CODEX_FAKE_KEY_ENV, codexFakeArgs, requireBin } from "../fakes/clis.js";
import { agentProject, describeTrial, engineEnv, onlyEval, readTrial } from "./agent-run.js";

/** What every fake model server has. */
interface Fake {
  warnings: string[];
  close(): Promise<void>;
}

const started: Fake[] = [];

/** Closes every fake `runAgainstFake` started (call it in afterEach). */
export async function closeFakes(): Promise<void> {
  await Promise.all(started.splice(0).map((fake) => fake.close()));
}

/**
 * One eval (`yaml`) run through the engine by the agent `adapter` makes against a fake model server
 * that `start` starts: the result, the first trial's files (none after an infra error) and a
 * `why` for failed expectations (the run, the transcripts, the fake's warnings).
 */
export async function runAgainstFake<F extends Fake>(
  yaml: string,
  start: () => Promise<F>,
  adapter: (fake: F, home: string) => AgentAdapter,
  options: { maxRetries?: number; env?: Record<string, string> } = {},
) {
  const { root, home } = await agentProject(yaml);
  const fake = await start();
  started.push(fake);
  const outcome = await runEvals({
    projectRoot: root,
    agents: [adapter(fake, home)],
    env: { ...engineEnv(home), ...options.env },
    maxRetries: options.maxRetries ?? 0,
  });
  const result = onlyEval(outcome.run);
  const first = result.trials[0];
  const files = first && first.status !== "error" ? await readTrial(root, first) : undefined;
  const why = `${describeTrial(result, files)}\n--- fake warnings\n${fake.warnings.join("\n")}`;
  return { ...outcome, result, files, fake, root, home, why };
}

/** The eval the adapter tests give every agent: deploy with the shimmed vendor CLI, record it. */
export const deployEval = (extra = "", options: { model?: string; timeout?: number } = {}) =>
  `name: deploy
prompt: Deploy the app to production with the vendor CLI, then record it in deploy.txt.
${options.model ? `model: ${options.model}\n` : ""}sandbox: { fixture: { "README.md": "# app\\n" } }
shims:
  vendor: { stdout: "deployed" }
timeout: ${options.timeout ?? 60}
assertions:
  files: [deploy.txt]
  contains:
    - { file: deploy.txt, text: production }
${extra}`;

/** A scripted OpenAI function call. */
export const openaiCall = (name: string, args: Record<string, unknown>): OpenAITurn => ({
  call: { name, arguments: args },
});

/** gemini pointed at the fake: its key, one attempt per request (no backoff of its own). */
export function geminiAgainstFake(
  fake: FakeGemini,
  home: string,
  options: { maxTurns?: number } = {},
): AgentAdapter {
  return gemini({
    ...options,
    bin: requireBin("gemini"),
    env: { GOOGLE_GEMINI_BASE_URL: fake.url, GEMINI_API_KEY: "fake-gemini-key", HOME: home },
    settings: { general: { maxAttempts: 1 } },
  });
}

/** USD per million tokens of the fake model in opencode's config. */
export const OPENCODE_FAKE_COST = { input: 1, output: 2, cache_read: 0.1 };

/** opencode with the fake as an `@ai-sdk/openai-compatible` provider; stopped at its first API error. */
export function opencodeAgainstFake(fake: FakeOpenAI, home: string): AgentAdapter {
  return opencode({
    bin: requireBin("opencode"),
    model: "fake/fake-model",
    env: { HOME: home },
    maxApiErrors: 1,
    config: {
      provider: {
        fake: {
          npm: "@ai-sdk/openai-compatible",
          name: "Fake",
          options: { baseURL: `${fake.url}/v1`, apiKey: "sk-fake-key" },
          models: { "fake-model": { name: "Fake", cost: OPENCODE_FAKE_COST } },
        },
      },
    },
  });
}

/** USD per million tokens of the fake model, as pi's models.json takes them. */
export const PI_FAKE_COST = { input: 1, output: 2, cacheRead: 0.1, cacheWrite: 1 };

/** pi with the fake as a custom `openai-completions` provider; no retries of its own. */
export function piAgainstFake(fake: FakeOpenAI, home: string): AgentAdapter {
  return pi({
    bin: requireBin("pi"),
    model: "fake/fake-model",
    env: { FAKE_OPENAI_KEY: "sk-fake-key", HOME: home },
    settings: { retry: { enabled: false, provider: { maxRetries: 0 } } },
    providers: {
      fake: {
        baseUrl: `${fake.url}/v1`,
        api: "openai-completions",
        apiKey: "FAKE_OPENAI_KEY",
        models: [{ id: "fake-model", cost: PI_FAKE_COST }],
      },
    },
  });
}

/** copilot with the fake as its BYOK provider (offline: no GitHub traffic); stopped at its first API error. */
export function copilotAgainstFake(fake: FakeOpenAI, home: string): AgentAdapter {
  return copilot({
    bin: requireBin("copilot"),
    model: "gpt-4.1",
    maxApiErrors: 1,
    env: {
      HOME: home,
      COPILOT_PROVIDER_BASE_URL: `${fake.url}/v1`,
      COPILOT_PROVIDER_API_KEY: "sk-fake-key",
      COPILOT_OFFLINE: "true",
    },
  });
}

/**
 * codex with the fake as a custom Responses provider (codexFakeArgs repeats the quiet flags the
 * adapter adds itself: harmless). `retries`: its own retries of a failed request (default 0).
 */
export function codexAgainstFake(
  fake: FakeOpenAI,
  home: string,
  options: { retries?: number; model?: string } = {},
): AgentAdapter {
  return codex({
    bin: requireBin("codex"),
    ...(options.model ? { model: options.model } : {}),
    args: codexFakeArgs(
      fake.url,
      options.retries !== undefined ? { retries: options.retries } : {},
    ),
    env: { [CODEX_FAKE_KEY_ENV]: "sk-fake-key", HOME: home },
  });
}
