// The bench's shared harness: paths, the knobs (environment and flags, full size or --quick),
// timing and interleaving, medians, child processes, the CPU profile summary, the number formats
// of docs/benchmarks.md, and the interface every figure (bench/figures/) implements.
//
// Every figure is a ratio against a baseline measured in the same run, on the same machine, with
// samples of ours and of the baseline interleaved (the order rotates each round), and the median
// of the samples reported. Nothing is left running or on disk.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import type { EvalResult, RunResult, TrialResult } from "../src/model/result.js";

export type { EvalResult, RunResult };
/** trial.json, the part read here. */
export type TrialRecord = TrialResult & { agent: { durationMs: number } };

// ---------- paths ----------

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// BENCH_DIST measures another build (`node scripts/bundle.mjs --out <folder>`): its CLI and its
// Action; BENCH_CLI another build of the CLI alone.
export const DIST = process.env.BENCH_DIST
  ? path.resolve(process.env.BENCH_DIST)
  : path.join(ROOT, "dist");
export const CLI = process.env.BENCH_CLI
  ? path.resolve(process.env.BENCH_CLI)
  : path.join(DIST, "cli", "index.js");
export const ACTION = path.join(DIST, "index.js");
export const HELPER = path.join(ROOT, "bench", "ts-helper.mjs");
export const PROBE = path.join(ROOT, "bench", "probe.mjs");
export const OUT_FILE = path.join(ROOT, "docs", "benchmarks.md");
export const AGENT_BIN = path.join(ROOT, ".agent-clis", "bin");
export const CLAUDE = path.join(AGENT_BIN, "claude");
export const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");

/** The CLI as docs/benchmarks.md shows it: its path in the repository, whatever build was measured. */
export const CLI_SHOWN =
  process.env.BENCH_DIST || process.env.BENCH_CLI ? "dist/cli/index.js" : path.relative(ROOT, CLI);

// ---------- the knobs ----------

/** Sizes and sample counts; `--quick` lowers the defaults, an environment variable still wins. */
export interface BenchOptions {
  /** Figures 1–3 (BENCH_SAMPLES); figure 2 runs 3 × this many rounds. */
  samples: number;
  /** Figure 3's template (BENCH_COPY_FILES), in 10 × 10 folders. */
  copyFiles: number;
  /** Figure 4's rounds (BENCH_CLAUDE_PAIRS). */
  claudePairs: number;
  /** Figure 5's rounds (BENCH_COLD_SAMPLES). */
  coldSamples: number;
  /** Figure 6: simulated evals of bench/trials.ts (comparisons: at most 2,000), judges, verdicts. */
  policyRuns: number;
  judgeRuns: number;
  verdictRuns: number;
  /** Figure 7's project sizes in evals, ascending (BENCH_SCALE_EVALS), and runs of each (BENCH_SCALE_SAMPLES). */
  scaleEvals: number[];
  scaleSamples: number;
  /** Figure 8: lines of history (a multiple of 1,000) and rounds (BENCH_HISTORY_ROUNDS). */
  historyLines: number;
  historyRounds: number;
  /** Figure 9: shim calls per run (BENCH_FLOOD_CALLS), runs of each (BENCH_FLOOD_SAMPLES), the stdout flood's bytes. */
  floodCalls: number;
  floodSamples: number;
  stdoutFloodBytes: number;
  /** Figure 10: evals (BENCH_PEER_EVALS), rounds (BENCH_PEER_ROUNDS), rounds with fresh copies (BENCH_PEER_FRESH_ROUNDS). */
  peerEvals: number;
  peerRounds: number;
  peerFreshRounds: number;
  /** Figures 5h and 10: install and run promptfoo (BENCH_PROMPTFOO=0: no). */
  promptfoo: boolean;
  /** Figure 12's big template, in files (10,000; --quick: 1,000). */
  providerFiles: number;
  /** Figure 11's rounds (BENCH_WAIT_ROUNDS). */
  waitRounds: number;
  /** Figure 13's samples (BENCH_INFRA_SAMPLES). */
  infraSamples: number;
  /** Figure 14's replays per agent CLI (BENCH_REPLAY_ROUNDS). */
  replayRounds: number;
  /** Figure 5f/5g on another Node (BENCH_NODE). */
  altNode: string | undefined;
  /** Whether these are --quick's sizes (the page then is not written unless --out names a file). */
  quick: boolean;
}

/** A positive count from the environment, else `fallback` (as `Number(v) || fallback`, at least 1). */
function count(name: string, fallback: number): number {
  return Math.max(1, Number(process.env[name] ?? fallback) || fallback);
}

