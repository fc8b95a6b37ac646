// Simulates controlled comparisons (control arm vs treatment arm, trials interleaved) with known
// pass probabilities, to measure the verdict rule's error rates (src/model/comparison.ts): how
// often a regression is flagged when nothing changed (false positives), how often a real drop is
// flagged (power), and how many paid trials comparison-aware early stopping saves against running
// every trial, with the verdicts compared run by run. Pure arithmetic: no processes.
// Run: npx tsx bench/comparison.ts [runs]   (prints a Markdown section)

import { decidedComparison, differenceInterval, verdictOf } from "../src/model/comparison.js";
import { rng } from "./rng.js";

const CONTROL_RATES = [0.5, 0.8, 0.95];
const DIFFERENCES = [0, -0.1, -0.3, -0.5];
const TRIALS_PER_ARM = [10, 20, 40];
const RUNS = Number(process.argv[2] ?? 2_000);

interface Cell {
  flagged: number;
  trialsEarly: number;
  differs: number;
}

const random = rng(20261201);
const lines: string[] = [
  "| trials per arm | control rate | true Δ | regression flagged | trials run (early stop) | vs fixed | verdicts that differ |",
  "| --- | --- | --- | --- | --- | --- | --- |",
];
let worstFalsePositive = 0;
for (const max of TRIALS_PER_ARM) {
  for (const p1 of CONTROL_RATES) {
    for (const d of DIFFERENCES) {
      const p2 = Math.max(0, p1 + d);
      const cell: Cell = { flagged: 0, trialsEarly: 0, differs: 0 };
      for (let r = 0; r < RUNS; r++) {
        const a = [...Array(max)].map(() => random() < p1);
        const b = [...Array(max)].map(() => random() < p2);
        const count = (xs: boolean[], k: number) => xs.slice(0, k).filter(Boolean).length;
        const full = verdictOf(
          differenceInterval(
            { passes: count(a, max), trials: max },
            { passes: count(b, max), trials: max },
          ),
        );
        // Interleaved: round k has run k control and k treatment trials.
        let early = full;
        let ran = 2 * max;
        for (let k = 1; k < max; k++) {
          const decided = decidedComparison(
            { passes: count(a, k), failures: k - count(a, k), max },
            { passes: count(b, k), failures: k - count(b, k), max },
          );
          if (decided !== undefined) {
            early = decided;
            ran = 2 * k;
            break;
          }
        }
        if (early === "regression") cell.flagged++;
        if (early !== full) cell.differs++;
        cell.trialsEarly += ran;
      }
      const flagged = cell.flagged / RUNS;
      if (d === 0) worstFalsePositive = Math.max(worstFalsePositive, flagged);
      const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
      lines.push(
        `| ${max} | ${p1} | ${d === 0 ? "0" : `${Math.round(d * 100)} pts`} | ${pct(flagged)}${d === 0 ? " (false positive)" : d === -0.3 ? " (power)" : ""} | ${(cell.trialsEarly / RUNS).toFixed(1)} | ${2 * max} | ${cell.differs} |`,
      );
    }
  }
}
process.stdout.write(
  [
    `### Comparisons: the regression flag's error rates (${RUNS} simulated comparisons per row)`,
    "",
    "Control and treatment arms with the given pass probabilities, trials interleaved, the verdict",
    "rule of src/model/comparison.ts (95% Newcombe interval of the difference wholly below 0 → regression).",
    `Worst false-positive rate at Δ = 0: ${(100 * worstFalsePositive).toFixed(1)}%.`,
    "",
    ...lines,
    "",
  ].join("\n"),
);
