// Simulates controlled comparisons through the engine's own comparison group (src/run/group.ts:
// interleaved trials, looks after each pair, the sequential rule of src/model/comparison.ts),
// with trials whose outcomes are drawn with known pass probabilities instead of run by an agent.
// It measures what docs/verdicts.md › Comparisons promises: how often a regression is flagged when nothing
// changed (false positives), how often a real drop is flagged (power), how often "no change" is
// said when there was one, and how many paid trials the early stop saves against running every
// trial of a fixed N, with the verdict that fixed N would give on the same draws beside it.
// Pure arithmetic and promises: no processes.
// Run: npx tsx bench/comparison.ts [runs]   (prints a Markdown section)

import type { ComparisonVerdict } from "../src/model/index.js";
import { DEFAULT_COMPARISON_TRIALS, compareArms } from "../src/model/index.js";
import { simulateComparison } from "./comparison-sim.js";
import { rng } from "./rng.js";

const CONTROL_RATES = [0.5, 0.8, 0.95];
const DIFFERENCES = [0, -0.1, -0.3, -0.5, -1];
const MAXIMA = [20, DEFAULT_COMPARISON_TRIALS];
const RUNS = Number(process.argv[2] ?? 2_000);

const random = rng(20261201);

interface Cell {
  verdicts: Record<ComparisonVerdict, number>;
  trials: number;
  differsFromFixed: number;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const lines: string[] = [
  "| trials per arm (max) | control rate | true Δ | regression flagged | no-change said | improvement said | trials run (mean, both arms) | fixed N runs | paid trials saved | verdicts unlike fixed N |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
];
const worst = { falsePositive: 0, power: 1, falseNoChange: 0 };
for (const max of MAXIMA) {
  for (const p1 of CONTROL_RATES) {
    for (const d of DIFFERENCES) {
      const p2 = Math.min(1, Math.max(0, p1 + d));
      const cell: Cell = {
        verdicts: { regression: 0, improvement: 0, "no-change": 0, inconclusive: 0 },
        trials: 0,
        differsFromFixed: 0,
      };
      for (let r = 0; r < RUNS; r++) {
        const { verdict, fixed, ran } = await simulateComparison(p1, p2, max, random);
        cell.verdicts[verdict]++;
        cell.trials += ran;
        if (verdict !== fixed) cell.differsFromFixed++;
      }
      const share = (v: ComparisonVerdict) => cell.verdicts[v] / RUNS;
      if (max === DEFAULT_COMPARISON_TRIALS) {
        if (d === 0) worst.falsePositive = Math.max(worst.falsePositive, share("regression"));
        if (d === -0.3) worst.power = Math.min(worst.power, share("regression"));
        if (d <= -0.3) worst.falseNoChange = Math.max(worst.falseNoChange, share("no-change"));
      }
      const mean = cell.trials / RUNS;
      const label =
        d === 0
          ? " (false positive)"
          : d === -0.3 && max === DEFAULT_COMPARISON_TRIALS
            ? " (power)"
            : "";
      lines.push(
        `| ${max} | ${p1} | ${d === 0 ? "0" : `${Math.round(d * 100)} pts`} | ${pct(share("regression"))}${label} | ${pct(share("no-change"))} | ${pct(share("improvement"))} | ${mean.toFixed(1)} | ${2 * max} | ${pct(1 - mean / (2 * max))} | ${pct(cell.differsFromFixed / RUNS)} |`,
      );
    }
  }
}

// The 95% interval the rows report: its coverage of the true difference at the fixed maximum.
let covered = 0;
let total = 0;
for (const p1 of CONTROL_RATES) {
  for (const d of DIFFERENCES.slice(0, 4)) {
    const p2 = Math.max(0, p1 + d);
    for (let r = 0; r < RUNS / 4; r++) {
      const n = DEFAULT_COMPARISON_TRIALS;
      const a = [...Array(n)].filter(() => random() < p1).length;
      const b = [...Array(n)].filter(() => random() < p2).length;
      const { interval } = compareArms({ passes: a, trials: n }, { passes: b, trials: n });
      total++;
      if (interval[0] <= p2 - p1 + 1e-9 && p2 - p1 - 1e-9 <= interval[1]) covered++;
    }
  }
}

process.stdout.write(
  [
    `### Comparisons: the verdict rule's error rates (${RUNS} simulated comparisons per row)`,
    "",
    "Control and treatment arms with the given pass probabilities, run through the engine's comparison",
    "group (src/run/group.ts): trials interleaved, a look after each pair from the 3rd, the 99.8%",
    "Newcombe interval deciding early, the 95% one at the maximum (src/model/comparison.ts).",
    `At the default maximum (${DEFAULT_COMPARISON_TRIALS} per arm): worst false-positive rate at Δ = 0 ${pct(worst.falsePositive)} (goal ≤ 5%);`,
    `worst power at −30 points ${pct(worst.power)} (goal ≥ 80%); "no change" said of a drop of 30 points or more at most ${pct(worst.falseNoChange)}.`,
    `Coverage of the reported 95% interval at ${DEFAULT_COMPARISON_TRIALS} per arm: ${pct(covered / total)}.`,
    "",
    ...lines,
    "",
  ].join("\n"),
);
