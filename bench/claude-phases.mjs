// Where the harness's time goes around `claude -p`, phase by phase (docs/benchmarks.md › Around
// `claude -p`). Needs a build with the timing marks of bench/claude-phases.patch:
//
//   git apply bench/claude-phases.patch && node scripts/bundle.mjs --out /tmp/phases-dist
//   git apply -R bench/claude-phases.patch
//   node bench/claude-phases.mjs /tmp/phases-dist 3 --concurrency 1
//
// Runs figure 4's eval (10 trials of the real claude against bench/fake-claude-api.mjs) `runs`
// times with AE_PROF set; prints, per phase (from one mark to the next), the median over the trials
// and the total per run.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { claudeAgainstFake } from "./claude-fake.mjs";

const TRIALS = 10;
const [dist, runsArg = "3", ...extra] = process.argv.slice(2);
if (!dist)
  throw new Error("usage: node bench/claude-phases.mjs <build with marks> [runs] [eval flags…]");
const runs = Number(runsArg);
const { tmp, api, env } = await claudeAgainstFake("claude-phases-");
const project = path.join(tmp, "project");
fs.mkdirSync(path.join(project, "evals"), { recursive: true });
fs.writeFileSync(
  path.join(project, "evals/claude.eval.yaml"),
  `name: bench-claude\nprompt: Write hi to out.txt.\ntrials: ${TRIALS}\nsandbox: { fixture: { a: "" } }\nassertions:\n  files: [out.txt]\n`,
);
/** @type {Map<string, number[]>} */
const phases = new Map();
/** @param {string} name @param {number} ms */
const add = (name, ms) => phases.set(name, [...(phases.get(name) ?? []), ms]);
for (let i = 0; i < runs; i++) {
  const file = path.join(tmp, `marks-${i}.json`);
  const t0 = performance.now();
  const cli = [path.join(dist, "cli/index.js"), "eval", "--cwd", project, "--agent", "claude-code"];
  const r = spawnSync(
    process.execPath,
    [...cli, "--unsafe-local", "--all-trials", "--quiet", ...extra],
    {
      env: { ...env, AE_PROF: file },
      encoding: "utf8",
    },
  );
  const wall = performance.now() - t0;
  if (r.status !== 0) throw new Error(`the run failed (${r.status}): ${r.stdout}${r.stderr}`);
  /** @type {Map<string, { t: number; k: string; l: string }[]>} */
  const byKey = new Map();
  for (const m of JSON.parse(fs.readFileSync(file, "utf8")))
    byKey.set(m.k, [...(byKey.get(m.k) ?? []), m]);
  add("run: wall clock (seen by the parent)", wall);
  for (const [key, marks] of byKey)
    marks.forEach((mark, j) => {
      const before = marks[j - 1];
      if (before)
        add(`${key === "run" ? "run" : "trial"}: ${before.l} → ${mark.l}`, mark.t - before.t);
    });
  const run = byKey.get("run") ?? [];
  const trials = [...byKey].filter(([key]) => key !== "run").map(([, marks]) => marks);
  const first = Math.min(...trials.map((m) => m[0]?.t ?? NaN));
  const last = Math.max(...trials.map((m) => m.at(-1)?.t ?? NaN));
  const started = run[0]?.t ?? NaN;
  const exited = run.at(-1)?.t ?? NaN;
  add("run: process start → main start (Node, loading the bundle)", started);
  add("run: main start → first trial start", first - started);
  add("run: last trial end → exit", exited - last);
  add("run: exit → gone (seen by the parent)", wall - exited);
}
api.kill();
/** @param {number[]} a */
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1] ?? NaN;
for (const [name, ms] of phases)
  console.log(
    `${name.padEnd(66)} n=${String(ms.length).padStart(3)}  median ${median(ms).toFixed(1).padStart(7)} ms  per run ${(ms.reduce((a, b) => a + b, 0) / runs).toFixed(1).padStart(8)} ms`,
  );
fs.rmSync(tmp, { recursive: true, force: true });
