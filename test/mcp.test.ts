/**
 * MCP servers per eval: a small real MCP server over stdio (test/fixtures/mcp, the official SDK)
 * given to the REAL `claude` (.agent-clis/) through the eval's `mcp:`, driven by the scripted fake
 * Anthropic API. The server's tool is offered to the model as `mcp__deploy__record_deploy`, its
 * call lands in the trajectory under that name (so `workflow` can require or forbid it), and a
 * variant without the server is compared with the eval as defined. The same server through the
 * real gemini, opencode, codex and copilot, each with its own name for the tool mapped back.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { codex } from "../src/agents/codex.js";
import { codexMcpArgs } from "../src/agents/mcp-config.js";
import { copilot } from "../src/agents/copilot.js";
import { gemini } from "../src/agents/gemini.js";
import { opencode } from "../src/agents/opencode.js";
import type { AgentAdapter } from "../src/model/index.js";
import { runEvals } from "../src/engine.js";
import { startFakeGemini } from "./fakes/gemini.js";
import { startFakeOpenAI, type FakeOpenAI, type OpenAITurn } from "./fakes/openai.js";
import {
  requestText,
  startFakeAnthropic,
  type AnthropicRequestBody,
  type AnthropicTurn,
  type FakeAnthropic,
} from "./fakes/anthropic.js";
import {
  CODEX_FAKE_KEY_ENV,
  codexFakeArgs,
  fakeCodexEnv,
  REPO_ROOT,
  requireBin,
  runCli as runAgentCli,
} from "./fakes/clis.js";
import { runCli } from "./helpers/project.js";
import {
  agentProject,
  claudeAgainstFake,
  describeTrial,
  engineEnv,
  readTrial,
  removeAgentProjects,
  tempDir,
} from "./helpers/agent-run.js";

const SERVER = path.join(REPO_ROOT, "test/fixtures/mcp/deploy-server.mjs");
const TOOL = "mcp__deploy__record_deploy";

const fakes: FakeAnthropic[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
  await removeAgentProjects();
});

const mcpEval = (callLog: string, extra = "") => `name: deploy
prompt: Record the production deploy with the deploy tool.
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 60
mcp:
  deploy:
    command: node
    args: [${JSON.stringify(SERVER)}]
    env: { DEPLOY_TOKEN: tok-42, DEPLOY_CALL_LOG: ${JSON.stringify(callLog)} }
assertions:
  contains:
    - { file: deploy.txt, text: production tok-42 }
  workflow:
    expected_tools:
      - { name: ${TOOL}, args_contain: { target: production } }
${extra}`;

const useTool: AnthropicTurn = { toolUse: { name: TOOL, input: { target: "production" } } };

async function run(
  yaml: string,
  script: AnthropicTurn[],
  options: { trials?: number; respond?: (body: AnthropicRequestBody) => AnthropicTurn } = {},
) {
  const { root, home } = await agentProject(yaml);
  const fake = await startFakeAnthropic(
    script,
    options.respond ? { respond: options.respond } : {},
  );
  fakes.push(fake);
  const outcome = await runEvals({
    projectRoot: root,
    agents: [claudeAgainstFake(fake.url)],
    env: engineEnv(home),
    maxRetries: 0,
    concurrency: 1,
    ...(options.trials ? { trials: options.trials } : {}),
  });
  return { ...outcome, root, fake };
}

/**
 * Per request, whether it offers the MCP tool. Claude Code 2.1 defers MCP tools (the model finds
 * them with ToolSearch): the request names them in its deferred-tools list, not in `tools`.
 */
const offered = (fake: FakeAnthropic) =>
  fake.requests.map((q) => JSON.stringify(q.body).includes(TOOL));

