// @ts-check
// Soak: many trials of misbehaving agents in ONE run of the real CLI, then what is left behind.
//
//   node bench/soak.mjs            (BENCH_SOAK_TRIALS=5000 by default; prints a Markdown section)
//
// The project mixes literal agents (YAML) and script agents (an .eval.ts file): trials that pass,
// fail, hang to their 1 s timeout, flood stdout, and fork `setsid` children that outlive them. The
// N-trial project is first run and interrupted (SIGINT mid-run), then run again to completion; a
// fresh N/10-trial project is run for the memory ratio. After each run it counts the processes
// left (every process whose environment carries this soak's tag, which the CLI and each agent
// script set), the temp dirs left (the CLI runs with TMPDIR in a private folder, so everything
// under it is the harness's), and the results folder's lock files; while the CLI runs it samples
// /proc/<pid>/fd every second. Peak RSS is the CLI's VmHWM, written at exit by bench/probe.mjs.
//
// Knobs: BENCH_SOAK_TRIALS (default 5000), BENCH_SOAK_CONCURRENCY (default 4),
// BENCH_SOAK_INTERRUPT_S (seconds before the SIGINT, default 8), BENCH_CLI (default dist/cli/index.js).
// Nothing is asserted: it is a bench. Leftover processes are killed and the folder removed at the end.

import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setInterval, clearInterval } from "node:timers";
import { fileURLToPath } from "node:url";

/** @typedef {import("../src/model/result.ts").RunResult} RunResult */
/** @typedef {import("./probe.mjs").ProbeOutput} ProbeOutput */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = process.env.BENCH_CLI
  ? path.resolve(process.env.BENCH_CLI)
  : path.join(ROOT, "dist", "cli", "index.js");
const PROBE = path.join(ROOT, "bench", "probe.mjs");
/**
 * @param {string} name
 * @param {number} fallback
 */
const knob = (name, fallback) => Math.max(1, Number(process.env[name] ?? fallback) || fallback);
const TRIALS = knob("BENCH_SOAK_TRIALS", 5000);
const CONCURRENCY = knob("BENCH_SOAK_CONCURRENCY", 4);
const INTERRUPT_S = knob("BENCH_SOAK_INTERRUPT_S", 8);
const TARGET_RSS_RATIO = 1.25;
const MAX_TRIALS_PER_EVAL = 100; // the schema's limit
const FLOOD_BYTES = 4 * 1024 * 1024;
const TAG_ENV = "AGENT_EVALS_SOAK";
const TAG = randomUUID();

/** @param {string} msg */
const log = (msg) => process.stderr.write(`soak: ${msg}\n`);

/**
 * The kinds of trial and their share of the N. `script` is a bash script agent (run with the
 * soak's tag exported first); `literal` a shell block for the literal agent; `expect` the status.
 * @typedef {{ kind: string; share: number; expect: string; literal?: string; script?: string; check: string }} Kind
 */
/** @type {Kind[]} */
const KINDS = [
  {
    kind: "literal-pass",
    share: 0.3,
    expect: "passed",
    literal: "echo hi > out.txt",
    check: "out.txt",
  },
  {
    kind: "literal-fail",
    share: 0.15,
    expect: "failed",
    literal: "echo hi > out.txt",
    check: "missing.txt",
  },
  {
    kind: "script-pass",
    share: 0.2,
    expect: "passed",
    script: "echo hi > out.txt",
    check: "out.txt",
  },
  {
    kind: "script-fail",
    share: 0.1,
    expect: "failed",
    script: "echo no >&2; exit 1",
    check: "out.txt",
  },
  {
    kind: "flood",
    share: 0.1,
    expect: "passed",
    script: `yes 'flooding stdout with a line of text' | head -c ${FLOOD_BYTES}; echo hi > out.txt`,
    check: "out.txt",
  },
  {
    kind: "setsid",
    share: 0.13,
    expect: "passed",
    // Two children that leave the process group and would sleep for ten minutes.
    script:
      "setsid sleep 600 </dev/null >/dev/null 2>&1 &\nsetsid sh -c 'sleep 600' </dev/null >/dev/null 2>&1 &\necho hi > out.txt",
    check: "out.txt",
  },
  { kind: "hang", share: 0.02, expect: "failed", script: "sleep 600", check: "out.txt" },
];

