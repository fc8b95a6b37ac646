// `agent-evals init`: the scaffold passes out of the box (init → eval with the literal agent, green,
// with a report), and init never overwrites a file.

import { promises as fs } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { SCAFFOLD } from "../src/cli/scaffold.js";
import { ACTION_REF, REPOSITORY } from "../src/model/version.js";
import { makeProject, REPO_ROOT, runCli } from "./helpers/project.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

describe("agent-evals init", () => {
  it("scaffolds evals that pass, with a report, by following the printed next step", async () => {
    const root = await makeProject({});
    dirs.push(root);
    const init = await runCli(["init"], { cwd: root });
    expect(init.code, init.stderr).toBe(0);
    for (const file of Object.keys(SCAFFOLD)) {
      expect(init.stdout).toContain(`created ${file}`);
      await expect(fs.readFile(path.join(root, file), "utf8")).resolves.toBe(SCAFFOLD[file]);
    }
    expect(init.stdout).toContain("npx agent-evals eval --unsafe-local");
    expect(init.stdout).toContain("added .copybook/ and node_modules/ to .gitignore");
    await expect(fs.readFile(path.join(root, ".gitignore"), "utf8")).resolves.toBe(
      ".copybook/\nnode_modules/\n",
    );

    const run = await runCli(["eval", "--unsafe-local"], { cwd: root });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/PASS readme-start \[literal\]/);
    expect(run.stdout).toMatch(/PASS vendorConfig \[literal\] 2\/2 passed/);
    expect(run.stdout).toContain("2 passed, 0 failed");
    for (const name of ["run.json", "junit.xml", "report.html"]) {
      await expect(fs.stat(path.join(root, ".copybook/results", name))).resolves.toBeTruthy();
    }
    const list = await runCli(["list"], { cwd: root });
    expect(list.stdout).toMatch(/^readme-start\tliteral\t.*\tPASSED 1\/1 \(100%\)/m);
    expect(list.stdout).toMatch(/^vendorConfig\tliteral\t.*\tPASSED 2\/2 \(100%\)/m);
  });

  it("writes a caller workflow that uses the reusable workflow with its inputs", async () => {
    const workflow = parseYaml(SCAFFOLD[".github/workflows/evals.yml"]!) as {
      on: { workflow_dispatch: { inputs: Record<string, unknown> } };
      permissions: Record<string, string>;
      jobs: {
        evals: {
          uses: string;
          permissions: Record<string, string>;
          with: Record<string, unknown>;
          secrets: Record<string, string>;
        };
      };
    };
    expect(workflow.jobs.evals.uses).toBe(
      `${REPOSITORY}/.github/workflows/evals.yml@${ACTION_REF}`,
    );
    expect(workflow.jobs.evals.with["action-repository"]).toBe(REPOSITORY);
    expect(workflow.jobs.evals.with["action-ref"]).toBe(ACTION_REF);
    const inputs = Object.keys(workflow.jobs.evals.with).sort();
    expect(inputs).toEqual([
      "action-ref",
      "action-repository",
      "agents",
      "budget-usd",
      "evals",
      "force",
      "shards",
      "trials",
    ]);
    // A manual run may force; the nightly always does (docs/action.md › Setting it up).
    expect(workflow.on.workflow_dispatch.inputs.force).toEqual({
      description: "Run evals even when a recorded verdict matches",
      type: "boolean",
      default: false,
    });
    expect(workflow.jobs.evals.with.force).toBe(
      "${{ github.event_name == 'schedule' || inputs.force == true }}",
    );
    // The reusable workflow's `source` job asks for id-token: write; a caller that does not grant
    // it has its run refused by GitHub.
    expect(workflow.jobs.evals.permissions).toEqual({
      contents: "write",
      "pull-requests": "write",
      "id-token": "write",
    });
    expect(workflow.permissions).toEqual({ contents: "read" });
    expect(workflow.jobs.evals.with.agents).toBe("${{ inputs.agents }}");
    expect(Object.keys(workflow.jobs.evals.secrets).sort()).toEqual([
      "ANTHROPIC_API_KEY",
      "OPENAI_API_KEY",
    ]);
    // The reusable workflow of this repository declares every input the caller sets.
    const reusable = path.join(REPO_ROOT, ".github/workflows/evals.yml");
    const declared = Object.keys(
      (
        parseYaml(await fs.readFile(reusable, "utf8")) as {
          on: { workflow_call: { inputs: Record<string, unknown> } };
        }
      ).on.workflow_call.inputs,
    );
    for (const input of inputs) expect(declared).toContain(input);
  });

  it("refuses to overwrite: exit 2, names the file, writes nothing", async () => {
    const root = await makeProject({ ".github/workflows/evals.yml": "mine\n" });
    dirs.push(root);
    const init = await runCli(["init", "--cwd", root]);
    expect(init.code).toBe(2);
    expect(init.stderr).toContain(".github/workflows/evals.yml already exists");
    await expect(fs.readFile(path.join(root, ".github/workflows/evals.yml"), "utf8")).resolves.toBe(
      "mine\n",
    );
    await expect(fs.stat(path.join(root, "evals"))).rejects.toThrow();
  });

  it("appends to .gitignore only what it lacks, whatever the slashes, after a last line without newline", async () => {
    const root = await makeProject({ ".gitignore": "dist\n/node_modules" });
    dirs.push(root);
    const init = await runCli(["init", "--cwd", root]);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain("added .copybook/ to .gitignore");
    await expect(fs.readFile(path.join(root, ".gitignore"), "utf8")).resolves.toBe(
      "dist\n/node_modules\n.copybook/\n",
    );
  });

  it("--action writes the given Action into the workflow; a malformed one is refused (exit 2), nothing written", async () => {
    const root = await makeProject({});
    dirs.push(root);
    const init = await runCli([
      "init",
      "--cwd",
      root,
      "--action",
      "my-org/agent-evals-fork@0a1b2c3",
    ]);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain("the workflow uses my-org/agent-evals-fork@0a1b2c3");
    const workflow = parseYaml(
      await fs.readFile(path.join(root, ".github/workflows/evals.yml"), "utf8"),
    ) as { jobs: { evals: { uses: string; with: Record<string, unknown> } } };
    expect(workflow.jobs.evals.uses).toBe(
      "my-org/agent-evals-fork/.github/workflows/evals.yml@0a1b2c3",
    );
    expect(workflow.jobs.evals.with["action-repository"]).toBe("my-org/agent-evals-fork");
    expect(workflow.jobs.evals.with["action-ref"]).toBe("0a1b2c3");

    const other = await makeProject({});
    dirs.push(other);
    const bad = await runCli(["init", "--cwd", other, "--action", "my-org/x@v1\n  evil: true"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("is not OWNER/REPO@REF: give it as, e.g., my-org/agent-evals@v1");
    expect(await fs.readdir(other)).toEqual([]);
  });

  it("the default Action is package.json's repository", async () => {
    const pkg = JSON.parse(await fs.readFile(path.join(REPO_ROOT, "package.json"), "utf8")) as {
      repository: { url: string };
    };
    expect(pkg.repository.url).toBe(`git+https://github.com/${REPOSITORY}.git`);
  });
});
