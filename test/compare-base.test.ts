// `agent-evals compare --base REF`: the evals at a git ref (the control) against the working tree
// (the treatment), through the real CLI on a real git repository. The literal agent runs what the
// prompt says, so a prompt that breaks is a real regression of the task.

import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RunResult } from "../src/model/index.js";
import { git, repoWith as newRepo } from "./helpers/git-repo.js";
import { makeProject, runCli, writeFiles } from "./helpers/project.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

/** An eval whose literal agent writes `word` into out.txt; it passes when out.txt says hello. */
function greetEval(word: string, extra = ""): string {
  return `name: greet
agents: [literal]
trials: 10
prompt: |
  Write the greeting.
  \`\`\`sh
  ${word}
  \`\`\`
assertions:
  contains:
    - file: out.txt
      text: hello
${extra}`;
}

/** A repository whose main branch holds `files`, removed after the test. */
async function repoWith(files: Record<string, string>): Promise<string> {
  const dir = await newRepo(files);
  dirs.push(dir);
  return dir;
}

async function readRun(dir: string): Promise<RunResult> {
  return JSON.parse(
    await fs.readFile(path.join(dir, ".copybook/results/run.json"), "utf8"),
  ) as RunResult;
}

const CLI_ENV = { CI: "true" };

describe("compare --base", () => {
  it("flags a prompt that broke as a regression, exit 1, without touching the checkout", async () => {
    const dir = await repoWith({ "evals/greet.eval.yaml": greetEval("echo hello > out.txt") });
    await writeFiles(dir, { "evals/greet.eval.yaml": greetEval("echo bye > out.txt") });
    // Results go to .copybook/ (the user ignores it); nothing else may change.
    const status = () => git(dir, "status", "--porcelain", "--", ".", ":!.copybook");
    const statusBefore = await status();
    const refsBefore = await git(dir, "for-each-ref");
    const worktreesBefore = await git(dir, "worktree", "list", "--porcelain");

    const result = await runCli(["compare", "--base", "main", "--cwd", dir], { env: CLI_ENV });
    expect(result.code, result.stderr + result.stdout).toBe(1);
    expect(result.stdout).toMatch(
      /REGRESSION greet \[literal\] base@main \d+\/\d+ → working tree 0\/\d+/,
    );

    const runJson = await readRun(dir);
    expect(runJson.schemaVersion).toBe(2);
    expect(runJson.comparisons).toHaveLength(1);
    const [c] = runJson.comparisons!;
    expect(c).toMatchObject({
      id: "greet",
      agent: "literal",
      control: "base@main",
      treatment: "working tree",
      treatmentPasses: 0,
      verdict: "regression",
      margin: 0.1,
      maxTrials: 50,
    });
    expect(c!.controlPasses).toBe(c!.controlTrials);
    expect(c!.interval[1]).toBeLessThan(0);
    expect(c!.pValue).toBeLessThan(0.05);
    // Stopped as soon as the rule decided, far below the maximum.
    expect(c!.decidedAfter).toBeLessThan(10);
    expect(c!.controlTrials + c!.treatmentTrials).toBeLessThan(25);
    // Both arms are results of their own; the control's says which arm it is.
    const arms = runJson.evals.map((e) => [e.id, e.arm ?? null, e.status]);
    expect(arms).toEqual([
      ["greet", "base@main", "passed"],
      ["greet", null, "failed"],
    ]);
    // The user's checkout, refs and worktree list are as they were.
    expect(await status()).toBe(statusBefore);
    expect(await git(dir, "for-each-ref")).toBe(refsBefore);
    expect(await git(dir, "worktree", "list", "--porcelain")).toBe(worktreesBefore);
    expect(await fs.readFile(path.join(dir, "evals/greet.eval.yaml"), "utf8")).toContain("bye");
  });

  it("calls an unchanged eval no-change at the maximum, exit 0; a fix is an improvement", async () => {
    const dir = await repoWith({ "evals/greet.eval.yaml": greetEval("echo hello > out.txt") });
    const same = await runCli(["compare", "--base", "main", "--cwd", dir, "--concurrency", "4"], {
      env: CLI_ENV,
    });
    expect(same.code, same.stderr + same.stdout).toBe(0);
    const [c] = (await readRun(dir)).comparisons!;
    expect(c).toMatchObject({
      verdict: "no-change",
      controlPasses: 50,
      controlTrials: 50,
      treatmentPasses: 50,
      treatmentTrials: 50,
      decidedAfter: 50,
    });

    // The base is broken, the working tree fixes it.
    await writeFiles(dir, { "evals/greet.eval.yaml": greetEval("echo bye > out.txt") });
    await git(dir, "commit", "-qam", "break");
    await writeFiles(dir, { "evals/greet.eval.yaml": greetEval("echo hello > out.txt") });
    const fixed = await runCli(["compare", "--base", "HEAD", "--cwd", dir], { env: CLI_ENV });
    expect(fixed.code, fixed.stderr + fixed.stdout).toBe(0);
    expect((await readRun(dir)).comparisons![0]!.verdict).toBe("improvement");
  });

  it("interleaves the arms' trials and reads the control's template at the base", async () => {
    // The template's file is what the check reads: at the base it says hello, now bye.
    const order = path.join(await makeProject({}), "order.log");
    dirs.push(path.dirname(order));
    const evalText = `name: tmpl
agents: [literal]
trials: 6
sandbox:
  template: evals/template
prompt: |
  Note the arm.
  \`\`\`sh
  cat word.txt >> ${order}
  \`\`\`
assertions:
  contains:
    - file: word.txt
      text: hello
`;
    const dir = await repoWith({
      "evals/tmpl.eval.yaml": evalText,
      "evals/template/word.txt": "hello\n",
    });
    await writeFiles(dir, { "evals/template/word.txt": "bye\n" });
    const result = await runCli(
      ["compare", "--base", "main", "--cwd", dir, "--concurrency", "1", "--trials", "6"],
      { env: CLI_ENV },
    );
    expect(result.code, result.stderr + result.stdout).toBe(1);
    const words = (await fs.readFile(order, "utf8")).trim().split("\n");
    // Control first, then one of each in turn.
    expect(words.slice(0, 6)).toEqual(["hello", "bye", "hello", "bye", "hello", "bye"]);
    const [c] = (await readRun(dir)).comparisons!;
    expect(c).toMatchObject({ controlPasses: c!.controlTrials, treatmentPasses: 0, maxTrials: 6 });
  });

  it("refuses bad input with exit 2 before anything runs", async () => {
    const dir = await repoWith({ "evals/greet.eval.yaml": greetEval("echo hello > out.txt") });
    const cases: Array<[string[], RegExp]> = [
      [["compare", "--base", "no-such-ref"], /--base no-such-ref: no such commit/],
      [["compare"], /compare needs --base REF/],
      [
        ["compare", "--base", "main", "--fail-on", "sometimes"],
        /--fail-on takes regression, failure or never/,
      ],
      [["compare", "--base", "main", "--margin", "200"], /--margin takes points between 0 and 100/],
      [["compare", "--base", "main", "nope"], /no eval is named "nope"/],
    ];
    for (const [args, message] of cases) {
      const result = await runCli([...args, "--cwd", dir], { env: CLI_ENV });
      expect(result.code, `${args.join(" ")}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    await expect(fs.stat(path.join(dir, ".copybook/results/run.json"))).rejects.toThrow();
  });

  it("names a shallow clone that lacks the base, with the fix", async () => {
    const origin = await repoWith({ "evals/greet.eval.yaml": greetEval("echo hello > out.txt") });
    await writeFiles(origin, { "evals/greet.eval.yaml": greetEval("echo bye > out.txt") });
    await git(origin, "commit", "-qam", "second");
    const base = (await git(origin, "rev-parse", "HEAD~1")).trim();
    const clone = path.join(await makeProject({}), "clone");
    dirs.push(path.dirname(clone));
    await git(path.dirname(clone), "clone", "-q", "--depth=1", `file://${origin}`, clone);
    const result = await runCli(["compare", "--base", base, "--cwd", clone], { env: CLI_ENV });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/shallow/);
    expect(result.stderr).toMatch(/fetch-depth: 0|--unshallow/);
  });

  it("--fail-on never exits 0 on a regression; --fail-on failure also on a failing treatment", async () => {
    const dir = await repoWith({ "evals/greet.eval.yaml": greetEval("echo hello > out.txt") });
    await writeFiles(dir, { "evals/greet.eval.yaml": greetEval("echo bye > out.txt") });
    const never = await runCli(["compare", "--base", "main", "--cwd", dir, "--fail-on", "never"], {
      env: CLI_ENV,
    });
    expect(never.code, never.stderr).toBe(0);
    expect((await readRun(dir)).comparisons![0]!.verdict).toBe("regression");

    // Both arms broken: no regression, but the treatment fails its pass rate.
    await git(dir, "commit", "-qam", "broken at the base too");
    const onRegression = await runCli(
      ["compare", "--base", "main", "--cwd", dir, "--trials", "4"],
      {
        env: CLI_ENV,
      },
    );
    expect(onRegression.code, onRegression.stderr).toBe(0);
    const onFailure = await runCli(
      ["compare", "--base", "main", "--cwd", dir, "--trials", "4", "--fail-on", "failure"],
      { env: CLI_ENV },
    );
    expect(onFailure.code, onFailure.stderr).toBe(1);
  });
});
