// Issue 32, rule 1: the harness never follows a link or opens a special file in a place an agent,
// a pull request or an artifact can write. Each attack runs through the real CLI.

import { execFileSync } from "node:child_process";
import { promises as fs, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeProject, removedWithProjects, runCli, type CliResult } from "./helpers/project.js";

const SECRET = "top-secret-not-for-reports";

const evalYaml = (steps: string) => `name: hostile
prompt: "\`\`\`sh\\n${steps}\\n\`\`\`"
agents: [literal]
sandbox: { fixture: { a: "" } }
assertions:
  files: [a]
`;

/** CI=true: --sandbox none runs without --unsafe-local. The test's own timeout catches a hang. */
const env = { CI: "true" };
const eval_ = (root: string) =>
  runCli(["eval", "--cwd", root, "--sandbox", "none"], { env, timeoutMs: 120_000 });

/** A results folder written by a clean run, copied out as an artifact would be. */
async function artifact(): Promise<{ root: string; dir: string; trial: string }> {
  const root = await makeProject({ "evals/hostile.eval.yaml": evalYaml("true") });
  expect((await eval_(root)).code).toBe(0);
  const dir = removedWithProjects(`${root}-artifact`);
  await fs.cp(path.join(root, ".copybook/results"), dir, { recursive: true });
  // The trial folder: wherever the run put the prompt.
  const stdout = readdirSync(path.join(dir, "evals"), { recursive: true, encoding: "utf8" }).find(
    (rel) => path.basename(rel) === "prompt.md",
  );
  expect(stdout).toBeDefined();
  return { root, dir, trial: path.dirname(path.join(dir, "evals", stdout!)) };
}

/** A file outside every project, standing for /etc/shadow. */
async function secretFile(): Promise<string> {
  const dir = removedWithProjects(
    await fs.mkdtemp(path.join(path.dirname(await makeProject({})), "ae-secret-")),
  );
  const file = path.join(dir, "shadow");
  await fs.writeFile(file, SECRET);
  return file;
}

interface Attack {
  name: string;
  /** Plants the attack and runs the CLI; resolves to what the expectation looks at. */
  plant: () => Promise<{ cli: CliResult; root: string; out?: string }>;
  expect: (seen: { cli: CliResult; root: string; out?: string }) => Promise<void>;
}

const attacks: Attack[] = [
  {
    name: "a committed .copybook/results -> .. is refused: nothing runs, nothing is deleted",
    plant: async () => {
      const root = await makeProject({
        "evals/hostile.eval.yaml": evalYaml("true"),
        "README.md": "# keep me\n",
        "src/main.ts": "export {};\n",
      });
      await fs.mkdir(path.join(root, ".copybook"));
      await fs.symlink("..", path.join(root, ".copybook/results"));
      return { cli: await eval_(root), root };
    },
    expect: async ({ cli, root }) => {
      expect(cli.code).toBe(2);
      expect(cli.stderr).toMatch(/\.copybook\/results is a symlink \(to \.\.\).*remove it/s);
      expect(await fs.readFile(path.join(root, "README.md"), "utf8")).toBe("# keep me\n");
      expect(await fs.readFile(path.join(root, "src/main.ts"), "utf8")).toBe("export {};\n");
    },
  },
  {
    name: "a .copybook -> another folder is refused: that folder's files stay",
    plant: async () => {
      const root = await makeProject({ "evals/hostile.eval.yaml": evalYaml("true") });
      const other = await makeProject({ "results/keep.txt": "kept\n" });
      await fs.symlink(other, path.join(root, ".copybook"));
      return { cli: await eval_(root), root, out: other };
    },
    expect: async ({ cli, out }) => {
      expect(cli.code).toBe(2);
      expect(cli.stderr).toMatch(/\.copybook is a symlink/);
      expect(await fs.readFile(path.join(out!, "results/keep.txt"), "utf8")).toBe("kept\n");
    },
  },
  {
    name: "the literal agent's progress file replaced by a FIFO: the run ends",
    plant: async () => {
      // The FIFO is held open read-write by the agent's shell, so its own writes never block;
      // the harness's open for reading would wait for a writer that never comes.
      const steps = [
        'f=$(ls \\"$TMPDIR\\"/agent-evals-literal-*)',
        'rm \\"$f\\"',
        'mkfifo \\"$f\\"',
        'exec 3<>\\"$f\\"',
      ].join("\\n");
      const root = await makeProject({ "evals/hostile.eval.yaml": evalYaml(steps) });
      return { cli: await eval_(root), root };
    },
    expect: async ({ cli }) => {
      expect(cli.signal).toBeUndefined();
      // No progress read: the run ends with the trial's verdict, not a hang.
      expect([0, 1]).toContain(cli.code);
    },
  },
  {
    name: "merge: a link to a secret planted in a shard's trial folder is not followed",
    plant: async () => {
      const { root, dir, trial } = await artifact();
      await fs.rm(path.join(trial, "prompt.md"), { force: true });
      await fs.symlink(await secretFile(), path.join(trial, "prompt.md"));
      const out = removedWithProjects(`${root}-merged`);
      const cli = await runCli(["merge", dir, "--out", out], { cwd: root, timeoutMs: 120_000 });
      return { cli, root, out };
    },
    expect: async ({ cli, out }) => {
      expect(cli.stderr).toMatch(/prompt\.md is a symlink: not copied/);
      expect(await fs.readFile(path.join(out!, "report.html"), "utf8")).not.toContain(SECRET);
    },
  },
  {
    name: "recheck --from: a link to a secret planted in the artifact is not followed",
    plant: async () => {
      const { root, dir, trial } = await artifact();
      await fs.rm(path.join(trial, "prompt.md"), { force: true });
      await fs.symlink(await secretFile(), path.join(trial, "prompt.md"));
      const cli = await runCli(["recheck", "--from", dir], { cwd: root, timeoutMs: 120_000 });
      return { cli, root };
    },
    expect: async ({ cli, root }) => {
      expect(cli.stderr).toMatch(/prompt\.md is a symlink: not copied/);
      const html = await fs.readFile(path.join(root, ".copybook/results/report.html"), "utf8");
      expect(html).not.toContain(SECRET);
    },
  },
  ...skillTargetAttacks(),
];

