/**
 * A trial's HOME, with the REAL `claude` and `codex` binaries from .agent-clis/ run through the CLI
 * (`--unsafe-local`, CI unset) against the fake model servers. The CLI's HOME is a fake one holding
 * a marker in every personal file (shell rc, CLAUDE.md, skills, agents, commands, hooks, MCP
 * servers, codex config and AGENTS.md): no marker may reach the model, and the fake HOME must be
 * byte-for-byte unchanged after the run. `sandbox.home` and `--real-home` do let files in.
 */
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeAnthropic, type AnthropicTurn, type FakeAnthropic } from "./fakes/anthropic.js";
import { startFakeOpenAI, type FakeOpenAI, type OpenAITurn } from "./fakes/openai.js";
import { AGENT_CLIS_DIR, CODEX_FAKE_KEY_ENV, requireBin } from "./fakes/clis.js";
import { removeAgentProjects, tempDir, uniqueToken } from "./helpers/agent-run.js";
import { makeProject, runCli } from "./helpers/project.js";

const servers: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await removeAgentProjects();
});

/** A stdio MCP server offering one tool named and described `marker`. */
const mcpServer = (marker: string) => `
const rl = require("node:readline").createInterface({ input: process.stdin });
const send = (msg) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...msg }) + "\\n");
rl.on("line", (line) => {
  let req; try { req = JSON.parse(line); } catch { return; }
  if (req.id === undefined) return;
  if (req.method === "initialize")
    return send({ id: req.id, result: { protocolVersion: req.params.protocolVersion,
      capabilities: { tools: {} }, serverInfo: { name: "personal", version: "1.0.0" } } });
  if (req.method === "tools/list")
    return send({ id: req.id, result: { tools: [{ name: ${JSON.stringify(marker)},
      description: ${JSON.stringify(marker)}, inputSchema: { type: "object", properties: {} } }] } });
  send({ id: req.id, result: {} });
});
`;

interface Markers {
  bashrc: string;
  claudeMd: string;
  skill: string;
  agent: string;
  command: string;
  hook: string;
  mcp: string;
  codexConfig: string;
  codexAgents: string;
}

/** A fake real HOME with a marker in each personal file, and the codex login for `openaiUrl`. */
async function plantHome(openaiUrl = "http://127.0.0.1:9"): Promise<{ home: string; m: Markers }> {
  const token = uniqueToken("home");
  const m: Markers = {
    bashrc: `BASHRC-MARKER-${token}`,
    claudeMd: `CLAUDEMD-MARKER-${token}`,
    skill: `SKILL-MARKER-${token}`,
    agent: `AGENT-MARKER-${token}`,
    command: `COMMAND-MARKER-${token}`,
    hook: `HOOK-MARKER-${token}`,
    // A tool name: Claude Code may defer MCP tools, sending only their names.
    mcp: `MCP_MARKER_${token.replace(/-/g, "_")}`,
    codexConfig: `CODEXCONFIG-MARKER-${token}`,
    codexAgents: `CODEXAGENTS-MARKER-${token}`,
  };
  const home = await tempDir("ae-fake-home-");
  const tools = await tempDir("ae-mcp-");
  await fs.writeFile(path.join(tools, "mcp.cjs"), mcpServer(m.mcp));
  const hook = [{ hooks: [{ type: "command", command: `echo ${m.hook}` }] }];
  const files: Record<string, string> = {
    // The function's body, not its name, holds the marker: the model's command names it.
    ".bashrc": `personal_fn() { echo "${m.bashrc}"; }\nexport PERSONAL_VAR="${m.bashrc}"\n`,
    ".claude/CLAUDE.md": `# Personal\n\nAlways mention ${m.claudeMd}.\n`,
    ".claude/skills/x/SKILL.md": `---\nname: x\ndescription: ${m.skill} use for everything\n---\n\nSay ${m.skill}.\n`,
    ".claude/agents/a.md": `---\nname: a\ndescription: ${m.agent} use proactively\n---\n\nSay ${m.agent}.\n`,
    ".claude/commands/c.md": `---\ndescription: ${m.command}\n---\n\nSay ${m.command}.\n`,
    ".claude/settings.json": JSON.stringify({
      hooks: { SessionStart: hook, UserPromptSubmit: hook },
    }),
    ".claude.json": JSON.stringify({
      hasCompletedOnboarding: true,
      mcpServers: {
        personal: { type: "stdio", command: process.execPath, args: [path.join(tools, "mcp.cjs")] },
      },
    }),
    ".codex/config.toml":
      `model_provider = "fake"\n` +
      `developer_instructions = "Always mention ${m.codexConfig}."\n\n` +
      `[model_providers.fake]\nname = "fake"\nbase_url = "${openaiUrl}/v1"\nwire_api = "responses"\n` +
      `env_key = "${CODEX_FAKE_KEY_ENV}"\nrequest_max_retries = 0\nstream_max_retries = 0\n\n` +
      `[mcp_servers.personal]\ncommand = "${process.execPath}"\nargs = ["${path.join(tools, "mcp.cjs")}"]\n`,
    ".codex/AGENTS.md": `Always mention ${m.codexAgents}.\n`,
  };
  for (const [rel, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(home, rel)), { recursive: true });
    await fs.writeFile(path.join(home, rel), text);
  }
  return { home, m };
}

