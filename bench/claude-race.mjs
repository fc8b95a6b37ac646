// Figure 4's race with more routes: bare `claude -p` ×10 against `agent-evals eval` (10 trials) of
// one or more builds and flag sets, in rotating rounds, each process under /usr/bin/time for its
// peak RSS (the largest single process of its tree: claude's own, here). docs/benchmarks.md ›
// Around `claude -p`.
//
//   node bench/claude-race.mjs <rounds> <name>=<build folder>[:<flag>,<flag>…] …
//   node bench/claude-race.mjs 5 main=dist new=/tmp/new-dist nogate=/tmp/new-dist:--no-provider-gate

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { claudeAgainstFake, ROOT } from "./claude-fake.mjs";

const TRIALS = 10;
const [roundsArg, ...routeArgs] = process.argv.slice(2);
const rounds = Number(roundsArg);
if (!rounds || routeArgs.length === 0)
  throw new Error("usage: node bench/claude-race.mjs <rounds> <name>=<build>[:<flags>] …");
const { tmp, api, env } = await claudeAgainstFake("claude-race-");
const CLAUDE = path.join(ROOT, ".agent-clis/bin/claude");
const BARE_ARGS = ["-p", "Write hi to out.txt.", "--output-format", "stream-json", "--verbose"];
BARE_ARGS.push("--permission-mode", "bypassPermissions", "--no-session-persistence");

/**
 * Wall clock and peak RSS (MiB) of one command.
 * @param {string} command
 * @param {string[]} args
 * @param {import("node:child_process").SpawnSyncOptions} options
 */
function timed(command, args, options) {
  const t0 = performance.now();
  // stdin closed, as figure 4 and the harness do: `claude -p` with a pipe for stdin waits on it.
  const r = spawnSync("/usr/bin/time", ["-f", "RSSKB=%M", command, ...args], {
    ...options,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
  const wall = performance.now() - t0;
  return { wall, rss: Number(/RSSKB=(\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1024, r };
}

let bareRuns = 0;
/** @type {Record<string, () => { wall: number; rss: number }>} */
const routes = {
  bare() {
    let wall = 0;
    let rss = 0;
    for (let i = 0; i < TRIALS; i++) {
      const work = path.join(tmp, `bare-${++bareRuns}`);
      fs.mkdirSync(work);
      fs.writeFileSync(path.join(work, "a"), "");
      const run = timed(CLAUDE, BARE_ARGS, { cwd: work, env });
      if (fs.readFileSync(path.join(work, "out.txt"), "utf8") !== "hi\n")
        throw new Error(`bare claude: no out.txt: ${run.r.stderr}`);
      fs.rmSync(work, { recursive: true, force: true });
      wall += run.wall;
      rss = Math.max(rss, run.rss);
    }
    return { wall, rss };
  },
};
for (const spec of routeArgs) {
  const [name = "", rest = ""] = spec.split("=");
  const [dist = "", flags] = rest.split(":");
  const project = path.join(tmp, `project-${name}`);
  fs.mkdirSync(path.join(project, "evals"), { recursive: true });
  fs.writeFileSync(
    path.join(project, "evals/claude.eval.yaml"),
    `name: bench-claude\nprompt: Write hi to out.txt.\ntrials: ${TRIALS}\nsandbox: { fixture: { a: "" } }\nassertions:\n  files: [out.txt]\n`,
  );
  const cli = [path.join(dist, "cli/index.js"), "eval", "--cwd", project, "--agent", "claude-code"];
  cli.push("--unsafe-local", "--all-trials", "--quiet", ...(flags ? flags.split(",") : []));
  routes[name] = () => {
    const run = timed(process.execPath, cli, { env });
    const result = JSON.parse(
      fs.readFileSync(path.join(project, ".copybook/results/run.json"), "utf8"),
    );
    if (run.r.status !== 0 || result.evals[0]?.passes !== TRIALS)
      throw new Error(`${name}: not ${TRIALS} passes: ${run.r.stdout}${run.r.stderr}`);
    return { wall: run.wall, rss: run.rss };
  };
}
const names = Object.keys(routes);
for (const name of names) routes[name]?.(); // warm-up, untimed
/** @type {Record<string, { wall: number; rss: number }[]>} */
const samples = Object.fromEntries(names.map((name) => [name, []]));
for (let round = 0; round < rounds; round++) {
  for (let j = 0; j < names.length; j++) {
    const name = names[(round + j) % names.length] ?? "bare";
    samples[name]?.push(routes[name]?.() ?? { wall: NaN, rss: NaN });
  }
  process.stderr.write(`round ${round + 1}/${rounds}\n`);
}
api.kill();
/** @param {number[]} a */
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? NaN) : ((s[m - 1] ?? NaN) + (s[m] ?? NaN)) / 2;
};
/** @param {number[]} a */
const range = (a) => `${Math.min(...a).toFixed(0)}…${Math.max(...a).toFixed(0)}`;
/** @param {number} x */
const signed = (x) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(0)}`;
for (const name of names) {
  const own = samples[name] ?? [];
  const bare = samples.bare ?? [];
  const perTrial = own.map((s) => s.wall / TRIALS);
  const vsBare = own.map((s, i) => (s.wall - (bare[i]?.wall ?? NaN)) / TRIALS);
  const rss = own.map((s) => s.rss);
  console.log(
    `${name.padEnd(16)} ${median(perTrial).toFixed(0)} ms/trial (${range(perTrial)}); vs bare, same round: ${signed(median(vsBare))} ms (${vsBare.map(signed).join(", ")}); peak RSS ${median(rss).toFixed(0)} MiB (${range(rss)})`,
  );
}
fs.rmSync(tmp, { recursive: true, force: true });
