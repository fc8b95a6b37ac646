/**
 * Trigger (routing) evals with the REAL `claude` binary against a fake model that routes by the
 * request: it calls the Skill tool (or answers YES) only for some queries, so the confusion
 * counts are known in advance and precision/recall/F1 can be checked against them.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runEvals } from "../src/engine/index.js";
import { triggerMetrics, parseAnswer } from "../src/kinds/skill/trigger.js";
import { startFakeAnthropic } from "./fakes/anthropic.js";
import {
  fakesClosedAfterEach,
  listedSkills,
  skill,
  skillEnv,
  skillProject,
  toolResults,
  tsFixerSkill,
  userQuery,
} from "./helpers/skill-run.js";
import { removedWithProjects, runCli } from "./helpers/project.js";
import { skillSummaries } from "./helpers/summaries.js";

const fakes = fakesClosedAfterEach();

const SKILL_MD = tsFixerSkill("Run tsc, then fix each error in place.\n");

const observeEval = `name: ts-fixer
type: skill
target: .claude/skills/ts-fixer/SKILL.md
trigger:
  runs: 2
  positive:
    - query: Fix the TypeScript errors in src/app.ts
    - query: My tsc build fails with TS2322
      note: the router below misses this one
  negative:
    - query: Fix the CSS styling of the header
    - query: Convert this TypeScript file to tabs
      note: the router below wrongly takes this one
`;

/** The fake model's router: calls the Skill tool on the word "TypeScript", and only when Claude
 *  Code listed the installed skill; so "tsc … TS2322" is missed and "…TypeScript file to tabs" is
 *  wrongly taken. */
const tsFixerRouter: NonNullable<Parameters<typeof startFakeAnthropic>[1]>["respond"] = (body) => {
  if (toolResults(body) > 0) return { text: "Done." };
  return listedSkills(body).includes("ts-fixer") && /TypeScript/.test(userQuery(body))
    ? skill("ts-fixer")
    : { text: "Sure, here is how." };
};

