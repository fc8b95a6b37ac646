// Issue 32, rule 1: the harness never follows a link or opens a special file in a place an agent,
// a pull request or an artifact can write. Each attack runs through the real CLI.

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
];

describe("hostile agents: links and special files", () => {
  for (const attack of attacks) {
    it(attack.name, { timeout: 300_000 }, async () => {
      await attack.expect(await attack.plant());
    });
  }
});
