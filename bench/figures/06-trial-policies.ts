// Figure 6: trial policies, a simulation. Fixed N vs exact curtailment vs adaptive
// (bench/trials.ts); comparisons (bench/comparison.ts), judges' Cohen's κ (bench/judge-kappa.ts) and
// verdicts by baseline kind (bench/verdict-sim.ts), each printed verbatim.

import path from "node:path";
import {
  ROOT,
  TSX,
  type BenchOptions,
  type Figure,
  type ReportPart,
  defined,
  log,
  pct,
  timedRun,
  yes,
} from "../harness.js";

const TRIAL_SIM = path.join(ROOT, "bench", "trials.ts");
const COMPARISON_SIM = path.join(ROOT, "bench", "comparison.ts");
const JUDGE_SIM = path.join(ROOT, "bench", "judge-kappa.ts");
const VERDICT_SIM = path.join(ROOT, "bench", "verdict-sim.ts");
const POWER_SIM = path.join(ROOT, "bench", "power.ts");
const TARGET_CURTAIL_SAVED = 0.2;
const TARGET_ADAPTIVE_SAVED = 0.4;

/** A row of bench/trials.ts's table. */
interface PolicyRow {
  trials: number;
  differs: number;
  inconclusive: number;
}

function benchPolicies({ policyRuns, judgeRuns, verdictRuns }: BenchOptions) {
  log("6/8 trial policies (bench/trials.ts)");
  const { stdout } = timedRun(TSX, [TRIAL_SIM, String(policyRuns)], { cwd: ROOT });
  const section = stdout.trim();
  // The table's rows, in blocks: one per fixed N, each ending in its "(curtailed N gave …)" row.
  const blocks: Array<{ n: number; identical: boolean; rows: Record<string, PolicyRow> }> = [];
  let rows: Record<string, PolicyRow> = {};
  for (const line of section.split("\n")) {
    const same =
      /^\| \(curtailed (\d+) gave the same verdict as fixed \d+ in every run: (\w+)\)/.exec(line);
    if (same) {
      blocks.push({ n: Number(same[1]), identical: same[2] === "yes", rows });
      rows = {};
      continue;
    }
    const row = /^\| ([^|(][^|]*?) \| ([\d.]+) \| [^|]* \| ([\d.]+)% \| ([\d.]+)% \|$/.exec(line);
    if (row) {
      rows[defined(row[1], "a trials.ts row's name")] = {
        trials: Number(row[2]),
        differs: Number(row[3]),
        inconclusive: Number(row[4]),
      };
    }
  }
  const reference = Number(/verdict is that of all (\d+) outcomes/.exec(section)?.[1]);
  if (!blocks.length || !reference)
    throw new Error(`bench/trials.ts: no table or reference found in\n${section}`);
  // The comparisons' error rates (false positives, power, trials saved), printed verbatim too.
  const comparison = timedRun(TSX, [COMPARISON_SIM, String(Math.min(policyRuns, 2000))], {
    cwd: ROOT,
  }).stdout.trim();
  const judges = timedRun(TSX, [JUDGE_SIM, String(judgeRuns)], { cwd: ROOT }).stdout.trim();
  // Every baseline kind (PR base, variants, history) at the defaults: issue 33's goals.
  const verdicts = timedRun(TSX, [VERDICT_SIM, String(verdictRuns)], { cwd: ROOT }).stdout.trim();
  // The power planner at its planned N (plan --detect): realised power within ±5 points.
  const power = timedRun(TSX, [POWER_SIM, String(Math.min(policyRuns, 2000))], {
    cwd: ROOT,
  }).stdout.trim();
  return { section, blocks, reference, comparison, judges, verdicts, power };
}

function policyReport(
  p: PolicyFigure,
  { policyRuns, judgeRuns, verdictRuns }: BenchOptions,
): ReportPart {
  const REF = p.reference;
  /** A row bench/trials.ts always prints. */
  const must = (r: Record<string, PolicyRow>, name: string) =>
    defined(r[name], `bench/trials.ts: row "${name}"`);
  const rows: string[] = [];
  const goals: string[] = [];
  for (const { n, identical, rows: r } of p.blocks) {
    const fixed = must(r, `fixed ${n}`);
    const curtailed = must(r, `curtailed ${n}`);
    const saved = 1 - curtailed.trials / fixed.trials;
    const met = saved >= TARGET_CURTAIL_SAVED && identical;
    rows.push(
      `| 6. exact curtailment, N = ${n} (simulation: trials per eval) | fixed ${n}: ${fixed.trials.toFixed(2)} | curtailed ${n}: ${curtailed.trials.toFixed(2)} | ${(curtailed.trials / fixed.trials).toFixed(2)}× (${pct(saved)} fewer; same verdict in every run: ${identical ? "yes" : "no"}) | ≥ ${pct(TARGET_CURTAIL_SAVED)} fewer at identical verdicts | ${yes(met)} |`,
    );
  }
  const wide = p.blocks.map(({ n, rows: r }) => {
    const fixed = must(r, `fixed ${REF}`);
    const adaptive = must(r, `adaptive {min 3, max ${REF}}`);
    const saved = 1 - adaptive.trials / fixed.trials;
    return {
      n,
      fixed,
      adaptive,
      saved,
      met: saved >= TARGET_ADAPTIVE_SAVED && adaptive.differs <= fixed.differs,
    };
  });
  for (const w of wide) {
    rows.push(
      `| 6. adaptive {min 3, max ${REF}} vs fixed ${REF} (the N = ${w.n} block's draw) | fixed ${REF}: ${w.fixed.trials.toFixed(2)}; differs ${w.fixed.differs.toFixed(1)} % | adaptive: ${w.adaptive.trials.toFixed(2)}; differs ${w.adaptive.differs.toFixed(1)} %, inconclusive ${w.adaptive.inconclusive.toFixed(1)} % | ${(w.adaptive.trials / w.fixed.trials).toFixed(2)}× (${pct(w.saved)} fewer) | ≥ ${pct(TARGET_ADAPTIVE_SAVED)} fewer, differs no more often than fixed | ${yes(w.met)} |`,
    );
  }
  for (const { n, identical, rows: r } of p.blocks) {
    const fixed = must(r, `fixed ${n}`);
    const curtailed = must(r, `curtailed ${n}`);
    goals.push(
      `- **Curtailment, N = ${n}:** ${curtailed.trials.toFixed(2)} trials per eval against ${fixed.trials.toFixed(2)} for fixed ${n}, ` +
        `${pct(1 - curtailed.trials / fixed.trials)} fewer, and the same verdict as fixed ${n} in every one of the ${policyRuns.toLocaleString("en")} simulated evals: ${identical ? "yes" : "no"}. ` +
        `Goal (≥ ${pct(TARGET_CURTAIL_SAVED)} fewer at identical verdicts): ${identical && 1 - curtailed.trials / fixed.trials >= TARGET_CURTAIL_SAVED ? "met" : "**not met**"}.`,
    );
  }
  for (const { n: firstN, rows: r } of p.blocks.slice(0, 1)) {
    const fixed = r[`fixed ${REF}`];
    const curtailed = r[`curtailed ${REF}`];
    if (fixed && curtailed)
      goals.push(
        `- **Curtailment, N = ${REF}** (the N = ${firstN} block's draw; the script checks identity only for the small N): ` +
          `${curtailed.trials.toFixed(2)} against ${fixed.trials.toFixed(2)} trials per eval, ${pct(1 - curtailed.trials / fixed.trials)} fewer, ` +
          `verdict differing from the reference in ${curtailed.differs.toFixed(1)} % and inconclusive in ${curtailed.inconclusive.toFixed(1)} %.`,
      );
  }
  for (const w of wide) {
    const noVerdict = w.adaptive.differs + w.adaptive.inconclusive;
    goals.push(
      `- **Adaptive {min 3, max ${REF}} against fixed ${REF}** (equal ceilings; the N = ${w.n} block's draw): ` +
        `${w.adaptive.trials.toFixed(2)} against ${w.fixed.trials.toFixed(2)} trials per eval, ${pct(w.saved)} fewer ` +
        `(≥ ${pct(TARGET_ADAPTIVE_SAVED)}: ${w.saved >= TARGET_ADAPTIVE_SAVED ? "met" : "**not met**"}). Its verdict differs from the reference in ` +
        `${w.adaptive.differs.toFixed(1)} % of evals against ${w.fixed.differs.toFixed(1)} % for fixed ${REF} ` +
        `(no more often: ${w.adaptive.differs <= w.fixed.differs ? "met" : "**not met**"} — the reference *is* fixed ${REF}'s verdict, so any ` +
        `wrong verdict loses this comparison), and it gives no verdict (inconclusive) in ${w.adaptive.inconclusive.toFixed(1)} %: ` +
        `${noVerdict.toFixed(1)} % of evals end without the reference verdict. Goal as a whole: ${w.met ? "met" : "**not met**"}.`,
    );
  }
  for (const { n, rows: r } of p.blocks) {
    const fixed = must(r, `fixed ${n}`);
    const adaptive = r[`adaptive {min 2, max ${n}}`];
    if (!adaptive) continue;
    goals.push(
      `- For reference, adaptive {min 2, max ${n}} against fixed ${n} (equal small ceilings): ${adaptive.trials.toFixed(2)} against ` +
        `${fixed.trials.toFixed(2)} trials per eval (${pct(1 - adaptive.trials / fixed.trials)} fewer), differs ${adaptive.differs.toFixed(1)} % ` +
        `against ${fixed.differs.toFixed(1)} %, but inconclusive in ${adaptive.inconclusive.toFixed(1)} %.`,
    );
  }
  const sections = [
    "## Trials (figure 6)",
    "",
    `Printed by \`npx tsx bench/trials.ts ${policyRuns}\` (the bench runs node_modules/.bin/tsx directly; a simulation: no processes, no timing), verbatim:`,
    "",
    p.section,
    "",
    p.comparison,
    "",
    `Printed by \`npx tsx bench/judge-kappa.ts ${judgeRuns}\`, verbatim:`,
    "",
    p.judges,
    "",
    `Printed by \`npx tsx bench/verdict-sim.ts ${verdictRuns}\`, verbatim (a simulation through src/run/group.ts, ` +
      "src/run/policy.ts and the pool of src/store/compare.ts):",
    "",
    p.verdicts,
    "",
    `Printed by \`npx tsx bench/power.ts ${Math.min(policyRuns, 2000)}\`, verbatim:`,
    "",
    p.power,
    "",
    "Against the issue's goals (numbers from the table above):",
    "",
    ...goals,
    "",
  ];
  const how = [
    `6. **Trials.** \`bench/trials.ts ${policyRuns}\` run under tsx; its Markdown section is copied verbatim and ` +
      "its table parsed for the rows above. Each of its blocks (one per fixed N) draws its own outcomes.",
  ];
  return { rows, notes: [], sections, how, raw: [] };
}

type PolicyFigure = ReturnType<typeof benchPolicies>;

export const trialPolicies: Figure<PolicyFigure> = {
  id: "6",
  title: "trial policies, comparisons, judges and verdicts by baseline kind (simulations)",
  inFullRun: true,
  run: ({ options }) => benchPolicies(options),
  render: (policies, { options }) => policyReport(policies, options),
  summary: (policies) =>
    `trial policies: ${policies.blocks.map(({ n, rows }) => `curtailed ${n} ${defined(rows[`curtailed ${n}`], `curtailed ${n}`).trials.toFixed(2)} vs fixed ${n} ${defined(rows[`fixed ${n}`], `fixed ${n}`).trials.toFixed(2)}`).join("; ")}`,
};