describe("MCP servers per eval (real claude, real MCP server)", () => {
  it("writes the server into claude's config: the model is offered its tool, the call runs it and is in the trajectory", async () => {
    const callLog = path.join(await fs.realpath(REPO_ROOT), `.mcp-calls-${process.pid}.jsonl`);
    await fs.rm(callLog, { force: true });
    try {
      const r = await run(mcpEval(callLog, "    forbidden_tools: [Bash]\n"), [
        useTool,
        { text: "Recorded." },
      ]);
      const result = r.run.evals[0]!;
      const files = await readTrial(r.root, result.trials[0]!);
      expect(r.exitCode, describeTrial(result, files)).toBe(0);
      expect(offered(r.fake)).toEqual([true, true]);
      expect(files.trial.trajectory).toEqual([
        expect.objectContaining({
          tool: TOOL,
          input: { target: "production" },
          result: "recorded production",
          isError: false,
        }),
      ]);
      // The server itself ran, in the trial's sandbox, with the eval's env.
      const calls = (await fs.readFile(callLog, "utf8"))
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(calls).toEqual([{ target: "production", cwd: expect.stringContaining("work") }]);
      expect(result.trials[0]!.checks.at(-1)).toMatchObject({
        ok: true,
        evidence: `trajectory: ${TOOL}`,
      });
    } finally {
      await fs.rm(callLog, { force: true });
    }
  });

  it("forbidden_tools can forbid an MCP tool", async () => {
    const r = await run(mcpEval("/dev/null", `    forbidden_tools: [${TOOL}]\n`), [
      useTool,
      { text: "Recorded." },
    ]);
    expect(r.exitCode).toBe(1);
    const check = r.run.evals[0]!.trials[0]!.checks.at(-1)!;
    expect(check.ok).toBe(false);
    expect(check.evidence).toContain(`forbidden tool ${TOOL} was used`);
  });

  it("a variant without the server is compared with the eval as defined", async () => {
    // Each pair of trials runs its own conversation: the model calls the tool when it is offered
    // and has not called it yet, and otherwise ends the run.
    const respond = (body: AnthropicRequestBody): AnthropicTurn => {
      if (requestText(body).includes("tool_result")) return { text: "Recorded." };
      return JSON.stringify(body).includes(TOOL) ? useTool : { text: "I have no deploy tool." };
    };
    const r = await run(
      mcpEval("/dev/null") + "variants:\n  - name: without-mcp\n    mcp: { deploy: null }\n",
      [],
      { trials: 4, respond },
    );
    const control = r.run.evals.find((e) => e.arm === undefined)!;
    const variant = r.run.evals.find((e) => e.arm === "without-mcp")!;
    expect(control, describeTrial(control)).toMatchObject({ status: "passed", trialsRun: 4 });
    expect(variant, describeTrial(variant)).toMatchObject({ status: "failed", passes: 0 });
    expect(r.run.comparisons).toEqual([
      expect.objectContaining({
        treatment: "without-mcp",
        controlPasses: 4,
        treatmentPasses: 0,
        verdict: "regression",
      }),
    ]);
    // Only the eval as defined decides the exit code; the variant is a comparison.
    expect(r.exitCode).toBe(0);
    const variantTrial = await readTrial(r.root, variant.trials[0]!);
    expect(variantTrial.trial.trajectory).toEqual([]);
  }, 180_000);
});

/** The same eval and server through another agent: its own name for the tool, mapped back. */
async function runOther(
  agent: (home: string) => AgentAdapter,
  closers: Array<() => Promise<void>>,
  yaml = mcpEval("/dev/null", "    forbidden_tools: [Bash]\n"),
) {
  const { root, home } = await agentProject(yaml);
  try {
    const outcome = await runEvals({
      projectRoot: root,
      agents: [agent(home)],
      env: engineEnv(home),
      maxRetries: 0,
    });
    const result = outcome.run.evals[0]!;
    const files =
      result.trials[0]!.status === "error" ? undefined : await readTrial(root, result.trials[0]!);
    return { ...outcome, result, files };
  } finally {
    await Promise.all(closers.map((close) => close()));
  }
}

