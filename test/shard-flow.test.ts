// The sharded flow as CI runs it, on one machine: `plan --shards N` → N `eval --shard i/N` CLI
// processes at once, each in its own copy of the project (its own runner) → `merge`. The merged
// run must be the run one process gives for the same trials, and the plan's split must be the one
// the shards ran.

import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeProject, runCli } from "./helpers/project.js";
import type { RunResult } from "../src/model/result.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

// Eight evals for a scripted agent that charges a fixed price per trial; the `bad*` ones fail.
const IDS = ["alpha", "bravo", "charlie", "delta", "echo", "badFoxtrot", "golf", "badHotel"];
const TRIALS: Record<string, number> = { alpha: 3, charlie: 1 };
const SUITE = `import { promises as fs } from "node:fs";
import path from "node:path";
import { defineEval, fileContains, scriptAgent } from "agent-evals";

const agent = (price: number) =>
  scriptAgent("scripted", async ({ cwd, prompt }) => {
    await fs.writeFile(path.join(cwd, "out.txt"), prompt);
    return { costUsd: price, finalMessage: "done" };
  });

${IDS.map(
  (id, i) => `export const ${id} = defineEval("write ${id}", {
  agents: [agent(${(i + 1) / 100})],
  trials: ${TRIALS[id] ?? 2},
  sandbox: { fixture: { "README.md": "hi" } },
  assert: [fileContains("out.txt", "${id.startsWith("bad") ? "never written" : id}")],
});`,
).join("\n\n")}
`;

// Recorded history: how long each pair's trials took and what they cost (per trial: ms, USD).
const RECORDED: Record<string, [number, number]> = {
  alpha: [4000, 0.5],
  bravo: [9000, 1],
  charlie: [1000, 0.1],
  delta: [6000, 0.5],
  echo: [2000, 0.2],
  badFoxtrot: [7000, 0.8],
  golf: [3000, 0.3],
  // badHotel never ran: it weighs a typical (median) trial.
};

async function writeHistory(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (const [id, [ms, usd]] of Object.entries(RECORDED)) {
    const line = {
      time: "2026-01-01T00:00:00.000Z",
      id,
      agent: "scripted",
      definitionHash: "recorded",
      trials: 2,
      trialsPlanned: 2,
      passes: 2,
      passRate: 1,
      threshold: 1,
      interval: [0.34, 1],
      costUsd: usd * 2,
      durationMs: ms * 2,
      status: "passed",
    };
    await fs.writeFile(path.join(dir, `${id}.jsonl`), `${JSON.stringify(line)}\n`);
  }
}

interface PlanJson {
  count: number;
  shards: string[][];
  balance: number;
  balancedBy: string;
  summaries: Array<{ weight: number; expectedCostUsd: number; budgetUsd?: number }>;
  matrix: { include: Array<{ shard: string; "budget-usd"?: string }> };
}

const key = (e: { id: string; agent: string }) => `${e.id} [${e.agent}]`;

/** What must not differ between a sharded and a one-process run (durations and times may). */
function essence(run: RunResult) {
  return {
    counts: run.counts,
    costUsd: run.costUsd,
    evals: run.evals.map((e) => ({
      pair: key(e),
      status: e.status,
      passes: e.passes,
      trialsRun: e.trialsRun,
      trialsPlanned: e.trialsPlanned,
      costUsd: e.costUsd,
      interval: e.interval,
      // The trial's folder within its results folder (merged runs point into theirs).
      trials: e.trials.map((t) => ({
        n: t.n,
        status: t.status,
        dir: t.dir.slice(t.dir.indexOf("evals/")),
        cost: t.costUsd,
      })),
    })),
  };
}

async function readRun(dir: string): Promise<RunResult> {
  return JSON.parse(await fs.readFile(path.join(dir, "run.json"), "utf8")) as RunResult;
}

