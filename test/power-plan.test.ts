// Plan before spending, through the real CLI (docs/verdicts.md › Planning the trials): `plan
// --detect` prints the rule, each pair's trials per arm from its history and the forecast, names
// what a budget would under-power, and writes the same as JSON; `compare --detect` then runs each
// comparison up to exactly the planned trials per arm.

import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RunResult } from "../src/model/index.js";
import { trialsToDetect } from "../src/model/index.js";
import { repoWith } from "./helpers/git-repo.js";
import { runCli, writeFiles } from "./helpers/project.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

function greetEval(word: string): string {
  return `name: greet
agents: [literal]
trials: 3
prompt: |
  Write the greeting.
  \`\`\`sh
  ${word}
  \`\`\`
assertions:
  contains:
    - file: out.txt
      text: hello
`;
}

/** A paid eval: a command agent (no cost history of its own) bounded by maxCostUsd. */
const DEPLOY_EVAL = `name: deploy
agents: ["bash -c {prompt}"]
trials: 3
maxCostUsd: 0.4
prompt: "echo deployed > deploy.txt"
assertions:
  files: [deploy.txt]
`;

/** A history line as the run writes it: `passes` of `trials`, `costUsd` in all. */
function historyLine(id: string, agent: string, passes: number, trials: number, costUsd = 0) {
  return JSON.stringify({
    time: "2026-12-01T00:00:00.000Z",
    id,
    agent,
    definitionHash: "0".repeat(64),
    trials,
    trialsPlanned: trials,
    passes,
    passRate: passes / trials,
    threshold: 1,
    interval: [0, 1],
    costUsd,
    durationMs: 1000,
    status: passes === trials ? "passed" : "failed",
  });
}

async function project(files: Record<string, string>): Promise<string> {
  const dir = await repoWith(files);
  dirs.push(dir);
  return dir;
}

describe("plan --detect", () => {
  it("plans each pair's trials from its history, forecasts the cost, names what a budget under-powers", async () => {
    const dir = await project({
      "evals/greet.eval.yaml": greetEval("echo hello > out.txt"),
      "evals/deploy.eval.yaml": DEPLOY_EVAL,
      // greet passed 17 of 20 recently: planned at 85%.
      "history/greet.jsonl": `${historyLine("greet", "literal", 8, 10)}\n${historyLine("greet", "literal", 9, 10)}\n`,
    });
    const args = ["plan", "--cwd", dir, "--history-dir", "history", "--detect", "30"];
    const result = await runCli([...args, "--budget-usd", "5"]);
    expect(result.code, result.stderr).toBe(0);
    const out = result.stdout;
    expect(out).toContain("Decision rule (fixed before any trial runs");
    expect(out).toContain("a drop of 30 points is flagged with a chance of 80%");
    const greetN = trialsToDetect(0.85, 0.3)!;
    expect(out).toContain(
      `greet [literal]: rate 85% (history, 20 trials) → ${greetN} trials per arm`,
    );
    // deploy has no history: the hardest rate, and its maxCostUsd as a guess of the cost.
    const deployN = trialsToDetect(0.65, 0.3)!;
    expect(out).toMatch(
      new RegExp(
        `deploy \\[bash -c \\{prompt\\}\\]: rate 65% assumed .* → ${deployN} trials per arm .*\\$0\\.40 per trial \\(a guess: the eval's maxCostUsd, its worst case\\)`,
      ),
    );
    const forecast = 2 * deployN * 0.4;
    expect(out).toContain(`Forecast: $${forecast.toFixed(2)} for 2 pair(s)`);
    expect(out).toMatch(/Under-powered by the budget .*: 1 pair/);
    expect(out).toMatch(
      new RegExp(`deploy \\[bash -c \\{prompt\\}\\]: 6 of ${deployN} trials per arm → power \\d+%`),
    );
    // The totals line still ends the plan; nothing ran.
    expect(out.trim().split("\n").at(-1)).toContain("Nothing was run.");

    const json = await runCli([...args, "--format", "json"]);
    expect(json.code, json.stderr).toBe(0);
    const plan = JSON.parse(json.stdout) as {
      power: { rows: Array<{ key: string; trialsPerArm: number }>; rule: string };
    };
    expect(plan.power.rows.find((r) => r.key === "greet [literal]")!.trialsPerArm).toBe(greetN);
    expect(plan.power.rule).toContain("REGRESSION");
  });

  it("refuses --detect out of range, --power without --detect, and --detect with --trials (exit 2)", async () => {
    const dir = await project({ "evals/greet.eval.yaml": greetEval("echo hello > out.txt") });
    for (const [flags, message] of [
      [["--detect", "0"], "--detect takes the drop"],
      [["--detect", "20", "--power", "100"], "--power takes a percentage from 50 to 99"],
      [["--power", "90"], "--power goes with --detect"],
      [["--detect", "20", "--trials", "5"], "leave out --trials"],
    ] as const) {
      const result = await runCli(["plan", "--cwd", dir, ...flags]);
      expect(result.code, result.stdout).toBe(2);
      expect(result.stderr).toContain(message);
    }
  });
});

describe("compare --detect", () => {
  it("runs each comparison up to the trials per arm the plan gave it", async () => {
    const dir = await project({
      "evals/greet.eval.yaml": greetEval("echo hello > out.txt"),
      // Always passed: a drop of 50 points needs few trials per arm.
      "history/greet.jsonl": `${historyLine("greet", "literal", 10, 10)}\n`,
    });
    await writeFiles(dir, { "README.md": "unchanged evals, a new readme\n" });
    const planned = trialsToDetect(1, 0.5)!;
    const plan = await runCli(["plan", "--cwd", dir, "--history-dir", "history", "--detect", "50"]);
    expect(plan.stdout).toContain(`→ ${planned} trials per arm`);
    const result = await runCli(
      ["compare", "--base", "main", "--cwd", dir, "--history-dir", "history", "--detect", "50"],
      { env: { CI: "true" } },
    );
    expect(result.code, result.stderr + result.stdout).toBe(0);
    const run = JSON.parse(
      await fs.readFile(path.join(dir, ".copybook/results/run.json"), "utf8"),
    ) as RunResult;
    const [comparison] = run.comparisons ?? [];
    expect(comparison?.maxTrials).toBe(planned);
    // Nothing changed: the comparison is not decided early and both arms run the planned trials.
    const arms = run.evals.filter((e) => e.id === "greet");
    expect(arms.map((e) => e.trialsRun)).toEqual([planned, planned]);
  });
});