/** Every entry under `dir` (folders too), with each file's sha256. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, full);
    if (entry.isFile())
      out[rel] = createHash("sha256")
        .update(await fs.readFile(full))
        .digest("hex");
    else out[rel] = entry.isDirectory() ? "dir" : "other";
  }
  return out;
}

/** `home`: lines under `sandbox:` (indented); `top`: top-level lines. */
const task = (home = "", top = "") => `name: home
prompt: Run personal_fn in the shell, then say done.
sandbox:
  fixture: { "README.md": "# app\\n" }
${home}
${top}
timeout: 60
assertions:
  files: [README.md]
`;

function cliEnv(home: string, extra: Record<string, string | undefined>) {
  return {
    PATH: `${path.join(AGENT_CLIS_DIR, "bin")}${path.delimiter}${process.env.PATH ?? ""}`,
    HOME: home,
    SHELL: "/bin/bash",
    CI: undefined,
    GITHUB_ACTIONS: undefined,
    CLAUDE_CONFIG_DIR: undefined,
    CODEX_HOME: undefined,
    XDG_CONFIG_HOME: undefined,
    XDG_DATA_HOME: undefined,
    XDG_STATE_HOME: undefined,
    XDG_CACHE_HOME: undefined,
    ZDOTDIR: undefined,
    BASH_ENV: undefined,
    ...extra,
  };
}

async function runClaude(
  yamlExtra: string,
  flags: string[] = [],
  plant?: (home: string) => Promise<void>,
) {
  requireBin("claude");
  const script: AnthropicTurn[] = [
    {
      toolUse: { name: "Bash", input: { command: "personal_fn; echo PERSONAL_VAR=$PERSONAL_VAR" } },
    },
    { text: "done" },
  ];
  const fake: FakeAnthropic = await startFakeAnthropic(script);
  servers.push(fake);
  const { home, m } = await plantHome();
  await plant?.(home);
  const root = await makeProject({ "evals/home.eval.yaml": task(yamlExtra) });
  const before = await snapshot(home);
  const cli = await runCli(
    ["eval", "--cwd", root, "--agent", "claude-code", "--unsafe-local", "--trials", "1", ...flags],
    {
      env: cliEnv(home, {
        ANTHROPIC_BASE_URL: fake.url,
        ANTHROPIC_API_KEY: "sk-ant-fake-key",
        ANTHROPIC_AUTH_TOKEN: undefined,
        CLAUDE_CODE_MAX_RETRIES: "0",
      }),
      timeoutMs: 120_000,
    },
  );
  await fs.rm(root, { recursive: true, force: true });
  const sent = fake.requests.map((req) => JSON.stringify(req.body)).join("\n");
  const why = `exit ${cli.code}\n--- stdout\n${cli.stdout}\n--- stderr\n${cli.stderr}`;
  return { cli, sent, m, home, before, after: await snapshot(home), why, fake };
}

const claudeMarkers = (m: Markers) => [
  m.bashrc,
  m.claudeMd,
  m.skill,
  m.agent,
  m.command,
  m.hook,
  m.mcp,
];

