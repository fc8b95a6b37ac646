/**
 * The opencode adapter, driven through the engine (`runEvals`) with the REAL `opencode` binary from
 * .agent-clis/ (scripts/install-agent-clis.sh) against the scripted fake OpenAI Chat Completions
 * API on 127.0.0.1 (an `@ai-sdk/openai-compatible` provider in the trial's config). Missing
 * binaries fail these tests: they are never skipped.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type OpenAITurn } from "./fakes/openai.js";
import { promises as fs } from "node:fs";
import path from "node:path";
import { removeAgentProjects, tempDir } from "./helpers/agent-run.js";
import {
  closeFakes,
  deployEval as sharedDeployEval,
  openaiCall as call,
  opencodeAgainstFake,
  runAgainstFake,
} from "./helpers/fake-agents.js";

afterEach(async () => {
  await closeFakes();
  await removeAgentProjects();
});

const run = (
  yaml: string,
  script: OpenAITurn[],
  options: { maxRetries?: number; env?: Record<string, string> } = {},
) => runAgainstFake(yaml, () => startFakeOpenAI(script), opencodeAgainstFake, options);

const deployEval = (extra = "") => sharedDeployEval(extra, { timeout: 120 });

// opencode takes several seconds to start (longer on a loaded machine), and the retry tests run it
// twice: room beyond vitest's default.
describe("opencode through the engine", { timeout: 180_000 }, () => {
  it("passes a run that calls the shimmed vendor CLI and writes a file, cost from opencode's events", async () => {
    const r = await run(
      deployEval(`  workflow:
    match_mode: strict
    expected_tools:
      - { name: Bash, args_contain: { command: vendor deploy } }
      - { name: Write, args_contain: { file_path: deploy.txt } }
`),
      [
        call("bash", { command: "vendor deploy --prod", description: "deploy" }),
        call("write", { filePath: "deploy.txt", content: "production\n" }),
        {
          text: "Deployed to production.",
          usage: { input_tokens: 1000, cached_tokens: 400, output_tokens: 50 },
        },
      ],
    );
    expect(r.exitCode, r.why).toBe(0);
    expect(r.result).toMatchObject({
      agent: "opencode",
      agentVersion: "1.18.33",
      status: "passed",
    });
    const { trial, calls } = r.files!;
    expect(calls).toEqual([
      expect.objectContaining({ bin: "vendor", argv: ["deploy", "--prod"], exit: 0 }),
    ]);
    expect(trial.trajectory.map((c) => [c.tool, c.agentTool, c.isError])).toEqual([
      ["Bash", "bash", false],
      ["Write", "write", false],
    ]);
    expect(trial.trajectory[0]).toMatchObject({
      exitCode: 0,
      result: expect.stringContaining("deployed"),
    });
    // 2 × (100 in, 20 out) + (1000 in of which 400 cached, 50 out).
    const tokens = { input: 1200, output: 90, cacheRead: 400, cacheWrite: 0 };
    expect(trial.agent).toMatchObject({
      tokens,
      turns: 3,
      finalMessage: "Deployed to production.",
    });
    // The trial's total counts the cached tokens once: they are part of `input`.
    expect(r.result.trials[0]!.tokens).toBe(tokens.input + tokens.output);
    // opencode's own figure: 800 plain in × $1 + 400 cached × $0.1 + 90 out × $2, per million.
    expect(trial.costUsd).toBe(0.00102);
    // No title request: every request is the agent's, with its tools.
    expect(r.fake.requests).toHaveLength(3);
    expect(r.fake.warnings).toEqual([]);
    const workflow = r.result.trials[0]!.checks.at(-1)!;
    expect(workflow).toMatchObject({ ok: true, evidence: "trajectory: Bash → Write" });
  });

  it("works in its workspace, not in the folder of the PWD it inherited (the user's project)", async () => {
    const project = await tempDir("ae-user-project-");
    await fs.writeFile(path.join(project, "README.md"), "# the user's project\n");
    const r = await run(
      deployEval(),
      [
        call("bash", { command: "vendor deploy --prod", description: "deploy" }),
        call("write", { filePath: "deploy.txt", content: "production\n" }),
        { text: "Deployed to production." },
      ],
      { env: { PWD: project } },
    );
    expect(r.exitCode, r.why).toBe(0);
    expect(r.result.trials[0]!.status).toBe("passed");
    expect(await fs.readdir(project)).toEqual(["README.md"]);
    expect(r.files!.calls).toEqual([expect.objectContaining({ bin: "vendor", exit: 0 })]);
    expect(r.files!.calls[0]!.cwd).not.toBe(project);
    expect(r.result.trials[0]!.warnings ?? []).toEqual([]);
  });

  it("fails (the agent's failure) when the agent writes the wrong content", async () => {
    const r = await run(deployEval(), [
      call("bash", { command: "echo staging > deploy.txt", description: "write" }),
      { text: "Done." },
    ]);
    expect(r.exitCode, r.why).toBe(1);
    expect(r.run.counts).toMatchObject({ failed: 1, error: 0, passed: 0 });
  });

  it("stops a run on API 500s (opencode would retry them without end): an infra error, retried", async () => {
    const r = await run(deployEval(), Array(6).fill({ status: 500 }), { maxRetries: 1 });
    expect(r.exitCode, r.why).toBe(2);
    expect(r.run.counts).toMatchObject({ error: 1, failed: 0, passed: 0 });
    expect(r.result.reason).toMatch(/API errors in a row/);
    // Two runs (the engine's retry), each stopped at its first error.
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
