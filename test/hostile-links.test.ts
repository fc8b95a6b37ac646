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

/**
 * A file outside every project, standing for /etc/shadow. `content` lets it look like the file the
 * link stands in for (a history line, a run.json), so that following the link would show SECRET.
 */
async function secretFile(content = SECRET): Promise<string> {
  const dir = removedWithProjects(
    await fs.mkdtemp(path.join(path.dirname(await makeProject({})), "ae-secret-")),
  );
  const file = path.join(dir, "shadow");
  await fs.writeFile(file, content);
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
  ...storeFileAttacks(),
];

/** A history line as appendHistory writes it, with SECRET where `show` and `health` print it. */
const secretHistoryLine = JSON.stringify({
  time: "2026-01-01T00:00:00.000Z",
  id: "hostile",
  agent: SECRET,
  definitionHash: "x",
  trials: 1,
  trialsPlanned: 1,
  passes: 1,
  passRate: 1,
  threshold: 1,
  interval: [0.2, 1],
  costUsd: 0,
  durationMs: 1,
  status: "passed",
});

/** A git repository with one commit: the fingerprint cache is used only in one. */
function gitInit(root: string): void {
  const git = (...args: string[]) =>
    execFileSync("git", args, {
      cwd: root,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "t",
        GIT_AUTHOR_EMAIL: "t@example.com",
        GIT_COMMITTER_NAME: "t",
        GIT_COMMITTER_EMAIL: "t@example.com",
      },
    });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "init");
}

/**
 * The store's files, which a pull request can commit and a local run's agent can make: the history
 * (`--history-dir`), `.copybook/last-results.json`, the last run.json, `.copybook/calibration.json`,
 * the fingerprint cache. As a link to a secret (shaped like the
 * file, so that reading it would show SECRET) or a FIFO: nothing hangs, SECRET is in no output,
 * and a warning names the file; the command carries on as if the file were absent.
 */
