import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { discoverEvalFiles } from "../../src/define/discover.js";
import { loadEvals } from "../../src/define/load.js";
import { EVAL_KINDS } from "../../src/kinds/index.js";
import * as libraryApi from "../../src/library.js";
import { Codes, DefinitionError } from "../../src/model/errors.js";
import {
  codexLoginConfig,
  loginPart,
  makeTrialHome,
  trialHomeEnv,
} from "../../src/run/isolation/resolve.js";
import { makeProject } from "../helpers/project.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function load(files: Record<string, string>) {
  const root = await makeProject(files);
  dirs.push(root);
  return loadEvals(await discoverEvalFiles(root), {
    projectRoot: root,
    libraryApi: { ...libraryApi },
    kinds: EVAL_KINDS,
  });
}

async function problems(files: Record<string, string>) {
  try {
    await load(files);
  } catch (error) {
    expect(error).toBeInstanceOf(DefinitionError);
    return (error as DefinitionError).problems;
  }
  throw new Error("expected a DefinitionError");
}

describe("the login part of the files carried into a trial's HOME", () => {
  it("keeps ~/.claude.json's login, not its MCP servers or project state", () => {
    const text = JSON.stringify({
      oauthAccount: { emailAddress: "a@b" },
      primaryApiKey: "sk",
      hasCompletedOnboarding: true,
      mcpServers: { x: { command: "evil" } },
      projects: { "/p": { mcpServers: {} } },
    });
    expect(JSON.parse(loginPart(".claude.json", text))).toEqual({
      oauthAccount: { emailAddress: "a@b" },
      primaryApiKey: "sk",
      hasCompletedOnboarding: true,
    });
  });

  it("keeps settings.json's apiKeyHelper and env, not hooks, plugins or permissions", () => {
    const text = JSON.stringify({
      apiKeyHelper: "get-key",
      env: { CLAUDE_CODE_USE_BEDROCK: "1" },
      hooks: { SessionStart: [] },
      enabledPlugins: { p: true },
      permissions: { allow: ["Bash"] },
    });
    expect(JSON.parse(loginPart(".claude/settings.json", text))).toEqual({
      apiKeyHelper: "get-key",
      env: { CLAUDE_CODE_USE_BEDROCK: "1" },
    });
    expect(loginPart(".claude/settings.json", "not json")).toBe("{}\n");
  });

  it("keeps only the login variables of settings.json's env: a personal PATH stays at home", () => {
    const text = JSON.stringify({
      env: {
        PATH: "/home/me/bin:/usr/bin",
        ANTHROPIC_API_KEY: "sk-ant-x",
        AWS_REGION: "us-east-1",
        EDITOR: "vim",
        NODE_OPTIONS: "--require /home/me/x.js",
      },
    });
    expect(JSON.parse(loginPart(".claude/settings.json", text))).toEqual({
      env: { ANTHROPIC_API_KEY: "sk-ant-x", AWS_REGION: "us-east-1" },
    });
    expect(
      JSON.parse(loginPart(".claude/settings.json", JSON.stringify({ env: { PATH: "/x" } }))),
    ).toEqual({});
  });

  it("keeps config.toml's model and provider tables, not instructions, MCP servers or profiles", () => {
    const text = [
      'model = "gpt-5-codex"',
      'model_provider = "corp"',
      'developer_instructions = "be personal"',
      'model_instructions_file = "/x"',
      'notify = ["say"]',
      "",
      "[model_providers.corp]",
      'base_url = "https://llm.corp/v1"',
      'env_key = "CORP_KEY"',
      "",
      "[mcp_servers.x]",
      'command = "evil"',
      "[profiles.p]",
      'model = "other"',
    ].join("\n");
    expect(codexLoginConfig(text)).toBe(
      [
        'model = "gpt-5-codex"',
        'model_provider = "corp"',
        "[model_providers.corp]",
        'base_url = "https://llm.corp/v1"',
        'env_key = "CORP_KEY"',
        "",
        "",
      ].join("\n"),
    );
  });

  it("seeds only the login files, from CLAUDE_CONFIG_DIR and CODEX_HOME when set, then sandbox.home", async () => {
    const root = await makeProject({
      "real/.bashrc": "personal",
      "real/.gitconfig": "[user]\n",
      "real/.claude/CLAUDE.md": "personal",
      "real/.claude/skills/x/SKILL.md": "personal",
      "cfg/.credentials.json": '{"claudeAiOauth":{}}',
      "cfg/CLAUDE.md": "personal",
      "cx/auth.json": "{}",
      "cx/AGENTS.md": "personal",
    });
    dirs.push(root);
    const home = path.join(root, "trial-home");
    await makeTrialHome(
      home,
      {
        HOME: path.join(root, "real"),
        CLAUDE_CONFIG_DIR: path.join(root, "cfg"),
        CODEX_HOME: path.join(root, "cx"),
      },
      { ".claude/CLAUDE.md": "from the eval" },
    );
    const files = (await fs.readdir(home, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(home, path.join(e.parentPath, e.name)))
      .sort();
    expect(files).toEqual([
      ".claude/.credentials.json",
      ".claude/CLAUDE.md",
      ".codex/auth.json",
      ".gitconfig",
    ]);
    expect(await fs.readFile(path.join(home, ".claude/CLAUDE.md"), "utf8")).toBe("from the eval");
  });
});

describe("the trial HOME's environment", () => {
  it("points the agents' config inside it and keeps Claude Code's macOS keychain item the user's", () => {
    expect(trialHomeEnv("/t/home", {}, "linux")).toEqual({
      HOME: "/t/home",
      CLAUDE_CONFIG_DIR: "/t/home/.claude",
      // Empty: the keychain item is the default one, the file store is $HOME/.claude.
      CLAUDE_SECURESTORAGE_CONFIG_DIR: "",
      CODEX_HOME: "/t/home/.codex",
      XDG_CONFIG_HOME: "/t/home/.config",
      XDG_DATA_HOME: "/t/home/.local/share",
      XDG_STATE_HOME: "/t/home/.local/state",
      XDG_CACHE_HOME: "/t/home/.cache",
    });
    const own = { CLAUDE_CONFIG_DIR: "/u/cfg" };
    expect(trialHomeEnv("/t/home", own, "darwin").CLAUDE_SECURESTORAGE_CONFIG_DIR).toBe("/u/cfg");
    expect(trialHomeEnv("/t/home", own, "linux")).not.toHaveProperty(
      "CLAUDE_SECURESTORAGE_CONFIG_DIR",
    );
    expect(
      trialHomeEnv("/t/home", { CLAUDE_SECURESTORAGE_CONFIG_DIR: "/x" }, "darwin"),
    ).not.toHaveProperty("CLAUDE_SECURESTORAGE_CONFIG_DIR");
  });
});

describe("sandbox.home in eval files", () => {
  it("loads it from YAML (alone or beside a fixture) and from TypeScript, hashed into the definition", async () => {
    const yaml = (text: string) => `name: y
prompt: hi
sandbox:
  fixture: { "a.txt": "a" }
  home: { ".claude/CLAUDE.md": "${text}" }
assertions: { files: [a.txt] }
`;
    const [y1] = await load({ "evals/y.eval.yaml": yaml("one") });
    const [y2] = await load({ "evals/y.eval.yaml": yaml("two") });
    expect(y1!.workspace).toEqual({
      kind: "fixture",
      files: { "a.txt": "a" },
      home: { ".claude/CLAUDE.md": "one" },
    });
    expect(y1!.definitionHash).not.toBe(y2!.definitionHash);

    const ts = (text: string) => `import { defineEval, fileExists } from "agent-evals";
export const t = defineEval("hi", {
  sandbox: { home: { ".codex/AGENTS.md": "${text}" } },
  assert: [fileExists("x")],
});`;
    const [t1] = await load({ "evals/t.eval.ts": ts("one") });
    const [t2] = await load({ "evals/t.eval.ts": ts("two") });
    expect(t1!.workspace).toMatchObject({ kind: "repo", home: { ".codex/AGENTS.md": "one" } });
    expect(t1!.definitionHash).not.toBe(t2!.definitionHash);
  });

  it("rejects absolute, `..` and `~` paths with the file, line and a fix, in both formats", async () => {
    for (const key of ["/etc/passwd", "../x", "~/.bashrc"]) {
      const [yamlProblem] = await problems({
        "evals/y.eval.yaml": `name: y\nprompt: hi\nsandbox:\n  home: { "${key}": "x" }\nassertions: { files: [a] }\n`,
      });
      expect(yamlProblem).toMatchObject({ line: 4, code: Codes.badPath });
      expect(yamlProblem!.fix).toMatch(/relative to HOME/);
      const [tsProblem] = await problems({
        "evals/t.eval.ts": `import { defineEval, fileExists } from "agent-evals";
export const t = defineEval("hi", { sandbox: { home: { "${key}": "x" } }, assert: [fileExists("x")] });`,
      });
      expect(tsProblem).toMatchObject({ line: 2, code: Codes.badPath });
      expect(tsProblem!.fix).toMatch(/relative to HOME/);
    }
  });
});
