/**
 * Bad input that only shows across files or on disk: duplicate ids in two files, a template with a
 * symlink out of it or no template at all, an unknown agent, a missing secret or parameter, no
 * evals, a file over 1 MiB. Each project in test/fixtures/bad-projects has its expected problems
 * (code, file, line, key) in expected.json; planning reports them all, and the CLI exits 2 with
 * nothing run. (The single-file corpus is test/fixtures/bad-yaml, tested in yaml-loader.test.ts.)
 * Then input that must be refused from what the file system says, before it is read or walked: a
 * template linked to `/`, symlinked eval files, a name that is not UTF-8, a NUL byte in a prompt,
 * a 1.5 GB eval file.
 */
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync } from "node:fs";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { planEvals } from "../src/engine/index.js";
import { MAX_EVAL_FILE_BYTES } from "../src/define/eval-file.js";
import { DefinitionError, type DefinitionProblem } from "../src/model/errors.js";
import { makeProject, runCli } from "./helpers/project.js";

const corpus = fileURLToPath(new URL("./fixtures/bad-projects/", import.meta.url));
const singleFileCorpus = fileURLToPath(new URL("./fixtures/bad-yaml/", import.meta.url));
type Expected = { code: string; file?: string; line?: number; key?: string };
const expected = JSON.parse(readFileSync(path.join(corpus, "expected.json"), "utf8")) as Record<
  string,
  Expected[]
>;
const cases = readdirSync(corpus).filter((name) => !name.endsWith(".json"));

const dirs: string[] = [];
afterEach(() => {
  // rm -rf, not fs.rm: Node cannot name a file whose name is not UTF-8, so it cannot remove it.
  for (const dir of dirs.splice(0)) spawnSync("rm", ["-rf", dir]);
});

async function problemsOf(projectRoot: string): Promise<DefinitionProblem[]> {
  try {
    await planEvals({ projectRoot, env: { PATH: process.env.PATH } });
  } catch (error) {
    expect(error).toBeInstanceOf(DefinitionError);
    return (error as DefinitionError).problems;
  }
  throw new Error(`${projectRoot}: expected a DefinitionError, but it planned`);
}

// The file as the user is shown it: relative to the project, never an absolute path (a problem
// with the project folder itself names it: "<project>" here).
function shape(problem: DefinitionProblem, projectRoot: string): Expected {
  const file = problem.file === projectRoot ? "<project>" : problem.file;
  return {
    code: problem.code,
    ...(file ? { file } : {}),
    ...(problem.line !== undefined ? { line: problem.line } : {}),
    ...(problem.key ? { key: problem.key } : {}),
  };
}

describe("the malformed-project corpus (test/fixtures/bad-projects)", () => {
  it("has a case per folder, each listed in expected.json; with the single-file corpus, over 40 in all", () => {
    expect([...cases].sort()).toEqual(Object.keys(expected).sort());
    const singleFiles = readdirSync(singleFileCorpus).filter((f) => /\.eval\.ya?ml$/.test(f));
    expect(cases.length + singleFiles.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)("%s", async (name) => {
    const root = path.join(corpus, name);
    const problems = await problemsOf(root);
    expect(problems.map((p) => shape(p, root))).toEqual(expected[name]);
    for (const problem of problems) {
      expect(problem.message).toBeTruthy();
      expect(problem.fix).toBeTruthy();
    }
  });

  it("a file over 1 MiB is AE114, before its YAML is parsed", async () => {
    const root = await makeProject({
      "evals/huge.eval.yaml": `name: huge\nprompt: |\n  ${"x".repeat(MAX_EVAL_FILE_BYTES)}\nassertions:\n  files: [a]\n`,
    });
    dirs.push(root);
    const problems = await problemsOf(root);
    expect(problems.map((p) => [p.code, p.file])).toEqual([["AE114", "evals/huge.eval.yaml"]]);
  });

  it("the CLI exits 2 naming file:line and the fix, and runs nothing", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "ae-bad-project-"));
    dirs.push(root);
    cpSync(path.join(corpus, "template-symlink-out"), root, {
      recursive: true,
      verbatimSymlinks: true,
    });
    const cli = await runCli(["eval", "--cwd", root], { env: { CI: "true" } });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain("evals/t.eval.yaml:1: AE115 template folder evals/template:");
    expect(cli.stderr).toContain("leak.txt -> ../../outside.txt");
    expect(cli.stderr).toContain("fix: replace the link");
    expect(cli.stderr).toContain("nothing was run");
    expect(await fs.readdir(root)).not.toContain(".copybook");
  });
});

