import { describe, expect, it } from "vitest";
import { checkTrajectory, describeTrajectory } from "../../src/check/trajectory.js";
import { calledTool, notUsedTool, trajectory, usedTools } from "../../src/define/ts/assertions.js";
import { loadYamlEval } from "../../src/kinds/task/load.js";
import { DefinitionError, type DefinitionProblem } from "../../src/model/errors.js";
import type {
  CheckSpec,
  ExpectedTool,
  ToolCall,
  TrajectoryMode,
  TrajectorySpec,
} from "../../src/model/eval.js";

function call(tool: string, input: Record<string, unknown> = {}): ToolCall {
  return { tool, input };
}

function spec(
  mode: TrajectoryMode,
  expected: Array<string | ExpectedTool>,
  forbidden: string[] = [],
): TrajectorySpec {
  return {
    mode,
    expected: expected.map((e) => (typeof e === "string" ? { name: e } : e)),
    forbidden,
  };
}

const read = call("Read", { file_path: "src/app.ts" });
const edit = call("Edit", { file_path: "src/app.ts", old_string: "a", new_string: "b" });
const bash = call("Bash", { command: "npm test" });
const readEditBash = [read, edit, bash];

describe("checkTrajectory: superset", () => {
  it("passes when every expected tool was used, with other tools in between", () => {
    expect(checkTrajectory(readEditBash, spec("superset", ["Read", "Bash"])).ok).toBe(true);
    expect(checkTrajectory(readEditBash, spec("superset", [])).ok).toBe(true);
  });

  it("fails when an expected tool was never used, and says which", () => {
    const verdict = checkTrajectory(readEditBash, spec("superset", ["Read", "Write"]));
    expect(verdict.ok).toBe(false);
    expect(verdict.evidence).toContain("missing Write");
    expect(verdict.evidence).not.toContain("missing Read");
  });
});

describe("checkTrajectory: subset", () => {
  it("passes when every call uses a listed tool (not all need be used)", () => {
    expect(checkTrajectory([read, edit], spec("subset", ["Read", "Edit", "Bash"])).ok).toBe(true);
    expect(checkTrajectory([], spec("subset", ["Read"])).ok).toBe(true);
  });

  it("fails on a tool not in the list, naming it once", () => {
    const verdict = checkTrajectory([read, bash, bash], spec("subset", ["Read", "Edit"]));
    expect(verdict.ok).toBe(false);
    expect(verdict.evidence).toContain("used tools not in the list: Bash —");
  });

  it("applies args_contain to a listed tool that was used", () => {
    const expected = [{ name: "Read", argsContain: { file_path: "README" } }];
    const verdict = checkTrajectory([read], spec("subset", expected));
    expect(verdict.ok).toBe(false);
    expect(verdict.evidence).toContain('no call matched Read(file_path~"README")');
  });
});

describe("checkTrajectory: unordered", () => {
  it("passes when exactly the listed tools were used, in any order and any number of times", () => {
    const calls = [bash, edit, read, bash];
    expect(checkTrajectory(calls, spec("unordered", ["Read", "Edit", "Bash"])).ok).toBe(true);
  });

  it("fails on a missing tool", () => {
    const verdict = checkTrajectory([read, edit], spec("unordered", ["Read", "Edit", "Bash"]));
    expect(verdict.ok).toBe(false);
    expect(verdict.evidence).toContain("missing tools: bash");
  });

  it("fails on an extra tool", () => {
    const verdict = checkTrajectory(readEditBash, spec("unordered", ["Read", "Edit"]));
    expect(verdict.ok).toBe(false);
    expect(verdict.evidence).toContain("tools not in the list: bash");
  });
});

