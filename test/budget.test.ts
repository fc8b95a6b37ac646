import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runEvals } from "../src/engine/index.js";
import type { AgentAdapter } from "../src/model/eval.js";
import type { RunResult } from "../src/model/result.js";
import { renderRunMarkdown } from "../src/report/markdown.js";
import { BudgetLedger } from "../src/run/budget.js";
import { compareRuns } from "../src/store/compare.js";
import { makeProject, runCli } from "./helpers/project.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

/** A paid agent: each run "spends" `cost` (never more than its cap) after a short while. */
function paidAgent(cost: number, log: Array<{ cap?: number; at: number }>): AgentAdapter {
  let running = 0;
  return {
    name: "paid",
    available: async () => true,
    version: async () => "1",
    run: async (ctx) => {
      running++;
      log.push({ cap: ctx.maxCostUsd, at: running });
      await new Promise((r) => setTimeout(r, 30));
      running--;
      const spent = Math.min(cost, ctx.maxCostUsd ?? cost);
      await fs.writeFile(`${ctx.cwd}/done`, "");
      return {
        exitCode: 0,
        timedOut: false,
        trajectory: [],
        transcripts: [],
        durationMs: 30,
        costUsd: spent,
      };
    },
  };
}

async function project(evals: Record<string, string>) {
  const root = await makeProject(evals);
  dirs.push(root);
  return root;
}

const env = { ...process.env, CI: "true" };

describe("budget ledger", () => {
  it("reserves worst cases so concurrent trials never together exceed the budget", async () => {
    const ledger = new BudgetLedger(1);
    const a = await ledger.reserve(0.4, false);
    const b = await ledger.reserve(0.4, false);
    expect(a && b).toBeTruthy();
    // 0.2 left: a third 0.4 must wait for a settlement, then fits once a trial spent less.
    let third: unknown;
    const waiting = ledger.reserve(0.4, false).then((r) => (third = r));
    await new Promise((r) => setTimeout(r, 10));
    expect(third).toBeUndefined();
    ledger.settle(a!, 0.1);
    await waiting;
    expect(third).toMatchObject({ amount: 0.4 });
    expect(ledger.remaining).toBeCloseTo(0.1);
  });

  it("refuses when nothing can free room, and caps an unknown worst case at what is left", async () => {
    const ledger = new BudgetLedger(0.5);
    const all = await ledger.reserve(undefined, false);
    expect(all).toMatchObject({ capUsd: 0.5 });
    ledger.settle(all!, 0.5);
    expect(await ledger.reserve(0.01, false)).toBeUndefined();
    expect(await ledger.reserve(0.01, true)).toMatchObject({ amount: 0 }); // free agents always run
  });
});

