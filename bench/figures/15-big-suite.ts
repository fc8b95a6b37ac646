// Figure 15: a big suite that survives. bench/sim-suite.ts (1,000 evals × 5 trials × 3 scripted
// agents against rate-limited, failing fake model servers; shards, an interrupt, a resume, a
// merge), its section printed verbatim near the end of the page.

import path from "node:path";
import { ROOT, TSX, type Figure, log, timedRun } from "../harness.js";

const SIM_SUITE = path.join(ROOT, "bench", "sim-suite.ts");

function benchBigSuite(): { section: string } {
  log("15 a big suite that survives (bench/sim-suite.ts, about 10 minutes)");
  const { stdout } = timedRun(TSX, [SIM_SUITE], { cwd: ROOT });
  const ratio = /\| wall ÷ ideal \| ([\d.]+) \|/.exec(stdout)?.[1];
  return {
    section:
      `${stdout.trim().replace(/^### /, "## ")}\n\n` +
      `Wall ÷ ideal ${ratio ?? "?"} (goal ≤ 1.2). What the table shows: one scheduler keeps three ` +
      "rate-limited providers busy close to the time their limits allow, through an interrupt and a " +
      "resume of a quarter of the suite; the resume runs exactly the trials that had not finished; " +
      "the forecast from a small history, most of it guessed from the agents' other evals, is set " +
      "beside the spend. `BENCH_SIM_EVALS`, `BENCH_SIM_RPS`, `BENCH_SIM_CONCURRENCY` change the " +
      "scale; `BENCH_KEEP=1` keeps the folders.",
  };
}

export const bigSuite: Figure<{ section: string }> = {
  id: "15",
  title: "a big suite that survives: shards, rate limits, an interrupt and a resume (simulated)",
  inFullRun: true,
  run: () => benchBigSuite(),
  render: (suite) => ({
    rows: [],
    notes: [],
    sections: [],
    how: [],
    raw: [],
    tail: [suite.section, ""],
  }),
  summary: (suite) => /\| wall ÷ ideal \| [\d.]+ \|/.exec(suite.section)?.[0],
};
