/**
 * A skill of a Claude Code plugin, evaluated with the REAL `claude` loading the plugin
 * (`--plugin-dir`) against a fake Anthropic API that routes by keyword among the skills Claude Code
 * listed: the plugin's other skills and commands are counted as competitors automatically.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runEvals } from "../src/engine/index.js";
import type { ClaudeCodeReport } from "../src/kinds/skill/aggregate.js";
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
} from "./helpers/skill-run.js";

const fakes = fakesClosedAfterEach();

const PLUGIN = {
  "plugins/lint-kit/.claude-plugin/plugin.json": JSON.stringify({
    name: "lint-kit",
    version: "1.0.0",
    description: "Linting helpers",
  }),
  "plugins/lint-kit/skills/ts-fixer/SKILL.md": tsFixerSkill("Run tsc, then fix each error.\n"),
  "plugins/lint-kit/skills/eslint-fixer/SKILL.md":
    "---\nname: eslint-fixer\ndescription: Fix lint errors reported by eslint.\n---\nRun eslint --fix.\n",
  "plugins/lint-kit/commands/format.md":
    "---\ndescription: Format the code with prettier\n---\nRun prettier --write .\n",
};

const evalYaml = (extra = "") => `name: ts-fixer
type: skill
target: plugins/lint-kit/skills/ts-fixer/SKILL.md
trigger:${extra}
  positive:
    - query: Fix the TypeScript errors in app.ts
    - query: Fix the TypeScript lint errors
  negative:
    - query: Format the code please
    - query: Style the header
`;

/**
 * Picks among what Claude Code listed, by keyword: "lint" → eslint-fixer, "Format" → the format
 * command, "TypeScript" → ts-fixer; each under the name it was listed by (`lint-kit:…` when the
 * plugin was loaded, bare when installed alone).
 */
const router: NonNullable<Parameters<typeof startFakeAnthropic>[1]>["respond"] = (body) => {
  if (toolResults(body) > 0) return { text: "Done." };
  const query = userQuery(body);
  const listed = listedSkills(body);
  const pick = (name: string) => listed.find((l) => l === name || l.endsWith(`:${name}`));
  for (const [word, name] of [
    [/lint/i, "eslint-fixer"],
    [/Format/, "format"],
    [/TypeScript/, "ts-fixer"],
  ] as const) {
    const found = word.test(query) ? pick(name) : undefined;
    if (found) return skill(found);
  }
  return { text: "Sure." };
};

