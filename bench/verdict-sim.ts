// Issue 33's check of the comparison rule, for every baseline kind at the default settings, through
// the engine's own code: PR base and variants through runGroup (src/run/group.ts: interleaved
// arms, looks after each pair), history through againstBaseline (src/run/policy.ts) driven as
// runUnit drives it, with a baseline line of the eval's 10 trials at the same rate. Trials are
// draws with known pass probabilities (no processes). Reports, each with its Wilson 95% interval:
// false positives at Δ = 0, power at −30 points, the share flagged at −100 points, labels beside a
// p ≥ 0.05, trials started after the decision, and how often no-change is said at Δ = 0; then,
// at margins and maxima where it is within reach, how often no-change is said at Δ = 0 and at a
// true difference of the margin itself.
// Run: npx tsx bench/verdict-sim.ts [runs]   (prints a Markdown section)

import type { ComparisonVerdict, PlannedUnit, TrialResult } from "../src/model/index.js";
import { DEFAULT_COMPARISON_TRIALS, DEFAULT_MARGIN, noChangeTrials } from "../src/model/index.js";
import { noChangeChance } from "../src/model/comparison.js";
import { wilsonInterval } from "../src/model/stats.js";
import { runGroup, type GroupArm } from "../src/run/group.js";
import { againstBaseline, fixedPolicy } from "../src/run/policy.js";
import { HISTORY_POOL_TRIALS } from "../src/store/compare.js";
import { rng } from "./rng.js";

const RUNS = Number(process.argv[2] ?? 400);
const EVAL_TRIALS = 10;
const random = rng(20261205);

interface Outcome {
  verdict: ComparisonVerdict;
  pValue: number;
  startedAfter: number;
  /** Trials run per arm (this run's, against history). */
  trials: number;
}

function arm(
  role: "control" | "treatment",
  primary: boolean,
  label: string,
  maxTrials = DEFAULT_COMPARISON_TRIALS,
  margin = DEFAULT_MARGIN,
): GroupArm {
  const unit = {
    spec: { id: "sim", passRate: 1 },
    agentName: "sim",
    trials: 1,
    arm: {
      group: "sim",
      role,
      label,
      primary,
      maxTrials,
      margin,
    },
  } as unknown as GroupArm["unit"];
  return primary ? { unit, own: fixedPolicy(1, 1, false) } : { unit };
}

/** PR base (treatment primary) or variants (control primary): runGroup, 2 trials per arm at once. */
async function paired(
  p1: number,
  p2: number,
  controlPrimary: boolean,
  max = DEFAULT_COMPARISON_TRIALS,
  margin = DEFAULT_MARGIN,
): Promise<Outcome> {
  let decided = false;
  let startedAfter = 0;
  let ran = 0;
  const outcome = await runGroup(
    [
      arm("control", controlPrimary, "control", max, margin),
      arm("treatment", !controlPrimary, "treatment", max, margin),
    ],
    {
      signal: new AbortController().signal,
      perArm: 2,
      onDecided: () => (decided = true),
      runTrial: (unit: PlannedUnit, wanted) => {
        const n = wanted();
        if (n === undefined) return Promise.resolve("cancelled" as const);
        ran++;
        if (decided) startedAfter++;
        const pass = random() < (unit.arm!.role === "control" ? p1 : p2);
        const trial: TrialResult = {
          n,
          status: pass ? "passed" : "failed",
          durationMs: 0,
          checks: [],
          dir: "",
        };
        return Promise.resolve(trial);
      },
    },
  );
  const c = outcome.comparisons[0]!;
  return { verdict: c.verdict, pValue: c.pValue, startedAfter, trials: ran / 2 };
}

/**
 * History: a baseline of `baselineTrials` recorded trials at p1 (one 10-trial line, or the 50 that
 * historyBaseline pools from five runs of the same definition), then this run as runUnit drives it.
 */
function history(p1: number, p2: number, baselineTrials: number): Outcome {
  let basePasses = 0;
  for (let i = 0; i < baselineTrials; i++) if (random() < p1) basePasses++;
  const policy = againstBaseline(
    fixedPolicy(EVAL_TRIALS, 0.5, false),
    { passes: basePasses, trials: baselineTrials },
    { passRate: 0.5 },
  );
  let passes = 0;
  let failures = 0;
  let launched = 0;
  let startedAfter = 0;
  while (
    policy.verdict(passes, failures) === "undecided" &&
    launched < policy.max &&
    policy.wanted(passes, failures, launched) > 0
  ) {
    launched++;
    if (policy.decision()) startedAfter++;
    if (random() < p2) passes++;
    else failures++;
  }
  policy.verdict(passes, failures);
  const d = policy.decision();
  return {
    verdict: d?.stats.verdict ?? "inconclusive",
    pValue: d?.stats.pValue ?? 1,
    startedAfter,
    trials: launched,
  };
}

const KINDS: Array<[string, (p1: number, p2: number) => Outcome | Promise<Outcome>]> = [
  ["PR base (compare --base)", (a, b) => paired(a, b, false)],
  ["variants", (a, b) => paired(a, b, true)],
  [`history (${HISTORY_POOL_TRIALS} pooled trials)`, (a, b) => history(a, b, HISTORY_POOL_TRIALS)],
  [`history (one line of ${EVAL_TRIALS} trials)`, (a, b) => history(a, b, EVAL_TRIALS)],
];
const RATES = [0.5, 0.8, 0.95, 1];

