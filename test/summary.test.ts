// One run, one summary: a run with a hook eval (the skill kind's section) and a task whose agent
// is missing prints the counts once, and lists each skipped eval × agent under its reason.

import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { cliEntry } from "./helpers/bundle.js";
import { eventually } from "./helpers/procs.js";
import { makeProject, runCli } from "./helpers/project.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

const GUARD = `#!/bin/sh
case "$(cat)" in *'rm -rf'*) echo "rm -rf is not allowed here" >&2; exit 2 ;; esac
exit 0
`;

describe("the run's summary", () => {
  it("is printed once, with the skipped pairs listed under their reason", async () => {
    const root = await makeProject({
      ".claude/hooks/guard.sh": GUARD,
      "_evals/hooks/guard.eval.yaml": `name: guard
type: hook
target: .claude/hooks/guard.sh
event: PreToolUse
cases:
  - scenario: blocks rm -rf
    input: { tool_input: { command: rm -rf / } }
    expect: { blocked: true }
`,
      "evals/task.eval.yaml": `name: task
agents: [claude-code, codex]
prompt: Write out.txt.
assertions:
  files: [out.txt]
`,
    });
    dirs.push(root);
    await fs.chmod(path.join(root, ".claude/hooks/guard.sh"), 0o755);
    // A PATH without the agent CLIs: both agents are unavailable, so the task is skipped twice.
    const cli = await runCli(["eval", "--cwd", root, "--unsafe-local"], {
      env: { PATH: "/usr/bin:/bin" },
    });
    expect(cli.code, cli.stdout + cli.stderr).toBe(0);
    expect(cli.stdout.match(/\d+ passed, \d+ failed/g)).toEqual(["1 passed, 0 failed"]);
    expect(cli.stdout).toContain("1 passed, 0 failed, 2 skipped");
    expect(cli.stdout).toMatch(
      /^skipped, 1 eval × agent pair: agent claude-code is not available.*\n {2}task \[claude-code\]$/m,
    );
    expect(cli.stdout).toMatch(
      /^skipped, 1 eval × agent pair: agent codex is not available.*\n {2}task \[codex\]$/m,
    );
  });

  it("--quiet opens with the summary, no blank lines before it; notes go to stderr", async () => {
    const root = await makeProject({
      "evals/ok.eval.yaml": "name: ok\nsandbox: { fixture: { a: x } }\nassertions:\n  files: [a]\n",
      "evals/slow.eval.yaml":
        "name: slow\nagents: [literal]\nprompt: |\n  ```sh\n  sleep 60\n  ```\nassertions:\n  files: [a]\n",
    });
    dirs.push(root);
    // A run killed with SIGKILL in this test's own TMPDIR: the next run there reaps what it left,
    // and says so (a note). No other test's killed runs are seen here.
    const tmp = path.join(root, "tmp");
    await fs.mkdir(tmp);
    const killed = spawn(process.execPath, [await cliEntry(), "eval", "slow", "--cwd", root], {
      env: { ...process.env, TMPDIR: tmp, CI: "true" },
      stdio: "ignore",
    });
    const registry = path.join(tmp, "agent-evals-runs");
    const started = await eventually(
      async () => (await fs.readdir(registry).catch(() => [])).length > 0,
      Boolean,
      600,
    );
    expect(started).toBe(true);
    killed.kill("SIGKILL");
    await new Promise((resolve) => killed.on("exit", resolve));

    const cli = await runCli(["eval", "ok", "--cwd", root, "--quiet"], { env: { TMPDIR: tmp } });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/^1 passed, 0 failed/);
    expect(cli.stderr).toContain("reaped what 1 killed run(s) left");
  });

  it("an unknown option is named plainly, with balanced quotes (exit 2)", async () => {
    const cli = await runCli(["eval", "--bogus"]);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain(
      'agent-evals: unknown option --bogus (a value that starts with "-" goes after `--`)',
    );
  });

  it("a command agent whose script is not executable is skipped with that reason and the fix", async () => {
    const root = await makeProject({
      "evals/t.eval.yaml":
        "name: t\nprompt: hi\nsandbox: { fixture: { a: x } }\nassertions:\n  files: [a]\n",
      "agent.sh": "#!/bin/sh\necho hi\n",
    });
    dirs.push(root);
    const cli = await runCli(["eval", "--unsafe-local", "--agent", "./agent.sh {prompt}"], {
      cwd: root,
    });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toContain("./agent.sh is not executable: run `chmod +x ./agent.sh`");
    expect(cli.stdout).not.toContain("is not available on this machine");
  });

  it("--format json prints the diagnostics as JSON on stdout for a bad definition and a gate refusal", async () => {
    const root = await makeProject({
      "evals/b.eval.yaml": "name: b\nprompt: hi\ntrials: x\nassertions:\n  files: [a]\n",
    });
    dirs.push(root);
    const bad = await runCli(["eval", "--format", "json"], { cwd: root });
    expect(bad.code).toBe(2);
    const body = JSON.parse(bad.stdout) as {
      error: { code: string; exitCode: number };
      problems: Array<{ file: string; line: number; code: string; fix: string }>;
    };
    expect(body.error).toMatchObject({ code: "AE102", exitCode: 2 });
    expect(body.problems).toEqual([
      expect.objectContaining({ file: "evals/b.eval.yaml", line: 3, code: "AE102" }),
    ]);

    await fs.writeFile(
      path.join(root, "evals/b.eval.yaml"),
      "name: b\nprompt: hi\nassertions:\n  files: [a]\n",
    );
    const gate = await runCli(["eval", "--format", "json", "--agent", "literal"], { cwd: root });
    expect(gate.code).toBe(2);
    expect((JSON.parse(gate.stdout) as { error: { message: string } }).error.message).toContain(
      "refusing to run agents",
    );
  });
});
