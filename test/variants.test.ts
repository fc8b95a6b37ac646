/**
 * Variants with real parts: a variant's `files` laid over a filled sandbox (written, replaced,
 * removed; never through a symlink), the prepared-sandbox store key, a trial of an expanded variant
 * whose agent sees the overlay and gets the variant's `args`, the real `claude` CLI getting them
 * (against the fake Anthropic API), command templates, and bad variants through the bundled CLI:
 * exit 2, every problem named, nothing run.
 */
import { execFile } from "node:child_process";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claudeCode } from "../src/agents/claude-code.js";
import { commandLine } from "../src/agents/command.js";
import { scriptAgent } from "../src/agents/script.js";
import { renderPrompt } from "../src/define/prompt.js";
import { loadYamlEval } from "../src/kinds/task/load.js";
import type { AgentAdapter, EvalSpec } from "../src/model/eval.js";
import { expandVariant } from "../src/plan/index.js";
import { runTrial } from "../src/run/trial.js";
import { limitsOf, resolveEvals } from "../src/run/index.js";
import { prepareTree } from "../src/run/workspace/prepare.js";
import { fillWorkspace } from "../src/run/workspace/fill.js";
import { makeTempDir, TreeError } from "../src/run/workspace/io.js";
import { removeTree } from "../src/run/workspace/remove.js";
import { startFakeAnthropic, type FakeAnthropic } from "./fakes/anthropic.js";
import { requireBin } from "./fakes/clis.js";
import { agentProject, engineEnv, removeAgentProjects } from "./helpers/agent-run.js";
import { makeProject, REPO_ROOT } from "./helpers/project.js";

const dirs: string[] = [];
const fakes: FakeAnthropic[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
  await Promise.all(dirs.splice(0).map((d) => removeTree(d)));
  await removeAgentProjects();
});

async function tempDir(label: string): Promise<string> {
  const dir = await makeTempDir(label);
  dirs.push(dir);
  return dir;
}

async function listTree(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(root, { withFileTypes: true, recursive: true })) {
    const rel = path.relative(root, path.join(entry.parentPath, entry.name));
    out.push(entry.isSymbolicLink() ? `${rel} -> link` : entry.isDirectory() ? `${rel}/` : rel);
  }
  return out.sort();
}

describe("a variant's files over the sandbox", () => {
  it("writes new files (with their folders), replaces files, removes files and folders", async () => {
    const template = await tempDir("tpl");
    await fs.mkdir(path.join(template, ".claude/skills/x"), { recursive: true });
    await fs.writeFile(path.join(template, ".claude/skills/x/SKILL.md"), "skill");
    await fs.mkdir(path.join(template, "docs"));
    await fs.writeFile(path.join(template, "docs/a.md"), "a");
    await fs.writeFile(path.join(template, "README.md"), "old");
    const dest = await tempDir("dest");
    await fillWorkspace(
      {
        kind: "template",
        dir: template,
        overlay: {
          ".claude/skills/x/SKILL.md": null,
          docs: null,
          "README.md": "new",
          "nested/deep/CLAUDE.md": "Be brief.",
          "gone-already.txt": null,
        },
      },
      dest,
    );
    expect(await listTree(dest)).toEqual([
      ".claude/",
      ".claude/skills/",
      ".claude/skills/x/",
      "README.md",
      "nested/",
      "nested/deep/",
      "nested/deep/CLAUDE.md",
    ]);
    expect(await fs.readFile(path.join(dest, "README.md"), "utf8")).toBe("new");
    // The template itself is untouched.
    expect(await fs.readFile(path.join(template, ".claude/skills/x/SKILL.md"), "utf8")).toBe(
      "skill",
    );
  });

  it("never writes through a symlink: a linked folder on the way, or a link at the file", async () => {
    const outside = await tempDir("outside");
    const template = await tempDir("tpl");
    await fs.mkdir(path.join(template, "real"));
    await fs.symlink("real", path.join(template, "inner-link")); // inside: copied as a link
    await fs.writeFile(path.join(template, "real/file.txt"), "x");
    await fs.symlink("real/file.txt", path.join(template, "file-link"));
    for (const [overlay, names] of [
      [{ "inner-link/new.txt": "y" }, '"inner-link"'],
      [{ "file-link": "y" }, '"file-link"'],
    ] as const) {
      const dest = await tempDir("dest");
      const error = await fillWorkspace({ kind: "template", dir: template, overlay }, dest).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TreeError);
      expect((error as Error).message).toContain(`goes through the symlink ${names}`);
      expect((error as Error).message).toContain("Fix:");
      expect(await fs.readdir(path.join(dest, "real"))).toEqual(["file.txt"]);
    }
    // Removing a link removes the link, not what it points to.
    const dest = await tempDir("dest");
    await fillWorkspace(
      { kind: "template", dir: template, overlay: { "file-link": null, "inner-link": null } },
      dest,
    );
    expect(await listTree(dest)).toEqual(["real/", "real/file.txt"]);
    expect(await fs.readdir(outside)).toEqual([]);
  });

  it("refuses a path that escapes, or a file where the sandbox has a folder, before writing", async () => {
    for (const [overlay, text] of [
      [{ "../x": "y" }, "contains a '..' segment"],
      [{ "/tmp/x": "y" }, "is an absolute path"],
      [{ "a.txt": "first", "src/x": "y", "src/x/y": "z" }, 'needs "src/x" to be a folder'],
      [{ "a.txt": "first", src: "y" }, "is a folder in the sandbox"],
    ] as const) {
      const dest = await tempDir("dest");
      const error = await fillWorkspace(
        { kind: "fixture", files: { "src/app.ts": "app" }, overlay },
        dest,
      ).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, JSON.stringify(overlay)).toBeInstanceOf(TreeError);
      expect((error as Error).message).toContain(text);
      expect(existsSync(path.join(dest, "a.txt"))).toBe(false);
    }
  });

  it("the prepared-sandbox store key differs between the eval and its variant", async () => {
    const keys: string[] = [];
    const store = {
      keyFor: (spec: { id: string; setup: string[]; templateHash: string }) => {
        const key = `${spec.id}-${spec.templateHash}`;
        keys.push(key);
        return key;
      },
      restore: async () => false,
      save: async () => undefined,
    };
    const spec: EvalSpec = {
      ...baseSpec(),
      setup: ["true"],
      variants: [{ name: "v", files: { "CLAUDE.md": "Be brief." } }],
    };
    for (const s of [spec, expandVariant(spec, spec.variants![0]!), spec]) {
      const prepared = await prepareTree(s, { env: { PATH: process.env.PATH! }, keep: false });
      await prepared.dispose();
      const withStore = await prepareTree(s, {
        env: { PATH: process.env.PATH! },
        keep: false,
        store,
      });
      await withStore.dispose();
    }
    expect(keys).toHaveLength(3);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe(keys[0]);
  });
});