describe("skills of a plugin", () => {
  it("loads the whole plugin and counts its other skills and commands as competitors", async () => {
    const { root, home } = await skillProject({
      ...PLUGIN,
      "_evals/skills/ts-fixer.eval.yaml": evalYaml(),
    });
    const fake = await startFakeAnthropic([], { respond: router });
    fakes.push(fake);
    const outcome = await runEvals({
      projectRoot: root,
      env: skillEnv(home, fake.url),
      maxRetries: 0,
    });
    // Claude Code itself loaded the plugin: the model was shown its skills and command by the
    // plugin's namespace.
    const shown = listedSkills(fake.requests[0]!.body);
    expect(shown).toEqual(
      expect.arrayContaining(["lint-kit:ts-fixer", "lint-kit:eslint-fixer", "lint-kit:format"]),
    );
    expect(shown).not.toContain("ts-fixer");

    const report = outcome.summaries[0] as ClaudeCodeReport;
    const trigger = report.trigger!;
    expect(trigger.queries.map((q) => [q.query, q.status])).toEqual([
      ["Fix the TypeScript errors in app.ts", "passed"],
      ["Fix the TypeScript lint errors", "failed"],
      ["Format the code please", "passed"],
      ["Style the header", "passed"],
    ]);
    const stolen = trigger.queries[1]!;
    expect(stolen.evidence).toMatch(
      /^triggered the wrong skill: eslint-fixer \(plugins\/lint-kit\/skills\/eslint-fixer\/SKILL\.md\) by call #1 Skill\({"skill":"lint-kit:eslint-fixer"}\) instead of ts-fixer/,
    );
    expect(trigger.queries[0]!.evidence).toMatch(
      /^triggered by call #1 Skill\({"skill":"lint-kit:ts-fixer"}\)/,
    );
    expect(trigger.matrix).toEqual({
      labels: ["lint-kit:ts-fixer", "lint-kit:eslint-fixer", "lint-kit:format", "none"],
      rows: {
        positive: {
          "lint-kit:ts-fixer": 1,
          "lint-kit:eslint-fixer": 1,
          "lint-kit:format": 0,
          none: 0,
        },
        negative: {
          "lint-kit:ts-fixer": 0,
          "lint-kit:eslint-fixer": 0,
          "lint-kit:format": 1,
          none: 1,
        },
      },
    });
    expect(trigger.queries[2]!.triggered_by).toEqual({
      "lint-kit:ts-fixer": 0,
      "lint-kit:eslint-fixer": 0,
      "lint-kit:format": 1,
      none: 0,
    });
    expect(trigger.confusion).toEqual({
      truePositive: 1,
      falseNegative: 1,
      falsePositive: 0,
      trueNegative: 2,
    });
    // The skill really ran from the plugin's copy in the trial.
    const trialDir = path.join(root, outcome.run.evals[0]!.trials[0]!.dir);
    const trial = JSON.parse(await fs.readFile(path.join(trialDir, "trial.json"), "utf8")) as {
      trajectory: Array<{ tool: string; isError?: boolean; result?: string }>;
    };
    expect(trial.trajectory[0]).toMatchObject({ tool: "Skill", isError: false });
  });

  it("`plugin: false` installs the target alone: no siblings, no matrix", async () => {
    const { root, home } = await skillProject({
      ...PLUGIN,
      "_evals/skills/ts-fixer.eval.yaml": evalYaml("\n  plugin: false"),
    });
    const fake = await startFakeAnthropic([], { respond: router });
    fakes.push(fake);
    const outcome = await runEvals({
      projectRoot: root,
      env: skillEnv(home, fake.url),
      maxRetries: 0,
    });
    const shown = listedSkills(fake.requests[0]!.body);
    expect(shown).toContain("ts-fixer");
    expect(shown.some((s) => s.startsWith("lint-kit:"))).toBe(false);
    const trigger = (outcome.summaries[0] as ClaudeCodeReport).trigger!;
    expect(trigger.matrix).toBeUndefined();
    // With no eslint-fixer installed, the lint query goes to the target.
    expect(trigger.queries.map((q) => q.status)).toEqual(["passed", "passed", "passed", "passed"]);
  });

  it("prints the matrix; a plugin manifest that is not JSON is a definition error naming it", async () => {
    const { root, home } = await skillProject({
      ...PLUGIN,
      "_evals/skills/ts-fixer.eval.yaml": evalYaml(),
    });
    const fake = await startFakeAnthropic([], { respond: router });
    fakes.push(fake);
    const env = skillEnv(home, fake.url);
    const cli = await runCli(["eval", "--cwd", root], { env });
    expect(cli.code, cli.stdout + cli.stderr).toBe(1);
    expect(cli.stdout).toContain(
      "Confusion (runs; rows: should trigger, columns: triggered first)",
    );
    expect(cli.stdout).toMatch(/lint-kit:ts-fixer\s+1\s+1\s+0\s+0\n/);
    expect(cli.stdout).toMatch(/not lint-kit:ts-fixer\s+0\s+0\s+1\s+1\n/);
    expect(cli.stdout).toContain("triggered the wrong skill: eslint-fixer");

    await fs.writeFile(path.join(root, "plugins/lint-kit/.claude-plugin/plugin.json"), "{ name: ");
    const bad = await runCli(["eval", "--cwd", root], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      "the target's plugin manifest plugins/lint-kit/.claude-plugin/plugin.json is not valid JSON",
    );
    expect(bad.stderr).toContain("`trigger.plugin: false`");
  });
});
