/**
 * The pi adapter, driven through the engine (`runEvals`) with the REAL `pi` binary from
 * .agent-clis/ (scripts/install-agent-clis.sh) against the scripted fake OpenAI Chat Completions API
 * on 127.0.0.1 (a custom `openai-completions` provider in the trial's models.json). Missing binaries
 * fail these tests: they are never skipped.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type OpenAITurn } from "./fakes/openai.js";
import { removeAgentProjects } from "./helpers/agent-run.js";
import {
  closeFakes,
  deployEval,
  openaiCall as call,
  piAgainstFake,
  runAgainstFake,
} from "./helpers/fake-agents.js";

afterEach(async () => {
  await closeFakes();
  await removeAgentProjects();
});

const run = (yaml: string, script: OpenAITurn[], options: { maxRetries?: number } = {}) =>
  runAgainstFake(yaml, () => startFakeOpenAI(script), piAgainstFake, options);

describe("pi through the engine", () => {
  it("passes a run that calls the shimmed vendor CLI and writes a file, cost from pi's events", async () => {
    const r = await run(
      deployEval(`  workflow:
    match_mode: strict
    expected_tools:
      - { name: Bash, args_contain: { command: vendor deploy } }
      - { name: Write, args_contain: { file_path: deploy.txt } }
      - { name: Edit, args_contain: { file_path: deploy.txt } }
`),
      [
        call("bash", { command: "vendor deploy --prod" }),
        call("write", { path: "deploy.txt", content: "staging\n" }),
        call("edit", {
          path: "deploy.txt",
          edits: [{ oldText: "staging", newText: "production" }],
        }),
        {
          text: "Deployed to production.",
          usage: { input_tokens: 1000, cached_tokens: 400, output_tokens: 50 },
        },
      ],
    );
    expect(r.exitCode, r.why).toBe(0);
    expect(r.result).toMatchObject({ agent: "pi", agentVersion: "0.73.1", status: "passed" });
    const { trial, calls } = r.files!;
    expect(calls).toEqual([
      expect.objectContaining({ bin: "vendor", argv: ["deploy", "--prod"], exit: 0 }),
    ]);
    expect(trial.trajectory.map((c) => [c.tool, c.agentTool, c.isError])).toEqual([
      ["Bash", "bash", false],
      ["Write", "write", false],
      ["Edit", "edit", false],
    ]);
    expect(trial.trajectory[0]!.result).toContain("deployed");
    expect(trial.trajectory[2]!.input).toMatchObject({
      path: "deploy.txt",
      file_path: "deploy.txt",
    });
    // 3 × (100 in, 20 out) + (1000 in of which 400 cached, 50 out).
    const tokens = { input: 1300, output: 110, cacheRead: 400, cacheWrite: 0 };
    expect(trial.agent).toMatchObject({
      tokens,
      turns: 4,
      finalMessage: "Deployed to production.",
    });
    // The trial's total counts the cached tokens once: they are part of `input`.
    expect(r.result.trials[0]!.tokens).toBe(tokens.input + tokens.output);
    // pi's own figure: 900 plain in × $1 + 400 cached × $0.1 + 110 out × $2, per million.
    expect(trial.costUsd).toBe(0.00116);
    expect(r.fake.requests.map((q) => q.path)).toEqual(Array(4).fill("/v1/chat/completions"));
    expect(r.fake.requests.every((q) => q.body.model === "fake-model")).toBe(true);
    expect(r.fake.warnings).toEqual([]);
    const workflow = r.result.trials[0]!.checks.at(-1)!;
    expect(workflow).toMatchObject({ ok: true, evidence: "trajectory: Bash → Write → Edit" });
  });

  it("fails (the agent's failure) when the agent writes the wrong content", async () => {
    const r = await run(deployEval(), [
      call("bash", { command: "echo staging > deploy.txt" }),
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
        call("bash", { command: "echo production > deploy.txt" }),
        { text: "Done." },
      ],
      { maxRetries: 1 },
    );
    expect(r.exitCode, r.why).toBe(0);
    expect(r.result.trials[0]).toMatchObject({ status: "passed", retries: 1 });
  });

  it("refuses an eval with MCP servers: pi has none (an error naming it, not a failure)", async () => {
    const r = await run(
      deployEval().replace("timeout: 60", 'timeout: 60\nmcp:\n  docs: { command: "node" }'),
      [],
      { maxRetries: 2 },
    );
    expect(r.exitCode, r.why).toBe(2);
    expect(r.result.reason).toMatch(/pi has no MCP support.*docs/);
    expect(r.fake.requests).toHaveLength(0);
  });
});
