/**
 * Loading `type: skill | command | hook` YAML: what a valid file expands to, and the file:line
 * errors (with AE codes and fixes) for what is wrong — nothing runs when a definition is bad.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { discoverEvalFiles } from "../src/define/discover.js";
import { loadEvals } from "../src/define/load.js";
import * as libraryApi from "../src/library.js";
import { DefinitionError, type DefinitionProblem } from "../src/model/errors.js";
import { planRun } from "../src/plan/plan.js";
import { selectClaudeCodeParts } from "../src/kinds/skill/select.js";
import { makeProject, runCli } from "./helpers/project.js";
import { EVAL_KINDS } from "../src/kinds/index.js";

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

const TARGETS = {
  ".claude/skills/ts-fixer/SKILL.md":
    "---\nname: ts-fixer\ndescription: Fix TS errors\n---\nbody\n",
  ".claude/skills/ts-fixer/reference.md": "more\n",
  ".claude/commands/tdd.md": "Write a failing test first\n",
  ".claude/hooks/h.sh": "exit 0\n",
  ".claude/hooks/h.txt": "exit 0\n",
};

async function load(files: Record<string, string>, env: Record<string, string> = {}) {
  const root = await makeProject({ ...TARGETS, ...files });
  roots.push(root);
  const evalFiles = await discoverEvalFiles(root);
  return loadEvals(evalFiles, {
    projectRoot: root,
    libraryApi: { ...libraryApi },
    kinds: EVAL_KINDS,
    env,
  });
}

async function problems(yaml: string): Promise<DefinitionProblem[]> {
  try {
    await load({ "_evals/skills/x.eval.yaml": yaml });
  } catch (error) {
    if (error instanceof DefinitionError) return error.problems;
    throw error;
  }
  throw new Error("expected a DefinitionError");
}

const trigger = "trigger:\n  positive:\n    - query: fix it\n";

describe("loading skill/command/hook evals", () => {
  it("expands a skill eval into one eval per query and per scenario, the skill installed", async () => {
    const specs = await load(
      {
        "_evals/skills/ts-fixer.eval.yaml": `name: ts-fixer
type: skill
target: .claude/skills/ts-fixer/SKILL.md
model: haiku
trigger:
  runs: 3
  threshold: 0.6
  positive: [{ query: "Fix the {{weird}} errors" }]
  negative: [{ query: Style the CSS }]
e2e:
  - scenario: Fix it!
    fixture: { src/a.ts: "x" }
    prompt: fix
    model: opus
    outcomes: [{ type: file-exists, file: src/a.ts }]
`,
        "_evals/hooks/h.eval.yaml": `name: h
type: hook
target: .claude/hooks/h.sh
cases: [{ scenario: a, expect: { exit_code: 0 } }]
`,
      },
      { EVAL_MODEL: "sonnet" },
    );
    const byId = Object.fromEntries(specs.map((s) => [s.id, s]));
    expect(Object.keys(byId).sort()).toEqual([
      "h",
      "ts-fixer.e2e.fix-it",
      "ts-fixer.trigger.negative-1",
      "ts-fixer.trigger.positive-1",
    ]);
    const positive = byId["ts-fixer.trigger.positive-1"]!;
    expect(positive).toMatchObject({ trials: 3, passRate: 0.6, model: "sonnet", line: 8 });
    // Triggers at ≥ 0.6 of 3 runs (2 or 3): the negative query must stay quiet in 2 of its 3 runs.
    expect(byId["ts-fixer.trigger.negative-1"]!.passRate).toBe(0.666667);
    expect(positive.workspace).toEqual({
      kind: "fixture",
      files: {
        ".claude/skills/ts-fixer/SKILL.md": TARGETS[".claude/skills/ts-fixer/SKILL.md"],
        ".claude/skills/ts-fixer/reference.md": "more\n",
      },
    });
    // `{{…}}` in a query is the user's text, not a placeholder.
    expect(positive.prompt!.params).toEqual({ weird: "{{weird}}" });
    const e2e = byId["ts-fixer.e2e.fix-it"]!;
    expect(e2e.model).toBe("opus");
    expect(e2e.workspace).toMatchObject({ kind: "fixture", files: { "src/a.ts": "x" } });
    expect(e2e.part).toMatchObject({ group: "ts-fixer", axis: "e2e", scenario: "Fix it!" });
    expect(byId.h).toMatchObject({
      agents: [],
      part: { kind: "skill", axis: "hook", cases: ["a"] },
    });

    // Selection: the file's name selects its parts; --axis keeps one kind.
    expect(selectClaudeCodeParts(specs, ["ts-fixer"], "trigger").names).toEqual([
      "ts-fixer.trigger.positive-1",
      "ts-fixer.trigger.negative-1",
    ]);
    expect(selectClaudeCodeParts(specs, [], "hook").specs.map((s) => s.id)).toEqual(["h"]);
    expect(() => selectClaudeCodeParts(specs, ["h"], "e2e")).toThrow(/"h" has no e2e part/);
  });

  it("a negative query passes only when its trigger rate stays below the threshold", async () => {
    const passRateOf = async (runs: number, threshold: number) => {
      const specs = await load({
        "_evals/skills/ts-fixer.eval.yaml": `name: ts-fixer
type: skill
target: .claude/skills/ts-fixer/SKILL.md
trigger:
  runs: ${runs}
  threshold: ${threshold}
  positive: [{ query: fix it }]
  negative: [{ query: style the css }]
`,
      });
      const rate = (id: string) => specs.find((s) => s.id === id)!.passRate;
      return [rate("ts-fixer.trigger.positive-1"), rate("ts-fixer.trigger.negative-1")];
    };
    // Triggered in 1 of 2 runs = 50%, which is "triggers" at threshold 0.5: both runs must be quiet.
    expect(await passRateOf(2, 0.5)).toEqual([0.5, 1]);
    expect(await passRateOf(4, 0.5)).toEqual([0.5, 0.75]);
    expect(await passRateOf(10, 0.3)).toEqual([0.3, 0.8]);
  });

  it("skips skill evals with the reason when --agent names another agent for the other evals", async () => {
    const specs = await load({
      "_evals/skills/ts-fixer.eval.yaml": `name: ts-fixer
type: skill
target: .claude/skills/ts-fixer/SKILL.md
${trigger}`,
      "evals/plain.eval.yaml": `name: plain
prompt: say hi
agents: [claude-code]
assertions:
  files: [a.txt]
`,
    });
    const plan = await planRun(specs, { names: [], agents: ["literal"], env: process.env });
    const agentOf = (id: string) =>
      plan.units.filter((u) => u.spec.id === id).map((u) => u.agentName);
    expect(agentOf("plain")).toEqual(["literal"]);
    expect(agentOf("ts-fixer.trigger.positive-1")).toEqual(["claude-code"]);
    // Not run under literal, and not silently: skipped with the reason (--agent is for `plain`).
    const skill = plan.units.find((u) => u.spec.id === "ts-fixer.trigger.positive-1")!;
    expect(skill.settled).toEqual({
      status: "skipped",
      reason: expect.stringContaining(
        "--agent literal cannot run it: only claude-code and codex run skill and command evals (literal is neither)",
      ),
    });
  });

  it("refuses a skill target that is not its folder's SKILL.md (Claude Code would never load it)", async () => {
    const found = await problems(
      `name: x\ntype: skill\ntarget: .claude/skills/ts-fixer/reference.md\n${trigger}`,
    );
    expect(found).toEqual([
      expect.objectContaining({
        code: "AE116",
        message: expect.stringContaining("not a SKILL.md"),
      }),
    ]);
  });

  it("says a misspelt `type:` is one, instead of validating the file as a YAML task", async () => {
    const found = await problems(
      `name: x\ntype: skil\ntarget: .claude/skills/ts-fixer/SKILL.md\n${trigger}`,
    );
    expect(found).toEqual([
      expect.objectContaining({
        code: "AE102",
        line: 2,
        message: expect.stringContaining("skill, command or hook"),
      }),
    ]);
  });

  it("names a missing target with its line (AE116)", async () => {
    const found = await problems(
      `name: x\ntype: skill\ntarget: .claude/skills/nope/SKILL.md\n${trigger}`,
    );
    expect(found).toEqual([
      expect.objectContaining({
        file: "_evals/skills/x.eval.yaml",
        line: 3,
        key: "target",
        code: "AE116",
        message: expect.stringContaining(
          'the target ".claude/skills/nope/SKILL.md" does not exist',
        ),
        fix: expect.stringContaining(".claude/skills/<name>/SKILL.md"),
      }),
    ]);
  });

  it("reports unknown keys, wrong outcome types and empty checks with lines and codes", async () => {
    const found = await problems(`name: x
type: skill
target: .claude/skills/ts-fixer/SKILL.md
triger: {}
e2e:
  - scenario: a
    prompt: p
    outcomes:
      - { type: file-has, file: a }
  - scenario: b
    prompt: p
  - scenario: a
    prompt: p
    outcomes: [{ type: file-exists, file: ../up }]
`);
    expect(found.map((p) => [p.line, p.code, p.key])).toEqual([
      [4, "AE103", "triger"],
      [9, "AE102", "e2e[0].outcomes[0].type"],
      [10, "AE104", "e2e[1]"],
      [14, "AE106", "e2e[2].outcomes[0].file"],
    ]);
    expect(found[0]!.fix).toBe("did you mean `trigger`?");
    expect(found[1]!.message).toContain("file-contains, file-not-contains, file-matches");
  });

  it("rejects a skill eval that checks nothing, duplicate scenarios and a hook it cannot run", async () => {
    const nothing = await problems("name: x\ntype: skill\ntarget: .claude/skills/ts-fixer\n");
    expect(nothing).toEqual([expect.objectContaining({ code: "AE104", line: 1 })]);
    const emptyTrigger = await problems(
      "name: x\ntype: command\ntarget: .claude/commands/tdd.md\ntrigger: { mode: ask }\n",
    );
    expect(emptyTrigger).toEqual([
      expect.objectContaining({ code: "AE104", key: "trigger", line: 4 }),
    ]);
    const duplicate = await problems(`name: x
type: skill
target: .claude/skills/ts-fixer/SKILL.md
e2e:
  - { scenario: same, prompt: p, outcomes: [{ type: file-exists, file: a }] }
  - { scenario: same, prompt: p, outcomes: [{ type: file-exists, file: a }] }
`);
    expect(duplicate).toEqual([
      expect.objectContaining({ code: "AE105", line: 6, key: "e2e[1].scenario" }),
    ]);
    const hook = await problems(
      "name: x\ntype: hook\ntarget: .claude/hooks/h.txt\ncases: [{ scenario: a, expect: {} }]\n",
    );
    expect(hook.map((p) => p.code)).toEqual(["AE104"]);
    const notRunnable = await problems(
      "name: x\ntype: hook\ntarget: .claude/hooks/h.txt\ncases: [{ scenario: a, expect: { exit_code: 0 } }]\n",
    );
    expect(notRunnable).toEqual([
      expect.objectContaining({
        code: "AE116",
        line: 3,
        fix: expect.stringContaining("chmod +x"),
      }),
    ]);
  });

  it("the CLI prints file:line and exits 2 before anything runs", async () => {
    const root = await makeProject({
      ...TARGETS,
      "_evals/skills/x.eval.yaml":
        "name: x\ntype: skill\ntarget: .claude/skills/gone/SKILL.md\n" + trigger,
    });
    roots.push(root);
    const cli = await runCli(["eval", "--cwd", root, "--unsafe-local"]);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain("_evals/skills/x.eval.yaml:3:9: AE116 the target");
    expect(cli.stderr).toContain("nothing was run");
    await expect(fs.stat(path.join(root, ".copybook"))).rejects.toThrow();
  });
});
