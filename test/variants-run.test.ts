// Variants run beside the eval as defined and are compared with it, through the real CLI: a
// variant that removes the file the task needs is a regression of the variant, not a failure of
// the run; an identical one reaches no-change at the maximum.

import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RunResult } from "../src/model/index.js";
import { makeProject, runCli } from "./helpers/project.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

const EVAL = `name: skill
agents: [literal]
trials: 3
sandbox:
  fixture:
    SKILL.md: "say hello"
prompt: |
  Follow the skill.
  \`\`\`sh
  if [ -f SKILL.md ]; then echo hello > out.txt; else echo bye > out.txt; fi
  \`\`\`
assertions:
  contains:
    - file: out.txt
      text: hello
variants:
  - name: without-skill
    files:
      SKILL.md: null
  - name: other-words
    prompt: |
      Follow the skill, in other words.
      \`\`\`sh
      test -f SKILL.md && echo hello > out.txt
      \`\`\`
`;

describe("variants", () => {
  it("each variant is compared with the eval as defined; only the eval's own verdict decides the exit", async () => {
    const dir = await makeProject({ "evals/skill.eval.yaml": EVAL });
    dirs.push(dir);
    const result = await runCli(["eval", "--cwd", dir, "--concurrency", "3"], {
      env: { CI: "true" },
    });
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toMatch(
      /REGRESSION skill \[literal\] control \d+\/\d+ → without-skill 0\/\d+/,
    );
    expect(result.stdout).toMatch(
      /NO CHANGE skill \[literal\] control 50\/50 → other-words 50\/50/,
    );

    const run = JSON.parse(
      await fs.readFile(path.join(dir, ".copybook/results/run.json"), "utf8"),
    ) as RunResult;
    expect(run.counts).toMatchObject({ passed: 1, failed: 0 });
    expect(run.comparisons!.map((c) => [c.control, c.treatment, c.verdict])).toEqual([
      ["control", "without-skill", "regression"],
      ["control", "other-words", "no-change"],
    ]);
    const without = run.evals.find((e) => e.arm === "without-skill")!;
    expect(without.status).toBe("failed");
    // Each arm's trials have a folder of their own.
    expect(without.trials[0]!.dir).toBe(
      ".copybook/results/evals/skill@without-skill/literal/trial-1",
    );
    expect(run.evals.find((e) => e.arm === undefined)!.trials[0]!.dir).toBe(
      ".copybook/results/evals/skill/literal/trial-1",
    );
    // The prompt the variant's agent got is the variant's.
    const prompt = await fs.readFile(
      path.join(dir, ".copybook/results/evals/skill@other-words/literal/trial-1/prompt.md"),
      "utf8",
    );
    expect(prompt).toContain("in other words");
  });

  it("--trials caps every arm; --margin widens no-change", async () => {
    const dir = await makeProject({ "evals/skill.eval.yaml": EVAL });
    dirs.push(dir);
    const result = await runCli(["eval", "--cwd", dir, "--trials", "10", "--margin", "40"], {
      env: { CI: "true" },
    });
    expect(result.code, result.stderr + result.stdout).toBe(0);
    const run = JSON.parse(
      await fs.readFile(path.join(dir, ".copybook/results/run.json"), "utf8"),
    ) as RunResult;
    const same = run.comparisons!.find((c) => c.treatment === "other-words")!;
    // 10/10 vs 10/10: the 95% interval (about ±28 points) lies within ±40.
    expect(same).toMatchObject({ maxTrials: 10, margin: 0.4, verdict: "no-change" });
    expect(same.controlTrials).toBeLessThanOrEqual(10);
  });
});
