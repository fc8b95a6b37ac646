// Checks the power planner (src/model/power.ts) by simulation: for each pass rate and drop, the
// trials per arm `plan --detect` proposes, then that many comparisons run through the engine's own
// comparison group (the sequential rule, its early looks included) with the treatment really
// dropping by that much. The share flagged as a regression is the realised power; the goal is the
// planned power ± 5 points. The same N with nothing changed gives the false-positive rate there.
// Pure arithmetic and promises: no processes.
// Run: npx tsx bench/power.ts [runs]   (prints a Markdown section)

import { DEFAULT_POWER, regressionChance, trialsToDetect } from "../src/model/index.js";
import { simulateComparison } from "./comparison-sim.js";
import { rng } from "./rng.js";

const RATES = [0.5, 0.7, 0.8, 0.9, 0.95, 1];
const DROPS = [0.2, 0.3, 0.5];
/** The smallest drop, planned only where its N stays small enough to simulate in minutes. */
const SMALL_DROP = { drop: 0.1, fromRate: 0.9 };
const RUNS = Number(process.argv[2] ?? 2_000);
const TOLERANCE = 0.05;

const random = rng(20261207);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

const lines = [
  "| rate | drop | trials per arm | planned power | realised power | off by | false positives (no drop) | trials run (mean) |",
  "| --- | --- | --- | --- | --- | --- | --- | --- |",
];
let worstOff = 0;
let worstFalse = 0;
let cells = 0;
for (const rate of RATES) {
  const drops = rate >= SMALL_DROP.fromRate ? [SMALL_DROP.drop, ...DROPS] : DROPS;
  for (const drop of drops) {
    if (rate - drop < -1e-9) continue;
    const n = trialsToDetect(rate, drop);
    if (n === undefined) continue;
    let flagged = 0;
    let falseFlags = 0;
    let ran = 0;
    for (let r = 0; r < RUNS; r++) {
      const dropped = await simulateComparison(rate, Math.max(0, rate - drop), n, random);
      if (dropped.verdict === "regression") flagged++;
      ran += dropped.ran;
      const same = await simulateComparison(rate, rate, n, random);
      if (same.verdict === "regression") falseFlags++;
    }
    const realised = flagged / RUNS;
    const off = realised - DEFAULT_POWER;
    worstOff = Math.max(worstOff, Math.abs(off));
    worstFalse = Math.max(worstFalse, falseFlags / RUNS);
    cells++;
    lines.push(
      `| ${rate} | ${Math.round(drop * 100)} pts | ${n} | ${pct(regressionChance(rate, drop, n))} | ${pct(realised)} | ${off >= 0 ? "+" : "−"}${(Math.abs(off) * 100).toFixed(1)} pts | ${pct(falseFlags / RUNS)} | ${(ran / RUNS).toFixed(1)} |`,
    );
  }
}

process.stdout.write(
  [
    `### Planning the trials: the power planner checked (${RUNS} simulated comparisons per row and drop)`,
    "",
    `For each pass rate and drop, \`plan --detect\` plans the trials per arm for ${pct(DEFAULT_POWER)} power (the`,
    "exact chance that the rule's 95% verdict at the last look is a regression: src/model/power.ts).",
    "Then that many comparisons run through the engine's comparison group (src/run/group.ts, the",
    "sequential rule with its early looks) with the treatment dropping by that much (realised power),",
    "and as many with nothing changed (false positives). Columns: the control's pass rate (as history",
    "gives it), the drop, the planned trials per arm, the power planned at the last look, the power",
    "the sequential rule realised, the difference, and the trials both arms ran on average.",
    `Worst distance from the planned ${pct(DEFAULT_POWER)}: ${(worstOff * 100).toFixed(1)} points over ${cells} cells (goal ≤ ${TOLERANCE * 100} points: ${worstOff <= TOLERANCE ? "met" : "NOT met"});`,
    `worst false-positive rate ${pct(worstFalse)} (goal ≤ 5%).`,
    "",
    ...lines,
    "",
  ].join("\n"),
);
