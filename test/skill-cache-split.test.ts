/**
 * Cached skill evals, held-out trigger queries and competing skills, with the REAL `claude`
 * against a fake Anthropic API whose routing is known in advance.
 */
import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runEvals } from "../src/engine/index.js";
import type { ClaudeCodeReport } from "../src/kinds/skill/aggregate.js";
import { holdoutSplit } from "../src/kinds/skill/split.js";
import { startFakeAnthropic } from "./fakes/anthropic.js";
import { runCli } from "./helpers/project.js";
import {
  fakesClosedAfterEach,
  listedSkills,
  skill,
  skillEnv,
  skillProject,
  toolResults,
  tsFixerSkill,
  userQuery,
  workingDirectory,
} from "./helpers/skill-run.js";

const fakes = fakesClosedAfterEach();

describe("cached skill evals", () => {
  it("a cached scenario shows the recorded trajectory and says cached (from <date>) with --no-cache", async () => {
    const { root, home } = await skillProject({
      ".gitignore": "home/\n.copybook/\n",
      ".claude/skills/ts-fixer/SKILL.md": tsFixerSkill("Fix them.\n"),
      "_evals/skills/ts-fixer.eval.yaml": `name: ts-fixer
type: skill
target: .claude/skills/ts-fixer/SKILL.md
e2e:
  - scenario: Writes the file
    prompt: Write out.txt
    outcomes: [{ type: file-exists, file: out.txt }]
`,
    });
    const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "pipe" });
    git("init", "-q");
    git("add", ".");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "init");
    const fake = await startFakeAnthropic([], {
      respond: (body) =>
        toolResults(body) === 0
          ? skill("ts-fixer")
          : toolResults(body) === 1
            ? {
                toolUse: {
                  name: "Write",
                  input: { file_path: path.join(workingDirectory(body), "out.txt"), content: "hi" },
                },
              }
            : { text: "Wrote it." },
    });
    fakes.push(fake);
    const env = skillEnv(home, fake.url);
    const first = await runCli(["eval", "--cwd", root], { env });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const calls = fake.requests.length;
    expect(first.stdout).toContain("Trajectory: Skill → Write");

    const second = await runCli(["eval", "--cwd", root], { env });
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(fake.requests.length).toBe(calls); // no model calls: the recorded result
    expect(second.stdout).toMatch(
      /cached \(from \d{4}-\d\d-\d\dT[\d:.]+Z\): the recorded run, no model calls now — --no-cache runs it again/,
    );
    expect(second.stdout).toContain("Trajectory: Skill → Write");
    expect(second.stdout).not.toContain("(no tool calls)");
    expect(second.stdout).toContain("PASS [file-exists] out.txt exists");

    const resample = await runCli(["eval", "--cwd", root, "--no-cache"], { env });
    expect(resample.code).toBe(0);
    expect(fake.requests.length).toBeGreaterThan(calls);
    expect(resample.stdout).not.toContain("cached (from");
  });
});

/** Routes by keywords: "TypeScript" → ts-fixer, "lint" → the competitor eslint-fixer. */
const router: NonNullable<Parameters<typeof startFakeAnthropic>[1]>["respond"] = (body) => {
  if (toolResults(body) > 0) return { text: "Done." };
  const query = userQuery(body);
  const listed = listedSkills(body);
  if (/lint/i.test(query) && listed.includes("eslint-fixer")) return skill("eslint-fixer");
  if (/TypeScript/.test(query) && listed.includes("ts-fixer")) return skill("ts-fixer");
  return { text: "Sure." };
};