describe("checkTrajectory: strict", () => {
  it("passes on the same calls in the same order", () => {
    expect(checkTrajectory(readEditBash, spec("strict", ["Read", "Edit", "Bash"])).ok).toBe(true);
  });

  it("fails on the same tools in another order", () => {
    const verdict = checkTrajectory(readEditBash, spec("strict", ["Edit", "Read", "Bash"]));
    expect(verdict.ok).toBe(false);
    expect(verdict.evidence).toContain("call #1 is Read, expected Edit");
    expect(verdict.evidence).toContain("call #2 is Edit, expected Read");
  });

  it("fails on a different number of calls", () => {
    const verdict = checkTrajectory(readEditBash, spec("strict", ["Read", "Edit"]));
    expect(verdict.ok).toBe(false);
    expect(verdict.evidence).toContain("expected 2 calls, saw 3");
  });

  it("compares arguments too", () => {
    const expected = ["Read", "Edit", { name: "Bash", argsContain: { command: "npm run lint" } }];
    const verdict = checkTrajectory(readEditBash, spec("strict", expected));
    expect(verdict.ok).toBe(false);
    expect(verdict.evidence).toContain('call #3 is Bash, expected Bash(command~"npm run lint")');
  });

  it("checks `after` against the calls before it", () => {
    const ok = spec("strict", ["Read", { name: "Edit", after: "Read" }, "Bash"]);
    expect(checkTrajectory(readEditBash, ok).ok).toBe(true);
    const bad = spec("strict", [{ name: "Edit", after: "Read" }, "Read", "Bash"]);
    const verdict = checkTrajectory([edit, read, bash], bad);
    expect(verdict.ok).toBe(false);
    expect(verdict.evidence).toContain("call #1 Edit does not come after Read");
  });
});

describe("checkTrajectory: after", () => {
  const editAfterRead = spec("superset", [{ name: "Edit", after: "Read" }]);

  it("passes when the Edit follows a Read", () => {
    expect(checkTrajectory([read, edit], editAfterRead).ok).toBe(true);
  });

  it("fails when the only Edit comes before any Read", () => {
    const verdict = checkTrajectory([edit, read, bash], editAfterRead);
    expect(verdict.ok).toBe(false);
    expect(verdict.evidence).toContain("Edit must come after Read");
  });

  it("fails when there is no Read at all", () => {
    expect(checkTrajectory([edit, bash], editAfterRead).ok).toBe(false);
  });

  it("passes on a later Edit after a Read even when an earlier Edit preceded the Read", () => {
    expect(checkTrajectory([edit, read, edit], editAfterRead).ok).toBe(true);
  });

  it("matches the `after` tool by its normalized name", () => {
    const calls = [call("exec_command", { cmd: "cat a" }), edit];
    expect(checkTrajectory(calls, spec("superset", [{ name: "Edit", after: "Bash" }])).ok).toBe(
      true,
    );
  });
});

describe("checkTrajectory: args_contain", () => {
  const args = (argsContain: Record<string, string>) =>
    spec("superset", [{ name: "Edit", argsContain }]);
  const multi = call("Edit", {
    file_path: "/repo/src/app.ts",
    replace_all: true,
    edits: [{ old_string: "foo", new_string: "bar" }],
    limit: 120,
  });

  it("matches a substring of a string value", () => {
    expect(checkTrajectory([multi], args({ file_path: "src/app.ts" })).ok).toBe(true);
    expect(checkTrajectory([multi], args({ file_path: "/repo/src" })).ok).toBe(true);
  });

  it("matches non-strings against their JSON", () => {
    expect(checkTrajectory([multi], args({ replace_all: "true" })).ok).toBe(true);
    expect(checkTrajectory([multi], args({ limit: "12" })).ok).toBe(true);
    expect(checkTrajectory([multi], args({ edits: '"new_string":"bar"' })).ok).toBe(true);
  });

  it("needs every key to match", () => {
    const verdict = checkTrajectory([multi], args({ file_path: "app.ts", limit: "999" }));
    expect(verdict.ok).toBe(false);
    expect(verdict.evidence).toContain('missing Edit(file_path~"app.ts", limit~"999")');
  });

  it("fails when the text is not in the value", () => {
    expect(checkTrajectory([multi], args({ file_path: "README.md" })).ok).toBe(false);
  });

  it("fails when the key is missing", () => {
    expect(checkTrajectory([multi], args({ content: "" })).ok).toBe(false);
    expect(checkTrajectory([call("Edit")], args({ file_path: "app" })).ok).toBe(false);
    expect(checkTrajectory([{ tool: "Edit", input: null }], args({ file_path: "" })).ok).toBe(
      false,
    );
  });

  it("passes when any one call matches", () => {
    const other = call("Edit", { file_path: "README.md" });
    expect(checkTrajectory([other, multi], args({ file_path: "app.ts" })).ok).toBe(true);
  });
});