function baseSpec(): EvalSpec {
  return {
    id: "v",
    file: "/p/evals/v.eval.yaml",
    format: "yaml",
    agents: [],
    trials: 1,
    passRate: 1,
    workspace: { kind: "fixture", files: { "README.md": "# app" } },
    isolation: {},
    setup: [],
    shims: {},
    checks: [{ type: "fileExists", path: "README.md" }],
    timeoutMs: 30_000,
    definitionHash: "h",
  };
}

/** One trial of `spec` with `agent`, through the real trial runner. */
async function trialOf(
  spec: EvalSpec,
  agent: AgentAdapter,
  env: Record<string, string>,
  keepWorkspace = false,
) {
  const out = await tempDir("out");
  const prepared = await prepareTree(spec, { env, keep: false });
  try {
    return await runTrial({
      spec,
      agent,
      prompt: spec.prompt ? renderPrompt(spec.prompt, env) : undefined,
      n: 1,
      prepared,
      outDir: out,
      projectRoot: out,
      baseEnv: env,
      keepWorkspace,
      signal: new AbortController().signal,
      isolation: resolveEvals([spec], undefined).get(spec)!,
      limits: limitsOf(spec),
    });
  } finally {
    await prepared.dispose();
  }
}

const skillTask = `name: greet
prompt: Greet.
sandbox:
  fixture:
    ".claude/skills/greet/SKILL.md": "Say hi."
    "README.md": "# app"
assertions:
  files: [seen.txt]
  contains:
    - { file: seen.txt, text: "skill=no" }
    - { file: seen.txt, text: "Be brief." }
    - { file: seen.txt, text: "args=--flag|two words" }
variants:
  - name: without-skill
    files:
      ".claude/skills/greet/SKILL.md": null
      "CLAUDE.md": "Be brief."
    args: ["--flag", "two words"]
`;

describe("a trial of a variant", () => {
  it("the agent sees the overlay in its sandbox and gets the variant's args", async () => {
    const spec = loadYamlEval("evals/greet.eval.yaml", skillTask, { projectRoot: "/p" });
    const variant = expandVariant(spec, spec.variants![0]!);
    // Records what it sees: the skill, CLAUDE.md, and its arguments after the prompt ($1).
    const agent = scriptAgent(
      "recorder",
      'shift; { test -e .claude/skills/greet/SKILL.md && echo skill=yes || echo skill=no; cat CLAUDE.md 2>/dev/null; echo; IFS="|"; echo "args=$*"; } > seen.txt',
    );
    const env = { PATH: process.env.PATH! };
    const varied = await trialOf(variant, agent, env);
    expect(varied.status, JSON.stringify(varied)).toBe("passed");
    // The control: the skill is there, no CLAUDE.md, no args.
    const control = await trialOf(spec, agent, env, true);
    expect(control.status).toBe("failed");
    dirs.push(path.dirname(control.workspace!));
    expect(await fs.readFile(path.join(control.workspace!, "seen.txt"), "utf8")).toBe(
      "skill=yes\n\nargs=\n",
    );
  });
});

