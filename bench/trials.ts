// Simulates a mixed suite of evals with known pass probabilities to compare how many trials fixed N,
// exact curtailment and adaptive trials run, and how often each verdict differs from a 20-trial
// reference. Pure arithmetic on the engine's own policies (src/run/policy.ts): no processes.
// Run: npx tsx bench/trials.ts [runs]   (prints a Markdown section)

import { meetsPassRate } from "../src/model/stats.js";
import { adaptivePolicy, fixedPolicy, type TrialPolicy } from "../src/run/policy.js";
import { rng } from "./rng.js";

const PROBABILITIES = [0.1, 0.5, 0.9];
const FIXED_TRIALS = [3, 5];
const PASS_RATE = 0.6;
const REFERENCE_TRIALS = 20;
const RUNS = Number(process.argv[2] ?? 20_000);

/** Each simulated eval draws its outcomes once; every method reads the same outcomes in order. */
function run(policy: TrialPolicy, outcomes: boolean[]): { status: string; trials: number } {
  let passes = 0;
  let failures = 0;
  while (passes + failures < policy.max && policy.verdict(passes, failures) === "undecided") {
    if (outcomes[passes + failures]) passes++;
    else failures++;
  }
  const verdict = policy.verdict(passes, failures);
  return {
    status: verdict === "undecided" ? policy.finalStatus(passes, failures) : verdict,
    trials: passes + failures,
  };
}

interface Tally {
  trials: number;
  differs: number;
  inconclusive: number;
}

const rows: string[] = [];
const random = rng(20261130);
for (const n of FIXED_TRIALS) {
  const tallies: Record<string, Tally> = {};
  const tally = (name: string) => (tallies[name] ??= { trials: 0, differs: 0, inconclusive: 0 });
  let identical = true;
  for (let i = 0; i < RUNS; i++) {
    const p = PROBABILITIES[i % PROBABILITIES.length]!;
    const outcomes = Array.from({ length: REFERENCE_TRIALS }, () => random() < p);
    const reference = meetsPassRate(outcomes.filter(Boolean).length, REFERENCE_TRIALS, PASS_RATE)
      ? "passed"
      : "failed";
    const methods: Record<string, TrialPolicy> = {
      [`fixed ${n}`]: fixedPolicy(n, PASS_RATE, true),
      [`curtailed ${n}`]: fixedPolicy(n, PASS_RATE, false),
      [`adaptive {min 2, max ${n}}`]: adaptivePolicy(2, n, PASS_RATE),
      [`adaptive {min 1, max ${n}, confidence 0.8}`]: adaptivePolicy(1, n, PASS_RATE, 0.8),
      [`adaptive {min 3, max ${REFERENCE_TRIALS}}`]: adaptivePolicy(3, REFERENCE_TRIALS, PASS_RATE),
      [`fixed ${REFERENCE_TRIALS}`]: fixedPolicy(REFERENCE_TRIALS, PASS_RATE, true),
      [`curtailed ${REFERENCE_TRIALS}`]: fixedPolicy(REFERENCE_TRIALS, PASS_RATE, false),
    };
    const statuses: Record<string, string> = {};
    for (const [name, policy] of Object.entries(methods)) {
      const result = run(policy, outcomes);
      statuses[name] = result.status;
      const t = tally(name);
      t.trials += result.trials;
      if (result.status === "inconclusive") t.inconclusive++;
      else if (result.status !== reference) t.differs++;
    }
    if (statuses[`fixed ${n}`] !== statuses[`curtailed ${n}`]) identical = false;
  }
  const base = tallies[`fixed ${n}`]!.trials;
  for (const [name, t] of Object.entries(tallies)) {
    const saved = 1 - t.trials / base;
    rows.push(
      `| ${name} | ${(t.trials / RUNS).toFixed(2)} | ${saved >= 0 ? `${(saved * 100).toFixed(0)}% fewer` : `${(-saved * 100).toFixed(0)}% more`} | ${((t.differs / RUNS) * 100).toFixed(1)}% | ${((t.inconclusive / RUNS) * 100).toFixed(1)}% |`,
    );
  }
  rows.push(
    `| (curtailed ${n} gave the same verdict as fixed ${n} in every run: ${identical ? "yes" : "NO"}) | | | | |`,
  );
}

console.log(`### Trials: fixed N, exact curtailment, adaptive

A simulated mixed suite: ${RUNS.toLocaleString("en")} evals, a third each with pass probability ${PROBABILITIES.join(", ")}, pass rate ${PASS_RATE}.
Each eval's outcomes are drawn once and read in the same order by every method; the reference
verdict is that of all ${REFERENCE_TRIALS} outcomes. "Differs" counts a verdict opposite to the reference;
adaptive runs that reach their maximum undecided are "inconclusive" instead (never passed or failed).

| method | trials per eval | vs fixed N | verdict differs from the ${REFERENCE_TRIALS}-trial reference | inconclusive |
| --- | --- | --- | --- | --- |
${rows.join("\n")}
`);
