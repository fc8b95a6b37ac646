import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { discoverEvalFiles } from "../src/define/discover.js";
import { loadEvals } from "../src/define/load.js";
import * as libraryApi from "../src/library.js";
import { ChangedBaseError, changedEvals, type ChangedOptions } from "../src/plan/changed.js";
import { makeProject, writeFiles } from "./helpers/project.js";
import { EVAL_KINDS } from "../src/kinds/index.js";

const run = promisify(execFile);

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function git(cwd: string, ...args: string[]): Promise<string> {
  return (await run("git", args, { cwd })).stdout;
}

// The evals here start from a template folder (absent: the same at every ref), so an edit elsewhere
// in the project is no change of their sandbox; a repository snapshot's is (see "sandbox" below).
const YAML_EVAL = `name: yaml-setup
sandbox:
  template: evals/template
prompt: |
  Install the dependencies.
  \`\`\`sh
  npm ci
  \`\`\`
assertions:
  files: [package.json]
`;

/** The committed project: a YAML eval, TS evals whose prompts come from modules with helpers. */
const PROJECT: Record<string, string> = {
  "package.json": `{ "name": "demo", "type": "module" }\n`,
  "evals/setup.eval.yaml": YAML_EVAL,
  "src/steps.ts": `export function steps(): string {
  return ["npm ci", "npm run build"].join("\\n");
}
`,
  "src/prompts.ts": `import { definePrompt } from "agent-evals";
import { steps } from "./steps";

export const setUp = definePrompt({
  id: "set-up",
  text: "Set up the project with token {{API_TOKEN}}:\\n\\n\`\`\`sh\\n" + steps() + "\\n\`\`\`\\n",
  secrets: ["API_TOKEN"],
});

export const guide = definePrompt({ file: "./guide.md", params: { region: "eu" } });
`,
  "src/guide.md": "Deploy to {{region}}.\n",
  "evals/setup.eval.ts": `import { defineEval, fileExists, succeeds } from "agent-evals";
import { guide, setUp } from "../src/prompts";

export const tsSetup = defineEval(setUp, {
  agents: ["literal"],
  sandbox: { template: "evals/template" },
  assert: [fileExists("package.json"), succeeds("npm run build")],
});

export const deployGuide = defineEval(guide, {
  sandbox: { template: "evals/template" },
  assert: [fileExists("deploy.txt")],
});
`,
};

/** A git repo with PROJECT committed under `prefix`; returns the repo and the project root. */
async function makeRepo(prefix = ""): Promise<{ repo: string; root: string }> {
  const repo = await makeProject({});
  dirs.push(repo);
  await git(repo, "init", "--quiet", "--initial-branch=main");
  await git(repo, "config", "user.name", "Test");
  await git(repo, "config", "user.email", "test@example.com");
  await git(repo, "config", "commit.gpgsign", "false");
  const root = path.join(repo, prefix);
  await writeFiles(root, PROJECT);
  await writeFiles(repo, { ".gitignore": "node_modules/\n" });
  await commit(repo, "baseline");
  return { repo, root };
}

async function commit(repo: string, message: string): Promise<string> {
  await git(repo, "add", "-A");
  await git(repo, "commit", "--quiet", "-m", message);
  return (await git(repo, "rev-parse", "HEAD")).trim();
}

async function edit(root: string, file: string, from: string, to: string): Promise<void> {
  const full = path.join(root, file);
  const text = await fs.readFile(full, "utf8");
  if (!text.includes(from)) throw new Error(`${file} lacks ${from}`);
  await fs.writeFile(full, text.replace(from, to));
}

async function changed(root: string, base: string, extra: Partial<ChangedOptions> = {}) {
  const load = (files: string[], projectRoot: string) =>
    loadEvals(files, { projectRoot, libraryApi: { ...libraryApi }, kinds: EVAL_KINDS });
  const options = { projectRoot: root, base, load, env: {}, ...extra };
  const files = await discoverEvalFiles(root, options.evals);
  const current = await load(files, root);
  return changedEvals(current, options);
}

/** Everything of the user's checkout that --changed must leave alone. */
async function checkoutState(repo: string) {
  return {
    status: await git(repo, "status", "--porcelain=v1", "--untracked-files=all"),
    head: await git(repo, "rev-parse", "HEAD"),
    symbolic: await git(repo, "symbolic-ref", "HEAD"),
    branches: await git(repo, "branch", "--list"),
    staged: await git(repo, "diff", "--cached"),
    unstaged: await git(repo, "diff"),
    worktrees: await git(repo, "worktree", "list", "--porcelain"),
  };
}

/** Every path under `dir`, sorted (for "nothing was added or removed"). */
async function listTree(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true });
  return entries.map(String).sort();
}