describe("checkTrajectory: forbidden tools", () => {
  it("fails when a forbidden tool was used, with the call's number", () => {
    const verdict = checkTrajectory(readEditBash, spec("superset", ["Read"], ["Bash"]));
    expect(verdict.ok).toBe(false);
    expect(verdict.evidence).toContain("forbidden tool Bash was used (call #3)");
  });

  it("passes when no forbidden tool was used", () => {
    expect(checkTrajectory([read, edit], spec("superset", [], ["Bash", "WebFetch"])).ok).toBe(true);
  });

  it("applies in every mode", () => {
    for (const mode of ["superset", "subset", "unordered", "strict"] as const) {
      const verdict = checkTrajectory([read], spec(mode, ["Read"], ["read"]));
      expect(verdict.ok, mode).toBe(false);
    }
  });

  it("matches codex's names for a forbidden Bash", () => {
    const verdict = checkTrajectory([call("shell")], spec("superset", [], ["Bash"]));
    expect(verdict.ok).toBe(false);
    expect(verdict.evidence).toContain("forbidden tool Bash was used (call #1)");
  });
});

describe("checkTrajectory: tool names", () => {
  it("matches expected Bash to codex's shell and exec_command", () => {
    for (const tool of ["shell", "exec_command", "command_execution", "local_shell"]) {
      expect(checkTrajectory([call(tool)], spec("superset", ["Bash"])).ok, tool).toBe(true);
      expect(checkTrajectory([call(tool)], spec("strict", ["Bash"])).ok, tool).toBe(true);
      expect(checkTrajectory([call(tool)], spec("subset", ["Bash"])).ok, tool).toBe(true);
      expect(checkTrajectory([call(tool)], spec("unordered", ["Bash"])).ok, tool).toBe(true);
    }
  });

  it("matches codex's apply_patch as Edit", () => {
    expect(checkTrajectory([call("apply_patch")], spec("superset", ["Edit"])).ok).toBe(true);
  });

  it("ignores case", () => {
    expect(checkTrajectory([call("bash"), call("READ")], spec("strict", ["BASH", "read"])).ok).toBe(
      true,
    );
    expect(checkTrajectory([call("WebSearch")], spec("superset", ["websearch"])).ok).toBe(true);
  });

  it("does not match different tools", () => {
    expect(checkTrajectory([call("Read")], spec("superset", ["Bash"])).ok).toBe(false);
    expect(checkTrajectory([call("BashOutput")], spec("superset", ["Bash"])).ok).toBe(false);
  });
});

describe("checkTrajectory: evidence", () => {
  it("shows the observed trajectory on a pass", () => {
    const verdict = checkTrajectory(readEditBash, spec("superset", ["Read"]));
    expect(verdict).toEqual({ ok: true, evidence: "trajectory: Read → Edit → Bash" });
  });

  it("says what is missing, then shows the trajectory", () => {
    const verdict = checkTrajectory(readEditBash, spec("superset", ["Read", "Write", "Grep"]));
    expect(verdict).toEqual({
      ok: false,
      evidence: "missing Write; missing Grep — trajectory: Read → Edit → Bash",
    });
  });

  it("says when there were no tool calls", () => {
    const verdict = checkTrajectory([], spec("superset", ["Read"]));
    expect(verdict).toEqual({ ok: false, evidence: "missing Read — trajectory: (no tool calls)" });
  });

  it("shortens a long trajectory", () => {
    const calls = Array.from({ length: 40 }, () => call("Read"));
    const text = describeTrajectory(calls);
    expect(text).toMatch(/^Read( → Read){29} → … \(40 calls\)$/);
  });
});