describe("plan → shards in parallel → merge", () => {
  it("gives the one-process run, on the split the plan printed, balanced by history", async () => {
    const root = await makeProject({ "evals/suite.eval.ts": SUITE });
    dirs.push(root);
    const history = path.join(root, "history");
    await writeHistory(history);
    const env = { CI: "true" };

    const planned = await runCli(
      ["plan", "--shards", "3", "--format", "json", "--history-dir", history, "--budget-usd", "6"],
      { cwd: root },
    );
    expect(planned.code, planned.stderr).toBe(0);
    const plan = JSON.parse(planned.stdout) as PlanJson;
    expect(plan.count).toBe(3);
    expect(plan.balancedBy).toBe("duration");
    expect(plan.shards.flat().sort()).toEqual(IDS.map((id) => `${id} [scripted]`).sort());
    // The balance it reports is the heaviest shard over the mean, from its own per-shard figures.
    const weights = plan.summaries.map((s) => s.weight);
    const mean = weights.reduce((a, b) => a + b, 0) / 3;
    expect(plan.balance).toBeCloseTo(Math.max(...weights) / mean, 2);
    // Expected durations 12, 18, 1, 12, 4, 14, 6 s and badHotel a median 8 s (4 s × 2 trials):
    // the split is 26/25/24 s (1.04 × the mean); dealt round-robin by name it would be 34/21/20.
    expect([...weights].sort((a, b) => a - b)).toEqual([24000, 25000, 26000]);
    expect(plan.balance).toBe(1.04);
    // The budget split follows expected cost and never adds up to more than the budget.
    const budgets = plan.matrix.include.map((m) => Number(m["budget-usd"]));
    expect(budgets.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(6);
    expect(Math.min(...budgets)).toBeGreaterThan(0);

    // Three runners: three copies of the checkout, each with the history it read.
    const shardRoots: string[] = [];
    for (const i of [1, 2, 3]) {
      const copy = `${root}-shard-${i}`;
      await fs.cp(root, copy, { recursive: true });
      dirs.push(copy);
      shardRoots.push(copy);
    }
    const single = `${root}-single`;
    await fs.cp(root, single, { recursive: true });
    dirs.push(single);

    const [shards, whole] = await Promise.all([
      Promise.all(
        shardRoots.map((cwd, i) =>
          runCli(["eval", "--shard", `${i + 1}/3`, "--history-dir", path.join(cwd, "history")], {
            cwd,
            env,
          }),
        ),
      ),
      runCli(["eval", "--history-dir", path.join(single, "history")], { cwd: single, env }),
    ]);
    // Each shard exits as its own part does: 1 where a bad* eval ran, else 0.
    for (const s of shards) expect([0, 1], s.stderr + s.stdout).toContain(s.code);
    expect(shards.map((s) => s.code)).toContain(1);
    expect(whole.code, whole.stderr).toBe(1);

    // Each shard ran exactly the pairs the plan gave it.
    const shardDirs = shardRoots.map((r) => path.join(r, ".copybook/results"));
    for (const [i, dir] of shardDirs.entries()) {
      const run = await readRun(dir);
      expect(run.evals.map(key).sort()).toEqual([...plan.shards[i]!].sort());
    }

    const out = path.join(root, "merged");
    const merged = await runCli(["merge", ...shardDirs, "--out", out], { cwd: root });
    expect(merged.code, merged.stderr).toBe(1);
    const mergedRun = await readRun(out);
    const singleRun = await readRun(path.join(single, ".copybook/results"));
    expect(essence(mergedRun)).toEqual(essence(singleRun));
    expect(mergedRun.counts).toMatchObject({ passed: 6, failed: 2 });
    // Each pair's trials at 0.01 × its position: the good ones their own 3, 2 or 1 (the history
    // passed them all, and so does this run); badFoxtrot on past its own 2 until its comparison
    // with the history (2/2) is decided a regression; badHotel, never recorded, stops at its first
    // failure.
    const price = (id: string) => (IDS.indexOf(id) + 1) / 100;
    let total = 0;
    for (const e of mergedRun.evals) {
      if (e.id === "badFoxtrot") expect(e.trialsRun, e.id).toBeGreaterThan(2);
      else if (e.id === "badHotel") expect(e.trialsRun, e.id).toBe(1);
      else expect(e.trialsRun, e.id).toBe(TRIALS[e.id] ?? 2);
      expect(e.costUsd).toBeCloseTo(e.trialsRun * price(e.id), 6);
      total += e.trialsRun * price(e.id);
    }
    expect(mergedRun.costUsd).toBeCloseTo(total, 6);
    const bad = (mergedRun.comparisons ?? []).filter((c) => c.id.startsWith("bad"));
    expect(bad.map((c) => [c.id, c.verdict])).toEqual([["badFoxtrot", "regression"]]);
    // Every trial folder the index names is in the merged folder (dirs are relative to the root).
    for (const e of mergedRun.evals)
      for (const t of e.trials) {
        expect(path.join(root, t.dir).startsWith(`${out}${path.sep}`)).toBe(true);
        await expect(fs.stat(path.join(root, t.dir))).resolves.toBeTruthy();
      }
  });

  it("--shard-plan replays a recorded split and refuses one that does not fit the suite", async () => {
    const root = await makeProject({ "evals/suite.eval.ts": SUITE });
    dirs.push(root);
    const env = { CI: "true" };
    // A plan that puts golf alone in shard 2.
    const others = IDS.filter((id) => id !== "golf").map((id) => `${id} [scripted]`);
    await fs.writeFile(
      path.join(root, "plan.json"),
      JSON.stringify({ count: 2, shards: [others, ["golf [scripted]"]] }),
    );
    const second = await runCli(
      ["eval", "--shard", "2/2", "--shard-plan", "plan.json", "--format", "json"],
      { cwd: root, env },
    );
    expect(second.code, second.stderr).toBe(0);
    expect((JSON.parse(second.stdout) as RunResult).evals.map(key)).toEqual(["golf [scripted]"]);

    await fs.writeFile(
      path.join(root, "stale.json"),
      JSON.stringify({ count: 2, shards: [others.slice(1), ["golf [scripted]"]] }),
    );
    const stale = await runCli(["eval", "--shard", "1/2", "--shard-plan", "stale.json"], {
      cwd: root,
      env,
    });
    expect(stale.code).toBe(2);
    expect(stale.stderr).toContain("does not list alpha [scripted]");
    // Nothing ran: run.json is still the golf-only run's.
    const kept = JSON.parse(
      await fs.readFile(path.join(root, ".copybook/results/run.json"), "utf8"),
    );
    expect((kept as RunResult).evals.map(key)).toEqual(["golf [scripted]"]);
    const wrongCount = await runCli(["eval", "--shard", "1/3", "--shard-plan", "plan.json"], {
      cwd: root,
      env,
    });
    expect(wrongCount).toMatchObject({ code: 2, stderr: expect.stringContaining("2 shard(s)") });
  });
});

describe("changed-only shards", () => {
  it("run the pairs the plan chose even when the base branch has moved since", async () => {
    const yaml = (name: string, text: string) =>
      // A fixture sandbox: a repository snapshot would hold the other eval's file, so a change to
      // one would affect both.
      `name: ${name}\nagents: [literal]\nsandbox:\n  fixture:\n    README.md: hi\nprompt: |\n  \`\`\`sh\n  echo ${text} > out.txt\n  \`\`\`\nassertions:\n  files: [out.txt]\n`;
    const root = await makeProject({
      "evals/a.eval.yaml": yaml("a", "one"),
      "evals/b.eval.yaml": yaml("b", "one"),
    });
    dirs.push(root);
    const git = (...args: string[]) =>
      execFileSync("git", args, { cwd: root, env: { ...process.env, GIT_DIR: undefined } });
    git("init", "-q", "-b", "main");
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "root");
    git("add", "-A");
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base");
    git("checkout", "-q", "-b", "pr");
    await fs.writeFile(path.join(root, "evals/a.eval.yaml"), yaml("a", "two"));
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "pr changes a");

    const planned = await runCli([
      "plan",
      "--cwd",
      root,
      "--changed",
      "--base",
      "main",
      "--shards",
      "2",
      "--format",
      "json",
    ]);
    expect(planned.code, planned.stderr).toBe(0);
    const planFile = path.join(root, "plan.json");
    await fs.writeFile(planFile, planned.stdout);
    expect((JSON.parse(planned.stdout) as { shards: string[][] }).shards.flat()).toEqual([
      "a [literal]",
    ]);

    // main moves on: b changes there after the plan was made.
    git("checkout", "-q", "main");
    await fs.writeFile(path.join(root, "evals/b.eval.yaml"), yaml("b", "three"));
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "main changes b");
    git("checkout", "-q", "pr");

    const ran: string[] = [];
    for (const shard of ["1/2", "2/2"]) {
      const result = await runCli([
        "eval",
        "--cwd",
        root,
        "--unsafe-local",
        "--changed",
        "--base",
        "main",
        "--shard",
        shard,
        "--shard-plan",
        planFile,
        "--format",
        "json",
      ]);
      expect(result.code, result.stderr).toBe(0);
      ran.push(...(JSON.parse(result.stdout) as RunResult).evals.map((e) => e.id));
    }
    expect(ran).toEqual(["a"]);
  });
});