describe("MCP servers through gemini and opencode (real CLIs, the same real MCP server)", () => {
  it("gemini: written into its settings, offered as mcp_deploy_record_deploy, in the trajectory as mcp__deploy__record_deploy", async () => {
    const fake = await startFakeGemini([
      { call: { name: "mcp_deploy_record_deploy", args: { target: "production" } } },
      { text: "Recorded." },
    ]);
    const r = await runOther(
      (home) =>
        gemini({
          bin: requireBin("gemini"),
          env: { GOOGLE_GEMINI_BASE_URL: fake.url, GEMINI_API_KEY: "fake-key", HOME: home },
          settings: { general: { maxAttempts: 1 } },
        }),
      [fake.close],
    );
    expect(r.exitCode, describeTrial(r.result, r.files)).toBe(0);
    expect(fake.warnings).toEqual([]);
    expect(r.files!.trial.trajectory).toEqual([
      expect.objectContaining({
        tool: TOOL,
        agentTool: "mcp_deploy_record_deploy",
        input: { target: "production" },
        isError: false,
      }),
    ]);
  }, 120_000);

  it("opencode: written into its config, offered as deploy_record_deploy, in the trajectory as mcp__deploy__record_deploy", async () => {
    const fake = await startFakeOpenAI([
      { call: { name: "deploy_record_deploy", arguments: { target: "production" } } },
      { text: "Recorded." },
    ]);
    const r = await runOther(
      (home) =>
        opencode({
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
                models: { "fake-model": { name: "Fake" } },
              },
            },
          },
        }),
      [fake.close],
    );
    expect(r.exitCode, describeTrial(r.result, r.files)).toBe(0);
    expect(fake.warnings).toEqual([]);
    expect(r.files!.trial.trajectory).toEqual([
      expect.objectContaining({
        tool: TOOL,
        agentTool: "deploy_record_deploy",
        input: { target: "production" },
        isError: false,
      }),
    ]);
  }, 120_000);
});

/** A call log the server can write from the trial's sandbox (removed after `use`). */
async function withCallLog<T>(name: string, use: (callLog: string) => Promise<T>): Promise<T> {
  const callLog = path.join(
    await fs.realpath(REPO_ROOT),
    `.mcp-calls-${name}-${process.pid}.jsonl`,
  );
  await fs.rm(callLog, { force: true });
  try {
    return await use(callLog);
  } finally {
    await fs.rm(callLog, { force: true });
  }
}