describe("held-out queries and competitors", () => {
  it("reports train and held-out P/R/F1 apart, and a confusion matrix over the installed skills", async () => {
    const { root, home } = await skillProject({
      ".claude/skills/ts-fixer/SKILL.md": tsFixerSkill("Fix them.\n"),
      "other/eslint-fixer/SKILL.md":
        "---\nname: eslint-fixer\ndescription: Fix lint errors.\n---\nRun eslint --fix.\n",
      "_evals/skills/ts-fixer.eval.yaml": `name: ts-fixer
type: skill
target: .claude/skills/ts-fixer/SKILL.md
trigger:
  holdout: 0.5
  seed: 7
  competitors: [other/eslint-fixer/SKILL.md]
  positive:
    - query: Fix the TypeScript errors
    - query: Fix the TypeScript lint errors
    - query: Fix TypeScript type errors in app.ts
    - query: Make tsc pass
  negative:
    - query: Fix the lint errors
    - query: Style the header
`,
    });
    const fake = await startFakeAnthropic([], { respond: router });
    fakes.push(fake);
    const outcome = await runEvals({
      projectRoot: root,
      env: skillEnv(home, fake.url),
      maxRetries: 0,
    });
    const trigger = (outcome.summaries[0] as ClaudeCodeReport).trigger!;
    const byQuery = Object.fromEntries(trigger.queries.map((q) => [q.query, q]));
    // The competitor was installed in the trial and took the lint query from the target.
    const stolen = byQuery["Fix the TypeScript lint errors"]!;
    expect(stolen.status).toBe("failed");
    expect(stolen.evidence).toMatch(
      /^triggered the wrong skill: eslint-fixer \(other\/eslint-fixer\/SKILL\.md\) by call #1 Skill\({"skill":"eslint-fixer"}\) instead of ts-fixer/,
    );
    expect(stolen.triggered_by).toEqual({ "ts-fixer": 0, "eslint-fixer": 1, none: 0 });
    expect(trigger.matrix).toEqual({
      labels: ["ts-fixer", "eslint-fixer", "none"],
      rows: {
        positive: { "ts-fixer": 2, "eslint-fixer": 1, none: 1 },
        negative: { "ts-fixer": 0, "eslint-fixer": 1, none: 1 },
      },
    });
    // The split is the seeded one: half of each side held out.
    const positives = holdoutSplit(4, 0.5, 7);
    const negatives = holdoutSplit(2, 0.5, 7);
    expect(trigger.queries.map((q) => q.split)).toEqual([...positives, ...negatives]);
    expect(positives.filter((s) => s === "holdout")).toHaveLength(2);
    expect(negatives.filter((s) => s === "holdout")).toHaveLength(1);
    // Each split's metrics come from its own queries' verdicts.
    const passedOf = (split: string, positive: boolean) =>
      trigger.queries.filter(
        (q) => q.split === split && q.should_trigger === positive && q.status === "passed",
      ).length;
    const failedOf = (split: string, positive: boolean) =>
      trigger.queries.filter(
        (q) => q.split === split && q.should_trigger === positive && q.status === "failed",
      ).length;
    for (const split of ["train", "holdout"] as const) {
      expect(trigger[split]!.confusion).toEqual({
        truePositive: passedOf(split, true),
        falseNegative: failedOf(split, true),
        falsePositive: failedOf(split, false),
        trueNegative: passedOf(split, false),
      });
      expect(trigger[split]!.queries).toBe(3);
    }
    expect(trigger.confusion).toEqual({
      truePositive: 2,
      falseNegative: 2,
      falsePositive: 0,
      trueNegative: 2,
    });
    expect(trigger.train!.confusion.truePositive + trigger.holdout!.confusion.truePositive).toBe(2);
  });

  it("prints the split metrics and the matrix; competitors need observe mode", async () => {
    const { root, home } = await skillProject({
      ".claude/skills/ts-fixer/SKILL.md": tsFixerSkill("Fix them.\n"),
      "other/eslint-fixer/SKILL.md": "---\nname: eslint-fixer\ndescription: Lint.\n---\nx\n",
      "_evals/skills/ts-fixer.eval.yaml": `name: ts-fixer
type: skill
target: .claude/skills/ts-fixer/SKILL.md
trigger:
  holdout: 0.5
  competitors: [other/eslint-fixer]
  positive: [{ query: Fix the TypeScript errors }, { query: Fix the TypeScript lint }]
  negative: [{ query: Fix the lint errors }, { query: Style it }]
`,
    });
    const fake = await startFakeAnthropic([], { respond: router });
    fakes.push(fake);
    const env = skillEnv(home, fake.url);
    const cli = await runCli(["eval", "--cwd", root], { env });
    expect(cli.code, cli.stdout + cli.stderr).toBe(1);
    expect(cli.stdout).toMatch(/Train \(2 queries\): Precision: \S+\s+Recall: \S+\s+F1: \S+/);
    expect(cli.stdout).toMatch(/Held-out \(2 queries\): Precision: \S+\s+Recall: \S+\s+F1: \S+/);
    expect(cli.stdout).toContain(
      "Confusion (runs; rows: should trigger, columns: triggered first)",
    );
    expect(cli.stdout).toMatch(/ts-fixer\s+1\s+1\s+0\n/);
    expect(cli.stdout).toMatch(/not ts-fixer\s+0\s+1\s+1\n/);
    expect(cli.stdout).toContain("(held out)");

    const yaml = path.join(root, "_evals/skills/ts-fixer.eval.yaml");
    await fs.writeFile(
      yaml,
      (await fs.readFile(yaml, "utf8")).replace("holdout: 0.5", "mode: ask"),
    );
    const bad = await runCli(["eval", "--cwd", root], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("`competitors` need `mode: observe`");
  });
});