async function baseTempDirs(): Promise<string[]> {
  return (await fs.readdir(os.tmpdir())).filter((d) => d.startsWith("agent-evals-base-"));
}

describe("changedEvals", () => {
  it("finds nothing when nothing changed: every eval, TS and YAML, compares equal", async () => {
    const { root } = await makeRepo();
    expect(await changed(root, "HEAD")).toEqual({ changed: [], warnings: [] });
  });

  it("counts a TS eval as changed when only a helper its prompt module imports changed", async () => {
    const { root } = await makeRepo();
    await edit(root, "src/steps.ts", `"npm run build"`, `"npm run build -- --prod"`);
    expect(await changed(root, "HEAD")).toEqual({
      changed: [{ id: "tsSetup", reason: "prompt" }],
      warnings: [],
    });
  });

  it("counts a prompt file's change as a prompt change", async () => {
    const { root } = await makeRepo();
    await edit(root, "src/guide.md", "Deploy to", "Deploy carefully to");
    expect((await changed(root, "HEAD")).changed).toEqual([
      { id: "deployGuide", reason: "prompt" },
    ]);
  });

  it("counts an edit of the YAML's assertions, or of TS options, as a definition change", async () => {
    const { root } = await makeRepo();
    await edit(
      root,
      "evals/setup.eval.yaml",
      "files: [package.json]",
      "files: [package-lock.json]",
    );
    await edit(
      root,
      "evals/setup.eval.ts",
      `fileExists("deploy.txt")`,
      `fileExists("deployed.txt")`,
    );
    // tsSetup is defined in the same file: the file is part of what it runs (its functions).
    expect((await changed(root, "HEAD")).changed).toEqual([
      { id: "deployGuide", reason: "definition" },
      { id: "tsSetup", reason: "definition" },
      { id: "yaml-setup", reason: "definition" },
    ]);
  });

  it("counts a new eval as new, and a changed YAML prompt as a prompt change", async () => {
    const { root } = await makeRepo();
    await writeFiles(root, {
      "evals/more/extra.eval.yaml": "name: extra\nassertions:\n  files: [README.md]\n",
    });
    await edit(root, "evals/setup.eval.yaml", "npm ci", "npm install");
    expect((await changed(root, "HEAD")).changed).toEqual([
      { id: "extra", reason: "new" },
      { id: "yaml-setup", reason: "prompt" },
    ]);
  });

  it("takes a branch name, a sha or HEAD~1 as the base", async () => {
    const { repo, root } = await makeRepo();
    const baseline = (await git(repo, "rev-parse", "HEAD")).trim();
    await git(repo, "branch", "baseline");
    await edit(root, "src/steps.ts", `"npm ci"`, `"npm install"`);
    await commit(repo, "change a helper");
    const expected = { changed: [{ id: "tsSetup", reason: "prompt" }], warnings: [] };
    expect(await changed(root, "baseline")).toEqual(expected);
    expect(await changed(root, baseline)).toEqual(expected);
    expect(await changed(root, baseline.slice(0, 10))).toEqual(expected);
    expect(await changed(root, "HEAD~1")).toEqual(expected);
    expect(await changed(root, "main")).toEqual({ changed: [], warnings: [] });
  });

  it("throws ChangedBaseError for an unknown ref, saying how to fetch it", async () => {
    const { repo, root } = await makeRepo();
    await git(repo, "remote", "add", "origin", "https://example.invalid/demo.git");
    const remote = await changed(root, "origin/main").catch((e: unknown) => e);
    expect(remote).toBeInstanceOf(ChangedBaseError);
    expect((remote as Error).message).toContain("origin/main");
    expect((remote as Error).message).toContain("git fetch origin main");

    const local = await changed(root, "no-such-branch").catch((e: unknown) => e);
    expect(local).toBeInstanceOf(ChangedBaseError);
    expect((local as Error).message).toMatch(/no-such-branch: no such commit.*git branch -a/);

    const option = await changed(root, "--output=x").catch((e: unknown) => e);
    expect(option).toBeInstanceOf(ChangedBaseError);
    expect((option as Error).message).toContain("is not a git ref");
    expect(await baseTempDirs()).toEqual([]);
  });

  it("throws ChangedBaseError outside a git repository", async () => {
    const root = await makeProject(PROJECT);
    dirs.push(root);
    const error = await changed(root, "HEAD").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChangedBaseError);
    expect((error as Error).message).toContain("not inside a git work tree");
  });

  it("maps a project root in a subfolder of the repository to the same folder at the base", async () => {
    const { repo, root } = await makeRepo("evals-example");
    await writeFiles(repo, {
      "other/evals/outside.eval.yaml": "name: outside\nassertions:\n  files: [x]\n",
    });
    await edit(root, "src/steps.ts", `"npm ci"`, `"pnpm install"`);
    expect(await changed(root, "HEAD")).toEqual({
      changed: [{ id: "tsSetup", reason: "prompt" }],
      warnings: [],
    });
    // Discovery globs are relative to the project root, at the base too.
    expect((await changed(root, "HEAD", { evals: ["evals/*.eval.yaml"] })).changed).toEqual([]);
  });

  it("counts every eval as new when the project folder did not exist at the base", async () => {
    const { repo } = await makeRepo();
    const root = path.join(repo, "later");
    await writeFiles(root, { "evals/a.eval.yaml": "name: a\nassertions:\n  files: [x]\n" });
    expect((await changed(root, "HEAD")).changed).toEqual([{ id: "a", reason: "new" }]);
  });

  it("leaves the user's checkout, index and HEAD untouched, and no worktree behind", async () => {
    const { repo, root } = await makeRepo();
    // Uncommitted work of every kind: staged, unstaged, untracked.
    await edit(root, "src/steps.ts", `"npm ci"`, `"npm ci --silent"`);
    await git(repo, "add", "src/steps.ts");
    await edit(root, "evals/setup.eval.yaml", "npm ci", "npm ci # unstaged");
    await writeFiles(root, { "evals/wip.eval.yaml": "name: wip\nassertions:\n  files: [x]\n" });
    const before = await checkoutState(repo);
    const tempBefore = await baseTempDirs();

    const result = await changed(root, "HEAD");
    expect(result.changed).toEqual([
      { id: "tsSetup", reason: "prompt" },
      { id: "yaml-setup", reason: "prompt" },
      { id: "wip", reason: "new" },
    ]);

    expect(await checkoutState(repo)).toEqual(before);
    expect((await git(repo, "worktree", "list")).trim().split("\n")).toHaveLength(1);
    expect(await baseTempDirs()).toEqual(tempBefore);
    expect(await fs.readFile(path.join(root, "src/steps.ts"), "utf8")).toContain("--silent");
  });

  it("writes nothing into the repository: a user's prunable worktree stays registered", async () => {
    const { repo, root } = await makeRepo();
    // A worktree of the user's on a folder that is gone for now (an unmounted disk): prunable,
    // but theirs to prune. `git worktree prune` would drop its registration.
    const away = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "agent-evals-away-")), "wt");
    await git(repo, "worktree", "add", "--quiet", "--detach", away, "HEAD");
    await fs.rm(path.dirname(away), { recursive: true, force: true });
    const gitDirBefore = await listTree(path.join(repo, ".git"));
    await edit(root, "evals/setup.eval.yaml", "npm ci", "npm ci # changed");

    expect((await changed(root, "HEAD")).changed).toEqual([{ id: "yaml-setup", reason: "prompt" }]);
    expect(await git(repo, "worktree", "list", "--porcelain")).toContain(away);
    // Not one file added to or removed from .git (no worktree entry, no index, no lock).
    expect(await listTree(path.join(repo, ".git"))).toEqual(gitDirBefore);
  });

  it("ignores GIT_DIR / GIT_INDEX_FILE set by a surrounding git hook", async () => {
    const { repo, root } = await makeRepo();
    await edit(root, "src/steps.ts", `"npm ci"`, `"npm ci --silent"`);
    await git(repo, "add", "src/steps.ts");
    const before = await checkoutState(repo);
    const saved = { dir: process.env.GIT_DIR, index: process.env.GIT_INDEX_FILE };
    process.env.GIT_DIR = path.join(repo, ".git");
    process.env.GIT_INDEX_FILE = path.join(repo, ".git", "index");
    try {
      expect((await changed(root, "HEAD")).changed).toEqual([{ id: "tsSetup", reason: "prompt" }]);
    } finally {
      if (saved.dir === undefined) delete process.env.GIT_DIR;
      else process.env.GIT_DIR = saved.dir;
      if (saved.index === undefined) delete process.env.GIT_INDEX_FILE;
      else process.env.GIT_INDEX_FILE = saved.index;
    }
    expect(await checkoutState(repo)).toEqual(before);
  });

  it("loads eval files that import packages, through the checkout's node_modules, and keeps them", async () => {
    const { repo, root } = await makeRepo();
    await writeFiles(root, {
      "node_modules/demo-steps/package.json": `{ "name": "demo-steps", "type": "module", "main": "index.js" }`,
      "node_modules/demo-steps/index.js": `export const extra = "npm test";\n`,
    });
    await edit(
      root,
      "src/steps.ts",
      "export function",
      `import { extra } from "demo-steps";\nexport function`,
    );
    await edit(root, "src/steps.ts", `"npm run build"]`, `"npm run build", extra]`);
    await commit(repo, "use a package");
    expect(await changed(root, "HEAD")).toEqual({ changed: [], warnings: [] });
    expect(
      await fs.readFile(path.join(root, "node_modules/demo-steps/index.js"), "utf8"),
    ).toContain("npm test");
    expect(await checkoutState(repo)).toMatchObject({ status: "" });
  });

  it("counts every eval as changed, with a warning, when the base's definitions do not load", async () => {
    const { repo, root } = await makeRepo();
    await edit(
      root,
      "evals/setup.eval.ts",
      "export const deployGuide",
      "export const deployGuide = ;\nconst x",
    );
    await commit(repo, "broken");
    await edit(
      root,
      "evals/setup.eval.ts",
      "export const deployGuide = ;\nconst x",
      "export const deployGuide",
    );
    const result = await changed(root, "HEAD");
    expect(result.changed).toEqual([
      { id: "deployGuide", reason: "definition" },
      { id: "tsSetup", reason: "definition" },
      { id: "yaml-setup", reason: "definition" },
    ]);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(
      /^the eval definitions at HEAD \([0-9a-f]{12}\) do not load/,
    );
    expect(result.warnings[0]).toContain("evals/setup.eval.ts");
    expect((await git(repo, "worktree", "list")).trim().split("\n")).toHaveLength(1);
  });

  it("counts an eval whose prompt does not render as changed, with a warning", async () => {
    const { repo, root } = await makeRepo();
    await edit(root, "src/guide.md", "{{region}}", "{{zone}}");
    await commit(repo, "a placeholder without a value");
    await edit(root, "src/guide.md", "{{zone}}", "{{region}}");
    const result = await changed(root, "HEAD");
    expect(result.changed).toEqual([{ id: "deployGuide", reason: "prompt" }]);
    expect(result.warnings).toEqual([
      expect.stringMatching(/^deployGuide: its prompt does not render at HEAD .*\{\{zone\}\}/),
    ]);
  });

  it("counts an eval as changed when a file its sandbox holds changed (issue 33 item 2)", async () => {
    const { repo, root } = await makeRepo();
    await writeFiles(root, {
      // The default sandbox: a snapshot of the repository, which holds the eval's tool and notes.
      "evals/snapshot.eval.yaml":
        "name: snapshot\nprompt: Run ./tool.sh\nassertions:\n  files: [out.txt]\n",
      "tool.sh": "#!/bin/sh\necho ok > out.txt\n",
      "CLAUDE.md": "Run the tool.\n",
      "evals/template/README.md": "template\n",
      ".gitignore": "ignored.txt\n",
    });
    await commit(repo, "a snapshot eval");
    expect(await changed(root, "HEAD")).toEqual({ changed: [], warnings: [] });
    // Ignored files and the results folder are not in the snapshot: no change.
    await writeFiles(root, { "ignored.txt": "x", ".copybook/results/run.json": "{}" });
    expect((await changed(root, "HEAD")).changed).toEqual([]);

    await edit(root, "tool.sh", "echo ok", "exit 1; echo ok");
    expect((await changed(root, "HEAD")).changed).toEqual([{ id: "snapshot", reason: "sandbox" }]);
    await edit(root, "tool.sh", "exit 1; echo ok", "echo ok");
    await edit(root, "CLAUDE.md", "Run", "Never run");
    expect((await changed(root, "HEAD")).changed).toEqual([{ id: "snapshot", reason: "sandbox" }]);
    await edit(root, "CLAUDE.md", "Never run", "Run");
    // An untracked, not ignored file is in the snapshot too.
    await writeFiles(root, { "notes.txt": "new" });
    expect((await changed(root, "HEAD")).changed).toEqual([{ id: "snapshot", reason: "sandbox" }]);
    await fs.rm(path.join(root, "notes.txt"));
    await edit(root, "evals/template/README.md", "template", "templates");
    // A template folder's file: the evals that start from it, and the snapshot that holds it.
    const ids = (await changed(root, "HEAD")).changed.map((c) => `${c.id}: ${c.reason}`);
    expect(ids.sort()).toEqual([
      "deployGuide: sandbox",
      "snapshot: sandbox",
      "tsSetup: sandbox",
      "yaml-setup: sandbox",
    ]);
  });

  it("compares prompts by their safe hash: secret values neither fail nor count", async () => {
    const { root } = await makeRepo();
    expect(await changed(root, "HEAD", { env: { API_TOKEN: "s3cret" } })).toEqual({
      changed: [],
      warnings: [],
    });
  });
});
