// `npm run lint:workflows` (scripts/lint-workflows.mjs): the repository's workflows and action.yml
// pass; broken ones are rejected with the file, the line and what is wrong.

import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { REPO_ROOT } from "./helpers/project.js";

const SCRIPT = path.join(REPO_ROOT, "scripts/lint-workflows.mjs");
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

function lint(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) =>
    execFile(process.execPath, [SCRIPT, ...args], { cwd: REPO_ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

/** A copy of the repository's workflows and action.yml (and what they refer to) to break. */
async function copyOfRepo(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "ae-wflint-"));
  dirs.push(dir);
  for (const rel of [".github/workflows", "evals-example/.github/workflows", "src/github"])
    await fs.cp(path.join(REPO_ROOT, rel), path.join(dir, rel), { recursive: true });
  await fs.copyFile(path.join(REPO_ROOT, "action.yml"), path.join(dir, "action.yml"));
  await fs.mkdir(path.join(dir, "dist"));
  await fs.writeFile(path.join(dir, "dist/index.js"), "");
  return dir;
}

describe("lint:workflows", () => {
  it("passes the repository's workflows and action.yml", async () => {
    const { code, out } = await lint([]);
    expect(out).toMatch(/[1-9]\d* workflow\(s\) and action\.yml: 0 problem\(s\)/);
    expect(code).toBe(0);
  });

  it("rejects a broken workflow: a bad permission, an unknown input, a job that does not exist", async () => {
    const dir = await copyOfRepo();
    const file = path.join(dir, ".github/workflows/broken.yml");
    await fs.writeFile(
      file,
      `name: broken
on:
  workflow_call:
    inputs:
      shards: { type: string, default: auto }
jobs:
  report:
    needs: [plann]
    runs-on: ubuntu-latest
    permissions:
      contents: wrte
    steps:
      - run: echo "\${{ inputs.shard }}"
`,
    );
    const { code, out } = await lint(["--root", dir, file]);
    expect(code).toBe(1);
    expect(out).toMatch(/broken\.yml:11:\d+: "wrte" is invalid for permission/);
    expect(out).toMatch(/broken\.yml:13:\d+: property "shard" is not defined/);
    expect(out).toMatch(/broken\.yml:7:\d+: job "report" needs job "plann" which does not exist/);
  });

  it("rejects inputs the Action or the reusable workflow does not declare, and a bad action.yml", async () => {
    const dir = await copyOfRepo();
    // The self-call passes an input the reusable workflow lacks.
    const caller = path.join(dir, ".github/workflows/evals-example.yml");
    await fs.writeFile(
      caller,
      (await fs.readFile(caller, "utf8")).replace('shards: "2"', 'shard-count: "2"'),
    );
    // The reusable workflow gives the Action an input it does not have.
    const reusable = path.join(dir, ".github/workflows/evals.yml");
    await fs.writeFile(
      reusable,
      (await fs.readFile(reusable, "utf8")).replace("merge-from:", "merge-form:"),
    );
    // action.yml on a retired runtime, and without an input the code reads.
    const meta = parse(await fs.readFile(path.join(dir, "action.yml"), "utf8"));
    const actionText = (await fs.readFile(path.join(dir, "action.yml"), "utf8"))
      .replace("using: node24", "using: node12")
      .replace(/\n {2}pull-request:\n(?: {4}.*\n)+/, "\n");
    expect(meta.inputs["pull-request"]).toBeDefined();
    await fs.writeFile(path.join(dir, "action.yml"), actionText);

    const { code, out } = await lint(["--root", dir, caller, reusable]);
    expect(code).toBe(1);
    expect(out).toContain('./.github/workflows/evals.yml has no input "shard-count"');
    expect(out).toContain('the agent-evals Action has no input "merge-form"');
    expect(out).toContain("runs.using must be node24 (or node20), got node12");
    expect(out).toContain(
      'src/github reads input "pull-request", which action.yml does not declare',
    );
  });
});
