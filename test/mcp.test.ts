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
import { codexMcpArgs } from "../src/agents/mcp-config.js";
import { runEvals } from "../src/engine/index.js";
import { startFakeGemini } from "./fakes/gemini.js";
import { startFakeOpenAI } from "./fakes/openai.js";
import {
  requestText,
  startFakeAnthropic,
  type AnthropicRequestBody,
  type AnthropicTurn,
  type FakeAnthropic,
} from "./fakes/anthropic.js";
import { fakeCodexEnv, REPO_ROOT, requireBin, runCli as runAgentCli } from "./fakes/clis.js";
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
import {
  closeFakes,
  codexAgainstFake,
  copilotAgainstFake,
  geminiAgainstFake,
  opencodeAgainstFake,
  runAgainstFake,
} from "./helpers/fake-agents.js";

const SERVER = path.join(REPO_ROOT, "test/fixtures/mcp/deploy-server.mjs");
const TOOL = "mcp__deploy__record_deploy";

const fakes: FakeAnthropic[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
  await closeFakes();
  await removeAgentProjects();
});

const mcpEval = (callLog: string, extra = "", startDelayMs = 0) => `name: deploy
prompt: Record the production deploy with the deploy tool.
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 60
mcp:
  deploy:
    command: node
    args: [${JSON.stringify(SERVER)}]
    env: { DEPLOY_TOKEN: tok-42, DEPLOY_CALL_LOG: ${JSON.stringify(callLog)}, DEPLOY_START_DELAY_MS: "${startDelayMs}" }
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
    await withCallLog("claude", async (callLog) => {
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
      expect(await serverCalls(callLog)).toEqual([
        { target: "production", cwd: expect.stringContaining("work") },
      ]);
      expect(result.trials[0]!.checks.at(-1)).toMatchObject({
        ok: true,
        evidence: `trajectory: ${TOOL}`,
      });
    });
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

const target = { target: "production" };

/**
 * The other agents with MCP support, each against its fake model server, whose model calls the
 * server's tool under the name that CLI offers it, then ends.
 */
const otherAgents: Array<{
  name: string;
  /** The CLI's own name for the tool (the trajectory's `agentTool`). */
  agentTool: string;
  run: (yaml: string) => ReturnType<typeof runAgainstFake>;
}> = [
  {
    name: "gemini",
    // In its settings' mcpServers; offered as `mcp_<server>_<tool>`.
    agentTool: "mcp_deploy_record_deploy",
    run: (yaml) =>
      runAgainstFake(
        yaml,
        () =>
          startFakeGemini([
            { call: { name: "mcp_deploy_record_deploy", args: target } },
            { text: "Recorded." },
          ]),
        geminiAgainstFake,
      ),
  },
  {
    name: "opencode",
    // In its config's `mcp`; offered as `<server>_<tool>`.
    agentTool: "deploy_record_deploy",
    run: (yaml) =>
      runAgainstFake(
        yaml,
        () =>
          startFakeOpenAI([
            { call: { name: "deploy_record_deploy", arguments: target } },
            { text: "Recorded." },
          ]),
        opencodeAgainstFake,
      ),
  },
  {
    name: "codex",
    // `-c mcp_servers.<name>=…`; offered in a Responses namespace `mcp__<server>`. Its default
    // model (gpt-6.2-sol) gets MCP tools left out of the request: gpt-5-codex is offered them.
    agentTool: "mcp_tool_call",
    run: (yaml) =>
      runAgainstFake(
        yaml,
        () =>
          startFakeOpenAI([
            { call: { name: "record_deploy", namespace: "mcp__deploy", arguments: target } },
            { text: "Recorded." },
          ]),
        (fake, home) => codexAgainstFake(fake, home, { model: "gpt-5-codex" }),
      ),
  },
  {
    name: "copilot",
    // `--additional-mcp-config @file`; offered as `<server>-<tool>`.
    agentTool: "deploy-record_deploy",
    run: (yaml) =>
      runAgainstFake(
        yaml,
        () =>
          startFakeOpenAI([
            { call: { name: "deploy-record_deploy", arguments: target } },
            { text: "Recorded." },
          ]),
        copilotAgainstFake,
      ),
  },
];

describe("MCP servers through gemini, opencode, codex and copilot (real CLIs, the same real MCP server)", () => {
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

  // opencode takes several seconds to start on a loaded machine: room beyond vitest's default.
  for (const agent of otherAgents) {
    it(`${agent.name}: given the server, the model's call runs it and is in the trajectory as ${TOOL}`, async () => {
      await withCallLog(agent.name, async (callLog) => {
        const r = await agent.run(mcpEval(callLog, "    forbidden_tools: [Bash]\n"));
        expect(r.exitCode, r.why).toBe(0);
        expect(r.fake.warnings).toEqual([]);
        expect(r.files!.trial.trajectory).toEqual([
          expect.objectContaining({
            tool: TOOL,
            agentTool: agent.agentTool,
            input: target,
            result: expect.stringContaining("recorded production"),
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
    }, 180_000);

    // The server starts slowly (as on a loaded runner): each CLI waits for its tools.
    it(`${agent.name}: forbidden_tools can forbid the MCP tool of a server that starts slowly`, async () => {
      const r = await agent.run(mcpEval("/dev/null", `    forbidden_tools: [${TOOL}]\n`, 4000));
      expect(r.exitCode, r.why).toBe(1);
      const check = r.result.trials[0]!.checks.at(-1)!;
      expect(check).toMatchObject({ ok: false });
      expect(check.evidence).toContain(`forbidden tool ${TOOL} was used`);
    }, 180_000);
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
