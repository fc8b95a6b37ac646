// `agent-evals list` with last results and `agent-evals show <id>`, from a real run's results
// folder and history folder.

import { promises as fs } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { repoWith } from "./helpers/git-repo.js";
import { makeProject, runCli } from "./helpers/project.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

const ok = `name: ok
prompt: "\`\`\`sh\\ntouch made.txt\\n\`\`\`"
agents: [literal]
trials: 2
sandbox: { fixture: { a: "" } }
assertions: { files: [made.txt] }
`;
const bad = `name: bad
prompt: "\`\`\`sh\\nvendor deploy\\n\`\`\`"
agents: [literal]
sandbox: { fixture: { a: "" } }
shims: { vendor: { exitCode: 0 } }
assertions: { files: [deployed.txt] }
`;

describe("list and show", () => {
  it("list gives each eval × agent its last result; show summarizes an eval's last trials", async () => {
    const root = await makeProject({ "evals/ok.eval.yaml": ok, "evals/bad.eval.yaml": bad });
    dirs.push(root);
    const before = await runCli(["list"], { cwd: root });
    expect(before.stdout).not.toContain("never run"); // nothing ran: no result column at all

    for (let i = 0; i < 2; i++) {
      await runCli(["eval", "--history-dir", "hist"], { cwd: root, env: { CI: "true" } });
    }
    const list = await runCli(["list", "--history-dir", "hist"], { cwd: root });
    expect(list.code).toBe(0);
    expect(list.stdout.trim().split("\n")).toEqual([
      expect.stringMatching(
        /^bad\tliteral\t1 trial\(s\), pass rate 1\tevals\/bad\.eval\.yaml:1\tFAILED 0\/1 \(0%\) \d{4}-\d\d-\d\d \d\d:\d\d$/,
      ),
      expect.stringMatching(
        /^ok\tliteral\t2 trial\(s\), pass rate 1\tevals\/ok\.eval\.yaml:1\tPASSED 2\/2 \(100%\) /,
      ),
    ]);

    const show = await runCli(["show", "bad", "--history-dir", "hist"], { cwd: root });
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toMatch(/^bad: last run \d{4}-/);
    expect(show.stdout).toMatch(/FAIL bad \[literal\] 0\/1 passed/);
    expect(show.stdout).toContain("deployed.txt does not exist; the sandbox has: a");
    // Each trial's folder, once (it used to be repeated on a "trial 1 files:" line).
    expect(show.stdout.match(/\.copybook\/results\/evals\/bad\/literal\/trial-1\b/g)).toHaveLength(
      1,
    );
    expect(show.stdout).not.toContain("trial 1 files:");
    expect(show.stdout).toContain("report: .copybook/results/report.html");
    expect(show.stdout).toMatch(/history \(last 2 of 2\)/);
    expect(show.stdout.match(/ literal failed 0\/1 \(0%\) \$0\.00/g)).toHaveLength(2);

    const unknown = await runCli(["show", "nope"], { cwd: root });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no results for "nope"');
    expect(unknown.stderr).toContain("known: bad, ok");
    expect((await runCli(["show"], { cwd: root })).code).toBe(2);
  });

  it("list keeps the result of an eval that ran in an earlier run, not in the last one", async () => {
    const root = await repoWith({
      "evals/ok.eval.yaml": ok,
      "evals/bad.eval.yaml": bad,
      ".gitignore": ".copybook/\n",
    });
    dirs.push(root);
    expect((await runCli(["eval", "ok", "--unsafe-local"], { cwd: root })).code).toBe(0);
    expect((await runCli(["eval", "bad", "--unsafe-local"], { cwd: root })).code).toBe(1);
    const list = await runCli(["list"], { cwd: root });
    expect(list.code, list.stderr).toBe(0);
    // ok ran only in the first run: its verdict comes from the checkout's result cache.
    expect(list.stdout).toMatch(/^ok\tliteral\t.*\tPASSED 2\/2 \(100%\) \d{4}-/m);
    expect(list.stdout).toMatch(/^bad\tliteral\t.*\tFAILED 0\/1 \(0%\) \d{4}-/m);
    expect(list.stdout).not.toContain("never run");
  });
});
