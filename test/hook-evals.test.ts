/**
 * Hook evals (`type: hook`): real sh and node hook scripts run with Claude Code's hook input on
 * stdin, through the engine (one eval, one check per case) and through the CLI.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runEvals } from "../src/engine/index.js";
import type { ClaudeCodeReport } from "../src/kinds/skill/aggregate.js";
import { makeProject, runCli } from "./helpers/project.js";
import { skillSummaries } from "./helpers/summaries.js";

const projects: string[] = [];
afterEach(async () => {
  await Promise.all(projects.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function project(files: Record<string, string>, executable: string[] = []) {
  const root = await makeProject(files);
  projects.push(root);
  for (const file of executable) await fs.chmod(path.join(root, file), 0o755);
  return root;
}

/** A node hook (not executable: run by its extension) that records its input and adds context on failure. */
const contextHook = (log: string) => `import { readFileSync, writeFileSync } from "node:fs";
const raw = readFileSync(0, "utf8");
writeFileSync(${JSON.stringify(log)}, raw);
const input = JSON.parse(raw);
const r = input.tool_response ?? {};
if ((r.exit_code ?? 0) !== 0 && /error TS/.test(r.stdout)) {
  process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: input.hook_event_name,
    additionalContext: "TypeScript errors: " + r.stdout.split("\\n")[0] } }));
}
`;

/** An executable sh hook: blocks rm -rf (exit 2 + reason), asks about git push, else allows. */
const guardHook = `#!/bin/sh
input=$(cat)
case "$input" in
  *'rm -rf'*) echo "rm -rf is not allowed here" >&2; exit 2 ;;
  *'git push'*) printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"pushing needs a human"}}' ;;
  *'forbidden'*) printf '{"decision":"block","reason":"no"}' ;;
esac
exit 0
`;