/** The calls the server recorded, or [] when it never ran one. */
async function serverCalls(callLog: string): Promise<unknown[]> {
  const text = await fs.readFile(callLog, "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as unknown);
}

/** codex and copilot against the fake OpenAI API: what each offers the model, and its adapter. */
const openaiAgents: Array<{
  name: string;
  /** The scripted call of the server's tool, under the name the CLI offers it. */
  useTool: OpenAITurn;
  agentTool: string;
  adapter: (fake: FakeOpenAI, home: string) => AgentAdapter;
}> = [
  {
    name: "codex",
    // Codex offers a server's tools in a Responses namespace `mcp__<server>`.
    useTool: {
      call: {
        name: "record_deploy",
        namespace: "mcp__deploy",
        arguments: { target: "production" },
      },
    },
    agentTool: "mcp_tool_call",
    adapter: (fake, home) =>
      codex({
        bin: requireBin("codex"),
        // Its default model (gpt-6.2-sol) gets MCP tools deferred, not offered in the request.
        model: "gpt-5-codex",
        args: codexFakeArgs(fake.url),
        env: { [CODEX_FAKE_KEY_ENV]: "sk-fake-key", HOME: home },
      }),
  },
  {
    name: "copilot",
    // Copilot offers them as `<server>-<tool>` functions.
    useTool: { call: { name: "deploy-record_deploy", arguments: { target: "production" } } },
    agentTool: "deploy-record_deploy",
    adapter: (fake, home) =>
      copilot({
        bin: requireBin("copilot"),
        model: "gpt-4.1",
        maxApiErrors: 1,
        env: {
          HOME: home,
          COPILOT_PROVIDER_BASE_URL: `${fake.url}/v1`,
          COPILOT_PROVIDER_API_KEY: "sk-fake-key",
          COPILOT_OFFLINE: "true",
        },
      }),
  },
];

describe("MCP servers through codex and copilot (real CLIs, the same real MCP server)", () => {
  it("codex reads the servers' `-c` TOML back as given: quotes, backslashes, newlines, DEL, unicode", async () => {
    const odd = 'a "quoted" \\ back\\slash\nnew line\ttab \u007f del é 🚀 = , { } [ ]';
    const server = {
      command: `/opt/my tools/${odd}`,
      args: ["--x", odd, ""],
      env: { [`K ${odd}`]: odd },
    };
    const home = await tempDir();
    const r = await runAgentCli(
      requireBin("codex"),
      ["mcp", "get", "odd", "--json", ...codexMcpArgs({ odd: server })],
      { cwd: home, env: fakeCodexEnv(home) },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      name: "odd",
      transport: { type: "stdio", ...server },
    });
  });

  for (const agent of openaiAgents) {
    it(`${agent.name}: given the server, the model's call runs it and is in the trajectory as ${TOOL}`, async () => {
      await withCallLog(agent.name, async (callLog) => {
        const fake = await startFakeOpenAI([agent.useTool, { text: "Recorded." }]);
        const r = await runOther(
          (home) => agent.adapter(fake, home),
          [fake.close],
          mcpEval(callLog, "    forbidden_tools: [Bash]\n"),
        );
        expect(r.exitCode, describeTrial(r.result, r.files)).toBe(0);
        expect(fake.warnings).toEqual([]);
        expect(r.files!.trial.trajectory).toEqual([
          expect.objectContaining({
            tool: TOOL,
            agentTool: agent.agentTool,
            input: { target: "production" },
            result: "recorded production",
            isError: false,
          }),
        ]);
        // The server itself ran, in the trial's sandbox, with the eval's env (deploy.txt says tok-42).
        expect(await serverCalls(callLog)).toEqual([
          { target: "production", cwd: expect.stringContaining("work") },
        ]);
        expect(r.result.trials[0]!.checks.at(-1)).toMatchObject({
          ok: true,
          evidence: `trajectory: ${TOOL}`,
        });
      });
    }, 120_000);

    it(`${agent.name}: forbidden_tools can forbid the MCP tool`, async () => {
      const fake = await startFakeOpenAI([agent.useTool, { text: "Recorded." }]);
      const r = await runOther(
        (home) => agent.adapter(fake, home),
        [fake.close],
        mcpEval("/dev/null", `    forbidden_tools: [${TOOL}]\n`),
      );
      expect(r.exitCode, describeTrial(r.result, r.files)).toBe(1);
      const check = r.result.trials[0]!.checks.at(-1)!;
      expect(check).toMatchObject({ ok: false });
      expect(check.evidence).toContain(`forbidden tool ${TOOL} was used`);
    }, 120_000);
  }
});

describe("mcp in a definition: bad input", () => {
  it("a bad server name or a missing command is exit 2 naming the file and line, nothing run", async () => {
    const { root } = await agentProject(`name: bad
agents: [literal]
prompt: hi
mcp:
  "bad name": { command: node }
  docs: { args: [server.js] }
assertions:
  files: [README.md]
`);
    const result = await runCli(["eval", "--cwd", root], { env: { CI: "true" } });
    expect(result.code, result.stderr + result.stdout).toBe(2);
    const out = result.stderr + result.stdout;
    expect(out).toMatch(/task\.eval\.yaml:5/);
    expect(out).toMatch(/not an MCP server name/);
    expect(out).toMatch(/task\.eval\.yaml:6/);
    expect(out).toMatch(/command/);
  });
});
