/**
 * The copilot adapter, driven through the engine (`runEvals`) with the REAL `copilot` binary from
 * .agent-clis/ (scripts/install-agent-clis.sh) against the scripted fake OpenAI Chat Completions API
 * on 127.0.0.1 (its BYOK provider, COPILOT_PROVIDER_BASE_URL, with COPILOT_OFFLINE). Missing binaries
 * fail these tests: they are never skipped.
 */
import { afterEach, describe, expect, it } from "vitest";
import { copilot } from "../src/agents/copilot.js";
import { costOf, OPENAI_PRICES } from "../src/agents/prices.js";
import { planEvals } from "../src/engine/index.js";
import { startFakeOpenAI, type OpenAITurn } from "./fakes/openai.js";
import { requireBin } from "./fakes/clis.js";
import { agentProject, engineEnv, removeAgentProjects } from "./helpers/agent-run.js";
import {
  closeFakes,
  copilotAgainstFake,
  deployEval,
  openaiCall as call,
  runAgainstFake,
} from "./helpers/fake-agents.js";

afterEach(async () => {
  await closeFakes();
  await removeAgentProjects();
});

const run = (yaml: string, script: OpenAITurn[], options: { maxRetries?: number } = {}) =>
  runAgainstFake(yaml, () => startFakeOpenAI(script), copilotAgainstFake, options);

describe("copilot through the engine", () => {
  it("passes a run that calls the shimmed vendor CLI and writes a file, priced from the table", async () => {
    const r = await run(
      deployEval(`  workflow:
    match_mode: strict
    expected_tools:
      - { name: Bash, args_contain: { command: vendor deploy } }
      - { name: Write, args_contain: { file_path: deploy.txt } }
      - { name: Edit, args_contain: { file_path: deploy.txt } }
`),
      [
        call("bash", { command: "vendor deploy --prod", description: "deploy" }),
        call("create", { path: "deploy.txt", file_text: "staging\n" }),
        call("edit", { path: "deploy.txt", old_str: "staging", new_str: "production" }),
        {
          text: "Deployed to production.",
          usage: { input_tokens: 1000, cached_tokens: 400, output_tokens: 50 },
        },
      ],
    );
    expect(r.exitCode, r.why).toBe(0);
    expect(r.result).toMatchObject({ agent: "copilot", agentVersion: "1.0.102", status: "passed" });
    const { trial, calls } = r.files!;
    expect(calls).toEqual([
      expect.objectContaining({ bin: "vendor", argv: ["deploy", "--prod"], exit: 0 }),
    ]);
    expect(trial.trajectory.map((c) => [c.tool, c.agentTool, c.isError])).toEqual([
      ["Bash", "bash", false],
      ["Write", "create", false],
      ["Edit", "edit", false],
    ]);
    expect(trial.trajectory[0]).toMatchObject({
      exitCode: 0,
      result: expect.stringContaining("deployed"),
    });
    // 3 × (100 in, 20 out) + (1000 in of which 400 cached, 50 out), from its usage report.
    const tokens = { input: 1300, output: 110, cacheRead: 400, cacheWrite: 0 };
    expect(trial.agent).toMatchObject({
      tokens,
      turns: 4,
      finalMessage: "Deployed to production.",
    });
    // The trial's total counts the cached tokens once: they are part of `input`.
    expect(r.result.trials[0]!.tokens).toBe(tokens.input + tokens.output);
    // gpt-4.1: 900 plain in × $2 + 400 cached × $0.5 + 110 out × $8, per million.
    expect(trial.costUsd).toBe(costOf(tokens, OPENAI_PRICES["gpt-4.1"]!));
    expect(trial.costUsd).toBe(0.00288);
    expect(r.fake.requests.every((q) => q.path === "/v1/chat/completions")).toBe(true);
    expect(r.fake.warnings).toEqual([]);
    const workflow = r.result.trials[0]!.checks.at(-1)!;
    expect(workflow).toMatchObject({ ok: true, evidence: "trajectory: Bash → Write → Edit" });
  });

  it("fails (the agent's failure) when the agent writes the wrong content", async () => {
    const r = await run(deployEval(), [
      call("bash", { command: "echo staging > deploy.txt", description: "write" }),
      { text: "Done." },
    ]);
    expect(r.exitCode, r.why).toBe(1);
    expect(r.run.counts).toMatchObject({ failed: 1, error: 0, passed: 0 });
  });

  it("reports an API 500 as an infra error (exit 2), retried, never a failure", async () => {
    const r = await run(deployEval(), [{ status: 500 }, { status: 500 }], { maxRetries: 1 });
    expect(r.exitCode, r.why).toBe(2);
    expect(r.run.counts).toMatchObject({ error: 1, failed: 0, passed: 0 });
    expect(r.result.reason).toMatch(/500/);
    expect(r.fake.requests.map((q) => q.turn)).toEqual([0, 1]);
  });

  it("passes when the engine's retry gets past an API 500", async () => {
    const r = await run(
      deployEval(),
      [
        { status: 500 },
        call("bash", { command: "echo production > deploy.txt", description: "write" }),
        { text: "Done." },
      ],
      { maxRetries: 1 },
    );
    expect(r.exitCode, r.why).toBe(0);
    expect(r.result.trials[0]).toMatchObject({ status: "passed", retries: 1 });
  });
});

describe("copilot's credentials where no saved login can exist (a GitHub-hosted runner)", () => {
  /** The plan of one copilot eval on a hosted runner with `env`: skipped or not, and why. */
  async function planWith(env: Record<string, string>) {
    const { root, home } = await agentProject(deployEval());
    const planned = await planEvals({
      projectRoot: root,
      agents: [copilot({ bin: requireBin("copilot") })],
      env: { ...engineEnv(home), ...env },
      skipWithoutCredentials: { fork: false },
    });
    const [unit] = planned.plan.units;
    return { skipped: planned.skippedForCredentials, reason: unit?.settled?.reason };
  }

  it("a runner's GITHUB_TOKEN (or github.token as GH_TOKEN) does not make it runnable: skipped, saying why", async () => {
    for (const name of ["GITHUB_TOKEN", "GH_TOKEN", "COPILOT_GITHUB_TOKEN"]) {
      const r = await planWith({ [name]: "ghs_runnerInstallationToken0123456789" });
      expect(r.skipped, name).toBe(1);
      expect(r.reason).toContain(
        `copilot cannot log in with what is set (${name}: a GitHub Actions token`,
      );
      expect(r.reason).toContain("COPILOT_GITHUB_TOKEN");
    }
    const classic = await planWith({ GH_TOKEN: "ghp_classicToken0123456789" });
    expect(classic.reason).toMatch(/GH_TOKEN: a classic personal access token/);
    // Nothing set at all: the plain reason.
    expect((await planWith({})).reason).toMatch(/^no COPILOT_GITHUB_TOKEN or GH_TOKEN/);
  });

  it("a fine-grained token, an OAuth token or a BYOK provider key makes it runnable, even beside a runner's token", async () => {
    const envs: Array<Record<string, string>> = [
      { COPILOT_GITHUB_TOKEN: "github_pat_fineGrained0123456789" },
      { GH_TOKEN: "gho_oauthToken0123456789" },
      { COPILOT_PROVIDER_API_KEY: "sk-provider-key", GITHUB_TOKEN: "ghs_runnerToken0123456789" },
      { COPILOT_PROVIDER_BEARER_TOKEN: "provider-bearer" },
    ];
    for (const env of envs) {
      const r = await planWith(env);
      expect(r, JSON.stringify(env)).toEqual({ skipped: 0, reason: undefined });
    }
  });
});