/**
 * How many trials each kind gets out of `n` (the largest share takes the rounding).
 * @param {number} n
 */
function split(n) {
  const counts = KINDS.map((k) => Math.max(1, Math.round(n * k.share)));
  const rest = n - counts.reduce((a, b) => a + b, 0);
  counts[0] = Math.max(1, (counts[0] ?? 0) + rest);
  return counts;
}

/**
 * `count` trials as evals of at most 100 trials each.
 * @param {number} count
 */
function chunks(count) {
  /** @type {number[]} */
  const out = [];
  for (let left = count; left > 0; left -= MAX_TRIALS_PER_EVAL)
    out.push(Math.min(MAX_TRIALS_PER_EVAL, left));
  return out;
}

/**
 * Writes a project of `n` trials: one YAML file per literal eval, one .eval.ts of script agents.
 * @param {string} dir
 * @param {number} n
 */
function writeProject(dir, n) {
  const evals = path.join(dir, "evals");
  fs.mkdirSync(evals, { recursive: true });
  const ts = ['import { defineEval, fileExists, scriptAgent } from "agent-evals";', ""];
  const counts = split(n);
  KINDS.forEach((k, ki) => {
    chunks(counts[ki] ?? 0).forEach((trials, ci) => {
      const name = `${k.kind}-${ci}`;
      if (k.literal !== undefined) {
        const yaml = [
          `name: ${name}`,
          "prompt: |",
          "  Write the file.",
          "",
          "  ```sh",
          `  export ${TAG_ENV}=${TAG}`,
          `  ${k.literal}`,
          "  ```",
          "agents: [literal]",
          `trials: ${trials}`,
          "timeout: 1",
          'sandbox: { fixture: { a: "" } }',
          "assertions:",
          `  files: [${k.check}]`,
          "",
        ];
        fs.writeFileSync(path.join(evals, `${name}.eval.yaml`), yaml.join("\n"));
      } else {
        const script = `export ${TAG_ENV}=${TAG}\n${k.script}`;
        ts.push(
          `export const ${name.replace(/-/g, "_")} = defineEval("Do the job.", {`,
          `  id: ${JSON.stringify(name)},`,
          `  agents: [scriptAgent(${JSON.stringify(k.kind)}, ${JSON.stringify(script)})],`,
          `  trials: ${trials},`,
          "  timeoutMs: 1000,",
          '  sandbox: { fixture: { a: "" } },',
          `  assert: [fileExists(${JSON.stringify(k.check)})],`,
          "});",
          "",
        );
      }
    });
  });
  fs.writeFileSync(path.join(evals, "scripts.eval.ts"), ts.join("\n"));
}

/** Pids of live processes whose environment carries this soak's tag (not this process). */
function taggedProcesses() {
  const needle = Buffer.from(`${TAG_ENV}=${TAG}\0`);
  /** @type {number[]} */
  const found = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const environ = fs.readFileSync(`/proc/${name}/environ`);
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      // A zombie is dead already, waiting for its parent to reap it.
      if (environ.includes(needle) && !/\) Z /.test(stat)) found.push(Number(name));
    } catch {
      // gone, or not readable
    }
  }
  return found;
}

/** @param {string} pid */
function fdCount(pid) {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return undefined;
  }
}

/**
 * @param {string} dir
 * @returns {string[]}
 */
const entries = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

/**
 * One run of the CLI on `project`; SIGINT after `interruptAfterS` seconds when given.
 * @param {string} tmp
 * @param {string} project
 * @param {string} label
 * @param {number} [interruptAfterS]
 */