describe("a trial's HOME (claude, through the CLI)", () => {
  it("lets no personal file reach the model and leaves the real HOME byte-for-byte unchanged", async () => {
    const r = await runClaude("");
    expect(r.cli.code, r.why).toBe(0);
    // The run did reach the model, and the shell ran the command (not found: no ~/.bashrc).
    expect(r.fake.requests.length, r.why).toBeGreaterThanOrEqual(2);
    expect(r.sent).toContain("personal_fn");
    for (const marker of claudeMarkers(r.m)) expect(r.sent, marker).not.toContain(marker);
    expect(r.after).toEqual(r.before);
    expect(r.cli.stdout + r.cli.stderr).toMatch(/own HOME holding only the login files/);
  }, 180_000);

  it("writes sandbox.home into the trial's HOME: its CLAUDE.md reaches the model, the real one does not", async () => {
    const r = await runClaude(
      `  home:\n    ".claude/CLAUDE.md": "Always mention EVAL-HOME-MARKER-${"x"}."`,
    );
    expect(r.cli.code, r.why).toBe(0);
    expect(r.sent).toContain("EVAL-HOME-MARKER-x");
    for (const marker of claudeMarkers(r.m)) expect(r.sent, marker).not.toContain(marker);
    expect(r.after).toEqual(r.before);
  }, 180_000);

  it("settings.json's env reaches the trial only for its login variables: a personal PATH does not hide the shims", async () => {
    const marker = `SETTINGS-ENV-MARKER-${uniqueToken("env")}`;
    const r = await runClaude("", [], async (home) => {
      await fs.writeFile(
        path.join(home, ".claude/settings.json"),
        JSON.stringify({ env: { PATH: "/nonexistent-personal-bin", PERSONAL_VAR: marker } }),
      );
    });
    expect(r.cli.code, r.why).toBe(0);
    expect(r.sent).toContain("personal_fn");
    // The Bash tool's echo of $PERSONAL_VAR came back empty, and its PATH was the trial's.
    expect(r.sent).not.toContain(marker);
    expect(r.sent).not.toContain("nonexistent-personal-bin");
  }, 180_000);

  it("--real-home lets every personal file in (the markers work), and says what it lets in", async () => {
    const r = await runClaude("", ["--real-home"]);
    expect(r.cli.code, r.why).toBe(0);
    for (const marker of claudeMarkers(r.m)) expect(r.sent, marker).toContain(marker);
    // Claude Code writes its state into the HOME it is given.
    expect(r.after).not.toEqual(r.before);
    expect(r.cli.stdout + r.cli.stderr).toMatch(
      /--real-home: trials run with your real HOME, so your shell rc files .*CLAUDE\.md memory, skills, agents, commands, hooks, plugins/,
    );
  }, 180_000);
});

describe("a trial's HOME still logs the agent in", () => {
  it("claude: the saved login (~/.claude/.credentials.json) is carried over, nothing else", async () => {
    requireBin("claude");
    const fake = await startFakeAnthropic([{ text: "done" }]);
    servers.push(fake);
    const { home, m } = await plantHome();
    const token = `sk-ant-oat01-${uniqueToken("login")}`;
    const far = Date.now() + 365 * 24 * 3600 * 1000;
    await fs.writeFile(
      path.join(home, ".claude/.credentials.json"),
      JSON.stringify({
        claudeAiOauth: {
          accessToken: token,
          refreshToken: "sk-ant-ort01-fake",
          expiresAt: far,
          scopes: ["user:inference", "user:profile"],
          subscriptionType: "pro",
        },
      }),
    );
    const root = await makeProject({ "evals/home.eval.yaml": task() });
    const before = await snapshot(home);
    const cli = await runCli(
      ["eval", "--cwd", root, "--agent", "claude-code", "--unsafe-local", "--trials", "1"],
      {
        env: cliEnv(home, {
          ANTHROPIC_BASE_URL: fake.url,
          ANTHROPIC_API_KEY: undefined,
          ANTHROPIC_AUTH_TOKEN: undefined,
          CLAUDE_CODE_OAUTH_TOKEN: undefined,
          CLAUDE_CODE_MAX_RETRIES: "0",
        }),
        timeoutMs: 120_000,
      },
    );
    await fs.rm(root, { recursive: true, force: true });
    const why = `exit ${cli.code}\n--- stdout\n${cli.stdout}\n--- stderr\n${cli.stderr}\n--- log\n${fake.log.join("\n")}`;
    expect(fake.requests.length, why).toBeGreaterThanOrEqual(1);
    expect(fake.requests[0]!.headers.authorization, why).toBe(`Bearer ${token}`);
    const sent = fake.requests.map((req) => JSON.stringify(req.body)).join("\n");
    for (const marker of claudeMarkers(m)) expect(sent, marker).not.toContain(marker);
    expect(await snapshot(home)).toEqual(before);
  }, 180_000);
});

