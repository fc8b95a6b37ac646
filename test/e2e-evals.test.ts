/**
 * E2E scenarios of a skill eval with the REAL `claude` binary against a fake model that invokes the
 * installed skill, reads and edits the fixture (or rewrites it, to fail the workflow). The existing
 * outcome and trajectory checks judge the result; the CLI prints the section per target.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runEvals } from "../src/engine/index.js";
import type { ClaudeCodeReport } from "../src/kinds/skill/aggregate.js";
import {
  startFakeAnthropic,
  type AnthropicRequestBody,
  type AnthropicTurn,
} from "./fakes/anthropic.js";
import { requireBin } from "./fakes/clis.js";
import { runCli } from "./helpers/project.js";
import { skillSummaries } from "./helpers/summaries.js";
import {
  fakesClosedAfterEach,
  skill,
  skillEnv,
  skillProject,
  toolResults,
  tsFixerSkill,
  userQuery,
  workingDirectory,
} from "./helpers/skill-run.js";

const fakes = fakesClosedAfterEach();

const SKILL_MD = tsFixerSkill("Fix each error in place with Edit; never rewrite a whole file.\n");

const APP = 'const greeting: number = "hello world";\nconsole.log(greeting);\n';

const skillEval = `name: ts-fixer
type: skill
target: .claude/skills/ts-fixer/SKILL.md
model: haiku
e2e:
  - scenario: Fix type assignment error
    fixture:
      src/app.ts: ${JSON.stringify(APP)}
    prompt: Fix the TypeScript errors in this project
    outcomes:
      - { type: file-not-contains, file: src/app.ts, value: "as any" }
      - { type: file-contains, file: src/app.ts, value: "greeting: string" }
      - { type: file-matches, file: src/app.ts, value: "greeting: (string|String)" }
      - { type: file-exists, file: .claude/skills/ts-fixer/SKILL.md }
      - { type: file-not-exists, file: src/app.js }
      - { type: bash-succeeds, command: "grep -q 'hello world' src/app.ts" }
      - { type: bash-fails, command: "grep -q ': number' src/app.ts" }
      - { type: bash-output-contains, command: "cat src/app.ts", value: console.log }
    workflow:
      match_mode: superset
      expected_tools:
        - { name: Skill, args_contain: { skill: ts-fixer } }
        - { name: Read, args_contain: { file_path: app.ts } }
        - { name: Edit, args_contain: { file_path: app.ts }, after: Read }
      forbidden_tools: [Write]
  - scenario: Rewrite instead of edit
    model: sonnet
    fixture:
      src/app.ts: ${JSON.stringify(APP)}
    prompt: Rewrite src/app.ts without TypeScript errors
    outcomes:
      - { type: file-contains, file: src/app.ts, value: "greeting: string" }
    workflow:
      forbidden_tools: [Write]
`;

/** The agent of each scenario, decided from its own conversation (the runs are concurrent). */
function agentTurn(body: AnthropicRequestBody): AnthropicTurn {
  const file = path.join(workingDirectory(body), "src/app.ts");
  const step = toolResults(body);
  if (userQuery(body).startsWith("Rewrite")) {
    if (step === 0)
      return {
        toolUse: {
          name: "Write",
          input: { file_path: file, content: APP.replace("number", "string") },
        },
      };
    return { text: "Rewrote it." };
  }
  const steps: AnthropicTurn[] = [
    skill("ts-fixer"),
    { toolUse: { name: "Read", input: { file_path: file } } },
    {
      toolUse: {
        name: "Edit",
        input: { file_path: file, old_string: "greeting: number", new_string: "greeting: string" },
      },
    },
  ];
  return steps[step] ?? { text: "Fixed the type error." };
}

async function setUp() {
  const { root, home } = await skillProject({
    ".claude/skills/ts-fixer/SKILL.md": SKILL_MD,
    "_evals/skills/ts-fixer.eval.yaml": skillEval,
  });
  const fake = await startFakeAnthropic([], { respond: agentTurn });
  fakes.push(fake);
  return { root, home, fake };
}

