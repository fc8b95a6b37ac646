// Preloaded into the CLI (`node --import bench/probe.mjs …`) by the diagnostic runs of bench/run.mjs
// only, never the timed ones. Counts the child processes the CLI starts and the time each `spawn`
// blocks its main thread (fork + exec), and on exit writes that and the process's own CPU time (all
// its threads, not its children) as JSON to the file named by AGENT_EVALS_BENCH_PROBE.

import { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const out = process.env.AGENT_EVALS_BENCH_PROBE;
if (out) {
  let spawns = 0;
  let spawnMs = 0;
  const spawn = ChildProcess.prototype.spawn;
  ChildProcess.prototype.spawn = function (...args) {
    const t = performance.now();
    try {
      return spawn.apply(this, args);
    } finally {
      spawns++;
      spawnMs += performance.now() - t;
    }
  };
  process.on("exit", () => {
    const r = process.resourceUsage();
    const userMs = r.userCPUTime / 1000;
    const systemMs = r.systemCPUTime / 1000;
    writeFileSync(
      out,
      JSON.stringify({ cpuMs: userMs + systemMs, userMs, systemMs, spawns, spawnMs }),
    );
  });
}