describe("a trial's HOME (usage and definitions)", () => {
  it("refuses --real-home with --sandbox bwrap (exit 2), running nothing", async () => {
    const { home } = await plantHome();
    const root = await makeProject({ "evals/home.eval.yaml": task() });
    const cli = await runCli(
      [
        "eval",
        "--cwd",
        root,
        "--agent",
        "claude-code",
        "--unsafe-local",
        "--real-home",
        "--sandbox",
        "bwrap",
      ],
      { env: cliEnv(home, { ANTHROPIC_API_KEY: "sk-ant-fake-key" }) },
    );
    await fs.rm(root, { recursive: true, force: true });
    expect(cli.code, cli.stdout + cli.stderr).toBe(2);
    expect(cli.stderr).toMatch(/--real-home cannot be used with --sandbox bwrap/);
  });

  it("rejects a sandbox.home path that climbs out of HOME, with the file, line and a fix (exit 2)", async () => {
    const root = await makeProject({
      "evals/home.eval.yaml": task(`  home:\n    "../.bashrc": "x"`),
    });
    const cli = await runCli(["plan", "--cwd", root]);
    await fs.rm(root, { recursive: true, force: true });
    expect(cli.code, cli.stdout + cli.stderr).toBe(2);
    expect(cli.stderr).toMatch(/home\.eval\.yaml:\d+/);
    expect(cli.stderr).toMatch(/`\.\.`/);
    expect(cli.stderr).toMatch(/relative to HOME/);
  });
});

describe("a trial's HOME (codex, through the CLI)", () => {
  async function runCodex(yamlExtra: string, flags: string[] = []) {
    requireBin("codex");
    const script: OpenAITurn[] = [
      { call: { name: "exec_command", arguments: { cmd: "echo hello" } } },
      { text: "done" },
    ];
    const fake: FakeOpenAI = await startFakeOpenAI(script);
    servers.push(fake);
    const { home, m } = await plantHome(fake.url);
    const root = await makeProject({
      "evals/home.eval.yaml": task(yamlExtra, "model: gpt-5-codex"),
    });
    const before = await snapshot(home);
    const cli = await runCli(
      ["eval", "--cwd", root, "--agent", "codex", "--unsafe-local", "--trials", "1", ...flags],
      {
        env: cliEnv(home, { [CODEX_FAKE_KEY_ENV]: "sk-fake-key", OPENAI_API_KEY: undefined }),
        timeoutMs: 120_000,
      },
    );
    await fs.rm(root, { recursive: true, force: true });
    const sent = fake.requests.map((req) => JSON.stringify(req.body)).join("\n");
    const why = `exit ${cli.code}\n--- stdout\n${cli.stdout}\n--- stderr\n${cli.stderr}`;
    return { cli, sent, m, before, after: await snapshot(home), why, fake };
  }

  it("carries over the provider login only: no config instructions, MCP server or AGENTS.md; HOME unchanged", async () => {
    const r = await runCodex("");
    expect(r.cli.code, r.why).toBe(0);
    expect(r.fake.requests.length, r.why).toBeGreaterThanOrEqual(2);
    for (const marker of [r.m.codexConfig, r.m.codexAgents, r.m.mcp, r.m.bashrc])
      expect(r.sent, marker).not.toContain(marker);
    expect(r.after).toEqual(r.before);
  }, 180_000);

  it("sandbox.home's .codex/AGENTS.md reaches the model", async () => {
    const r = await runCodex(
      `  home:\n    ".codex/AGENTS.md": "Always mention EVAL-CODEX-MARKER."`,
    );
    expect(r.cli.code, r.why).toBe(0);
    expect(r.sent).toContain("EVAL-CODEX-MARKER");
    expect(r.sent).not.toContain(r.m.codexAgents);
  }, 180_000);
});