describe("--budget-usd", () => {
  it("never spends above the budget with many concurrent trials, and says what was cut", async () => {
    const root = await project({
      "evals/a.eval.yaml": `name: a\nprompt: go\ntrials: 6\npassRate: 1\nmaxCostUsd: 0.3\nsandbox: { fixture: { x: "" } }\nassertions:\n  files: [done]\n`,
      "evals/b.eval.yaml": `name: b\nprompt: go\ntrials: 6\npassRate: 0.1\nmaxCostUsd: 0.3\nsandbox: { fixture: { x: "" } }\nassertions:\n  files: [done]\n`,
    });
    const log: Array<{ cap?: number; at: number }> = [];
    const { run, exitCode } = await runEvals({
      projectRoot: root,
      env,
      agents: [paidAgent(0.25, log)],
      budgetUsd: 1,
      concurrency: 8,
      allTrials: true,
    });
    expect(run.costUsd).toBeLessThanOrEqual(1);
    expect(run.budgetUsd).toBe(1);
    // Worst cases of 0.3: at most 3 trials ever held a reservation at once.
    expect(log.length).toBeLessThanOrEqual(4);
    expect(log.every((l) => l.cap === 0.3)).toBe(true);
    const statuses = run.evals.map((e) => e.status);
    expect(statuses).toContain("incomplete");
    expect(statuses).not.toContain("passed");
    const cut = run.evals.find((e) => e.status === "incomplete")!;
    expect(cut.reason).toMatch(/budget ran out/);
    expect(exitCode).toBe(1);
  });

  it("a budget that fits runs everything; free agents ignore it", async () => {
    const root = await project({
      "evals/a.eval.yaml": `name: a\nprompt: "\`\`\`sh\\ntouch done\\n\`\`\`"\nagents: [literal]\ntrials: 3\nsandbox: { fixture: { x: "" } }\nassertions:\n  files: [done]\n`,
    });
    const { run } = await runEvals({ projectRoot: root, env, budgetUsd: 0 });
    expect(run.evals[0]).toMatchObject({ status: "passed", trialsRun: 3 });
  });

  it("plan and --dry-run show what would run and cost, and run nothing", async () => {
    const root = await project({
      "evals/a.eval.yaml": `name: a\nprompt: go\nagents: [literal]\ntrials: 3\npassRate: 0.67\nmaxCostUsd: 2\nsandbox: { fixture: { x: "" } }\nassertions:\n  files: [done]\n`,
      "evals/b.eval.yaml": `name: b\nprompt: go\nsandbox: { fixture: { x: "" } }\nassertions:\n  files: [done]\n`,
    });
    const plan = await runCli(["plan", "--cwd", root, "--budget-usd", "5"]);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(/^run +a \[literal\] up to 3 trial\(s\), needs 2; free/m);
    expect(plan.stdout).toMatch(/^skipped b \[none\] — no agent/m);
    expect(plan.stdout).toContain("budget $5.00. Nothing was run.");
    const dry = await runCli([
      "eval",
      "--cwd",
      root,
      "--dry-run",
      "--agent",
      "paid-agent-cli {prompt}",
    ]);
    expect(dry.stdout).toContain("not available");
    await expect(fs.stat(`${root}/.copybook`)).rejects.toThrow();
    const bad = await runCli(["eval", "--cwd", root, "--budget-usd", "lots"]);
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining("--budget-usd") });
  });

  // A TypeScript eval whose agents report a cost: `paid` (a budgeted adapter that spends $COST per
  // trial whatever its cap) and `script` (a free scriptAgent that reports $COST anyway).
  const COSTLY_EVAL = `import { defineEval, fileExists, scriptAgent } from "agent-evals";
import { writeFileSync } from "node:fs";
const cost = Number(process.env.COST);
const paid = {
  name: "paid",
  available: async () => true,
  version: async () => "1",
  run: async (ctx) => {
    writeFileSync(ctx.cwd + "/done", "");
    return { exitCode: 0, timedOut: false, trajectory: [], transcripts: [], durationMs: 1, costUsd: cost };
  },
};
const script = scriptAgent("script", (ctx) => {
  writeFileSync(ctx.cwd + "/done", "");
  return { costUsd: cost };
});
export const costly = defineEval("go", {
  agents: [process.env.AGENT === "script" ? script : paid],
  trials: 6,
  passRate: 0.5,
  maxCostUsd: 0.3,
  sandbox: { fixture: { x: "" } },
  assert: [fileExists("done")],
});
`;
  const runCostly = async (agent: string, cost: number, budget: number) => {
    const root = await project({ "evals/costly.eval.ts": COSTLY_EVAL });
    const cli = await runCli(
      ["eval", "--cwd", root, "--budget-usd", String(budget), "--concurrency", "1"],
      { env: { CI: "true", AGENT: agent, COST: String(cost) } },
    );
    const run = JSON.parse(
      await fs.readFile(path.join(root, ".copybook/results/run.json"), "utf8"),
    ) as RunResult;
    return { cli, run, root };
  };

  it("a budget cut says the budget ran out, not that the verdict was decided", async () => {
    // Trials of $0.25 reserved at their $0.30 cap: two fit in $0.60; the verdict needs three passes.
    const { cli, run } = await runCostly("paid", 0.25, 0.6);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain("INCOMPLETE costly [paid 1] 2/2 passed");
    expect(cli.stdout).toContain("stopped after 2 of 6: the budget ran out)");
    expect(cli.stdout).not.toContain("verdict decided");
    expect(cli.stdout).toContain(
      "the budget ran out: 2 of up to 6 trials ran ($0.50 spent of $0.60; a trial's worst case is $0.30)",
    );
    expect(run.evals[0]).toMatchObject({ status: "incomplete", code: "AE406" });
    // Within the budget: nothing is flagged as over it.
    expect(run.diagnostics!.map((d) => d.code)).toEqual(["AE406"]);
    expect(cli.stdout).not.toContain("over the budget");
  });

  it("an eval whose maxCostUsd is above the whole budget says so, in the plan and the run", async () => {
    // A trial's worst case is $0.30; the budget is $0.20: no trial can ever fit.
    const { cli, run, root } = await runCostly("paid", 0.25, 0.2);
    const said =
      "not started: the eval's maxCostUsd $0.30 (a trial's worst case) is above the whole budget, --budget-usd $0.20: no trial of it can fit. Fix: raise --budget-usd to at least $0.30, or lower the eval's maxCostUsd";
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(`INCOMPLETE costly [paid 1] ${said}`);
    expect(cli.stdout).not.toContain("the budget ran out");
    expect(cli.stdout).not.toContain("0/0 passed");
    expect(run.evals[0]).toMatchObject({
      status: "incomplete",
      code: "AE406",
      trialsRun: 0,
      reason: said,
    });
    const plan = await runCli(["plan", "--cwd", root, "--budget-usd", "0.2"], {
      env: { CI: "true", AGENT: "paid" },
    });
    expect(plan.stdout).toContain(
      "worst case $1.80; would not start: the eval's maxCostUsd $0.30 (a trial's worst case) is above the whole budget, --budget-usd $0.20",
    );
    // A budget that holds one trial: no such words.
    const fits = await runCli(["plan", "--cwd", root, "--budget-usd", "0.3"], {
      env: { CI: "true", AGENT: "paid" },
    });
    expect(fits.stdout).not.toContain("would not start");
  });

  it("an adapter that reports more than its cap, and the run it takes past --budget-usd, are flagged", async () => {
    // Each trial is handed a $0.30 cap and reports $0.70: the budget of $1 is passed on trial 2.
    const { cli, run } = await runCostly("paid", 0.7, 1);
    const trials = run.evals[0]!.trials;
    expect(trials.map((t) => t.overBudget)).toEqual([
      ["the agent reported $0.70, over its cap of $0.30 (maxCostUsd)"],
      [
        "the agent reported $0.70, over its cap of $0.30 (maxCostUsd)",
        "with this trial the run spent $1.40, over --budget-usd $1.00",
      ],
    ]);
    const flagged = run.diagnostics!.filter((d) => d.code === "AE411");
    expect(flagged.map((d) => [d.severity, d.trial])).toEqual([
      ["warning", 1],
      ["warning", 2],
      ["warning", 2],
    ]);
    expect(cli.stdout).toContain("! the agent reported $0.70, over its cap of $0.30 (maxCostUsd)");
    expect(cli.stdout).toContain("! with this trial the run spent $1.40, over --budget-usd $1.00");
    expect(cli.stdout).toContain("cost $1.40 of $1.00 (over the budget)");
    // The PR comment: the row says so, and the cost line.
    const body = renderRunMarkdown({ run, rows: compareRuns(run.evals, new Map()) });
    expect(body).toContain(
      "⚠️ over budget: trial 1: the agent reported $0.70, over its cap of $0.30 (maxCostUsd) (and 2 more)",
    );
    expect(body).toContain("**Cost** $1.40 of $1.00 budget (140%) ⚠️ over budget");
  });

  it("a free script agent that reports a cost anyway is flagged when it passes its cap and the budget", async () => {
    const { cli, run } = await runCostly("script", 0.5, 1);
    expect(run.costUsd).toBeGreaterThan(1);
    const over = run.evals[0]!.trials.flatMap((t) => t.overBudget ?? []);
    expect(over).toContain("the agent reported $0.50, over its cap of $0.30 (maxCostUsd)");
    expect(over).toContain("with this trial the run spent $1.50, over --budget-usd $1.00");
    expect(run.diagnostics!.some((d) => d.code === "AE411" && d.agent === "script")).toBe(true);
    expect(cli.stdout).toContain("(over the budget)");
  });
});
