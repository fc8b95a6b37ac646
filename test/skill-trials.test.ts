/**
 * How many runs a skill eval makes, with the REAL `claude` against a fake Anthropic API: a trigger
 * rate is measured over every run of `runs: N`, and `--trials N` given explicitly runs all N;
 * early stopping stays for pass/fail verdicts (and says so), and `--trials` is bounded to 1–10.
 */
import { describe, expect, it } from "vitest";
import { runEvals } from "../src/engine/index.js";
import { startFakeAnthropic } from "./fakes/anthropic.js";
import { runCli } from "./helpers/project.js";
import { skillSummaries } from "./helpers/summaries.js";
import {
  fakesClosedAfterEach,
  skill,
  skillEnv,
  skillProject,
  toolResults,
  tsFixerSkill,
} from "./helpers/skill-run.js";

const fakes = fakesClosedAfterEach();

const EVAL = `name: ts-fixer
type: skill
target: .claude/skills/ts-fixer/SKILL.md
trigger:
  runs: 4
  positive:
    - query: Fix the TypeScript errors
e2e:
  - scenario: Writes nothing
    prompt: Write out.txt
    outcomes: [{ type: file-exists, file: out.txt }]
`;

async function setUp() {
  const { root, home } = await skillProject({
    ".claude/skills/ts-fixer/SKILL.md": tsFixerSkill("Fix them.\n"),
    "_evals/skills/ts-fixer.eval.yaml": EVAL,
  });
  // Always takes the skill (every trigger run passes), never writes out.txt (the scenario fails).
  const fake = await startFakeAnthropic([], {
    respond: (body) => (toolResults(body) > 0 ? { text: "Done." } : skill("ts-fixer")),
  });
  fakes.push(fake);
  return { root, env: skillEnv(home, fake.url) };
}

describe("trials of skill evals", () => {
  it("`runs: 4` runs the query 4 times though 2 triggers already decide its verdict", async () => {
    const { root, env } = await setUp();
    const outcome = await runEvals({ projectRoot: root, env, maxRetries: 0, axis: "trigger" });
    const [query] = outcome.run.evals;
    expect([query!.trialsRun, query!.trialsPlanned, query!.passes]).toEqual([4, 4, 4]);
    expect(skillSummaries(outcome.summaries)[0]!.trigger!.queries[0]).toMatchObject({
      triggered: 4,
      runs: 4,
    });
  });

  it("a scenario's failure stops its trials early, and says why; --trials 3 runs all 3", async () => {
    const { root, env } = await setUp();
    const file = `${root}/_evals/skills/ts-fixer.eval.yaml`;
    const { promises: fs } = await import("node:fs");
    await fs.writeFile(file, EVAL.replace("type: skill\n", "type: skill\ntrials: 3\n"));
    const curtailed = await runCli(["eval", "--cwd", root, "--axis", "e2e"], { env });
    expect(curtailed.code, curtailed.stdout + curtailed.stderr).toBe(1);
    expect(curtailed.stdout).toMatch(
      /stopped after 1 of 3 trials: verdict decided \(early stopping applies to pass\/fail verdicts only; --all-trials runs every trial\)/,
    );

    const all = await runCli(["eval", "--cwd", root, "--axis", "e2e", "--trials", "3"], { env });
    expect(all.code, all.stdout + all.stderr).toBe(1);
    expect(all.stdout).toMatch(/FAIL Writes nothing \(\d+ms, \$[\d.]+, 0\/3 trials passed\)/);
    expect(all.stdout).not.toContain("stopped after");
  });

  it("--trials outside 1–10 is refused for skill evals, before anything runs", async () => {
    const { root, env } = await setUp();
    const cli = await runCli(["eval", "--cwd", root, "--trials", "11"], { env });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain(
      "--trials takes 1 to 10 for skill, command and hook evals (ts-fixer is one), got 11",
    );
    expect((await runCli(["eval", "--cwd", root, "--trials", "0"], { env })).code).toBe(2);
  });
});

describe("skill evals and other agents", () => {
  it("--agent gemini is refused for a skill eval with the reason, exit 2, nothing runs", async () => {
    const { root, env } = await setUp();
    const cli = await runCli(["eval", "--cwd", root, "--agent", "gemini"], { env });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain(
      "ts-fixer is a skill eval of Claude Code (.claude/skills/ts-fixer/SKILL.md); --agent gemini cannot run it: only claude-code and codex run skill and command evals (gemini is neither)",
    );
    expect(cli.stderr).toContain("drop --agent gemini");
    // Said once for the file, not once per part.
    expect(cli.stderr.split("--agent gemini cannot run it").length - 1).toBe(1);
    expect(cli.stdout).not.toContain("trial 1");
  });

  it("--agent codex --agent claude-code is refused: one agent per skill eval", async () => {
    const { root, env } = await setUp();
    const cli = await runCli(
      ["eval", "--cwd", root, "--agent", "codex", "--agent", "claude-code"],
      { env },
    );
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain(
      "--agent codex cannot run it: name one agent for skill and command evals",
    );
  });
});