/** A skill eval (its file and its target come from the pull request): `plan` loads it. */
const skillEval = `name: ts-fixer
type: skill
target: .claude/skills/ts-fixer/SKILL.md
trigger:
  positive: [{ query: Fix the TypeScript errors in src/app.ts }]
  negative: [{ query: Fix the CSS of the header }]
`;
const SKILL_MD = `---
name: ts-fixer
description: Fix TypeScript type errors.
---
# TS fixer
`;

/**
 * The pull request's skill files, planted: SKILL.md, or its plugin's manifest, as a link to a
 * secret outside the project or as a FIFO. `plan` stops with exit 2, naming the file; nothing
 * hangs and the secret is nowhere in the output.
 */
function skillTargetAttacks(): Attack[] {
  const skill = ".claude/skills/ts-fixer/SKILL.md";
  const inPlugin = "kit/skills/ts-fixer/SKILL.md";
  const manifest = "kit/.claude-plugin/plugin.json";
  const plant = (target: string, at: string, how: "link" | "fifo") => async () => {
    const root = await makeProject({
      "_evals/ts-fixer.eval.yaml": skillEval.replace(skill, target),
      [target]: SKILL_MD,
      ...(target === inPlugin ? { [manifest]: '{ "name": "kit" }\n' } : {}),
    });
    await fs.rm(path.join(root, at));
    if (how === "link") await fs.symlink(await secretFile(), path.join(root, at));
    else execFileSync("mkfifo", [path.join(root, at)]);
    const cli = await runCli(["plan", "--cwd", root], { timeoutMs: 60_000 });
    return { cli, root, out: at };
  };
  const refused =
    (what: RegExp) =>
    async ({ cli, out }: { cli: CliResult; out?: string }) => {
      expect(cli.signal).toBeUndefined();
      expect(cli.code, cli.stderr).toBe(2);
      expect(cli.stderr).toContain(out!);
      expect(cli.stderr).toMatch(what);
      expect(cli.stdout + cli.stderr).not.toContain(SECRET);
    };
  return [
    {
      name: "a skill's SKILL.md -> a secret outside the project: refused, not read",
      plant: plant(skill, skill, "link"),
      expect: refused(/is a symlink to .*outside the project: it is not read/),
    },
    {
      name: "a skill's SKILL.md replaced by a FIFO: refused, the run does not hang",
      plant: plant(skill, skill, "fifo"),
      expect: refused(/is a FIFO \(named pipe\), not a regular file/),
    },
    {
      name: "a skill's plugin.json -> a secret outside the project: refused, not read",
      plant: plant(inPlugin, manifest, "link"),
      expect: refused(/plugin manifest .* is a symlink to .*outside the project: it is not read/),
    },
    {
      name: "a skill's plugin.json replaced by a FIFO: refused, the run does not hang",
      plant: plant(inPlugin, manifest, "fifo"),
      expect: refused(/plugin manifest .* is a FIFO \(named pipe\), not a regular file/),
    },
  ];
}

describe("hostile agents: links and special files", () => {
  for (const attack of attacks) {
    it(attack.name, { timeout: 300_000 }, async () => {
      await attack.expect(await attack.plant());
    });
  }
});