describe("e2e scenarios", () => {
  it("runs claude in the fixture with the skill installed and judges outcomes and workflow", async () => {
    const { root, home, fake } = await setUp();
    const outcome = await runEvals({
      projectRoot: root,
      env: skillEnv(home, fake.url),
      maxRetries: 0,
    });
    expect(outcome.run.evals.map((e) => [e.id, e.agent, e.status])).toEqual([
      ["ts-fixer.e2e.fix-type-assignment-error", "claude-code", "passed"],
      ["ts-fixer.e2e.rewrite-instead-of-edit", "claude-code", "failed"],
    ]);
    expect(outcome.exitCode).toBe(1);
    const [good, bad] = outcome.run.evals;
    expect(good!.trials[0]!.checks.every((c) => c.ok)).toBe(true);
    expect(good!.trials[0]!.checks.map((c) => c.name)).toEqual([
      'src/app.ts lacks "as any"',
      'src/app.ts contains "greeting: string"',
      "src/app.ts contains /greeting: (string|String)/",
      "file exists .claude/skills/ts-fixer/SKILL.md",
      "file absent src/app.js",
      `succeeds "grep -q 'hello world' src/app.ts"`,
      `bash-fails "grep -q ': number' src/app.ts"`,
      'output of "cat src/app.ts" contains "console.log"',
      "trajectory (superset): Skill, Read, Edit without Write",
    ]);
    expect(bad!.trials[0]!.checks.at(-1)).toMatchObject({
      ok: false,
      evidence: "forbidden tool Write was used (call #1) — trajectory: Write",
    });
    // The scenario's model wins over the file's (EVAL_MODEL is unset here).
    const models = fake.requests.map((r) => r.body.model ?? "");
    expect(models.some((m) => m.includes("haiku"))).toBe(true);
    expect(models.some((m) => m.includes("sonnet"))).toBe(true);

    const e2e = skillSummaries(outcome.summaries)[0]!.e2e!;
    expect(e2e.pass_rate).toBe(0.5);
    expect(e2e.total_cost_usd).toBeGreaterThan(0);
    expect(e2e.scenarios[0]!.trajectory.map((c) => c.tool_name)).toEqual(["Skill", "Read", "Edit"]);
    expect(e2e.scenarios[0]).toMatchObject({ passed: true, model: "haiku" });
    expect(e2e.scenarios[0]!.workflow).toMatchObject({ passed: true });
    expect(e2e.scenarios[1]).toMatchObject({ passed: false, model: "sonnet" });
    expect(e2e.scenarios[1]!.outcomes).toEqual([
      expect.objectContaining({
        description: 'src/app.ts contains "greeting: string"',
        passed: true,
      }),
    ]);
  });

  it("prints the section per target from the CLI; EVAL_MODEL sets the default model", async () => {
    const { root, home, fake } = await setUp();
    const cli = await runCli(["eval", "ts-fixer", "--cwd", root, "--axis", "e2e", "--verbose"], {
      env: { ...skillEnv(home, fake.url), EVAL_MODEL: "opus", CI: "true" },
    });
    expect(cli.code, cli.stdout + cli.stderr).toBe(1);
    const out = cli.stdout;
    expect(out).toContain("━━━ ts-fixer (skill: .claude/skills/ts-fixer/SKILL.md) ━━━");
    expect(out).toMatch(/PASS Fix type assignment error \(\d+ms, \$[\d.]+, opus\)/);
    expect(out).toContain("Trajectory: Skill → Read → Edit");
    expect(out).toMatch(/FAIL Rewrite instead of edit \(\d+ms, \$[\d.]+, sonnet\)/);
    expect(out).toContain("forbidden tool Write was used (call #1) — trajectory: Write");
    expect(out).toContain("Pass rate: 50%");
    expect(out).toMatch(/FAIL ts-fixer\n/);
    // The guide's lines: each outcome with its type, the workflow's verdict, 4-decimal costs.
    expect(out).toContain('PASS [file-not-contains] src/app.ts not contains "as any"');
    expect(out).toContain("PASS [file-matches] src/app.ts matches /greeting: (string|String)/");
    expect(out).toContain(`PASS [bash-fails] "grep -q ': number' src/app.ts" fails`);
    expect(out).toContain("PASS Workflow checks passed");
    expect(out).toMatch(/FAIL Forbidden: Write at _evals\/skills\/ts-fixer\.eval\.yaml:\d+/);
    expect(out).toMatch(/E2E Eval \(cost: \$\d+\.\d{4}\)/);
    expect(out).toMatch(/Total e2e cost: \$\d+\.\d{4}/);
    // --verbose: the agent's final output too.
    expect(out).toMatch(/Output:\n\s+Fixed the type error\./);
    // One summary line for the run, the skill eval counted once.
    expect(out).toMatch(/\n0 passed, 1 failed · cost/);
    const duration = /Duration: (\d+)ms/.exec(out);
    expect(duration).not.toBeNull();
    expect(fake.requests.some((r) => (r.body.model ?? "").includes("opus"))).toBe(true);
    // The parts are ordinary evals in run.json (history, cache, budget and PR comment see them).
    const run = JSON.parse(
      await fs.readFile(path.join(root, ".copybook/results/run.json"), "utf8"),
    ) as { evals: Array<{ id: string; status: string }> };
    expect(run.evals.map((e) => [e.id, e.status])).toEqual([
      ["ts-fixer.e2e.fix-type-assignment-error", "passed"],
      ["ts-fixer.e2e.rewrite-instead-of-edit", "failed"],
    ]);
    const files = await fs.readdir(path.join(root, "_evals/results"));
    const json = files.find((f) => f.endsWith("_ts-fixer.json"))!;
    const report = JSON.parse(
      await fs.readFile(path.join(root, "_evals/results", json), "utf8"),
    ) as ClaudeCodeReport;
    expect(report).toMatchObject({ name: "ts-fixer", type: "skill", status: "failed" });
    expect(report.e2e!.scenarios.map((s) => s.passed)).toEqual([true, false]);
    // The guide's results shape (our extra fields kept beside it).
    expect(report.config).toEqual({ model: "opus", trials: 1 });
    const [good, bad] = report.e2e!.scenarios;
    expect(good!.outcomes.map((o) => o.type)).toEqual([
      "file-not-contains",
      "file-contains",
      "file-matches",
      "file-exists",
      "file-not-exists",
      "bash-succeeds",
      "bash-fails",
      "bash-output-contains",
    ]);
    expect(good!.outcomes[0]).toMatchObject({
      type: "file-not-contains",
      description: 'src/app.ts not contains "as any"',
      passed: true,
    });
    expect(good!.workflow).toMatchObject({
      tool_match: { passed: true, reason: "All required tools present" },
      forbidden_check: { passed: true, violations: [] },
      ordering_check: { passed: true, violations: [] },
    });
    expect(bad!.workflow).toMatchObject({
      tool_match: { passed: true },
      forbidden_check: { passed: false, violations: ["Write"] },
      ordering_check: { passed: true, violations: [] },
    });
    expect(good!.trajectory[1]).toMatchObject({ tool_name: "Read" });
    expect(good!.final_output).toBe("Fixed the type error.");
    // The total of the scenarios' times, not the longest one; costs rounded.
    expect(report.duration_ms).toBe(good!.duration_ms + bad!.duration_ms);
    expect(Number(duration![1])).toBe(report.duration_ms);
    for (const s of [good!, bad!]) expect(s.cost_usd).toBe(Number(s.cost_usd.toFixed(6)));
  });

  it("skips trigger and e2e parts, with the reason, when there is no key or no claude", async () => {
    const { root, home } = await setUp();
    const noKey = await runCli(["eval", "--cwd", root, "--unsafe-local"], {
      env: {
        PATH: `${path.dirname(requireBin("claude"))}${path.delimiter}${process.env.PATH ?? ""}`,
        HOME: home,
        ANTHROPIC_API_KEY: undefined,
        ANTHROPIC_AUTH_TOKEN: undefined,
        CLAUDE_CODE_OAUTH_TOKEN: undefined,
      },
    });
    expect(noKey.code, noKey.stdout + noKey.stderr).toBe(0);
    expect(noKey.stdout).toContain("E2E eval: SKIP");
    expect(noKey.stdout).toContain("no Anthropic credentials: set ANTHROPIC_API_KEY");
    // One summary line, the skill eval (its two scenarios) counted once.
    expect(noKey.stdout).toMatch(/0 passed, 0 failed, 1 skipped/);

    const noClaude = await runCli(["eval", "--cwd", root, "--unsafe-local"], {
      env: { PATH: "/usr/bin:/bin", HOME: home, ANTHROPIC_API_KEY: "sk-ant-x" },
    });
    expect(noClaude.code, noClaude.stdout + noClaude.stderr).toBe(0);
    expect(noClaude.stdout).toContain("the `claude` CLI is not on PATH");
  });
});