/** The knobs: the environment over the defaults (full size, or --quick's). */
export function benchOptions(quick: boolean): BenchOptions {
  const q = (full: number, small: number) => (quick ? small : full);
  return {
    samples: count("BENCH_SAMPLES", q(3, 1)),
    copyFiles: count("BENCH_COPY_FILES", q(4000, 400)),
    claudePairs: count("BENCH_CLAUDE_PAIRS", q(4, 1)),
    coldSamples: count("BENCH_COLD_SAMPLES", q(6, 2)),
    policyRuns: q(20_000, 2000),
    judgeRuns: q(5000, 500),
    verdictRuns: q(1000, 100),
    scaleEvals: (process.env.BENCH_SCALE_EVALS ?? (quick ? "10,20" : "100,1000"))
      .split(",")
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0)
      .sort((a, b) => a - b),
    scaleSamples: count("BENCH_SCALE_SAMPLES", 1),
    historyLines: q(100_000, 10_000),
    historyRounds: count("BENCH_HISTORY_ROUNDS", q(3, 1)),
    floodCalls: count("BENCH_FLOOD_CALLS", q(1500, 100)),
    floodSamples: count("BENCH_FLOOD_SAMPLES", 1),
    stdoutFloodBytes: q(1024 * 1024 * 1024, 16 * 1024 * 1024),
    peerEvals: count("BENCH_PEER_EVALS", q(12, 2)),
    peerRounds: count("BENCH_PEER_ROUNDS", q(5, 1)),
    peerFreshRounds: count("BENCH_PEER_FRESH_ROUNDS", 1),
    promptfoo: process.env.BENCH_PROMPTFOO !== "0",
    providerFiles: q(10_000, 1000),
    waitRounds: count("BENCH_WAIT_ROUNDS", q(2, 1)),
    infraSamples: count("BENCH_INFRA_SAMPLES", q(2, 1)),
    replayRounds: count("BENCH_REPLAY_ROUNDS", q(20, 2)),
    altNode: process.env.BENCH_NODE || undefined,
    quick,
  };
}

// ---------- the figures' interface ----------

/** What a figure contributes to docs/benchmarks.md, each list going to its part of the page. */
export interface ReportPart {
  /** Rows of the Results table. */
  rows: string[];
  /** Paragraphs under the table (what limits a figure that misses its target). */
  notes: string[];
  /** Diagnostic sections, before *How measured*. */
  sections: string[];
  /** The figure's entry in *How measured* (a numbered list item). */
  how: string[];
  /** Its lines in *Raw samples*. */
  raw: string[];
  /** A section of its own at the end of the page (figure 13). */
  tail?: string[];
}

/** What every figure's run gets. */
export interface RunContext {
  /** A fresh folder under the OS temp dir, shared by the figures of one bench run, removed at its end. */
  tmp: string;
  options: BenchOptions;
}

/** The results of the figures that ran (a figure's own render may read another's). */
export interface ResultsView {
  get<R>(figure: Figure<R>): R | undefined;
}

/** What every figure's render gets. */
export interface RenderContext {
  options: BenchOptions;
  results: ResultsView;
}

/**
 * One figure of docs/benchmarks.md: measured by `run`, written by `render`. (The methods are declared as
 * methods so that a `Figure<R>` of any R goes in the one list of figures, bench/figures/index.ts.)
 */
export interface Figure<R> {
  /** Its number on the page ("7"); `npm run bench -- --figure 7` runs it alone. */
  id: string;
  /** What it measures, in a few words (`--list`). */
  title: string;
  /** Whether `npm run bench` without `--figure` runs it (figure 1 runs only when named). */
  inFullRun: boolean;
  run(ctx: RunContext): R | Promise<R>;
  render(result: R, ctx: RenderContext): ReportPart;
  /** A row that heads the Results table, before every figure's own part (figure 5h). */
  lead?(result: R, ctx: RenderContext): ReportPart | undefined;
  /** Its line in the summary printed at the end. */
  summary(result: R, ctx: RenderContext): string | undefined;
}

/** The command that runs one figure alone. */
export const commandFor = (id: string): string => `npm run bench -- --figure ${id}`;

// ---------- numbers ----------

/** The median; NaN for no values. */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const at = (i: number) => s[i] ?? NaN;
  return s.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

/** The median of each list. */
export function medians<K extends string>(lists: Record<K, number[]>): Record<K, number> {
  const entries: Array<[string, number[]]> = Object.entries(lists);
  return Object.fromEntries(entries.map(([k, v]) => [k, median(v)])) as Record<K, number>;
}

