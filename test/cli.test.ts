import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { VERSION } from "../src/model/version.js";
import { makeProject, REPO_ROOT, runCli } from "./helpers/project.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

async function project(files: Record<string, string>) {
  const root = await makeProject(files);
  dirs.push(root);
  return root;
}

const passing = `name: ok
prompt: "\`\`\`sh\\ntouch made.txt\\n\`\`\`"
agents: [literal]
sandbox: { fixture: { a: "" } }
assertions:
  files: [made.txt]
`;
const failing = `name: bad
prompt: "\`\`\`sh\\nvendor deploy\\n\`\`\`"
agents: [literal]
sandbox: { fixture: { a: "" } }
shims: { vendor: { exitCode: 0 } }
assertions:
  files: [deployed.txt]
`;

describe("agent-evals CLI", () => {
  it("prints its version and help; usage errors exit 2", async () => {
    expect((await runCli(["--version"])).stdout.trim()).toBe(VERSION);
    const help = await runCli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--unsafe-local");
    const bad = await runCli(["eval", "--trails", "3"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--trails");
    const badTrials = await runCli(["eval", "--trials", "zero"]);
    expect(badTrials).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--trials takes a whole number"),
    });
  });

  it("exit 0 when all pass, 1 when one fails, with the evidence on the console", async () => {
    const root = await project({ "evals/ok.eval.yaml": passing, "evals/bad.eval.yaml": failing });
    const both = await runCli(["eval", "--cwd", root], { env: { CI: "true" } });
    expect(both.code).toBe(1);
    expect(both.stdout).toMatch(/PASS ok \[literal\]/);
    expect(both.stdout).toMatch(/FAIL bad \[literal\]/);
    expect(both.stdout).toContain("deployed.txt does not exist; the sandbox has: a");
    expect(both.stdout).toContain("at evals/bad.eval.yaml:7");
    expect(both.stdout).toMatch(/1 passed, 1 failed/);
    expect(both.stdout).toContain("It isolates the working files only");
    const one = await runCli(["eval", "ok", "--cwd", root], { env: { CI: "true" } });
    expect(one.code).toBe(0);
    expect(one.stdout).not.toContain("FAIL");
  });

  it("refuses to run agents without CI=true or --unsafe-local (exit 2, nothing written)", async () => {
    const root = await project({ "evals/ok.eval.yaml": passing });
    const refused = await runCli(["eval", "--cwd", root]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("Set CI=true");
    await expect(fs.stat(path.join(root, ".copybook"))).rejects.toThrow();
    expect((await runCli(["eval", "--cwd", root, "--unsafe-local"])).code).toBe(0);
  });

  it("exits 2 and runs nothing when any definition is invalid", async () => {
    const root = await project({
      "evals/ok.eval.yaml": passing,
      "evals/broken.eval.yaml": "name: broken\nprompt: hi\nassertions:\n  filez: [x]\n",
    });
    const result = await runCli(["eval", "--cwd", root], { env: { CI: "true" } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/evals\/broken\.eval\.yaml:4:3: AE103 .*filez/);
    expect(result.stderr).toContain("fix:");
    expect(result.stderr).toContain("nothing was run");
    await expect(fs.stat(path.join(root, ".copybook"))).rejects.toThrow();
  });

  it("names an unknown eval and lists the known ones", async () => {
    const root = await project({ "evals/ok.eval.yaml": passing });
    const result = await runCli(["eval", "nope", "--cwd", root], { env: { CI: "true" } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no eval is named "nope"');
    expect(result.stderr).toContain("run one of: ok");
  });

  it("--format json prints the run result on stdout, progress on stderr", async () => {
    const root = await project({ "evals/ok.eval.yaml": passing });
    const result = await runCli(["eval", "--cwd", root, "--format", "json", "--trials", "2"], {
      env: { CI: "true" },
    });
    expect(result.code).toBe(0);
    const run = JSON.parse(result.stdout);
    expect(run).toMatchObject({
      schemaVersion: 2,
      counts: { passed: 1 },
      evals: [{ id: "ok", trialsPlanned: 2 }],
    });
    expect(result.stderr).toContain("trial 1/2 passed");
  });

  it("prints the text of each trial warning, redacted: a shim bypassed, a write beside the sandbox", async () => {
    // The literal agent runs the shimmed `ls` by its absolute path (the shim never sees it) and
    // writes beside its workspace, into a file named after a secret.
    const sneaky = `name: sneaky
prompt: "\`\`\`sh\\n/bin/ls > /dev/null\\necho x > ../\\"$DEMO_TOKEN\\"\\ntouch made.txt\\n\`\`\`"
agents: [literal]
sandbox: { fixture: { a: "" } }
shims: { ls: { exitCode: 0 } }
assertions:
  files: [made.txt]
`;
    const root = await project({ "evals/sneaky.eval.yaml": sneaky });
    const secret = "s3cr3t-beside-value";
    const result = await runCli(["eval", "--cwd", root], {
      env: { CI: "true", DEMO_TOKEN: secret },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/trial 1\/1 passed .*\(2 warnings\)/);
    expect(result.stdout).toMatch(/PASS sneaky \[literal\]/);
    expect(result.stdout).toContain(
      "! the agent ran /bin/ls by its absolute path, bypassing the ls shim: that call was not recorded",
    );
    expect(result.stdout).toContain("! the agent wrote outside its sandbox, beside it: ../***");
    expect(result.stdout).not.toContain(secret);
  });

  it("--keep-workspace keeps every trial's sandbox, passed or failed, and says where", async () => {
    const root = await project({ "evals/bad.eval.yaml": failing, "evals/ok.eval.yaml": passing });
    // Kept workspaces go to TMPDIR: give the run one of its own, removed with the project.
    const tmp = path.join(root, "tmp");
    await fs.mkdir(tmp);
    const result = await runCli(["eval", "--cwd", root, "--keep-workspace"], {
      env: { CI: "true", TMPDIR: tmp },
    });
    const kept = [...result.stdout.matchAll(/workspace kept at (\S+)/g)].map((m) => m[1]!);
    expect(kept.length, result.stdout).toBe(2);
    for (const dir of kept) expect(dir.startsWith(tmp)).toBe(true);
    const trees = await Promise.all(kept.map(async (dir) => (await fs.readdir(dir)).sort()));
    expect(trees.sort()).toEqual([["a"], ["a", "made.txt"]]);
  });

  it("a failed setup step shows the last lines of its output, stderr first", async () => {
    const setupEval = (step: string) =>
      `name: s\nprompt: go\nagents: [literal]\nsetup: [${JSON.stringify(step)}]\nsandbox: { fixture: { a: "" } }\nassertions:\n  files: [a]\n`;
    const quiet = await project({
      "evals/s.eval.yaml": setupEval("for i in $(seq 1 12); do echo out-$i; done; exit 3"),
    });
    const onlyStdout = await runCli(["eval", "--cwd", quiet], { env: { CI: "true" } });
    expect(onlyStdout.stdout).toContain('setup step 1 ("for i in');
    // The output's lines, each behind our indent: none can pass for a line of ours.
    expect(onlyStdout.stdout).toContain("failed: exit 3\n    out-5\n");
    expect(onlyStdout.stdout).toContain("out-12");
    expect(onlyStdout.stdout).not.toContain("out-4\n");
    const loud = await project({
      "evals/s.eval.yaml": setupEval(
        "echo progress; echo 'npm ERR! missing script: build' >&2; exit 1",
      ),
    });
    const withStderr = await runCli(["eval", "--cwd", loud], { env: { CI: "true" } });
    expect(withStderr.stdout).toContain("failed: exit 1\n    npm ERR! missing script: build");
  });

  it("lists evals with their agents and where they are defined", async () => {
    const root = await project({ "evals/ok.eval.yaml": passing, "evals/bad.eval.yaml": failing });
    const result = await runCli(["list", "--cwd", root]);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split("\n")).toEqual([
      expect.stringMatching(/^bad\tliteral\t1 trial\(s\), pass rate 1\tevals\/bad\.eval\.yaml:1$/),
      expect.stringMatching(/^ok\tliteral\t.*evals\/ok\.eval\.yaml:1$/),
    ]);
  });
});

describe("--changed", () => {
  it("runs only the evals whose prompt or definition differs at the base ref", async () => {
    const root = await project({
      "evals/ok.eval.yaml": passing,
      "evals/other.eval.yaml": passing.replace("name: ok", "name: other"),
    });
    const git = (...args: string[]) =>
      new Promise<void>((resolve, reject) =>
        execFile(
          "git",
          ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args],
          { cwd: root },
          (e) => (e ? reject(e) : resolve()),
        ),
      );
    await git("init", "-q");
    await git("add", ".");
    await git("commit", "-qm", "evals");
    await fs.writeFile(
      path.join(root, "evals/other.eval.yaml"),
      passing
        .replace("name: ok", "name: other")
        .replace("touch made.txt", "touch made.txt # changed"),
    );
    const result = await runCli(["eval", "--cwd", root, "--changed", "--base", "HEAD"], {
      env: { CI: "true" },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("--changed: 1 of 2 eval(s) differ from HEAD (other: prompt)");
    expect(result.stdout).toMatch(/PASS other/);
    expect(result.stdout).not.toMatch(/PASS ok/);
    const unknown = await runCli(["eval", "--cwd", root, "--changed", "--base", "no-such-ref"], {
      env: { CI: "true" },
    });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("no-such-ref");
  });
});

function exampleEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CI: "",
    HOME: mkdtempSync(path.join(os.tmpdir(), "ae-home-")),
  };
  dirs.push(env.HOME!);
  for (const key of ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"])
    delete env[key];
  env.PATH = (env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => !existsSync(path.join(dir, "claude")))
    .join(path.delimiter);
  return env;
}

describe("the committed bundle", () => {
  it("runs the bundled example suite: every eval passes", async () => {
    const { stdout } = await new Promise<{ stdout: string }>((resolve, reject) =>
      execFile(
        process.execPath,
        [
          path.join(REPO_ROOT, "dist/cli/index.js"),
          "eval",
          "--cwd",
          "evals-example",
          "--unsafe-local",
          "--format",
          "json",
        ],
        // No key and no `claude` on PATH, whatever this machine has: the example needs neither.
        { cwd: REPO_ROOT, env: exampleEnv() },
        (error, out) => (error ? reject(error) : resolve({ stdout: out })),
      ),
    );
    const run = JSON.parse(stdout) as {
      counts: Record<string, number>;
      evals: { id: string; status: string; reason?: string }[];
    };
    expect(run.counts).toMatchObject({ passed: 6, failed: 0, error: 0 });
    const passed = run.evals.filter((e) => e.status === "passed").map((e) => e.id);
    expect(passed.sort()).toEqual([
      "block-rm",
      "build-errors",
      "clean-build",
      "createProject",
      "readme-badge",
      "scriptedSetup",
    ]);
    // The skill's and the command's trigger and e2e evals need `claude` and a key: skipped, saying so.
    const skipped = run.evals.filter((e) => e.status === "skipped");
    expect(skipped.length).toBeGreaterThan(0);
    for (const e of skipped) expect(e.id).toMatch(/^(changelog|build-check)\.(trigger|e2e)\./);
  });

  it("shows the evidence of the example that fails on purpose", async () => {
    const result = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(
        process.execPath,
        [
          path.join(REPO_ROOT, "dist/cli/index.js"),
          "eval",
          "--cwd",
          "evals-example",
          "--unsafe-local",
          "--evals",
          "evals-failing/*.eval.yaml",
        ],
        { cwd: REPO_ROOT, env: { ...process.env, CI: "", NO_COLOR: "1" } },
        (error, out) => resolve({ code: error ? Number(error.code) : 0, stdout: out }),
      ),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("FAIL deploy-typo [literal]");
    expect(result.stdout).toContain("build: DATABASE_URL is not set");
  });
});
