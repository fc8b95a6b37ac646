/**
 * The claude-code adapter, driven through the engine (`runEvals`) with the REAL `claude` binary from
 * .agent-clis/ (scripts/install-agent-clis.sh) against the scripted fake Anthropic API. Missing
 * binaries fail these tests: they are never skipped. Tests run one after another (one fake each).
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claudeCode } from "../src/agents/claude-code.js";
import { runEvals } from "../src/engine/index.js";
import { activeGroups } from "../src/util/process.js";
import { startFakeAnthropic, type AnthropicTurn, type FakeAnthropic } from "./fakes/anthropic.js";
import { AGENT_CLIS_DIR, requireBin } from "./fakes/clis.js";
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
import { REPO_ROOT, runCli } from "./helpers/project.js";

const fakes: FakeAnthropic[] = [];

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
  await removeAgentProjects();
});

async function anthropic(...script: AnthropicTurn[]): Promise<FakeAnthropic> {
  const fake = await startFakeAnthropic(script);
  fakes.push(fake);
  return fake;
}

/** The adapter pointed at the fake: its key, no retries of its own, a HOME of this test. */
function adapter(fake: FakeAnthropic, home: string, apiKey = "sk-ant-fake-key") {
  return claudeCode({
    bin: requireBin("claude"),
    env: {
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: apiKey,
      CLAUDE_CODE_MAX_RETRIES: "0",
      HOME: home,
    },
  });
}

async function run(
  yaml: string,
  script: AnthropicTurn[],
  options: {
    maxRetries?: number;
    extraPath?: string[];
    before?: (root: string) => Promise<void>;
  } = {},
) {
  const { root, home } = await agentProject(yaml);
  const fake = await anthropic(...script);
  const outcome = await runEvals({
    projectRoot: root,
    agents: [adapter(fake, home)],
    env: engineEnv(home, options.extraPath),
    maxRetries: options.maxRetries ?? 0,
  });
  const result = onlyEval(outcome.run);
  const first = result.trials[0];
  // A trial that ended in an infra error writes no trial files.
  const files = first && first.status !== "error" ? await readTrial(root, first) : undefined;
  return { ...outcome, result, files, fake, root, home, why: describeTrial(result, files) };
}

const deployEval = (extra = "") => `name: deploy
prompt: Deploy the app to production with the vendor CLI, then record it in deploy.txt.
sandbox: { fixture: { "README.md": "# app\\n" } }
shims:
  vendor: { stdout: "deployed" }
timeout: 30
assertions:
  files: [deploy.txt]
  contains:
    - { file: deploy.txt, text: production }
${extra}`;

const bash = (command: string): AnthropicTurn => ({
  toolUse: { name: "Bash", input: { command } },
});

