/**
 * Bad input that only shows across files or on disk: duplicate ids in two files, a template with a
 * symlink out of it or no template at all, an unknown agent, a missing secret or parameter, no
 * evals, a file over 1 MiB. Each project in test/fixtures/bad-projects has its expected problems
 * (code, file, line, key) in expected.json; planning reports them all, and the CLI exits 2 with
 * nothing run. (The single-file corpus is test/fixtures/bad-yaml, tested in yaml-loader.test.ts.)
 */
import { cpSync, readdirSync, readFileSync } from "node:fs";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { planEvals } from "../src/engine.js";
import { MAX_EVAL_FILE_BYTES } from "../src/define/yaml/task.js";
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
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
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

function shape(problem: DefinitionProblem, projectRoot: string): Expected {
  const file = path.isAbsolute(problem.file)
    ? path.relative(projectRoot, problem.file)
    : problem.file;
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