function storeFileAttacks(): Attack[] {
  const quick = { env, timeoutMs: 60_000 };
  const project = () => makeProject({ "evals/hostile.eval.yaml": evalYaml("true") });
  const fifo = (file: string) => execFileSync("mkfifo", [file]);
  const plantAt = async (root: string, rel: string, how: "fifo" | string) => {
    await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await fs.rm(path.join(root, rel), { force: true });
    if (how === "fifo") fifo(path.join(root, rel));
    else await fs.symlink(how, path.join(root, rel));
  };
  const warned =
    (what: RegExp, codes: number[] = [0, 1]) =>
    async ({ cli, out }: { cli: CliResult; out?: string }) => {
      expect(cli.signal, cli.stderr).toBeUndefined();
      expect(cli.stdout + cli.stderr).not.toContain(SECRET);
      expect(codes, cli.stderr).toContain(cli.code);
      expect(cli.stderr).toContain(out!);
      expect(cli.stderr).toMatch(what);
    };
  const history = ".copybook/history/hostile.jsonl";
  return [
    {
      name: "health: a history file -> a secret is not read; a warning names it",
      plant: async () => {
        const root = await project();
        await plantAt(root, history, await secretFile(`${secretHistoryLine}\n`));
        const cli = await runCli(
          ["health", "--cwd", root, "--history-dir", ".copybook/history", "--format", "json"],
          quick,
        );
        return { cli, root, out: history };
      },
      expect: warned(/hostile\.jsonl is a symlink: it is not read \(the history of hostile/),
    },
    {
      name: "eval --history-dir: a history file -> a secret is neither read nor appended to",
      plant: async () => {
        const root = await project();
        const secret = await secretFile(`${secretHistoryLine}\n`);
        await plantAt(root, history, secret);
        const cli = await runCli(
          ["eval", "--cwd", root, "--sandbox", "none", "--history-dir", ".copybook/history"],
          { env, timeoutMs: 120_000 },
        );
        expect(await fs.readFile(secret, "utf8")).toBe(`${secretHistoryLine}\n`);
        return { cli, root, out: history };
      },
      expect: warned(
        /is a symlink: it is not read[^]*is a symlink: it is not read \(this run's lines/,
      ),
    },
    {
      name: "eval --history-dir: a history file that is a FIFO: the run ends, the FIFO named",
      plant: async () => {
        const root = await project();
        await plantAt(root, history, "fifo");
        const cli = await runCli(
          ["eval", "--cwd", root, "--sandbox", "none", "--history-dir", ".copybook/history"],
          { env, timeoutMs: 120_000 },
        );
        return { cli, root, out: history };
      },
      expect: warned(
        /hostile\.jsonl is a FIFO \(named pipe\): it is not read[^]*hostile\.jsonl is a socket or FIFO: it is not read \(this run's lines/,
      ),
    },
    {
      name: "show: .copybook/last-results.json -> a secret is not read; a warning names it",
      plant: async () => {
        const root = await project();
        expect((await eval_(root)).code).toBe(0);
        const lines = `[${secretHistoryLine}]`;
        await plantAt(root, ".copybook/last-results.json", await secretFile(lines));
        const cli = await runCli(["show", "hostile", "--cwd", root], quick);
        return { cli, root, out: ".copybook/last-results.json" };
      },
      expect: warned(/last-results\.json is a symlink: it is not read/, [0]),
    },
    {
      name: "list: .copybook/last-results.json a FIFO: list ends, the FIFO named",
      plant: async () => {
        const root = await project();
        await plantAt(root, ".copybook/last-results.json", "fifo");
        const cli = await runCli(["list", "--cwd", root], quick);
        return { cli, root, out: ".copybook/last-results.json" };
      },
      expect: warned(/last-results\.json is a FIFO \(named pipe\): it is not read/, [0]),
    },
    {
      name: "show: the last run.json -> a secret is not read; a warning names it",
      plant: async () => {
        const root = await project();
        const run = JSON.stringify({ startedAt: "2026-01-01T00:00:00Z", evals: [{ id: SECRET }] });
        await plantAt(root, ".copybook/results/run.json", await secretFile(run));
        const cli = await runCli(["show", "nothing", "--cwd", root], quick);
        return { cli, root, out: ".copybook/results/run.json" };
      },
      expect: warned(/run\.json is a symlink: it is not read/, [2]),
    },
    {
      name: "list: the last run.json a FIFO: list ends, the FIFO named",
      plant: async () => {
        const root = await project();
        await plantAt(root, ".copybook/results/run.json", "fifo");
        const cli = await runCli(["list", "--cwd", root], quick);
        return { cli, root, out: ".copybook/results/run.json" };
      },
      expect: warned(/run\.json is a FIFO \(named pipe\): it is not read/, [0]),
    },
    {
      name: "eval: .copybook/calibration.json -> a secret is not read; a warning names it",
      plant: async () => {
        const root = await project();
        const secret = await secretFile(JSON.stringify({ version: 1, judges: { [SECRET]: {} } }));
        await plantAt(root, ".copybook/calibration.json", secret);
        return { cli: await eval_(root), root, out: ".copybook/calibration.json" };
      },
      expect: warned(/calibration\.json is a symlink: it is not read/),
    },
    {
      name: "eval: .copybook/calibration.json a FIFO: the run ends, the FIFO named",
      plant: async () => {
        const root = await project();
        await plantAt(root, ".copybook/calibration.json", "fifo");
        return { cli: await eval_(root), root, out: ".copybook/calibration.json" };
      },
      expect: warned(/calibration\.json is a FIFO \(named pipe\): it is not read/),
    },
    {
      name: "plan: the fingerprint cache -> a secret is not read; a warning names it",
      plant: async () => {
        const root = await project();
        gitInit(root);
        const cache = JSON.stringify({ version: 1, entries: [] }) + SECRET;
        await plantAt(root, ".copybook/eval-cache.json", await secretFile(cache));
        const cli = await runCli(["plan", "--cwd", root], quick);
        return { cli, root, out: ".copybook/eval-cache.json" };
      },
      expect: warned(/eval-cache\.json is a symlink: it is not read/, [0]),
    },
    {
      name: "plan: the fingerprint cache a FIFO: plan ends, the FIFO named",
      plant: async () => {
        const root = await project();
        gitInit(root);
        await plantAt(root, ".copybook/eval-cache.json", "fifo");
        const cli = await runCli(["plan", "--cwd", root], quick);
        return { cli, root, out: ".copybook/eval-cache.json" };
      },
      expect: warned(/eval-cache\.json is a FIFO \(named pipe\): it is not read/, [0]),
    },
  ];
}

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

// Each attack has its projects and secret to itself and mostly waits on the CLI: they run side by
// side (vitest's maxConcurrency, 5 at a time).
describe.concurrent("hostile agents: links and special files", () => {
  for (const attack of attacks) {
    it(attack.name, { timeout: 300_000 }, async () => {
      await attack.expect(await attack.plant());
    });
  }
});
