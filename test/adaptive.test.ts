import { promises as fs } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { scriptAgent } from "../src/agents/script.js";
import { runEvals } from "../src/engine/index.js";
import { adaptivePolicy, fixedPolicy } from "../src/run/policy.js";
import { makeProject } from "./helpers/project.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

/** A small seeded PRNG (mulberry32), so simulated agents are repeatable. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Run one eval × agent under a policy with Bernoulli(p) trials; returns the verdict and trials used. */
function simulate(policy: ReturnType<typeof fixedPolicy>, p: number, random: () => number) {
  let passes = 0;
  let failures = 0;
  while (passes + failures < policy.max && policy.verdict(passes, failures) === "undecided") {
    if (random() < p) passes++;
    else failures++;
  }
  const v = policy.verdict(passes, failures);
  return {
    status: v === "undecided" ? policy.finalStatus(passes, failures) : v,
    trials: passes + failures,
  };
}

describe("adaptive trials (simulated agents of known pass probability)", () => {
  it("decides clear cases early and leaves the borderline inconclusive", () => {
    const random = rng(42);
    const runs = (p: number) =>
      Array.from({ length: 400 }, () => simulate(adaptivePolicy(3, 20, 0.5), p, random));
    const good = runs(0.95);
    const bad = runs(0.05);
    const borderline = runs(0.5);
    const share = (rs: typeof good, s: string) =>
      rs.filter((r) => r.status === s).length / rs.length;
    const mean = (rs: typeof good) => rs.reduce((n, r) => n + r.trials, 0) / rs.length;
    expect(share(good, "passed")).toBeGreaterThan(0.95);
    expect(share(bad, "failed")).toBeGreaterThan(0.95);
    expect(mean(good)).toBeLessThan(8);
    expect(mean(bad)).toBeLessThan(8);
    expect(share(borderline, "inconclusive")).toBeGreaterThan(0.7);
    // Wrong verdicts (the opposite of the truth) stay rare.
    expect(share(good, "failed") + share(bad, "passed")).toBeLessThan(0.02);
  });

  it("with passRate 1 fails at the first failure and never claims a pass it cannot show", () => {
    const random = rng(7);
    const results = Array.from({ length: 200 }, () =>
      simulate(adaptivePolicy(2, 10, 1), 0.7, random),
    );
    expect(results.every((r) => r.status !== "passed")).toBe(true);
    expect(results.filter((r) => r.status === "failed").length).toBeGreaterThan(150);
  });

  it("runs through the engine: inconclusive is reported as such, and adaptive trials stop early", async () => {
    const root = await makeProject({
      "evals/sure.eval.yaml": `name: sure\nprompt: go\ntrials: { min: 3, max: 12 }\npassRate: 0.5\nsandbox: { fixture: { x: "" } }\nassertions:\n  files: [pass]\n`,
      "evals/coin.eval.yaml": `name: coin\nprompt: go\ntrials: { min: 2, max: 4 }\npassRate: 0.5\nsandbox: { fixture: { x: "" } }\nassertions:\n  files: [pass]\n`,
    });
    dirs.push(root);
    // "sure" always passes; "coin" alternates pass/fail by trial number.
    const agent = scriptAgent(
      "sim",
      'if [ "$AGENT_EVALS_EVAL" = coin ] && [ $((AGENT_EVALS_TRIAL % 2)) -eq 0 ]; then exit 0; fi; touch pass',
    );
    const { run, exitCode } = await runEvals({
      projectRoot: root,
      env: { ...process.env, CI: "true" },
      agents: [agent],
      concurrency: 2,
    });
    const sure = run.evals.find((e) => e.id === "sure")!;
    const coin = run.evals.find((e) => e.id === "coin")!;
    expect(sure.status).toBe("passed");
    expect(sure.trialsRun).toBeLessThan(12);
    expect(sure.trialsRun).toBeGreaterThanOrEqual(3);
    expect(coin).toMatchObject({ status: "inconclusive", trialsRun: 4, trialsPlanned: 4 });
    expect(exitCode).toBe(1);
  });
});

describe("adaptive confidence", () => {
  it("turns confidence levels into normal quantiles", async () => {
    const { zFor } = await import("../src/model/stats.js");
    expect(zFor(0.95)).toBeCloseTo(1.959964, 5);
    expect(zFor(0.8)).toBeCloseTo(1.281552, 5);
    expect(zFor(0.99)).toBeCloseTo(2.575829, 5);
  });

  it("a lower confidence decides sooner, at the price of more wrong verdicts", () => {
    const random = rng(11);
    const mean = (confidence: number) => {
      const runs = Array.from({ length: 300 }, () =>
        simulate(adaptivePolicy(1, 10, 0.6, confidence), 0.9, random),
      );
      return runs.reduce((n, r) => n + r.trials, 0) / runs.length;
    };
    expect(mean(0.8)).toBeLessThan(mean(0.99));
  });

  it("is read from YAML `trials: { min, max, confidence }`", async () => {
    const { loadYamlEval } = await import("../src/kinds/task/load.js");
    const spec = loadYamlEval(
      "/p/evals/a.eval.yaml",
      "name: a\ntrials: { min: 2, max: 9, confidence: 0.8 }\nassertions:\n  files: [x]\n",
      {
        projectRoot: "/p",
      },
    );
    expect(spec).toMatchObject({ trials: 9, adaptive: { min: 2, confidence: 0.8 } });
  });
});