async function runCli(tmp, project, label, interruptAfterS) {
  const cliTmp = path.join(tmp, `tmpdir-${label}`);
  fs.mkdirSync(cliTmp, { recursive: true });
  const probeFile = path.join(tmp, `probe-${label}.json`);
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [
      "--import",
      PROBE,
      CLI,
      "eval",
      "--cwd",
      project,
      "--unsafe-local",
      "--all-trials",
      "--no-cache",
      "--concurrency",
      String(CONCURRENCY),
      "--quiet",
    ],
    {
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        ...process.env,
        LC_ALL: "C",
        TMPDIR: cliTmp,
        [TAG_ENV]: TAG,
        AGENT_EVALS_BENCH_PROBE: probeFile,
      },
    },
  );
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (d) => {
    if (stderr.length < 64 * 1024) stderr += d;
  });
  const pid = String(child.pid);
  /** @type {number[]} */
  const fds = [];
  let taggedMax = 0; // shows the /proc scan sees the run's processes while they live
  const sample = () => {
    const n = fdCount(pid);
    if (n !== undefined) fds.push(n);
    taggedMax = Math.max(taggedMax, taggedProcesses().length);
  };
  const sampler = setInterval(sample, 1000);
  const interrupter =
    interruptAfterS === undefined
      ? undefined
      : setTimeout(() => child.kill("SIGINT"), interruptAfterS * 1000);
  /** @type {{ code: number | null; signal: NodeJS.Signals | null }} */
  const exit = await new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  clearInterval(sampler);
  if (interrupter) clearTimeout(interrupter);
  const wallS = (performance.now() - t0) / 1000;
  const leftPids = taggedProcesses();
  // What each leftover was: its command line, read before it is killed below.
  const leftWhat = leftPids.map((p) => {
    try {
      return fs.readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0").join(" ").trim();
    } catch {
      return "?";
    }
  });
  const tempLeft = entries(cliTmp);
  const results = path.join(project, ".copybook", "results");
  const locksLeft = entries(path.dirname(results)).filter((f) => f.includes(".lock"));
  /** @type {RunResult | undefined} */
  let run;
  try {
    run = JSON.parse(fs.readFileSync(path.join(results, "run.json"), "utf8"));
  } catch {
    run = undefined;
  }
  /** @type {ProbeOutput | undefined} */
  let probe;
  try {
    probe = JSON.parse(fs.readFileSync(probeFile, "utf8"));
  } catch {
    probe = undefined;
  }
  for (const p of leftPids) {
    try {
      process.kill(p, "SIGKILL"); // the bench leaves nothing running, whatever the CLI did
    } catch {
      // gone meanwhile
    }
  }
  if (exit.code !== 0 && exit.code !== 1 && exit.code !== 130)
    log(`${label}: exit ${exit.code ?? exit.signal}; stderr:\n${stderr.slice(-4000)}`);
  return {
    label,
    exit: exit.code ?? exit.signal,
    wallS,
    fds,
    taggedMax,
    leftPids,
    leftWhat,
    tempLeft,
    locksLeft,
    run,
    rssMb: probe ? probe.peakRssKb / 1024 : NaN,
  };
}
/** @typedef {Awaited<ReturnType<typeof runCli>>} CliRun */

/**
 * Trials by kind and status.
 * @param {RunResult | undefined} run
 */
function tally(run) {
  /** @type {Map<string, Map<string, number>>} */
  const byKind = new Map();
  for (const e of run?.evals ?? []) {
    const kind = e.id.replace(/-\d+$/, "");
    const row = byKind.get(kind) ?? new Map();
    byKind.set(kind, row);
    for (const t of e.trials) row.set(t.status, (row.get(t.status) ?? 0) + 1);
  }
  return byKind;
}

/** @param {CliRun} r */
function row(r) {
  const trials = (r.run?.evals ?? []).reduce((s, e) => s + e.trials.length, 0);
  const fd = r.fds.length
    ? `${r.fds[0]} / ${Math.max(...r.fds)} / ${r.fds[r.fds.length - 1]}`
    : "n/a";
  return `| ${r.label} | ${trials} | ${r.exit}${r.run?.interrupted ? " (interrupted)" : ""} | ${r.wallS.toFixed(0)} s | ${r.taggedMax} | ${r.leftPids.length} | ${r.tempLeft.length} | ${r.locksLeft.length} | ${fd} | ${r.rssMb.toFixed(0)} MB |`;
}

/**
 * @param {{ interrupted: CliRun; full: CliRun; small: CliRun; n: number; small_n: number; elapsedS: number }} r
 */