describe("hook evals", () => {
  it("runs a node hook with Claude Code's PostToolUse input and checks its additionalContext", async () => {
    const root = await project({ ".claude/hooks/.keep": "", "_evals/hooks/.keep": "" });
    const log = path.join(root, "input.json");
    await fs.writeFile(path.join(root, ".claude/hooks/ts-errors.mjs"), contextHook(log));
    await fs.writeFile(
      path.join(root, "_evals/hooks/ts-errors.eval.yaml"),
      `name: ts-errors
type: hook
target: .claude/hooks/ts-errors.mjs
cases:
  - scenario: failed tsc adds context
    input:
      tool_input: { command: npx tsc }
      tool_result: { exit_code: 1, stdout: "error TS2322: Type 'string' is not assignable", stderr: "" }
    expect:
      has_context: true
      context_contains: TypeScript
      exit_code: 0
  - scenario: success adds none
    input:
      tool_result: { exit_code: 0, stdout: "ok", stderr: "" }
    expect:
      has_context: false
  - scenario: wrong on purpose
    input:
      tool_result: { exit_code: 0, stdout: "ok", stderr: "" }
    expect:
      has_context: true
`,
    );
    const outcome = await runEvals({ projectRoot: root, env: { ...process.env, CI: "" } });
    expect(outcome.exitCode).toBe(1);
    const [result] = outcome.run.evals;
    expect(result).toMatchObject({ id: "ts-errors", agent: "none", status: "failed" });
    const checks = result!.trials[0]!.checks;
    expect(checks.map((c) => [c.name, c.ok])).toEqual([
      ['hook case "failed tsc adds context"', true],
      ['hook case "success adds none"', true],
      ['hook case "wrong on purpose"', false],
    ]);
    expect(checks[0]!.evidence).toContain(`additionalContext "TypeScript errors: error TS2322`);
    expect(checks[0]!.line).toBe(5); // the case's `- scenario:` line
    expect(checks[2]!.evidence).toMatch(/^no additionalContext/);

    // The last case's input, as the hook read it on stdin: a realistic PostToolUse payload.
    const payload = JSON.parse(await fs.readFile(log, "utf8")) as Record<string, unknown>;
    expect(payload).toMatchObject({
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: { command: "npm test" },
      tool_response: { stdout: "ok", stderr: "", exit_code: 0, interrupted: false, isImage: false },
      permission_mode: "default",
    });
    expect(payload.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof payload.transcript_path).toBe("string");
    // The hook runs in the trial's copy of the project, never in the project itself.
    expect(payload.cwd).not.toBe(root);
    expect(payload).not.toHaveProperty("tool_result");

    // The per-eval result file beside run.json.
    const report = skillSummaries(outcome.summaries)[0]!;
    expect(report).toMatchObject({ name: "ts-errors", type: "hook", status: "failed" });
    const written = JSON.parse(await fs.readFile(report.resultFile!, "utf8")) as ClaudeCodeReport;
    expect(path.dirname(report.resultFile!)).toBe(path.join(root, "_evals/results"));
    expect(path.basename(report.resultFile!)).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}_ts-errors\.json$/,
    );
    expect(written.hook!.cases.map((c) => [c.scenario, c.passed])).toEqual([
      ["failed tsc adds context", true],
      ["success adds none", true],
      ["wrong on purpose", false],
    ]);
    expect(await fs.readFile(path.join(root, "_evals/results/.gitignore"), "utf8")).toContain("*");
  });

  it("judges blocking (exit 2 + stderr), decisions, timeouts and invalid JSON of an sh hook", async () => {
    const root = await project(
      {
        ".claude/hooks/guard.sh": guardHook,
        ".claude/hooks/slow.sh": "#!/bin/sh\nsleep 30\n",
        ".claude/hooks/noisy.sh": "#!/bin/sh\necho 'not json at all'\n",
        "_evals/hooks/guard.eval.yaml": `name: guard
type: hook
target: .claude/hooks/guard.sh
event: PreToolUse
cases:
  - scenario: blocks rm -rf
    input: { tool_input: { command: rm -rf / } }
    expect: { blocked: true, exit_code: 2, stderr_contains: not allowed }
  - scenario: asks before pushing
    input: { tool_input: { command: git push origin main } }
    expect: { decision: ask, blocked: false }
  - scenario: decision block counts as blocked
    input: { tool_input: { command: forbidden } }
    expect: { blocked: true, decision: block }
  - scenario: allows ls
    input: { tool_input: { command: ls } }
    expect: { blocked: false, exit_code: 0, has_context: false }
  - scenario: expects a block that does not come
    input: { tool_input: { command: ls } }
    expect: { blocked: true }
`,
        "_evals/hooks/slow.eval.yaml": `name: slow
type: hook
target: .claude/hooks/slow.sh
timeout: 1
cases:
  - scenario: hangs
    expect: { exit_code: 0 }
`,
        "_evals/hooks/noisy.eval.yaml": `name: noisy
type: hook
target: .claude/hooks/noisy.sh
cases:
  - scenario: prints text
    expect: { has_context: false }
`,
      },
      [".claude/hooks/guard.sh", ".claude/hooks/slow.sh", ".claude/hooks/noisy.sh"],
    );
    const outcome = await runEvals({ projectRoot: root, env: { ...process.env, CI: "" } });
    const byId = Object.fromEntries(outcome.run.evals.map((e) => [e.id, e]));
    const guard = byId.guard!.trials[0]!.checks;
    expect(guard.map((c) => c.ok)).toEqual([true, true, true, true, false]);
    expect(guard[0]!.evidence).toBe(
      'exit 2, blocked (stderr "rm -rf is not allowed here"), no additionalContext',
    );
    expect(guard[1]!.evidence).toBe("exit 0, decision ask, no additionalContext");
    expect(guard[2]!.evidence).toBe("exit 0, blocked, decision block, no additionalContext");
    expect(guard[4]!.evidence).toMatch(/^did not block \(exit 0, no decision/);

    const slow = byId.slow!.trials[0]!.checks[0]!;
    expect(slow.ok).toBe(false);
    expect(slow.evidence).toMatch(/^the hook timed out after 1 s/);

    const noisy = byId.noisy!.trials[0]!.checks[0]!;
    expect(noisy.ok).toBe(false);
    expect(noisy.evidence).toMatch(/^stdout is not valid JSON .*"not json at all"/);
    expect(outcome.exitCode).toBe(1);
  });

  it("a hook that crashes (exit 1, not Claude Code's blocking 2) fails its case unless it expects that exit", async () => {
    const root = await project(
      {
        ".claude/hooks/crash.sh": '#!/bin/sh\necho "hook crashed" >&2\nexit 1\n',
        "_evals/hooks/crash.eval.yaml": `name: crash
type: hook
target: .claude/hooks/crash.sh
cases:
  - scenario: no context expected
    input: { tool_result: { exit_code: 0, stdout: ok, stderr: "" } }
    expect: { has_context: false }
  - scenario: the crash is expected
    expect: { exit_code: 1, stderr_contains: hook crashed }
`,
      },
      [".claude/hooks/crash.sh"],
    );
    const outcome = await runEvals({ projectRoot: root, env: { ...process.env, CI: "" } });
    const checks = outcome.run.evals[0]!.trials[0]!.checks;
    expect(checks.map((c) => c.ok)).toEqual([false, true]);
    expect(checks[0]!.evidence).toMatch(
      /^the hook crashed \(exit 1; only 0 answers and 2 blocks\) — set `expect.exit_code: 1` if the case expects it — exit 1, no additionalContext\nstderr:\nhook crashed/,
    );
    expect(outcome.exitCode).toBe(1);
  });

  it("prints a section per hook eval from the CLI, and --axis hook runs only hooks", async () => {
    const root = await project(
      {
        ".claude/hooks/guard.sh": guardHook,
        "_evals/hooks/guard.eval.yaml": `name: guard
type: hook
target: .claude/hooks/guard.sh
event: PreToolUse
cases:
  - scenario: blocks rm -rf
    input: { tool_input: { command: rm -rf / } }
    expect: { blocked: true }
`,
        "evals/task.eval.yaml": "name: task\nassertions:\n  files: [missing.txt]\n",
      },
      [".claude/hooks/guard.sh"],
    );
    const cli = await runCli(["eval", "guard", "--cwd", root, "--axis", "hook"]);
    expect(cli.code, cli.stderr + cli.stdout).toBe(0);
    expect(cli.stdout).toContain("━━━ guard (hook: .claude/hooks/guard.sh) ━━━");
    expect(cli.stdout).toContain("PASS blocks rm -rf");
    expect(cli.stdout).toMatch(/1 passed, 0 failed/);
    const run = JSON.parse(
      await fs.readFile(path.join(root, ".copybook/results/run.json"), "utf8"),
    ) as { evals: Array<{ id: string }> };
    expect(run.evals.map((e) => e.id)).toEqual(["guard"]);

    // --quiet: a passing target's section is left out; the summary stays.
    const quiet = await runCli(["eval", "guard", "--cwd", root, "--axis", "hook", "--quiet"]);
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).not.toContain("━━━ guard");
    expect(quiet.stdout).toMatch(/1 passed, 0 failed/);

    const bad = await runCli(["eval", "--cwd", root, "--axis", "lint"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--axis takes trigger, e2e, hook");
  });
});