describe("trigger evals", () => {
  it("observe: counts a Skill call naming the target, with known confusion counts", async () => {
    const { root, home } = await skillProject({
      ".claude/skills/ts-fixer/SKILL.md": SKILL_MD,
      "_evals/skills/ts-fixer.eval.yaml": observeEval,
    });
    const fake = await startFakeAnthropic([], { respond: tsFixerRouter });
    fakes.push(fake);
    const outcome = await runEvals({
      projectRoot: root,
      env: skillEnv(home, fake.url),
      allTrials: true,
      maxRetries: 0,
    });
    const byId = Object.fromEntries(outcome.run.evals.map((e) => [e.id, e]));
    expect(Object.keys(byId).sort()).toEqual([
      "ts-fixer.trigger.negative-1",
      "ts-fixer.trigger.negative-2",
      "ts-fixer.trigger.positive-1",
      "ts-fixer.trigger.positive-2",
    ]);
    expect(outcome.run.evals.map((e) => [e.id, e.agent, e.status, e.trialsRun])).toEqual([
      ["ts-fixer.trigger.positive-1", "claude-code", "passed", 2],
      ["ts-fixer.trigger.positive-2", "claude-code", "failed", 2],
      ["ts-fixer.trigger.negative-1", "claude-code", "passed", 2],
      ["ts-fixer.trigger.negative-2", "claude-code", "failed", 2],
    ]);
    expect(outcome.exitCode).toBe(1);

    const report = skillSummaries(outcome.summaries)[0]!;
    const trigger = report.trigger!;
    expect(trigger.confusion).toEqual({
      truePositive: 1,
      falseNegative: 1,
      falsePositive: 1,
      trueNegative: 1,
    });
    expect([trigger.precision, trigger.recall, trigger.f1]).toEqual([0.5, 0.5, 0.5]);
    expect(trigger.positive).toEqual({ total: 2, passed: 1, rate: 0.5 });
    expect(trigger.negative).toEqual({ total: 2, passed: 1, rate: 0.5 });
    const rates = trigger.queries.map((q) => [q.query, q.triggered, q.runs, q.trigger_rate]);
    expect(rates).toEqual([
      ["Fix the TypeScript errors in src/app.ts", 2, 2, 1],
      ["My tsc build fails with TS2322", 0, 2, 0],
      ["Fix the CSS styling of the header", 0, 2, 0],
      ["Convert this TypeScript file to tabs", 2, 2, 1],
    ]);
    expect(trigger.queries[0]!.interval[0]).toBeCloseTo(0.342, 3); // Wilson 95% of 2/2
    expect(trigger.queries[0]!.interval[1]).toBe(1);
    expect(trigger.queries[0]!.trajectory).toEqual(["Skill"]);
    expect(trigger.queries[3]!.evidence).toMatch(
      /^triggered by call #1 Skill\({"skill":"ts-fixer"}\)/,
    );
    expect(trigger.queries[1]!.evidence).toMatch(/^not triggered: no Skill call named "ts-fixer"/);

    // The skill really was installed in each throwaway project: Claude Code launched it.
    const trial = JSON.parse(
      await fs.readFile(
        path.join(root, byId["ts-fixer.trigger.positive-1"]!.trials[0]!.dir, "trial.json"),
        "utf8",
      ),
    ) as { trajectory: Array<{ tool: string; result?: string; isError?: boolean }> };
    expect(trial.trajectory[0]).toMatchObject({ tool: "Skill", isError: false });
    expect(trial.trajectory[0]!.result).toContain("ts-fixer");
    // The queries reached the model as the user's request.
    expect(fake.requests.some((r) => userQuery(r.body).includes("Fix the CSS styling"))).toBe(true);

    const written = JSON.parse(await fs.readFile(report.resultFile!, "utf8")) as typeof report;
    expect(written.trigger).toMatchObject({ precision: 0.5, recall: 0.5, f1: 0.5 });
  });

  it("sharded: each shard sees part of the queries; merge computes precision, recall and F1 over all", async () => {
    const { root, home } = await skillProject({
      ".claude/skills/ts-fixer/SKILL.md": SKILL_MD,
      "_evals/skills/ts-fixer.eval.yaml": observeEval.replace("runs: 2", "runs: 1"),
    });
    const fake = await startFakeAnthropic([], { respond: tsFixerRouter });
    fakes.push(fake);
    // Two runners: each a copy of the project running its shard.
    const shardRoots = [root, removedWithProjects(`${root}-shard-2`)];
    await fs.cp(root, shardRoots[1]!, { recursive: true });
    const shardConfusions = [];
    for (const [i, projectRoot] of shardRoots.entries()) {
      const outcome = await runEvals({
        projectRoot,
        env: skillEnv(home, fake.url),
        shard: { index: i + 1, count: 2 },
        maxRetries: 0,
      });
      expect(outcome.run.evals.length).toBeLessThan(4);
      shardConfusions.push(skillSummaries(outcome.summaries)[0]!.trigger!.confusion);
    }
    // Neither shard alone has the whole picture.
    for (const c of shardConfusions)
      expect(c.truePositive + c.falseNegative + c.falsePositive + c.trueNegative).toBeLessThan(4);

    const merged = await runCli(
      [
        "merge",
        path.join(shardRoots[0]!, ".copybook/results"),
        path.join(shardRoots[1]!, ".copybook/results"),
        "--out",
        path.join(root, "merged"),
      ],
      { cwd: root },
    );
    expect(merged.code, merged.stderr).toBe(1); // two queries fail, as in one run
    expect(merged.stdout).toMatch(/ts-fixer \(skill: /);
    expect(merged.stdout).toMatch(/Precision: 50(\.0)?%\s+Recall: 50(\.0)?%\s+F1: 50(\.0)?%/);
    // The merged report.html holds the skill's section, computed over both shards' queries.
    const page = await fs.readFile(path.join(root, "merged", "report.html"), "utf8");
    const main = JSON.parse(
      /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(page)![1]!,
    ) as {
      sections: Array<{ title: string; blocks: Array<{ rows?: Array<{ cells: string[] }> }> }>;
    };
    expect(main.sections.map((s) => s.title)).toEqual(["ts-fixer"]);
    expect(main.sections[0]!.blocks[0]!.rows![0]!.cells).toEqual([
      "all (4)",
      "50%",
      "50%",
      "50%",
      "1",
      "1",
      "1",
      "1",
    ]);
    const files = await fs.readdir(path.join(root, "_evals/results"));
    const latest = files
      .filter((f) => f.endsWith("_ts-fixer.json"))
      .sort()
      .at(-1)!;
    const written = JSON.parse(
      await fs.readFile(path.join(root, "_evals/results", latest), "utf8"),
    ) as { trigger: { confusion: Record<string, number>; precision: number } };
    expect(written.trigger.confusion).toEqual({
      truePositive: 1,
      falseNegative: 1,
      falsePositive: 1,
      trueNegative: 1,
    });
  });

  it("ask: the model answers YES/NO about the description; another answer is asked again, then an error not counted", async () => {
    const { root, home } = await skillProject({
      ".claude/commands/deploy.md":
        "---\ndescription: Deploy the app to staging\n---\nRun ./deploy.sh\n",
      "_evals/commands/deploy.eval.yaml": `name: deploy
type: command
target: .claude/commands/deploy.md
trigger:
  mode: ask
  positive:
    - query: Ship this to staging please
    - query: Push the build out
  negative:
    - query: Rename the variable foo
`,
    });
    // A user-level command of the same name would shadow the target with --real-home: the
    // report warns (a trial's own HOME holds none, so by default there is nothing to warn of).
    await fs.mkdir(path.join(home, ".claude/commands"), { recursive: true });
    await fs.writeFile(path.join(home, ".claude/commands/deploy.md"), "old deploy\n");
    const fake = await startFakeAnthropic([], {
      respond: (body) => {
        const asked = userQuery(body);
        if (!asked.includes("Answer with exactly one word: YES or NO")) return { text: "?" };
        if (asked.includes("Push the build out")) return { text: "Maybe, it depends." };
        return { text: asked.includes("staging please") ? "YES" : "NO." };
      },
    });
    fakes.push(fake);
    const outcome = await runEvals({
      projectRoot: root,
      env: skillEnv(home, fake.url),
      maxRetries: 0,
      realHome: true,
    });
    expect(outcome.run.evals.map((e) => [e.id, e.status])).toEqual([
      ["deploy.trigger.positive-1", "passed"],
      ["deploy.trigger.positive-2", "error"],
      ["deploy.trigger.negative-1", "passed"],
    ]);
    const report = skillSummaries(outcome.summaries)[0]!;
    expect(report.trigger!.mode).toBe("ask");
    // "Maybe" is neither a trigger nor a miss: the query is left out of the counts.
    expect(report.trigger!.confusion).toEqual({
      truePositive: 1,
      falseNegative: 0,
      falsePositive: 0,
      trueNegative: 1,
    });
    expect([report.trigger!.precision, report.trigger!.recall, report.trigger!.f1]).toEqual([
      1, 1, 1,
    ]);
    expect(report.trigger!.queries[1]!.reason).toBe(
      'infra error: answered neither YES nor NO, twice ("Maybe, it depends.", then "Maybe, it depends."): not counted',
    );
    // Asked once more, and not retried again after that.
    const maybes = fake.requests.filter((r) => userQuery(r.body).includes("Push the build out"));
    expect(maybes).toHaveLength(2);
    // The description (not the command's body) is what the model judged.
    const asked = userQuery(fake.requests[0]!.body);
    expect(asked).toContain("description: Deploy the app to staging");
    expect(asked).not.toContain("Run ./deploy.sh");
    expect(report.warnings).toEqual([
      expect.stringContaining(
        `a user-level command "deploy" exists at ${path.join(home, ".claude/commands/deploy.md")}`,
      ),
    ]);
    const isolated = await runEvals({
      projectRoot: root,
      env: skillEnv(home, fake.url),
      maxRetries: 0,
    });
    expect(skillSummaries(isolated.summaries)[0]!.warnings).toEqual([]);
  });
});

describe("trigger evals: what is not a trigger", () => {
  it("observe: an errored tool call (SlashCommand: no such tool) does not trigger the command", async () => {
    const { root, home } = await skillProject({
      ".claude/commands/deploy.md": "---\ndescription: Deploy the app to staging\n---\nRun it\n",
      "_evals/commands/deploy.eval.yaml": `name: deploy
type: command
target: .claude/commands/deploy.md
trigger:
  positive:
    - query: Ship this to staging please
`,
    });
    const fake = await startFakeAnthropic([], {
      respond: (body) =>
        toolResults(body) > 0
          ? { text: "Done." }
          : { toolUse: { name: "SlashCommand", input: { command: "/deploy" } } },
    });
    fakes.push(fake);
    const outcome = await runEvals({
      projectRoot: root,
      env: skillEnv(home, fake.url),
      maxRetries: 0,
    });
    const [query] = outcome.run.evals;
    expect(query!.status).toBe("failed");
    const trial = JSON.parse(
      await fs.readFile(path.join(root, query!.trials[0]!.dir, "trial.json"), "utf8"),
    ) as { trajectory: Array<{ tool: string; isError?: boolean; result?: string }> };
    // Claude Code 2.1 has no SlashCommand tool: the call came back as an error.
    expect(trial.trajectory[0]).toMatchObject({ tool: "SlashCommand", isError: true });
    expect(query!.trials[0]!.checks[0]!.evidence).toMatch(/^not triggered/);
    expect(skillSummaries(outcome.summaries)[0]!.trigger!.confusion.falseNegative).toBe(1);
  });
});

describe("trigger metrics", () => {
  it("computes precision, recall and F1 from confusion counts", () => {
    expect(
      triggerMetrics({ truePositive: 8, falseNegative: 2, falsePositive: 4, trueNegative: 6 }),
    ).toEqual({ precision: 0.666667, recall: 0.8, f1: 0.727273 });
    expect(
      triggerMetrics({ truePositive: 0, falseNegative: 3, falsePositive: 0, trueNegative: 3 }),
    ).toEqual({ precision: null, recall: 0, f1: 0 });
    expect(
      triggerMetrics({ truePositive: 0, falseNegative: 0, falsePositive: 0, trueNegative: 2 }),
    ).toEqual({ precision: null, recall: null, f1: null });
  });

  it("reads YES/NO answers", () => {
    expect(parseAnswer("YES")).toBe(true);
    expect(parseAnswer("**No**, it is about CSS")).toBe(false);
    expect(parseAnswer("yes.")).toBe(true);
    expect(parseAnswer("Yesterday")).toBeUndefined();
    expect(parseAnswer(undefined)).toBeUndefined();
  });
});
