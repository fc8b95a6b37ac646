/**
 * The gemini adapter, driven through the engine (`runEvals`) with the REAL `gemini` binary from
 * .agent-clis/ (scripts/install-agent-clis.sh) against the scripted fake Gemini API on 127.0.0.1.
 * Missing binaries fail these tests: they are never skipped.
 */
import { afterEach, describe, expect, it } from "vitest";
import { costOf, GEMINI_PRICES } from "../src/agents/prices.js";
import { startFakeGemini, type GeminiTurn } from "./fakes/gemini.js";
import { removeAgentProjects } from "./helpers/agent-run.js";
import {
  closeFakes,
  deployEval as sharedDeployEval,
  geminiAgainstFake,
  runAgainstFake,
} from "./helpers/fake-agents.js";

afterEach(async () => {
  await closeFakes();
  await removeAgentProjects();
});

const run = (
  yaml: string,
  script: GeminiTurn[],
  options: { maxRetries?: number; maxTurns?: number } = {},
) =>
  runAgainstFake(
    yaml,
    () => startFakeGemini(script),
    (fake, home) =>
      geminiAgainstFake(
        fake,
        home,
        options.maxTurns !== undefined ? { maxTurns: options.maxTurns } : {},
      ),
    options,
  );

const deployEval = (extra = "") => sharedDeployEval(extra, { model: "gemini-2.5-pro" });

const shell = (command: string): GeminiTurn => ({
  call: { name: "run_shell_command", args: { command } },
});

describe("gemini through the engine", () => {
  it("passes a run that calls the shimmed vendor CLI and writes a file, priced from the table", async () => {
    const r = await run(
      deployEval(`  workflow:
    expected_tools:
      - { name: Bash, args_contain: { command: vendor deploy } }
      - { name: Edit, after: Bash, args_contain: { file_path: deploy.txt } }
    forbidden_tools: [Write]
`),
      [
        shell("vendor deploy --prod && echo staging > deploy.txt"),
        {
          call: {
            name: "replace",
            args: {
              file_path: "deploy.txt",
              old_string: "staging",
              new_string: "production",
              instruction: "record the production deploy",
            },
          },
        },
        {
          text: "Deployed to production.",
          usage: { promptTokenCount: 1000, candidatesTokenCount: 50, cachedContentTokenCount: 400 },
        },
      ],
    );
    expect(r.exitCode, r.why).toBe(0);
    expect(r.result).toMatchObject({
      agent: "gemini",
      agentVersion: "0.61.0",
      status: "passed",
    });
    const { trial, calls } = r.files!;
    expect(calls).toEqual([
      expect.objectContaining({ bin: "vendor", argv: ["deploy", "--prod"], exit: 0 }),
    ]);
    expect(trial.trajectory).toEqual([
      expect.objectContaining({
        tool: "Bash",
        agentTool: "run_shell_command",
        input: { command: "vendor deploy --prod && echo staging > deploy.txt" },
        isError: false,
        result: expect.stringContaining("deployed"),
      }),
      expect.objectContaining({
        tool: "Edit",
        agentTool: "replace",
        input: expect.objectContaining({ file_path: "deploy.txt", new_string: "production" }),
        isError: false,
      }),
    ]);
    // Three streaming requests: 100 + 100 + 1000 in (400 cached), 20 + 20 + 50 out.
    const tokens = { input: 1200, output: 90, cacheRead: 400, cacheWrite: 0 };
    expect(trial.agent).toMatchObject({ tokens, finalMessage: "Deployed to production." });
    // The trial's total counts the cached tokens once: they are part of `input`.
    expect(r.result.trials[0]!.tokens).toBe(tokens.input + tokens.output);
    expect(trial.costUsd).toBe(costOf(tokens, GEMINI_PRICES["gemini-2.5-pro"]!));
    // 800 plain × $1.25 + 400 cached × $0.125 + 90 out × $10, per million.
    expect(trial.costUsd).toBe(0.00195);
    expect(r.fake.requests.map((q) => q.model)).toEqual(Array(3).fill("gemini-2.5-pro"));
    expect(JSON.stringify(r.fake.requests[0]!.body.contents)).toContain("Deploy the app");
    expect(r.fake.warnings).toEqual([]);
    const workflow = r.result.trials[0]!.checks.at(-1)!;
    expect(workflow).toMatchObject({ ok: true, evidence: "trajectory: Bash → Edit" });
  });

  it("fails (the agent's failure) when the agent writes the wrong content", async () => {
    const r = await run(deployEval(), [shell("echo staging > deploy.txt"), { text: "Done." }]);
    expect(r.exitCode, r.why).toBe(1);
    expect(r.run.counts).toMatchObject({ failed: 1, error: 0, passed: 0 });
  });

  it("reports an API 500 as an infra error (exit 2), retried, never a failure", async () => {
    const r = await run(deployEval(), [{ status: 500 }, { status: 500 }], { maxRetries: 1 });
    expect(r.exitCode, r.why).toBe(2);
    expect(r.run.counts).toMatchObject({ error: 1, failed: 0, passed: 0 });
    expect(r.result.reason).toMatch(/API 500/);
    // Retried once by the engine: two runs, one request each.
    expect(r.fake.requests.map((q) => q.turn)).toEqual([0, 1]);
  });

  it("passes when the engine's retry gets past an API 500", async () => {
    const r = await run(
      deployEval(),
      [{ status: 500 }, shell("echo production > deploy.txt"), { text: "Done." }],
      { maxRetries: 1 },
    );
    expect(r.exitCode, r.why).toBe(0);
    expect(r.result.trials[0]).toMatchObject({ status: "passed", retries: 1 });
  });

  it("fails a run stopped at its turn limit (maxTurns → model.maxSessionTurns): the agent's failure", async () => {
    const r = await run(
      deployEval(),
      [
        shell("echo one"),
        shell("echo two"),
        shell("echo production > deploy.txt"),
        { text: "Done." },
      ],
      { maxTurns: 1 },
    );
    expect(r.exitCode, r.why).toBe(1);
    expect(r.run.counts).toMatchObject({ failed: 1, error: 0 });
    expect(r.result.trials[0]!.reason).toMatch(/turn limit/);
  });

  it("reports a 401 as a permanent error naming the key, asked once", async () => {
    const r = await run(deployEval(), [{ status: 401 }], { maxRetries: 2 });
    expect(r.exitCode, r.why).toBe(2);
    expect(r.result.reason).toMatch(/401/);
    expect(r.result.reason).toMatch(/GEMINI_API_KEY/);
    expect(r.fake.requests).toHaveLength(1);
  });
});