describe("the TypeScript constructors", () => {
  it("trajectory() fills in the defaults and turns names into expected tools", () => {
    expect(trajectory({})).toEqual({
      type: "trajectory",
      mode: "superset",
      expected: [],
      forbidden: [],
    });
    expect(
      trajectory({
        mode: "strict",
        expected: ["Read", { name: "Edit", argsContain: { file_path: "a.ts" }, after: "Read" }],
        forbidden: ["WebFetch"],
      }),
    ).toEqual({
      type: "trajectory",
      mode: "strict",
      expected: [
        { name: "Read" },
        { name: "Edit", argsContain: { file_path: "a.ts" }, after: "Read" },
      ],
      forbidden: ["WebFetch"],
    });
  });

  it("usedTools() is a superset by default, or the given mode", () => {
    expect(usedTools(["Read", "Edit"])).toEqual({
      type: "trajectory",
      mode: "superset",
      expected: [{ name: "Read" }, { name: "Edit" }],
      forbidden: [],
    });
    expect(usedTools(["Read"], "subset")).toMatchObject({ mode: "subset" });
  });

  it("calledTool() expects one call, with arguments and `after` only when given", () => {
    expect(calledTool("Bash")).toEqual({
      type: "trajectory",
      mode: "superset",
      expected: [{ name: "Bash" }],
      forbidden: [],
    });
    expect(calledTool("Edit", { file_path: "src/app.ts" }, { after: "Read" })).toEqual({
      type: "trajectory",
      mode: "superset",
      expected: [{ name: "Edit", argsContain: { file_path: "src/app.ts" }, after: "Read" }],
      forbidden: [],
    });
  });

  it("notUsedTool() forbids the tool and expects nothing", () => {
    expect(notUsedTool("WebFetch")).toEqual({
      type: "trajectory",
      mode: "superset",
      expected: [],
      forbidden: ["WebFetch"],
    });
  });

  it("the constructors' specs check trajectories as documented", () => {
    const run = (check: CheckSpec) =>
      check.type === "trajectory" ? checkTrajectory(readEditBash, check).ok : undefined;
    expect(run(usedTools(["Read", "Edit"]))).toBe(true);
    expect(run(usedTools(["Read", "Edit"], "subset"))).toBe(false);
    expect(run(calledTool("Edit", { file_path: "app.ts" }, { after: "Read" }))).toBe(true);
    expect(run(calledTool("Read", undefined, { after: "Edit" }))).toBe(false);
    expect(run(notUsedTool("Bash"))).toBe(false);
    expect(run(notUsedTool("WebFetch"))).toBe(true);
  });
});

// ---------- YAML ----------

const evalFile = "evals/workflow.eval.yaml";

function load(text: string) {
  return loadYamlEval(evalFile, text, { projectRoot: "/project" });
}

function problemsOf(text: string): DefinitionProblem[] {
  try {
    load(text);
  } catch (error) {
    expect(error).toBeInstanceOf(DefinitionError);
    return (error as DefinitionError).problems;
  }
  throw new Error("expected a DefinitionError, but nothing was thrown");
}

function yaml(lines: string[]): string {
  return `${lines.join("\n")}\n`;
}