const share = (k: number, n: number) => {
  const [lo, hi] = wilsonInterval(k, n);
  return `${((100 * k) / n).toFixed(1)}% (${(100 * lo).toFixed(1)}–${(100 * hi).toFixed(1)})`;
};

const rows: string[] = [
  "| baseline | control rate | false positives at Δ=0 (goal ≤ 5%) | power at −30 (goal ≥ 80%) | flagged at −100 from 1.0 (goal 100%) | no-change said at Δ=0 | labels beside p ≥ 0.05 | trials started after the decision (mean) | trials per arm at Δ=0 (mean) |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
];
for (const [name, run] of KINDS) {
  for (const p1 of RATES) {
    let fp = 0;
    let power = 0;
    let noChange = 0;
    let mislabelled = 0;
    let after = 0;
    let costAtZero = 0;
    let all = 0;
    for (let r = 0; r < RUNS; r++) {
      const same = await run(p1, p1);
      const drop = await run(p1, Math.max(0, p1 - 0.3));
      for (const o of [same, drop]) {
        if ((o.verdict === "regression" || o.verdict === "improvement") && o.pValue >= 0.05)
          mislabelled++;
        after += o.startedAfter;
        all++;
      }
      costAtZero += same.trials;
      if (same.verdict === "regression") fp++;
      if (same.verdict === "no-change") noChange++;
      if (drop.verdict === "regression") power++;
    }
    let broken = 0;
    if (p1 === RATES[0])
      for (let r = 0; r < RUNS; r++) if ((await run(1, 0)).verdict === "regression") broken++;
    rows.push(
      `| ${name} | ${p1} | ${share(fp, RUNS)} | ${share(power, RUNS)} | ${p1 === RATES[0] ? share(broken, RUNS) : ""} | ${share(noChange, RUNS)} | ${mislabelled} of ${all} | ${(after / all).toFixed(2)} | ${(costAtZero / RUNS).toFixed(1)} |`,
    );
  }
}
// Where no-change is within reach: PR base comparisons at margins and maxima chosen around the
// trials per arm noChangeTrials names, at Δ = 0 and at a true drop of exactly the margin (where
// saying no-change is the equivalence test's false claim: goal ≤ 5%).
const REACH: Array<[rate: number, margin: number, max: number]> = [];
for (const [rate, margin] of [
  [0.5, 0.1],
  [0.8, 0.1],
  [0.95, 0.1],
  [0.5, 0.2],
  [0.8, 0.2],
  [0.95, 0.2],
] as const) {
  const needed = noChangeTrials(rate, margin);
  if (needed > DEFAULT_COMPARISON_TRIALS) REACH.push([rate, margin, DEFAULT_COMPARISON_TRIALS]);
  REACH.push([rate, margin, needed]);
}
const reach: string[] = [
  "| control rate | margin | trials per arm (max) | trials a no-change needs (noChangeTrials) | its chance at a fixed max (noChangeChance) | no-change said at Δ=0 | no-change said at Δ=−margin (goal ≤ 5%) | regression said at Δ=0 | trials per arm at Δ=0 (mean) |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
];
for (const [rate, margin, max] of REACH) {
  let same = 0;
  let atMargin = 0;
  let fp = 0;
  let cost = 0;
  for (let r = 0; r < RUNS; r++) {
    const o = await paired(rate, rate, false, max, margin);
    if (o.verdict === "no-change") same++;
    if (o.verdict === "regression") fp++;
    cost += o.trials;
    if ((await paired(rate, rate - margin, false, max, margin)).verdict === "no-change") atMargin++;
  }
  reach.push(
    `| ${rate} | ±${Math.round(margin * 100)} | ${max} | ${noChangeTrials(rate, margin)} | ${(100 * noChangeChance(rate, margin, max)).toFixed(1)}% | ${share(same, RUNS)} | ${share(atMargin, RUNS)} | ${share(fp, RUNS)} | ${(cost / RUNS).toFixed(1)} |`,
  );
}

console.log(
  [
    `### Verdicts by baseline kind (bench/verdict-sim.ts, ${RUNS} comparisons per cell)`,
    "",
    `Defaults: up to ${DEFAULT_COMPARISON_TRIALS} trials per arm for PR base and variants; against history the eval's own ${EVAL_TRIALS} trials, then up to ${DEFAULT_COMPARISON_TRIALS} while this run does no better than its history and has failed; margin ±${DEFAULT_MARGIN * 100} points. Shares with their Wilson 95% interval.`,
    "",
    ...rows,
    "",
    `#### Where no-change is within reach (PR base, ${RUNS} comparisons per cell)`,
    "",
    `The sequential rule of compare --base at the given margin and maximum (--margin PTS, --trials N). noChangeTrials: the smallest fixed n at which the 95% interval of n + n trials lies within ±margin 8 times in 10 when both arms pass at the control rate, summed exactly over the binomial outcomes; noChangeChance: that chance at the row's maximum. Shares with their Wilson 95% interval.`,
    "",
    ...reach,
  ].join("\n"),
);