describe("the real claude CLI of a variant", () => {
  it("gets the variant's args and model on its command line", async () => {
    const { home } = await agentProject("name: unused\nassertions:\n  files: [x]\n");
    const fake = await startFakeAnthropic([{ text: "Done." }]);
    fakes.push(fake);
    const adapter = claudeCode({
      bin: requireBin("claude"),
      env: {
        ANTHROPIC_BASE_URL: fake.url,
        ANTHROPIC_API_KEY: "sk-ant-fake-key",
        CLAUDE_CODE_MAX_RETRIES: "0",
        HOME: home,
      },
    });
    const spec: EvalSpec = {
      ...baseSpec(),
      prompt: { text: "Say done.", params: {}, secrets: [] },
      model: "claude-sonnet-4-5",
      variants: [
        {
          name: "marked",
          model: "claude-haiku-4-5",
          args: ["--append-system-prompt", "VARIANT-MARK-7f3a"],
        },
      ],
    };
    const result = await trialOf(expandVariant(spec, spec.variants![0]!), adapter, {
      ...engineEnv(home),
    });
    expect(result.status, JSON.stringify(result)).toBe("passed");
    const first = fake.requests.find((r) => JSON.stringify(r.body ?? {}).includes("Say done."));
    expect(first, JSON.stringify(fake.requests.map((r) => r.body))).toBeDefined();
    expect(JSON.stringify(first!.body.system)).toContain("VARIANT-MARK-7f3a");
    expect(first!.body.model).toBe("claude-haiku-4-5");
  });
});

describe("a command template agent of a variant", () => {
  it("gets the args appended as quoted words, or refuses where they would not reach it", async () => {
    expect(commandLine("my-agent --prompt {prompt}", "hi", ["--x", "it's $(rm)"])).toBe(
      `my-agent --prompt 'hi' '--x' 'it'\\''s $(rm)'`,
    );
    expect(commandLine("my-agent {prompt} 2>&1", "hi", ["--x"])).toBe(`my-agent 'hi' 2>&1 '--x'`);
    expect(commandLine("my-agent {prompt}; echo done", "hi", [])).toBe(`my-agent 'hi'; echo done`);
    for (const [template, why] of [
      ["my-agent {prompt}; echo done", "runs more than one command (`;`"],
      ["my-agent {prompt} && notify", "runs more than one command (`&`"],
      ["my-agent {prompt} | tee log", "runs more than one command (`|`"],
      ["my-agent {prompt} # note", "ends inside a # comment"],
      ["my-agent {prompt} 'unclosed", "ends inside single quotes"],
    ]) {
      expect(() => commandLine(template!, "hi", ["--x"]), template).toThrow(why!);
    }
    // Through bash for real: each argument arrives as one.
    const root = await tempDir("cmd");
    const script = path.join(root, "show.sh");
    await fs.writeFile(script, '#!/bin/bash\nprintf "[%s]" "$@" > "$OUT"\n', { mode: 0o755 });
    const out = path.join(root, "out.txt");
    await new Promise<void>((resolve, reject) =>
      execFile(
        "bash",
        ["-c", commandLine(`${script} {prompt}`, "a b", ["--x", "y z", "$(touch pwned)"])],
        { cwd: root, env: { ...process.env, OUT: out } },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    expect(await fs.readFile(out, "utf8")).toBe("[a b][--x][y z][$(touch pwned)]");
    expect(existsSync(path.join(root, "pwned"))).toBe(false);
  });
});

describe("bad variants through the bundled CLI", () => {
  it("exit 2, each problem with its file, line and fix, and nothing run", async () => {
    const root = await makeProject({
      "evals/a.eval.yaml": `name: a
prompt: "\`\`\`sh\\ntouch ran-marker\\n\`\`\`"
agents: [literal]
sandbox: { fixture: { "README.md": "# app" } }
assertions:
  files: [ran-marker]
variants:
  - name: nothing
  - name: twice
    model: m
  - name: twice
    model: n
  - name: escape
    files: { "../../etc/x": y }
`,
      "evals/b.eval.ts": `import { defineEval, fileExists } from "agent-evals";
export const b = defineEval("x", {
  agents: ["literal"],
  assert: [fileExists("x")],
  variants: [{ name: "up", files: { "/abs": "y" } }],
});
`,
    });
    dirs.push(root);
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        [path.join(REPO_ROOT, "dist/cli/index.js"), "eval", "--cwd", root, "--unsafe-local"],
        { cwd: root, env: { ...process.env, CI: "", NO_COLOR: "1" } },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      ),
    );
    const output = result.stdout + result.stderr;
    expect(result.code, output).toBe(2);
    expect(output).toContain('evals/a.eval.yaml:8:5: AE119 variant "nothing" overrides nothing');
    expect(output).toContain("fix: give it at least one of `prompt`, `files`, `model`");
    expect(output).toContain("evals/a.eval.yaml:11:11: AE120");
    expect(output).toContain("fix: give each variant its own `name`");
    expect(output).toMatch(/evals\/a\.eval\.yaml:14:\d+: AE106 .*"\.\.\/\.\.\/etc\/x"/);
    expect(output).toMatch(/evals\/b\.eval\.ts:5: AE106 .*`\/abs` is an absolute path/);
    expect(output).toContain("nothing was run");
    expect(existsSync(path.join(root, ".copybook"))).toBe(false);
  });
});