describe("the YAML `assertions.workflow` block", () => {
  it("maps to a trajectory check, with its source line", () => {
    const spec = load(
      yaml([
        "name: edit-safely",
        "prompt: Fix the bug in src/app.ts.",
        "assertions:",
        "  files: [src/app.ts]",
        "  workflow:",
        "    match_mode: strict",
        "    expected_tools:",
        "      - name: Read",
        "        args_contain: { file_path: src/app.ts }",
        "      - { name: Edit, after: Read }",
        "      - name: Bash",
        "        args_contain:",
        "          command: npm test",
        "    forbidden_tools: [WebFetch, WebSearch]",
      ]),
    );
    expect(spec.checks).toHaveLength(2);
    expect(spec.checks[1]).toEqual({
      type: "trajectory",
      mode: "strict",
      expected: [
        { name: "Read", argsContain: { file_path: "src/app.ts" } },
        { name: "Edit", after: "Read" },
        { name: "Bash", argsContain: { command: "npm test" } },
      ],
      forbidden: ["WebFetch", "WebSearch"],
      source: { file: "/project/evals/workflow.eval.yaml", line: 5 },
    });
    const check = spec.checks[1]!;
    if (check.type !== "trajectory") throw new Error("not a trajectory check");
    expect(checkTrajectory(readEditBash, check).ok).toBe(true);
  });

  it("defaults to superset with nothing expected or forbidden", () => {
    const spec = load(
      yaml(["name: only-forbidden", "assertions:", "  workflow:", "    forbidden_tools: [Bash]"]),
    );
    expect(spec.checks).toEqual([
      {
        type: "trajectory",
        mode: "superset",
        expected: [],
        forbidden: ["Bash"],
        source: { file: "/project/evals/workflow.eval.yaml", line: 3 },
      },
    ]);
    const expectedOnly = load(
      yaml([
        "name: only-expected",
        "assertions:",
        "  workflow:",
        "    expected_tools: [{ name: Skill }]",
      ]),
    );
    expect(expectedOnly.checks[0]).toMatchObject({
      type: "trajectory",
      mode: "superset",
      expected: [{ name: "Skill" }],
      forbidden: [],
    });
  });

  it("is enough on its own: an eval whose only assertion is a workflow is valid", () => {
    const spec = load(
      yaml([
        "name: workflow-only",
        "prompt: Use the skill.",
        "assertions:",
        "  workflow:",
        "    expected_tools:",
        "      - name: Read",
      ]),
    );
    expect(spec.checks).toHaveLength(1);
    expect(spec.checks[0]).toMatchObject({ type: "trajectory" });
  });

  it("a workflow that asserts nothing does not count as an assertion (AE104)", () => {
    for (const workflow of [
      "  workflow: {}",
      "  workflow: { expected_tools: [], forbidden_tools: [] }",
      "  workflow: { match_mode: superset }",
    ]) {
      const problems = problemsOf(yaml(["name: vacuous", "assertions:", workflow]));
      expect(problems, workflow).toHaveLength(1);
      expect(problems[0], workflow).toMatchObject({ code: "AE104", key: "assertions" });
    }
    // A narrower mode with nothing expected asserts "no tool calls": that is an assertion.
    const none = load(
      yaml(["name: no-tools", "assertions:", "  workflow: { match_mode: strict }"]),
    );
    expect(none.checks[0]).toMatchObject({ type: "trajectory", mode: "strict", expected: [] });
  });

  it("a bad match_mode is a definition error at its line", () => {
    const problems = problemsOf(
      yaml([
        "name: bad-mode",
        "assertions:",
        "  files: [a.txt]",
        "  workflow:",
        "    match_mode: exact",
        "    expected_tools: [{ name: Read }]",
      ]),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      file: evalFile,
      line: 5,
      code: "AE102",
      key: "assertions.workflow.match_mode",
    });
    expect(problems[0]!.message).toMatch(/superset/);
    expect(problems[0]!.fix).toBeTruthy();
  });

  it("an unknown key in the workflow is reported with a suggestion", () => {
    const problems = problemsOf(
      yaml([
        "name: typo",
        "assertions:",
        "  workflow:",
        "    expected_tool: [{ name: Read }]",
        "    forbidden_tools: [Bash]",
      ]),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      line: 4,
      code: "AE103",
      fix: "did you mean `expected_tools`?",
    });
  });

  it("an expected tool without a name is a definition error", () => {
    const problems = problemsOf(
      yaml([
        "name: no-name",
        "assertions:",
        "  workflow:",
        "    expected_tools:",
        "      - after: Read",
      ]),
    );
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ code: "AE102", line: 5 });
  });
});