describe("claude-code through the engine", () => {
  it("passes a run that calls the shimmed vendor CLI and writes a file", async () => {
    const r = await run(deployEval(), [
      bash("vendor deploy --prod && echo production > deploy.txt"),
      {
        text: "Deployed to production.",
        usage: {
          input_tokens: 30,
          cache_read_input_tokens: 900,
          cache_creation_input_tokens: 70,
          output_tokens: 20,
        },
      },
    ]);
    expect(r.exitCode, r.why).toBe(0);
    expect(r.result).toMatchObject({
      agent: "claude-code",
      agentVersion: "2.1.332",
      status: "passed",
      passes: 1,
    });
    expect(r.result.costUsd).toBeGreaterThan(0);
    const { trial, calls } = r.files!;
    expect(calls).toEqual([
      expect.objectContaining({ bin: "vendor", argv: ["deploy", "--prod"], exit: 0 }),
    ]);
    expect(trial.trajectory).toEqual([
      {
        tool: "Bash",
        input: { command: "vendor deploy --prod && echo production > deploy.txt" },
        result: "deployed",
        isError: false,
      },
    ]);
    // Cost and tokens are the result event's totals: 100 in / 20 out, then 30 uncached + 900 read
    // from the cache + 70 written to it / 20 out. Every input token counts in `input`.
    expect(trial.costUsd).toBeGreaterThan(0);
    const tokens = { input: 1100, output: 40, cacheRead: 900, cacheWrite: 70 };
    expect(trial.agent).toMatchObject({
      exitCode: 0,
      timedOut: false,
      costUsd: trial.costUsd,
      tokens,
      turns: 2,
      finalMessage: "Deployed to production.",
    });
    expect(r.result.trials[0]!.tokens).toBe(tokens.input + tokens.output);
    expect(trial.warnings).toBeUndefined();
    // The prompt reached the model; nothing but model calls reached the server.
    expect(JSON.stringify(r.fake.requests[0]!.body.messages)).toContain("Deploy the app");
    expect(r.fake.log.every((line) => line.startsWith("POST /v1/messages"))).toBe(true);
  });

  it("fails (the agent's failure, not an error) when the agent writes the wrong content", async () => {
    const r = await run(deployEval(), [bash("echo staging > deploy.txt"), { text: "Done." }]);
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

  it("records a failing tool call as an error and lets the run go on", async () => {
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
      bash("vendor deploy --prod"),
      bash("echo fallback > deploy.txt"),
      { text: "The deploy failed; I wrote deploy.txt." },
    ]);
    expect(r.exitCode, r.why).toBe(0);
    const { trial, calls } = r.files!;
    expect(calls).toEqual([expect.objectContaining({ bin: "vendor", exit: 3 })]);
    expect(trial.trajectory).toHaveLength(2);
    expect(trial.trajectory[0]).toMatchObject({
      tool: "Bash",
      isError: true,
      result: expect.stringContaining("Exit code 3"),
    });
    expect(trial.trajectory[0]!.result).toContain("vendor: deploy failed");
    expect(trial.trajectory[1]).toMatchObject({ tool: "Bash", isError: false });
    expect(trial.agent.turns).toBe(3);
  });

  it("retries an API 500 as an infra error and passes on the second try", async () => {
    const r = await run(
      deployEval(),
      [
        { status: 500 },
        bash("vendor deploy --prod && echo production > deploy.txt"),
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

  it("reports a permanent 401 as an error (infra, exit 2) naming the API key, never a failure", async () => {
    const r = await run(deployEval(), [{ status: 401 }], { maxRetries: 2 });
    expect(r.exitCode, r.why).toBe(2);
    expect(r.run.counts).toMatchObject({ error: 1, failed: 0, passed: 0 });
    expect(r.result.status).toBe("error");
    expect(r.result.reason).toMatch(/API 401/);
    expect(r.result.reason).toMatch(/API key/i);
    expect(r.result.trials).toEqual([expect.objectContaining({ status: "error" })]);
    // An auth failure will not pass on a retry: asked once.
    expect(r.fake.requests).toHaveLength(1);
  });

  it("fails a run its budget stopped (--max-budget-usd from maxCostUsd)", async () => {
    const r = await run(deployEval("maxCostUsd: 0.0001\n"), [
      {
        ...bash("vendor deploy --prod && echo production > deploy.txt"),
        usage: { input_tokens: 100_000, output_tokens: 10_000 },
      },
      { text: "Deployed." },
    ]);
    expect(r.exitCode, r.why).toBe(1);
    expect(r.run.counts).toMatchObject({ failed: 1, error: 0 });
    const [trial] = r.result.trials;
    expect(trial!.status).toBe("failed");
    expect(trial!.reason).toMatch(/budget/);
    expect(trial!.costUsd).toBeGreaterThan(0.0001);
    expect(r.files!.stdout).toContain('"subtype":"error_max_budget_usd"');
    expect(r.fake.requests).toHaveLength(1);
  });

  it("kills a hanging run at the timeout and leaves no process behind", async () => {
    const token = uniqueToken("claude-hang");
    const yaml = `name: hang
prompt: "Wait for the model (${token})."
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 2
assertions:
  files: [README.md]
`;
    const { root, home } = await agentProject(yaml);
    const fake = await anthropic({ text: "too late", delayMs: 20_000 });
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
    expect(await processesMatching(token)).toEqual([]);
  });

  describe("trajectory checks on the real transcript", () => {
    const script = (): AnthropicTurn[] => [
      bash("vendor deploy --prod"),
      { toolUse: { name: "Write", input: { file_path: "deploy.txt", content: "production\n" } } },
      { text: "Deployed and recorded." },
    ];

    it("passes a superset workflow with `after` and forbidden tools", async () => {
      const r = await run(
        deployEval(`  workflow:
    match_mode: superset
    expected_tools:
      - { name: Bash, args_contain: { command: vendor deploy } }
      - { name: Write, after: Bash, args_contain: { file_path: deploy.txt } }
    forbidden_tools: [WebFetch, Edit]
`),
        script(),
      );
      expect(r.exitCode, r.why).toBe(0);
      const workflow = r.result.trials[0]!.checks.at(-1)!;
      expect(workflow).toMatchObject({ ok: true, evidence: "trajectory: Bash → Write" });
      expect(workflow.name).toBe("trajectory (superset): Bash, Write without WebFetch, Edit");
    });

    it("fails with the observed trajectory as evidence", async () => {
      const r = await run(
        deployEval(`  workflow:
    match_mode: superset
    expected_tools:
      - { name: Edit, after: Write }
    forbidden_tools: [Write]
`),
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
    const r = await run(yaml, [bash(`${vendor} deploy --prod > deploy.txt`), { text: "Done." }], {
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

describe("the CLI with --agent claude-code", () => {
  it("passes evals-example's createProject when the agent follows the prompt's steps", async () => {
    const root = await tempDir();
    const home = path.join(root, "home");
    await fs.mkdir(home);
    const example = path.join(root, "example");
    await fs.cp(path.join(REPO_ROOT, "evals-example"), example, {
      recursive: true,
      filter: (src) => !/[/\\](\.copybook|node_modules)$/.test(src),
    });
    const fake = await anthropic(
      bash("acmedb init --project-id my-app --region eu-west"),
      bash(
        `printf 'DATABASE_URL=%s\\n' "$(acmedb connection-string --project-id my-app)" > .env.local`,
      ),
      bash("npm run build"),
      { text: "AcmeDB is set up and the build passes." },
    );
    const cli = await runCli(
      [
        "eval",
        "createProject",
        "--cwd",
        example,
        "--agent",
        "claude-code",
        "--unsafe-local",
        "--trials",
        "1",
      ],
      {
        env: {
          PATH: `${path.join(AGENT_CLIS_DIR, "bin")}${path.delimiter}${process.env.PATH ?? ""}`,
          HOME: home,
          ANTHROPIC_BASE_URL: fake.url,
          ANTHROPIC_API_KEY: "sk-ant-fake-key",
          ANTHROPIC_AUTH_TOKEN: undefined,
          CLAUDE_CODE_MAX_RETRIES: "0",
        },
      },
    );
    const why = `exit ${cli.code}\n--- stdout\n${cli.stdout}\n--- stderr\n${cli.stderr}`;
    expect(cli.code, why).toBe(0);
    expect(cli.stdout + cli.stderr).toMatch(/PASS createProject \[claude-code 2\.1\.332\]/);
    expect(fake.requests.map((req) => req.turn)).toEqual([0, 1, 2, 3]);
    const runJson = JSON.parse(
      await fs.readFile(path.join(example, ".copybook/results/run.json"), "utf8"),
    ) as { evals: Array<{ id: string; status: string; trials: Array<{ dir: string }> }> };
    expect(runJson.evals).toEqual([
      expect.objectContaining({ id: "createProject", status: "passed" }),
    ]);
    const calls = await fs.readFile(
      path.join(example, runJson.evals[0]!.trials[0]!.dir, "calls.jsonl"),
      "utf8",
    );
    expect(calls).toContain('"argv":["init","--project-id","my-app","--region","eu-west"]');
    expect(calls).toContain('"bin":"npm"');
  });
});
