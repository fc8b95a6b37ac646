// A run with --history-dir compares each eval × agent with its last recorded verdict, by the same
// sequential rule as compare --base (issue 33, item 1): an eval that passed 10/10 and now always
// fails is flagged as a regression, not stopped at 0/1 where Fisher's p is 1/11.

import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RunResult } from "../src/model/index.js";
import { repoWith as newRepo } from "./helpers/git-repo.js";
import { runCli, writeFiles } from "./helpers/project.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

function greetEval(word: string): string {
  return `name: greet
agents: [literal]
trials: 10
prompt: |
  Write the greeting.
  \`\`\`sh
  printf '${word}' > out.txt
  \`\`\`
assertions:
  contains:
    - file: out.txt
      text: hello
`;
}

const CLI_ENV = { CI: "true" };

describe("eval --history-dir: the history baseline", () => {
  it("flags an eval at 10/10 in history that now always fails as a regression, exit 1", async () => {
    const dir = await newRepo({ "evals/greet.eval.yaml": greetEval("hello") });
    dirs.push(dir);
    const first = await runCli(["eval", "--cwd", dir, "--history-dir", "hist"], { env: CLI_ENV });
    expect(first.code, first.stderr + first.stdout).toBe(0);

    await writeFiles(dir, { "evals/greet.eval.yaml": greetEval("bye") });
    const second = await runCli(["eval", "--cwd", dir, "--history-dir", "hist"], {
      env: CLI_ENV,
    });
    expect(second.code, second.stderr + second.stdout).toBe(1);
    expect(second.stdout).toMatch(
      /REGRESSION greet \[literal\] history\S* 10\/10 → this run 0\/\d+/,
    );
    const run = JSON.parse(
      await fs.readFile(path.join(dir, ".copybook/results/run.json"), "utf8"),
    ) as RunResult;
    const [c] = run.comparisons ?? [];
    expect(c).toMatchObject({ controlPasses: 10, controlTrials: 10, verdict: "regression" });
    expect(c!.pValue).toBeLessThan(0.05);
    // More than the one trial the eval's own verdict needed: the comparison needed them.
    expect(c!.treatmentTrials).toBeGreaterThan(1);
  });
});