describe("a TypeScript eval's options of the wrong type", () => {
  it("the CLI exits 2 naming file:line of the key, what it got and the fix, and runs nothing", async () => {
    const root = await makeProject({
      "evals/wrong.eval.ts": `import { defineEval, fileExists } from "agent-evals";

export const wrong = defineEval("p", {
  agents: ["literal"],
  trials: "3",
  assert: [fileExists("x")],
});
`,
    });
    dirs.push(root);
    const cli = await runCli(["eval", "--cwd", root], { env: { CI: "true" } });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain(
      'evals/wrong.eval.ts:5: AE102 expected a number, got string "3" (wrong options.trials)',
    );
    expect(cli.stderr).toContain("fix: drop the quotes: `trials: 3`");
    expect(cli.stderr).not.toContain("Invalid input");
    expect(cli.stderr).toContain("nothing was run");
    expect(await fs.readdir(root)).not.toContain(".copybook");
  });
});

describe("input refused before anything runs: links, names, NUL bytes, huge files", () => {
  const task = (extra = "") =>
    `name: t\nprompt: "\`\`\`sh\\ntouch ran\\n\`\`\`"\nagents: [literal]\n${extra}assertions:\n  files: [ran]\n`;
  const project = async (files: Record<string, string>) => {
    const root = await makeProject(files);
    dirs.push(root);
    return root;
  };
  /** The real CLI on the project: exit 2, each text on stderr, nothing run or written. */
  const refusedByCli = async (root: string, ...texts: string[]) => {
    const cli = await runCli(["eval", "--cwd", root], { env: { CI: "true" }, timeoutMs: 30_000 });
    expect(cli.code, cli.stderr).toBe(2);
    for (const text of texts) expect(cli.stderr).toContain(text);
    expect(cli.stderr).toContain("nothing was run");
    expect(await fs.readdir(root)).not.toContain(".copybook");
  };
  const shapes = async (root: string) =>
    (await problemsOf(root)).map((p) => ({ ...shape(p, root), message: p.message }));

  it("a template that is a symlink to / is AE115, found without walking the file system", async () => {
    const root = await project({
      "evals/t.eval.yaml": task("sandbox: { template: evals/template }\n"),
    });
    await fs.symlink("/", path.join(root, "evals/template"));
    expect(await shapes(root)).toEqual([
      {
        code: "AE115",
        file: "evals/t.eval.yaml",
        line: 1,
        key: "sandbox.template",
        message: "template folder evals/template: a symlink leads it out of the project, to /",
      },
    ]);
    await refusedByCli(root, "AE115 template folder evals/template: a symlink leads it out");
  });

  it("so is a template reached through a linked folder, and a template that is / itself", async () => {
    const root = await project({
      "evals/a.eval.yaml": task("sandbox: { template: evals/up/tmp }\n"),
      "evals/b.eval.yaml": task("sandbox: { template: / }\n").replace("name: t", "name: b"),
    });
    await fs.symlink("/", path.join(root, "evals/up"));
    expect((await shapes(root)).map((p) => [p.file, p.message])).toEqual([
      [
        "evals/a.eval.yaml",
        "template folder evals/up/tmp: a symlink leads it out of the project, to /tmp",
      ],
      ["evals/b.eval.yaml", "template folder /: it is /, which holds the whole file system"],
    ]);
  });

  it("a symlinked eval file inside the project is followed and runs", async () => {
    const root = await project({ "shared/t.eval.yaml": task() });
    await fs.mkdir(path.join(root, "evals"));
    await fs.symlink("../shared/t.eval.yaml", path.join(root, "evals/t.eval.yaml"));
    const { plan } = await planEvals({ projectRoot: root, env: { PATH: process.env.PATH } });
    expect(plan.units.map((u) => [u.spec.id, path.relative(root, u.spec.file)])).toEqual([
      ["t", "evals/t.eval.yaml"],
    ]);
    const cli = await runCli(["eval", "--cwd", root], { env: { CI: "true" }, timeoutMs: 30_000 });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toContain("1 passed, 0 failed");
  });

  it("a symlinked eval file that leads out of the project, nowhere, or to a pipe is AE118", async () => {
    const outside = await project({ "elsewhere.eval.yaml": task() });
    const root = await project({ "evals/fine.eval.yaml": task() });
    await fs.symlink(
      path.join(outside, "elsewhere.eval.yaml"),
      path.join(root, "evals/out.eval.yaml"),
    );
    await fs.symlink("missing.yaml", path.join(root, "evals/broken.eval.yaml"));
    // Reading a named pipe would wait for a writer forever.
    expect(spawnSync("mkfifo", [path.join(root, "pipe")]).status).toBe(0);
    await fs.symlink("../pipe", path.join(root, "evals/pipe.eval.yaml"));
    expect((await shapes(root)).map((p) => [p.code, p.file, p.message])).toEqual([
      [
        "AE118",
        "evals/broken.eval.yaml",
        "the file is a symlink to missing.yaml, which does not exist",
      ],
      [
        "AE118",
        "evals/out.eval.yaml",
        `the file is a symlink to ${outside}/elsewhere.eval.yaml, outside the project`,
      ],
      ["AE118", "evals/pipe.eval.yaml", "the file is not a regular file (a named pipe)"],
    ]);
    await refusedByCli(
      root,
      "evals/out.eval.yaml: AE118",
      "fix: copy the eval file into the project",
    );
  });

  it("an eval file whose name is not UTF-8 is AE113 naming the name, not a misleading ENOENT", async () => {
    const root = await project({});
    await fs.mkdir(path.join(root, "evals"));
    const name = Buffer.concat([
      Buffer.from(`${root}/evals/bad`),
      Buffer.from([0xff]),
      Buffer.from(".eval.yaml"),
    ]);
    await fs.writeFile(name, task());
    const problems = await shapes(root);
    expect(problems).toEqual([
      {
        code: "AE113",
        file: "evals/bad\uFFFD.eval.yaml",
        message: "the file's name is not UTF-8 (shown with \uFFFD for the bytes that are not)",
      },
    ]);
    await refusedByCli(root, "AE113 the file's name is not UTF-8", "fix: rename the file");
  });

  it("a NUL byte in a prompt, YAML or TypeScript, is AE102 at planning, not an infra error at run time", async () => {
    const root = await project({
      "evals/y.eval.yaml": task().replace("touch ran", "touch ran\\0"),
      "evals/t.eval.ts": `import { defineEval, fileExists } from "agent-evals";
export const tsNul = defineEval("\`\`\`sh\\ntouch ran\\u0000\\n\`\`\`", {
  agents: ["literal"],
  assert: [fileExists("ran")],
});
`,
    });
    expect((await shapes(root)).map((p) => [p.code, p.file, p.line, p.key, p.message])).toEqual([
      [
        "AE102",
        "evals/t.eval.ts",
        2,
        "prompt",
        expect.stringContaining("holds a NUL byte (\\0) on its line 2"),
      ],
      [
        "AE102",
        "evals/y.eval.yaml",
        1,
        "prompt",
        expect.stringContaining("holds a NUL byte (\\0) on its line 2"),
      ],
    ]);
    await refusedByCli(root, "AE102 the prompt holds a NUL byte", "fix: remove the NUL byte");
  });

  it("a 1.5 GB eval file (sparse, made by truncate) is AE114 from its size, YAML or TypeScript", async () => {
    const root = await project({});
    await fs.mkdir(path.join(root, "evals"));
    for (const name of ["huge.eval.yaml", "huge.eval.ts"])
      expect(spawnSync("truncate", ["-s", "1500M", path.join(root, "evals", name)]).status).toBe(0);
    expect((await shapes(root)).map((p) => [p.code, p.file, p.message])).toEqual([
      [
        "AE114",
        "evals/huge.eval.ts",
        "the file is 1572864000 bytes; an eval file may be at most 1 MiB",
      ],
      [
        "AE114",
        "evals/huge.eval.yaml",
        "the file is 1572864000 bytes; an eval file may be at most 1 MiB",
      ],
    ]);
    await refusedByCli(root, "evals/huge.eval.yaml: AE114");
  });
});
