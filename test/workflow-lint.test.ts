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

/**
 * The Action inputs the reusable workflow forwards unchanged to both the plan job and every shard
 * job (docs/action.md, "The reusable workflow"): the plan must plan what the shards run. Each is a
 * workflow_call input with the Action's default, and each Action step of those jobs passes it on.
 */
const FORWARDED = [
  "evals",
  "agents",
  "trials",
  "working-directory",
  "changed-only",
  "force",
  "record",
  "replay",
  "history",
  "results-branch",
];

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
}

/** What the reusable workflow fails to forward of `names`, one line each. */
function forwardingProblems(workflowText: string, actionText: string, names: string[]): string[] {
  const workflow = parse(workflowText) as {
    on: { workflow_call: { inputs: Record<string, { default?: unknown }> } };
    jobs: Record<string, { steps?: Step[] }>;
  };
  const action = parse(actionText) as { inputs: Record<string, { default?: unknown }> };
  const declared = workflow.on.workflow_call.inputs;
  const actionSteps = (job: string) =>
    (workflow.jobs[job]?.steps ?? []).filter((s) => s.uses === "./.agent-evals-action");
  const problems: string[] = [];
  for (const name of names) {
    if (!(name in action.inputs)) problems.push(`action.yml has no input ${name}`);
    if (!(name in declared)) problems.push(`workflow_call does not declare ${name}`);
    else if (String(declared[name]!.default ?? "") !== String(action.inputs[name]?.default ?? ""))
      problems.push(
        `${name}: workflow default ${JSON.stringify(declared[name]!.default)}, the Action's ${JSON.stringify(action.inputs[name]?.default)}`,
      );
    for (const job of ["plan", "run"]) {
      const steps = actionSteps(job);
      if (steps.length === 0) problems.push(`job ${job} runs no Action step`);
      for (const step of steps) {
        const value = step.with?.[name];
        if (typeof value !== "string" || !value.includes(`inputs.${name} `))
          problems.push(`job ${job} does not pass ${name} on (\${{ inputs.${name} }})`);
      }
    }
  }
  return problems;
}

describe("the reusable workflow forwards the Action's run inputs", () => {
  const read = (rel: string) => fs.readFile(path.join(REPO_ROOT, rel), "utf8");

  it("declares each with the Action's default and passes it to the plan and every shard", async () => {
    const problems = forwardingProblems(
      await read(".github/workflows/evals.yml"),
      await read("action.yml"),
      FORWARDED,
    );
    expect(problems).toEqual([]);
  });

  it("fails when record or replay is not declared, or not passed to a job", async () => {
    const [workflow, action] = await Promise.all([
      read(".github/workflows/evals.yml"),
      read("action.yml"),
    ]);
    // Not declared (and so not passable): the workflow before record and replay reached it.
    const undeclared = workflow
      .replace(/\n {6}record:\n(?: {8}.*\n)+/, "\n")
      .replace(/\n {6}replay:\n(?: {8}.*\n)+/, "\n")
      .replace(/\n {10}(record|replay): \$\{\{ inputs\.\1 \}\}/g, "");
    expect(forwardingProblems(undeclared, action, ["record", "replay"])).toEqual([
      "workflow_call does not declare record",
      "job plan does not pass record on (${{ inputs.record }})",
      "job run does not pass record on (${{ inputs.record }})",
      "workflow_call does not declare replay",
      "job plan does not pass replay on (${{ inputs.replay }})",
      "job run does not pass replay on (${{ inputs.replay }})",
    ]);
    // Declared, but the plan job plans without it.
    const [head, plan, rest] = workflow.split(/(?=\n {2}plan:\n|\n {2}run:\n)/);
    const unplanned = `${head}${plan!.replace(/\n {10}replay: .*/, "")}${rest}`;
    expect(forwardingProblems(unplanned, action, ["record", "replay"])).toEqual([
      "job plan does not pass replay on (${{ inputs.replay }})",
    ]);
  });
});
