/**
 * The codex adapter, driven through the engine (`runEvals`) with the REAL `codex` binary from
 * .agent-clis/ (scripts/install-agent-clis.sh) against the scripted fake Responses API. Missing
 * binaries fail these tests: they are never skipped. Tests run one after another (one fake each).
 * Codex has no budget flag, so there is no budget test here (see claude-code.test.ts).
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { costOf, OPENAI_PRICES } from "../src/agents/prices.js";
import { runEvals } from "../src/engine/index.js";
import { activeGroups } from "../src/util/process.js";
import { startFakeOpenAI, type FakeOpenAI, type OpenAITurn } from "./fakes/openai.js";
import {
  agentProject,
  describeTrial,
  engineEnv,
  onlyEval,
  processesMatching,
  readTrial,
  realExecutable,
  removeAgentProjects,
  tempDir,
  uniqueToken,
} from "./helpers/agent-run.js";
import { codexAgainstFake } from "./helpers/fake-agents.js";

const fakes: FakeOpenAI[] = [];

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
  await removeAgentProjects();
});

async function openai(...script: OpenAITurn[]): Promise<FakeOpenAI> {
  const fake = await startFakeOpenAI(script);
  fakes.push(fake);
  return fake;
}

/** The adapter pointed at the fake as a custom provider. */
const adapter = codexAgainstFake;

async function run(
  yaml: string,
  script: OpenAITurn[],
  options: { maxRetries?: number; extraPath?: string[]; codexRetries?: number } = {},
) {
  const { root, home } = await agentProject(yaml);
  const fake = await openai(...script);
  const outcome = await runEvals({
    projectRoot: root,
    agents: [adapter(fake, home, { retries: options.codexRetries })],
    env: engineEnv(home, options.extraPath),
    maxRetries: options.maxRetries ?? 0,
  });
  const result = onlyEval(outcome.run);
  const first = result.trials[0];
  // A trial that ended in an infra error writes no trial files.
  const files = first && first.status !== "error" ? await readTrial(root, first) : undefined;
  const why = `${describeTrial(result, files)}\n--- fake warnings\n${fake.warnings.join("\n")}`;
  return { ...outcome, result, files, fake, root, home, why };
}

/** `model` null: codex's own default (0.171.0 sends gpt-6.2-sol). */
const deployEval = (extra = "", model: string | null = "gpt-5-codex") => `name: deploy
prompt: Deploy the app to production with the vendor CLI, then record it in deploy.txt.
${model ? `model: ${model}` : ""}
sandbox: { fixture: { "README.md": "# app\\n" } }
shims:
  vendor: { stdout: "deployed" }
timeout: 30
assertions:
  files: [deploy.txt]
  contains:
    - { file: deploy.txt, text: production }
${extra}`;

const shell = (cmd: string): OpenAITurn => ({ call: { name: "exec_command", arguments: { cmd } } });

const addFile = (file: string, line: string): OpenAITurn => ({
  custom: {
    name: "apply_patch",
    input: `*** Begin Patch\n*** Add File: ${file}\n+${line}\n*** End Patch\n`,
  },
});