/** `value`, which the code around it guarantees is there; throws naming `what` if it is not. */
export function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what}: missing`);
  return value;
}

/** `items` rotated left by `by`: item j of the result is items[(by + j) % items.length]. */
export function rotated<T>(items: readonly T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

// ---------- the page's formats ----------

export const ms = (v: number, digits = 1): string => `${v.toFixed(digits)} ms`;
export const list = (values: readonly number[], digits = 0): string =>
  values.map((v) => v.toFixed(digits)).join(", ");
export const yes = (ok: boolean): string => (ok ? "yes" : "**no**");
export const signed = (v: number, digits = 0): string =>
  `${v >= 0 ? "+" : "−"}${Math.abs(v).toFixed(digits)} ms`;
export const pct = (v: number): string => `${(v * 100).toFixed(0)} %`;

// ---------- progress ----------

const BENCH_START = performance.now();
/** Progress on stderr, with the seconds since the bench started (what each figure costs). */
export const log = (msg: string): void => {
  process.stderr.write(
    `bench [${((performance.now() - BENCH_START) / 1000).toFixed(0).padStart(4)} s]: ${msg}\n`,
  );
};

// ---------- child processes ----------

/**
 * CPU time (user + sys, ms) of all finished children this process has waited for: fields 16 and 17
 * of /proc/self/stat, in clock ticks (USER_HZ = 100). Undefined where there is no /proc.
 */
export function childCpuMs(): number | undefined {
  const t = childTimes();
  return t && t.user + t.sys;
}

/** User and system CPU ms of all waited-for children of this process (/proc/self/stat). */
export function childTimes(): { user: number; sys: number } | undefined {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // fields 3, 4, …
    return { user: Number(fields[13]) * 10, sys: Number(fields[14]) * 10 };
  } catch {
    return undefined;
  }
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export interface TimedRun {
  wall: number;
  cpu: number;
  stdout: string;
}

/** Run a program to completion; returns wall ms and its CPU ms (with its children's). */
export function timedRun(cmd: string, args: string[], options: RunOptions = {}): TimedRun {
  const cpuBefore = childCpuMs();
  const t = performance.now();
  const r = spawnSync(cmd, args, {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
    ...options,
  });
  const wall = performance.now() - t;
  if (r.error) throw r.error;
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}:\n${r.stderr}${r.stdout}`);
  }
  const cpuAfter = childCpuMs();
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? NaN : cpuAfter - cpuBefore;
  return { wall, cpu, stdout: r.stdout };
}

/**
 * Runs a bench/ts-helper.mjs command; returns its last line of output, parsed. Its type is the
 * command's output in bench/outputs.ts, which the caller names (the helper is another process).
 */
export function helper<T>(args: string[]): T {
  // `--import tsx` resolves tsx from the repository's node_modules (cwd).
  const { stdout } = timedRun(process.execPath, ["--import", "tsx", HELPER, ...args], {
    cwd: ROOT,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as T;
}

/** A JSON file written by another process (run.json, trial.json, a probe's output), as `T`. */
export function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, "utf8")) as T;
}

/**
 * Run `fns` (name → fn returning ms) `samples` times, rotating the order each round. Only the
 * functions present are run; each gets the list of its samples under its name.
 */
export function interleaved<T extends Record<string, (() => number) | undefined>>(
  fns: T,
  samples: number,
  label: string,
): { [K in keyof T]: number[] } {
  // Object.entries lists the functions in the order Object.keys does.
  const runs = Object.entries(fns).flatMap(([name, fn]) =>
    fn ? [{ name, fn, samples: [] as number[] }] : [],
  );
  for (let i = 0; i < samples; i++) {
    for (const run of rotated(runs, i)) run.samples.push(run.fn());
    if (samples <= 10 || (i + 1) % 5 === 0) log(`${label}: sample ${i + 1}/${samples} done`);
  }
  return Object.fromEntries(runs.map((run) => [run.name, run.samples])) as {
    [K in keyof T]: number[];
  };
}

/** `count` small files in nested folders a/b/file, spread over 5 × 4 folders. */
export function writeFiles(dir: string, count: number): void {
  for (let i = 0; i < count; i++) {
    const sub = path.join(dir, `pkg${i % 5}`, `src${i % 4}`);
    fs.mkdirSync(sub, { recursive: true });
    fs.writeFileSync(path.join(sub, `file${i}.txt`), `file ${i}\n`);
  }
}

export const isRoot = (): boolean => typeof process.getuid === "function" && process.getuid() === 0;

/** The shell /bin/sh is, as the page shows it. */
export function shellName(): string {
  try {
    return `\`${path.basename(fs.realpathSync("/bin/sh"))}\``;
  } catch {
    return "unknown";
  }
}

// ---------- CPU profiles ----------

/** A .cpuprofile file, the part read here. */
interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  busyMs: number;
  top: Array<{ name: string; ms: number }>;
}

/** Self time by function in a --cpu-prof profile: the top entries, and the total sampled time. */
export function summarizeProfile(dir: string, count = 8): ProfileSummary | undefined {
  const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) return undefined;
  const prof = readJson<CpuProfile>(path.join(dir, file));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<string, number>();
  prof.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = defined(byId.get(id), `profile node ${id}`).callFrame;
    const where = url ? ` (${path.basename(url)}:${lineNumber + 1})` : "";
    const key = `${functionName || "(anonymous)"}${where}`;
    selfUs.set(key, (selfUs.get(key) ?? 0) + (prof.timeDeltas[i] ?? 0));
  });
  const idle = selfUs.get("(idle)") ?? 0;
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const top = [...selfUs]
    .filter(([k]) => k !== "(idle)")
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, ms: us / 1000 }));
  return { totalMs: total / 1000, busyMs: (total - idle) / 1000, top };
}