function report({ interrupted, full, small, n, small_n, elapsedS }) {
  const ratio = full.rssMb / small.rssMb;
  const byKind = tally(full.run);
  const statuses = [...new Set([...byKind.values()].flatMap((m) => [...m.keys()]))].sort();
  const left = [interrupted, full, small].flatMap((r) =>
    [
      r.leftPids.length &&
        `${r.label}: ${r.leftPids.length} process(es) left (${r.leftWhat.map((c) => `\`${c.slice(0, 80)}\``).join(", ")})`,
      r.tempLeft.length && `${r.label}: temp entries left: ${r.tempLeft.slice(0, 5).join(", ")}`,
      r.locksLeft.length && `${r.label}: lock files left: ${r.locksLeft.join(", ")}`,
    ].filter(Boolean),
  );
  return [
    "## Soak",
    "",
    `${n} trials in one run of the CLI (\`${path.relative(ROOT, CLI)}\`, \`--unsafe-local --all-trials --no-cache --concurrency ${CONCURRENCY}\`), ` +
      `after the same project was interrupted by SIGINT ${INTERRUPT_S} s into a first run; then a fresh project of ${small_n} trials. ` +
      `Reproduce: \`BENCH_SOAK_TRIALS=${n} node bench/soak.mjs\` (${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)} at the end, ${elapsedS.toFixed(0)} s in all).`,
    "",
    "| run | trials recorded | exit | wall | tagged processes seen (max) | processes left | temp entries left | lock files left | open fds (start / max / end) | peak RSS |",
    "| --- | --: | --- | --: | --: | --: | --: | --: | --- | --: |",
    row(interrupted),
    row(full),
    row(small),
    "",
    `Peak RSS, ${n} trials over ${small_n}: **${ratio.toFixed(2)}×** (target ≤ ${TARGET_RSS_RATIO}×: ${ratio <= TARGET_RSS_RATIO ? "met" : "**missed**"}).`,
    left.length
      ? `Left behind: ${left.join("; ")}.`
      : "Nothing was left behind: no process, temp entry or lock file after any of the three runs.",
    "",
    `Trials of the ${n}-trial run by kind (expected status in brackets):`,
    "",
    `| kind | share | ${statuses.join(" | ")} |`,
    `| --- | --: | ${statuses.map(() => "--:").join(" | ")} |`,
    ...KINDS.map(
      (k) =>
        `| ${k.kind} (${k.expect}) | ${(k.share * 100).toFixed(0)} % | ${statuses.map((s) => byKind.get(k.kind)?.get(s) ?? 0).join(" | ")} |`,
    ),
    "",
    "Tagged processes seen: the most tagged processes alive at one sample while the CLI ran (the CLI included). " +
      "Processes left: live (non-zombie) processes whose environment carries the soak's tag, set in the CLI's " +
      "environment and exported by every agent script, scanned in /proc right after the CLI exits (then killed). " +
      "Temp entries left: what is in the CLI's TMPDIR (a private, empty folder per run) after it exits. " +
      "Lock files left: `.copybook/results.lock*`. Open fds: `/proc/<pid>/fd` of the CLI, sampled every second. " +
      "Peak RSS: the CLI's own VmHWM at exit (bench/probe.mjs), its children not included. " +
      `Kinds: flood writes ${FLOOD_BYTES / 1024 / 1024} MiB to stdout; setsid forks two \`setsid sleep 600\` children ` +
      "and passes; hang sleeps past its 1 s timeout.",
    "",
  ].join("\n");
}

async function main() {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} not found: run \`npm run bundle\` first`);
  if (!fs.existsSync("/proc/self/fd")) throw new Error("the soak reads /proc: Linux only");
  const t0 = performance.now();
  const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "agent-evals-soak-")));
  const smallN = Math.max(KINDS.length, Math.round(TRIALS / 10));
  try {
    const big = path.join(tmp, "big");
    const small = path.join(tmp, "small");
    writeProject(big, TRIALS);
    writeProject(small, smallN);
    log(`interrupted run of ${TRIALS} trials (SIGINT after ${INTERRUPT_S} s)`);
    const interrupted = await runCli(tmp, big, "interrupted", INTERRUPT_S);
    log(`full run of ${TRIALS} trials`);
    const full = await runCli(tmp, big, `${TRIALS} trials`);
    log(`run of ${smallN} trials`);
    const smallRun = await runCli(tmp, small, `${smallN} trials`);
    const md = report({
      interrupted,
      full,
      small: smallRun,
      n: TRIALS,
      small_n: smallN,
      elapsedS: (performance.now() - t0) / 1000,
    });
    process.stdout.write(md);
  } finally {
    for (const p of taggedProcesses()) {
      try {
        process.kill(p, "SIGKILL");
      } catch {
        // gone
      }
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`soak: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
  process.exitCode = 1;
});
