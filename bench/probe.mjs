// @ts-check
// Preloaded into the CLI (`node --import bench/probe.mjs …`) by the diagnostic runs of the bench
// (figure 1's CPU split, figure 7's peak RSS), never the timed runs of figure 1. Counts the child
// processes the CLI starts and the time each `spawn` blocks its main thread (fork + exec), and on
// exit writes that, the process's own CPU time (all its threads, not its children) and its peak RSS
// (VmHWM) as JSON to the file named by AGENT_EVALS_BENCH_PROBE.

import { ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

/** @typedef {import("./outputs.ts").ProbeOutput} ProbeOutput what the probe writes (bench/outputs.ts) */

/** The process's peak resident set in KiB: VmHWM from /proc, else getrusage's maxRSS. */
function peakRssKb() {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync("/proc/self/status", "utf8"));
    if (hwm) return Number(hwm[1]);
  } catch {
    // no /proc: fall back below
  }
  return process.resourceUsage().maxRSS;
}

const out = process.env.AGENT_EVALS_BENCH_PROBE;
if (out) {
  let spawns = 0;
  let spawnMs = 0;
  // ChildProcess.prototype.spawn is Node's internal method (not in @types/node) behind every
  // ChildProcess that child_process.spawn, exec, execFile and fork start.
  const proto = /** @type {{ spawn: (this: ChildProcess, ...args: unknown[]) => unknown }} */ (
    /** @type {unknown} */ (ChildProcess.prototype)
  );
  const spawn = proto.spawn;
  proto.spawn = function (...args) {
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
      JSON.stringify(
        /** @satisfies {ProbeOutput} */ ({
          cpuMs: userMs + systemMs,
          userMs,
          systemMs,
          spawns,
          spawnMs,
          peakRssKb: peakRssKb(),
        }),
      ),
    );
  });
}
