import { promises as fs } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { scriptAgent } from "../src/agents/script.js";
import { runEvals } from "../src/engine/index.js";
import {
  curtailedVerdict,
  meetsPassRate,
  requiredPasses,
  trialsCertainlyNeeded,
  wilsonInterval,
} from "../src/model/stats.js";
import { makeProject } from "./helpers/project.js";

const RATES = [0, 0.2, 0.33, 0.5, 0.6, 0.67, 0.75, 0.8, 0.9, 1];

function* outcomeSequences(n: number): Generator<boolean[]> {
  for (let mask = 0; mask < 2 ** n; mask++)
    yield Array.from({ length: n }, (_, i) => ((mask >> i) & 1) === 1);
}

describe("verdict arithmetic", () => {
  it("reads pass rates as their authors mean them", () => {
    expect(requiredPasses(3, 0.67)).toBe(2);
    expect(requiredPasses(3, 0.66)).toBe(2);
    expect(requiredPasses(3, 0.33)).toBe(1);
    expect(requiredPasses(3, 1)).toBe(3);
    expect(requiredPasses(10, 0.8)).toBe(8);
    expect(requiredPasses(4, 0.5)).toBe(2);
    expect(requiredPasses(100, 0.67)).toBe(67);
    expect(meetsPassRate(2, 3, 0.67)).toBe(true);
    expect(meetsPassRate(1, 3, 0.67)).toBe(false);
  });

  it("stopping early always gives the verdict all trials would give (every sequence up to 8 trials)", () => {
    let saved = 0;
    let total = 0;
    for (let n = 1; n <= 8; n++) {
      for (const rate of RATES) {
        for (const seq of outcomeSequences(n)) {
          const full = meetsPassRate(seq.filter(Boolean).length, n, rate) ? "passed" : "failed";
          let passes = 0;
          let failures = 0;
          let run = 0;
          while (
            run < n &&
            (run === 0 || curtailedVerdict(passes, failures, n, rate) === "undecided")
          ) {
            if (seq[run++]) passes++;
            else failures++;
          }
          expect(
            curtailedVerdict(passes, failures, n, rate),
            `n=${n} rate=${rate} seq=${seq}`,
          ).toBe(full);
          saved += n - run;
          total += n;
        }
      }
    }
    expect(saved / total).toBeGreaterThan(0.2); // it does save trials
  });

  it("never asks for more trials at once than could matter", () => {
    for (let n = 1; n <= 8; n++) {
      for (const rate of RATES) {
        const need = requiredPasses(n, rate);
        for (let p = 0; p <= n; p++) {
          for (let f = 0; p + f <= n; f++) {
            const k = trialsCertainlyNeeded(p, f, n, rate);
            if (curtailedVerdict(p, f, n, rate) !== "undecided") expect(k).toBe(0);
            else {
              // any k-1 more trials can't decide it: k trials are certainly needed
              expect(p + (k - 1) < need && f + (k - 1) < n - need + 1).toBe(true);
              expect(k).toBeGreaterThan(0);
            }
          }
        }
      }
    }
  });

  it("computes the Wilson interval", () => {
    const [lo, hi] = wilsonInterval(8, 10);
    expect(lo).toBeCloseTo(0.4902, 3);
    expect(hi).toBeCloseTo(0.9433, 3);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
    expect(wilsonInterval(3, 3)[1]).toBe(1);
  });
});

describe("curtailment in the runner", () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

  // Trial n passes when the n-th character of the pattern is P.
  async function run(pattern: string, passRate: number, allTrials: boolean, concurrency: number) {
    const root = await makeProject({
      "evals/c.eval.yaml": `name: c\nprompt: go\ntrials: ${pattern.length}\npassRate: ${passRate}\nsandbox: { fixture: { a: "" } }\nassertions:\n  files: [pass]\n`,
    });
    dirs.push(root);
    const agent = scriptAgent(
      "patterned",
      `[ "$(printf %s '${pattern}' | cut -c"$AGENT_EVALS_TRIAL")" = P ] && touch pass; exit 0`,
    );
    const { run } = await runEvals({
      projectRoot: root,
      env: { ...process.env, CI: "true" },
      agents: [agent],
      allTrials,
      concurrency,
    });
    return run.evals[0]!;
  }

  it.each([
    ["PPFFF", 0.67],
    ["FFPPP", 0.67],
    ["PFPFP", 0.6],
    ["PPPPF", 1],
    ["FPPPP", 0.8],
    ["PPF", 0.5],
  ])(
    "pattern %s at pass rate %s: same verdict as all trials, fewer trials run",
    async (pattern, rate) => {
      const all = await run(pattern, rate, true, 2);
      expect(all.trialsRun).toBe(pattern.length);
      for (const concurrency of [1, 3]) {
        const early = await run(pattern, rate, false, concurrency);
        expect(early.status).toBe(all.status);
        expect(early.trialsRun).toBeLessThanOrEqual(pattern.length);
        if (concurrency === 1) {
          // Sequentially, it stops exactly when the verdict is decided.
          let p = 0;
          let f = 0;
          let k = 0;
          while (k === 0 || curtailedVerdict(p, f, pattern.length, rate) === "undecided") {
            if (pattern[k++] === "P") p++;
            else f++;
          }
          expect(early.trialsRun).toBe(k);
        }
      }
    },
  );
});
