// Simulates calibrating a judge (agent-evals calibrate) to check what docs/writing-evals.md › Judges says of its
// figures, with src/model/stats.ts's own agreementOf: (1) a judge that ignores the work (always
// "pass", or a coin) scores κ ≈ 0 whatever its accuracy; (2) on a small example set κ is noisy,
// so the advice in docs/writing-evals.md on how many examples to label holds; (3) an "unknown" answer counts as a
// disagreement. Simulated judges answer each example with a known sensitivity (P(pass | label
// pass)), specificity (P(fail | label fail)) and unknown rate. Pure arithmetic: no processes.
// Run: npx tsx bench/judge-kappa.ts [runs]   (prints a Markdown section)

import { agreementOf } from "../src/model/index.js";
import { rng } from "./rng.js";

const RUNS = Number(process.argv[2] ?? 5_000);
const random = rng(20261202);

interface Judge {
  name: string;
  sensitivity: number;
  specificity: number;
  unknown: number;
}

type Label = "pass" | "fail";

function calibrate(judge: Judge, n: number, prevalence: number) {
  const pairs = [...Array(n)].map(() => {
    const label: Label = random() < prevalence ? "pass" : "fail";
    if (random() < judge.unknown) return { label, answer: "unknown" as const };
    const right = random() < (label === "pass" ? judge.sensitivity : judge.specificity);
    const answer: Label = right ? label : label === "pass" ? "fail" : "pass";
    return { label, answer };
  });
  return agreementOf(pairs);
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const JUDGES: Judge[] = [
  { name: "always pass", sensitivity: 1, specificity: 0, unknown: 0 },
  { name: "coin flip", sensitivity: 0.5, specificity: 0.5, unknown: 0 },
  { name: "good (90% / 90%)", sensitivity: 0.9, specificity: 0.9, unknown: 0 },
  { name: "good, 20% unknown", sensitivity: 0.9, specificity: 0.9, unknown: 0.2 },
  { name: "lenient (98% / 60%)", sensitivity: 0.98, specificity: 0.6, unknown: 0 },
];
const SIZES = [10, 20, 50];
const PREVALENCES = [0.5, 0.8];

const rows: string[] = [];
const facts: Record<
  string,
  { meanKappa: number; lo: number; hi: number; accuracy: number; undefinedShare: number }
> = {};
for (const judge of JUDGES) {
  for (const prevalence of PREVALENCES) {
    for (const n of SIZES) {
      const kappas: number[] = [];
      let accuracy = 0;
      let undefinedCount = 0;
      for (let r = 0; r < RUNS; r++) {
        const result = calibrate(judge, n, prevalence);
        accuracy += result.accuracy;
        if (result.kappa === null) undefinedCount++;
        else kappas.push(result.kappa);
      }
      kappas.sort((a, b) => a - b);
      const meanKappa = kappas.reduce((s, k) => s + k, 0) / (kappas.length || 1);
      const fact = {
        meanKappa,
        lo: quantile(kappas, 0.05),
        hi: quantile(kappas, 0.95),
        accuracy: accuracy / RUNS,
        undefinedShare: undefinedCount / RUNS,
      };
      facts[`${judge.name}|${prevalence}|${n}`] = fact;
      rows.push(
        `| ${judge.name} | ${Math.round(prevalence * 100)}% | ${n} | ${pct(fact.accuracy)} | ${fact.meanKappa.toFixed(2)} | ${fact.lo.toFixed(2)} – ${fact.hi.toFixed(2)} | ${pct(fact.undefinedShare)} |`,
      );
    }
  }
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

const get = (judge: string, prevalence: number, n: number) => facts[`${judge}|${prevalence}|${n}`]!;
const alwaysPass = get("always pass", 0.8, 20);
const coin = get("coin flip", 0.5, 20);
const good10 = get("good (90% / 90%)", 0.5, 10);
const good50 = get("good (90% / 90%)", 0.5, 50);
const unknown = get("good, 20% unknown", 0.5, 50);
const lenient = get("lenient (98% / 60%)", 0.8, 50);
const checks = [
  `- A judge that always answers pass, on examples 80% labelled pass (20 of them): accuracy ${pct(alwaysPass.accuracy)}, mean κ ${alwaysPass.meanKappa.toFixed(2)} (claim: κ ≈ 0 however high the accuracy) — ${Math.abs(alwaysPass.meanKappa) < 0.05 ? "holds" : "DOES NOT HOLD"}.`,
  `- A coin flip on balanced examples (20): mean κ ${coin.meanKappa.toFixed(2)} (claim: ≈ 0) — ${Math.abs(coin.meanKappa) < 0.05 ? "holds" : "DOES NOT HOLD"}.`,
  `- A good judge (90% / 90%, true κ 0.80) on 10 balanced examples: 90% of calibrations give κ in ${good10.lo.toFixed(2)} – ${good10.hi.toFixed(2)}; on 50: ${good50.lo.toFixed(2)} – ${good50.hi.toFixed(2)} (claim: 10 examples cannot tell a good judge from a mediocre one; 50 narrow it to about ±0.15) — ${good10.lo < 0.5 && good50.hi - good50.lo < 0.35 ? "holds" : "DOES NOT HOLD"}.`,
  `- The same judge answering unknown 20% of the time (50 examples): accuracy ${pct(unknown.accuracy)}, mean κ ${unknown.meanKappa.toFixed(2)} (claim: unknowns are disagreements, so both drop) — ${unknown.meanKappa < good50.meanKappa - 0.1 ? "holds" : "DOES NOT HOLD"}.`,
  `- A lenient judge (98% / 60%) on examples 80% labelled pass (50): accuracy ${pct(lenient.accuracy)} but mean κ ${lenient.meanKappa.toFixed(2)} (claim: κ shows the leniency accuracy hides) — ${lenient.meanKappa < lenient.accuracy - 0.2 ? "holds" : "DOES NOT HOLD"}.`,
];

process.stdout.write(
  [
    `### Judges: Cohen's κ of a calibration (${RUNS} simulated calibrations per row)`,
    "",
    "Simulated judges answer each labelled example with a known sensitivity (pass when labelled pass), specificity",
    "(fail when labelled fail) and share of unknown answers; labels are pass with the given prevalence; accuracy and",
    "κ are src/model/stats.ts's agreementOf, as `agent-evals calibrate` computes them. κ is undefined when every",
    "label and every answer is the same (then the row's last column counts it, and it is left out of the κ columns).",
    "",
    ...checks,
    "",
    "| judge | labelled pass | examples | mean accuracy | mean κ | κ, 5th – 95th percentile | κ undefined |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n"),
);