describe("codex through the engine", () => {
  it("passes a run that calls the shimmed vendor CLI and writes a file, priced from the table", async () => {
    const r = await run(deployEval(), [
      shell("vendor deploy --prod && echo production > deploy.txt"),
      {
        text: "Deployed to production.",
        usage: { input_tokens: 1000, cached_tokens: 400, output_tokens: 50, reasoning_tokens: 10 },
      },
    ]);
    expect(r.exitCode, r.why).toBe(0);
    expect(r.result).toMatchObject({
      agent: "codex",
      agentVersion: "0.171.0",
      status: "passed",
      passes: 1,
    });
    const { trial, calls } = r.files!;
    // Recorded by the shim: the command ran in a shell that kept the shim folder on PATH.
    expect(calls).toEqual([
      expect.objectContaining({ bin: "vendor", argv: ["deploy", "--prod"], exit: 0 }),
    ]);
    expect(trial.trajectory).toEqual([
      {
        tool: "Bash",
        agentTool: "command_execution",
        input: {
          command: expect.stringContaining(
            "'vendor deploy --prod && echo production > deploy.txt'",
          ),
        },
        result: "deployed",
        exitCode: 0,
        isError: false,
      },
    ]);
    // Two requests: 100 + 1000 in (400 cached), 20 + 50 out (10 of them reasoning, included).
    const tokens = { input: 1100, output: 70, cacheRead: 400, cacheWrite: 0 };
    expect(trial.agent).toMatchObject({
      exitCode: 0,
      tokens,
      turns: 1,
      finalMessage: "Deployed to production.",
    });
    // The trial's total counts the cached tokens once: they are part of `input`.
    expect(r.result.trials[0]!.tokens).toBe(tokens.input + tokens.output);
    // gpt-5-codex: $1.25 / M input, $0.125 / M cached input, $10 / M output.
    expect(trial.costUsd).toBe(0.001625);
    expect(costOf(tokens, OPENAI_PRICES["gpt-5-codex"]!)).toBe(0.001625);
    expect(r.result.costUsd).toBe(0.001625);
    expect(r.fake.requests.map((req) => req.body.model)).toEqual(["gpt-5-codex", "gpt-5-codex"]);
    expect(JSON.stringify(r.fake.requests[0]!.body.input)).toContain("Deploy the app");
    expect(r.fake.warnings).toEqual([]);
    expect(r.fake.log.every((line) => line === "POST /v1/responses")).toBe(true);
  });

  it("fails (the agent's failure, not an error) when the agent writes the wrong content", async () => {
    const r = await run(deployEval(), [shell("echo staging > deploy.txt"), { text: "Done." }]);
    expect(r.exitCode, r.why).toBe(1);
    expect(r.run.counts).toMatchObject({ failed: 1, error: 0, passed: 0 });
    expect(r.result.status).toBe("failed");
    const [trial] = r.result.trials;
    expect(trial).toMatchObject({ status: "failed", reason: "1 of 2 checks failed" });
    expect(trial!.checks).toEqual([
      expect.objectContaining({ name: "file exists deploy.txt", ok: true }),
      expect.objectContaining({
        ok: false,
        evidence: expect.stringContaining('"production" not found in deploy.txt'),
      }),
    ]);
  });

  it("records a failing command with its exit code and lets the run go on", async () => {
    const yaml = `name: flaky-vendor
prompt: Deploy with the vendor CLI; if it fails, write deploy.txt anyway.
sandbox: { fixture: { "README.md": "# app\\n" } }
shims:
  vendor: { exitCode: 3, stderr: "vendor: deploy failed" }
timeout: 30
assertions:
  files: [deploy.txt]
`;
    const r = await run(yaml, [
      shell("vendor deploy --prod"),
      shell("echo fallback > deploy.txt"),
      { text: "The deploy failed; I wrote deploy.txt." },
    ]);
    expect(r.exitCode, r.why).toBe(0);
    const { trial, calls } = r.files!;
    expect(calls).toEqual([expect.objectContaining({ bin: "vendor", exit: 3 })]);
    expect(trial.trajectory).toHaveLength(2);
    expect(trial.trajectory[0]).toMatchObject({
      tool: "Bash",
      exitCode: 3,
      isError: true,
      result: expect.stringContaining("vendor: deploy failed"),
    });
    expect(trial.trajectory[1]).toMatchObject({ tool: "Bash", exitCode: 0, isError: false });
  });

  it("retries an API 500 as an infra error and passes on the second try", async () => {
    const r = await run(
      deployEval(),
      [
        { status: 500 },
        shell("vendor deploy --prod && echo production > deploy.txt"),
        { text: "Deployed." },
      ],
      { maxRetries: 1 },
    );
    expect(r.exitCode, r.why).toBe(0);
    expect(r.run.counts).toMatchObject({ passed: 1, failed: 0, error: 0 });
    expect(r.result).toMatchObject({ status: "passed", passes: 1, trialsRun: 1 });
    expect(r.result.trials[0]).toMatchObject({ status: "passed", retries: 1 });
    expect(r.fake.requests.map((req) => req.turn)).toEqual([0, 1, 2]);
  });

  it("passes when codex's own retry gets past an API 500", async () => {
    const r = await run(
      deployEval(),
      [
        { status: 500 },
        shell("vendor deploy --prod && echo production > deploy.txt"),
        { text: "Deployed." },
      ],
      { codexRetries: 1 },
    );
    expect(r.exitCode, r.why).toBe(0);
    expect(r.run.counts).toMatchObject({ passed: 1, failed: 0, error: 0 });
    expect(r.result.trials[0]!.retries).toBeUndefined();
    expect(r.fake.requests.map((req) => req.turn)).toEqual([0, 1, 2]);
  });

  it("reports a permanent 401 as an error (infra, exit 2) naming the API key, never a failure", async () => {
    const r = await run(deployEval(), [{ status: 401 }], { maxRetries: 2 });
    expect(r.exitCode, r.why).toBe(2);
    expect(r.run.counts).toMatchObject({ error: 1, failed: 0, passed: 0 });
    expect(r.result.status).toBe("error");
    expect(r.result.reason).toMatch(/401/);
    expect(r.result.reason).toMatch(/API key/i);
    expect(r.result.trials).toEqual([expect.objectContaining({ status: "error" })]);
    // An auth failure will not pass on a retry: asked once.
    expect(r.fake.requests).toHaveLength(1);
  });

  it("kills a hanging run at the timeout and leaves no process behind", async () => {
    const token = uniqueToken("codex-hang");
    const yaml = `name: hang
prompt: "Wait for the model (${token})."
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 2
assertions:
  files: [README.md]
`;
    const { root, home } = await agentProject(yaml);
    const fake = await openai({ text: "too late", delayMs: 20_000 });
    const groups = new Set<number>();
    const watch = setInterval(() => activeGroups().forEach((pid) => groups.add(pid)), 50);
    const started = Date.now();
    const outcome = await runEvals({
      projectRoot: root,
      agents: [adapter(fake, home)],
      env: engineEnv(home),
      maxRetries: 0,
    }).finally(() => clearInterval(watch));
    const result = onlyEval(outcome.run);
    expect(outcome.exitCode, describeTrial(result)).toBe(1);
    expect(result.status).toBe("failed");
    expect(result.trials[0]).toMatchObject({
      status: "failed",
      timedOut: true,
      reason: "the agent timed out after 2 s",
    });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(fake.requests).toHaveLength(1); // it was waiting on the model when killed
    expect(groups.size).toBe(1);
    expect(activeGroups()).toEqual([]);
    for (const pid of groups) expect(() => process.kill(-pid, 0)).toThrow(/ESRCH/);
    // Both the node launcher (codex.js) and the native binary carry the prompt on their argv.
    expect(await processesMatching(token)).toEqual([]);
  });

  // Not with `model: gpt-5-codex`: codex 0.171.0 has no metadata for it, falls back to defaults
  // that offer no apply_patch tool, and rejects the call ("unsupported custom tool call").
  describe("trajectory checks on the real transcript", () => {
    const script = (): OpenAITurn[] => [
      shell("vendor deploy --prod"),
      addFile("deploy.txt", "production"),
      { text: "Deployed and recorded." },
    ];

    it("passes a superset workflow with `after` and forbidden tools (apply_patch add → Write)", async () => {
      const r = await run(
        deployEval(
          `  workflow:
    match_mode: superset
    expected_tools:
      - { name: Bash, args_contain: { command: vendor deploy } }
      - { name: Write, after: Bash, args_contain: { file_path: deploy.txt } }
    forbidden_tools: [WebFetch, Edit]
`,
          null,
        ),
        script(),
      );
      expect(r.exitCode, r.why).toBe(0);
      expect(r.files!.trial.trajectory[1]).toMatchObject({
        tool: "Write",
        agentTool: "file_change",
        input: { file_path: expect.stringContaining("deploy.txt"), kind: "add" },
      });
      const workflow = r.result.trials[0]!.checks.at(-1)!;
      expect(workflow).toMatchObject({ ok: true, evidence: "trajectory: Bash → Write" });
    });

    it("fails with the observed trajectory as evidence", async () => {
      const r = await run(
        deployEval(
          `  workflow:
    match_mode: superset
    expected_tools:
      - { name: Edit, after: Write }
    forbidden_tools: [Write]
`,
          null,
        ),
        script(),
      );
      expect(r.exitCode, r.why).toBe(1);
      expect(r.result.status).toBe("failed");
      const workflow = r.result.trials[0]!.checks.at(-1)!;
      expect(workflow.ok).toBe(false);
      expect(workflow.evidence).toBe(
        "forbidden tool Write was used (call #2); missing Edit after Write — trajectory: Bash → Write",
      );
    });
  });

  it("warns when the agent runs a shimmed binary by its absolute path", async () => {
    const binDir = path.join(await tempDir(), "bin");
    const vendor = await realExecutable(binDir, "vendor", "real vendor:");
    const yaml = `name: bypass
prompt: Deploy with the vendor CLI.
sandbox: { fixture: { "README.md": "# app\\n" } }
shims:
  vendor: passthrough
timeout: 30
assertions:
  contains:
    - { file: deploy.txt, text: "real vendor: deploy --prod" }
`;
    const r = await run(yaml, [shell(`${vendor} deploy --prod > deploy.txt`), { text: "Done." }], {
      extraPath: [binDir],
    });
    expect(r.exitCode, r.why).toBe(0);
    expect(r.files!.calls).toEqual([]);
    const warnings = r.result.trials[0]!.warnings ?? [];
    expect(warnings).toEqual(
      expect.arrayContaining([expect.stringContaining(`ran ${vendor} by its absolute path`)]),
    );
  });
});
