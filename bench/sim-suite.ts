// A big suite that survives: 1,000 evals × 5 trials × 3 agents (BENCH_SIM_EVALS to change the
// 1,000), run the way CI runs it. Three scripted agents, each with its own fake model server on
// 127.0.0.1 that allows BENCH_SIM_RPS requests per second (answering 429 with retry-after beyond
// that) and fails 2% of requests with a 500; each answer reports its token usage, from which the
// agent reports its cost. The suite is planned into shards from a small calibration history, the
// shards run at once (separate processes and results folders, as CI jobs), one is interrupted
// (SIGINT) part-way and resumed with `eval --resume`, and the shards are merged.
// Prints a Markdown section: wall time against the ideal the rate limits allow, the trials the
// resume ran against those it had to, the 429s absorbed and the trials that did not pass, each
// shard's peak RSS, and the forecast cost against the spent cost.
// Run: npx tsx bench/sim-suite.ts   (BENCH_SIM_EVALS=100 for a quick look)

import { spawn, execFileSync } from "node:child_process";
import { promises as fs, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { CLI, DIST } from "./harness.js";
import { rng } from "./rng.js";

const EVALS = Number(process.env.BENCH_SIM_EVALS ?? 1000);
const TRIALS = 5;
const RPS = Number(process.env.BENCH_SIM_RPS ?? 20);
const TURNS = 2;
const FAIL_SHARE = 0.02;
const SHARDS = 4;
const CONCURRENCY = Number(process.env.BENCH_SIM_CONCURRENCY ?? 8);
const CALIBRATION_EVALS = Math.min(30, EVALS);
const INTERRUPT_AT = 0.4; // of the interrupted shard's trials
const PROVIDERS = ["alpha", "beta", "gamma"] as const;
/** $3 per million input tokens, $15 per million output tokens. */
const PRICE = { input: 3e-6, output: 15e-6 };

interface Provider {
  name: string;
  url: string;
  served: number;
  limited: number;
  failed: number;
  server: Server;
}

/** A fake model API: a token bucket of RPS per second, 2% 500s, usage in every answer. */
async function startProvider(name: string, seed: number): Promise<Provider> {
  const random = rng(seed);
  let tokens = RPS;
  let last = performance.now();
  const provider = { name, url: "", served: 0, limited: 0, failed: 0 } as Provider;
  provider.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const now = performance.now();
      tokens = Math.min(RPS, tokens + ((now - last) / 1000) * RPS);
      last = now;
      if (random() < FAIL_SHARE) {
        provider.failed++;
        res.writeHead(500, { "content-type": "application/json" });
        return res.end('{"error":{"type":"api_error","message":"internal error"}}');
      }
      if (tokens < 1) {
        provider.limited++;
        res.writeHead(429, { "content-type": "application/json", "retry-after": "1" });
        return res.end('{"error":{"type":"rate_limit_error","message":"slow down"}}');
      }
      tokens--;
      provider.served++;
      // The usage varies by eval (its prompt's length), so a forecast from other evals is a guess.
      const body = JSON.parse(Buffer.concat(chunks).toString() || "{}") as { size?: number };
      const input = 600 + (body.size ?? 0);
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ content: "ok", usage: { input_tokens: input, output_tokens: 150 } }),
        );
      }, 20);
    });
  });
  await new Promise<void>((resolve) => provider.server.listen(0, "127.0.0.1", resolve));
  provider.url = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`;
  return provider;
}

/** The scripted agent: TURNS requests to its model (through the run's relay), retrying a 5xx. */
function agentModule(): string {
  return `import { appendFileSync, writeFileSync } from "node:fs";
import path from "node:path";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export function simAgent(name, upstream) {
  return {
    name,
    credentialEnv: ["SIM_API_KEY"],
    available: async () => true,
    version: async () => "1.0.0",
    modelUpstream: () => upstream,
    async run(ctx) {
      const started = Date.now();
      appendFileSync(ctx.env.SIM_CALLS, \`\${ctx.env.AGENT_EVALS_EVAL} \${name} \${ctx.env.AGENT_EVALS_TRIAL}\\n\`);
      const base = ctx.modelBaseUrl ?? upstream;
      let input = 0, output = 0;
      for (let turn = 0; turn < ${TURNS}; turn++) {
        for (let attempt = 0; ; attempt++) {
          const res = await fetch(base + "/v1/messages", {
            method: "POST",
            headers: { "content-type": "application/json", "x-api-key": ctx.env.SIM_API_KEY },
            body: JSON.stringify({ size: ctx.prompt.length * 4, turn }),
          });
          const text = await res.text();
          if (res.ok) {
            const usage = JSON.parse(text).usage;
            input += usage.input_tokens;
            output += usage.output_tokens;
            break;
          }
          // As the CLIs do: a few quick retries of a 5xx or a 429 that got through, then give up.
          if (attempt >= 3) throw new Error(\`API \${res.status} after \${attempt + 1} attempts\`);
          await sleep(res.status === 429 ? 1000 : 100 * 2 ** attempt);
        }
      }
      writeFileSync(path.join(ctx.cwd, "done.txt"), "done\\n");
      return {
        exitCode: 0,
        timedOut: false,
        costUsd: input * ${PRICE.input} + output * ${PRICE.output},
        tokens: { input, output },
        turns: ${TURNS},
        trajectory: [],
        transcripts: [],
        durationMs: Date.now() - started,
      };
    },
  };
}
`;
}

function evalModule(providers: Provider[]): string {
  const lines = [
    `import { defineEval, fileExists } from ${JSON.stringify(path.join(DIST, "lib", "index.js"))};`,
    `import { simAgent } from "../sim-agent.mjs";`,
    `const agents = [${providers.map((p) => `simAgent("sim-${p.name}", ${JSON.stringify(p.url)})`).join(", ")}];`,
  ];
  for (let i = 0; i < EVALS; i++)
    lines.push(
      `export const e${i} = defineEval("Task ${i}: ${"write the file. ".repeat(1 + (i % 7))}", { agents, trials: ${TRIALS}, passRate: 1, assert: [fileExists("done.txt")] });`,
    );
  return `${lines.join("\n")}\n`;
}

interface Process {
  code: number | null;
  wallMs: number;
  peakRssKb: number;
  stdout: string;
}

/** Runs the CLI; `stopWhen` (polled) sends SIGINT when it says so. Samples the peak RSS (VmHWM). */
async function cli(
  args: string[],
  env: Record<string, string>,
  stopWhen?: () => Promise<boolean>,
): Promise<Process> {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...env, CI: "true", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stdout += c.toString()));
  let peakRssKb = 0;
  let stopped = false;
  const timer = setInterval(() => {
    try {
      const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      if (hwm) peakRssKb = Math.max(peakRssKb, Number(hwm[1]));
    } catch {
      // exited
    }
    if (stopWhen && !stopped)
      void stopWhen().then((stop) => {
        if (stop && !stopped) {
          stopped = true;
          child.kill("SIGINT");
        }
      });
  }, 250);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearInterval(timer);
  return { code, wallMs: performance.now() - started, peakRssKb, stdout };
}

async function lines(file: string): Promise<string[]> {
  return (await fs.readFile(file, "utf8").catch(() => "")).split("\n").filter(Boolean);
}

interface RunJson {
  costUsd: number;
  counts: Record<string, number>;
  rateLimits?: { absorbed: number; heldMs: number; retries: number; trials: number };
  evals: Array<{ status: string; trials: Array<{ status: string; retries?: number }> }>;
}

async function main() {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "ae-sim-"));
  const providers = await Promise.all(PROVIDERS.map((name, i) => startProvider(name, 7 + i)));
  const project = path.join(tmp, "project");
  await fs.mkdir(path.join(project, "evals"), { recursive: true });
  await fs.writeFile(path.join(project, "sim-agent.mjs"), agentModule());
  await fs.writeFile(path.join(project, "evals", "sim.eval.ts"), evalModule(providers));
  execFileSync("git", ["init", "-q"], { cwd: project });
  const env = (calls: string) => ({ SIM_API_KEY: "sim-key", SIM_CALLS: calls });
  const log = (message: string) => process.stderr.write(`sim-suite: ${message}\n`);

  // 1. A small history: the first evals run once, so the plan has costs and durations to go on.
  const history = path.join(tmp, "history");
  const calibration = await cli(
    [
      "eval",
      ...Array.from({ length: CALIBRATION_EVALS }, (_, i) => `e${i}`),
      "--cwd",
      project,
      "--history-dir",
      history,
      "--concurrency",
      String(CONCURRENCY),
      "--quiet",
    ],
    env(path.join(tmp, "calibration.calls")),
  );
  log(`calibration: ${CALIBRATION_EVALS} evals, exit ${calibration.code}`);
  // The suite's own figures start here: the calibration's requests are not counted.
  for (const p of providers) {
    p.served = 0;
    p.limited = 0;
    p.failed = 0;
  }

  // 2. The plan: shards balanced by history, and the forecast.
  const planText = execFileSync(
    process.execPath,
    [
      CLI,
      "plan",
      "--cwd",
      project,
      "--history-dir",
      history,
      "--shards",
      String(SHARDS),
      "--format",
      "json",
    ],
    {
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, ...env("/dev/null") },
    },
  );
  const planFile = path.join(tmp, "plan.json");
  await fs.writeFile(planFile, planText);
  const plan = JSON.parse(planText) as {
    forecast: { costUsd: number; guessedPairs: number };
    summaries: Array<{ trials: number }>;
  };
  log(`plan: ${SHARDS} shards, forecast $${plan.forecast.costUsd.toFixed(2)}`);

  // 3. The shards at once, each in its own checkout; shard 1 interrupted, then resumed.
  const shardDirs: string[] = [];
  for (let i = 1; i <= SHARDS; i++) {
    const dir = path.join(tmp, `shard-${i}`);
    await fs.cp(project, dir, { recursive: true });
    shardDirs.push(dir);
  }
  const shardArgs = (i: number) => [
    "eval",
    "--cwd",
    shardDirs[i - 1]!,
    "--shard",
    `${i}/${SHARDS}`,
    "--shard-plan",
    planFile,
    "--concurrency",
    String(CONCURRENCY),
    "--quiet",
  ];
  const calls = (i: number) => path.join(tmp, `shard-${i}.calls`);
  const interruptAfter = Math.round(INTERRUPT_AT * plan.summaries[0]!.trials);
  const started = performance.now();
  const runs = await Promise.all(
    Array.from({ length: SHARDS }, (_, k) =>
      cli(
        shardArgs(k + 1),
        env(calls(k + 1)),
        k === 0 ? async () => (await lines(calls(1))).length >= interruptAfter : undefined,
      ),
    ),
  );
  // What the interrupted shard left: the trials whose trial.json says they ended, as the calls log
  // names them (`<eval> <agent> <trial>`).
  const evalsDir = path.join(shardDirs[0]!, ".copybook/results/evals");
  const finishedBefore = new Set<string>();
  for (const id of await fs.readdir(evalsDir).catch(() => []))
    for (const agent of await fs.readdir(path.join(evalsDir, id)))
      for (const trial of await fs.readdir(path.join(evalsDir, id, agent)))
        if (await fs.stat(path.join(evalsDir, id, agent, trial, "trial.json")).catch(() => false))
          finishedBefore.add(`${id} ${agent} ${trial.replace("trial-", "")}`);
  // The interrupted attempt's own run.json (written on SIGINT): its absorbed 429s count too.
  const cut = JSON.parse(
    await fs
      .readFile(path.join(shardDirs[0]!, ".copybook/results/run.json"), "utf8")
      .catch(() => "{}"),
  ) as Partial<RunJson>;
  await fs.rm(calls(1));
  const resumed = await cli([...shardArgs(1), "--resume"], env(calls(1)));
  const wallMs = performance.now() - started;
  const resumedCalls = await lines(calls(1));
  const rerunFinished = resumedCalls.filter((c) => finishedBefore.has(c)).length;
  log(
    `shards done (${runs.map((r) => r.code).join(", ")}; resume ${resumed.code}) in ${(wallMs / 1000).toFixed(0)} s`,
  );

  // 4. The merge, and what it says.
  const merged = path.join(tmp, "merged");
  execFileSync(
    process.execPath,
    [
      CLI,
      "merge",
      ...shardDirs.map((d) => path.join(d, ".copybook/results")),
      "--cwd",
      project,
      "--out",
      merged,
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const run = JSON.parse(await fs.readFile(path.join(merged, "run.json"), "utf8")) as RunJson;
  const shardRuns = await Promise.all(
    shardDirs.map(
      async (d) =>
        JSON.parse(
          await fs.readFile(path.join(d, ".copybook/results/run.json"), "utf8"),
        ) as RunJson,
    ),
  );
  const trials = run.evals.flatMap((e) => e.trials);
  const notPassed = trials.filter((t) => t.status !== "passed").length;
  const absorbed =
    shardRuns.reduce((n, r) => n + (r.rateLimits?.absorbed ?? 0), 0) +
    (cut.rateLimits?.absorbed ?? 0);
  const retried = trials.filter((t) => (t.retries ?? 0) > 0).length;
  const served = providers.map((p) => p.served);
  const idealMs = (Math.max(...served) / RPS) * 1000;
  const planned = EVALS * TRIALS * PROVIDERS.length;
  const peakRss = Math.max(...runs.map((r) => r.peakRssKb), resumed.peakRssKb);
  const shard1Trials = plan.summaries[0]!.trials;
  const owed = shard1Trials - finishedBefore.size;

  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  process.stdout.write(
    [
      `### A big suite that survives (${EVALS} evals × ${TRIALS} trials × ${PROVIDERS.length} agents, simulated)`,
      "",
      `Three scripted agents, each with a fake model server on 127.0.0.1 allowing ${RPS} requests per second`,
      `(429 with retry-after beyond it) and failing ${pct(FAIL_SHARE)} of requests with a 500; ${TURNS} requests per trial.`,
      `Planned into ${SHARDS} shards from a ${CALIBRATION_EVALS}-eval history, run at once (${CONCURRENCY} trials at a time each,`,
      `separate processes and results folders), shard 1 interrupted (SIGINT) after ${interruptAfter} of its ${shard1Trials}`,
      "trials had started and resumed with `eval --resume`, then merged. Printed by",
      `\`BENCH_SIM_EVALS=${EVALS} npx tsx bench/sim-suite.ts\` on a ${os.cpus().length}-core machine.`,
      "",
      "| measure | value | goal |",
      "| --- | --- | --- |",
      `| trials in the merged run | ${trials.length} of ${planned} | all |`,
      `| trials that did not pass | ${notPassed} | 0 |`,
      `| wall time (shards, interrupt, resume) | ${(wallMs / 1000).toFixed(0)} s | |`,
      `| ideal the rate limits allow (${Math.max(...served)} answered requests of the busiest provider ÷ ${RPS}/s) | ${(idealMs / 1000).toFixed(0)} s | |`,
      `| wall ÷ ideal | ${(wallMs / idealMs).toFixed(2)} | ≤ 1.2 |`,
      `| 429s answered by the fakes / absorbed by the gates | ${providers.reduce((n, p) => n + p.limited, 0)} / ${absorbed} | no trial failed |`,
      `| 500s answered by the fakes; trials retried | ${providers.reduce((n, p) => n + p.failed, 0)}; ${retried} | |`,
      `| resume: trials it had to run (shard 1's ${shard1Trials} less the ${finishedBefore.size} finished) / it ran | ${owed} / ${resumedCalls.length} | equal |`,
      `| resume: trials run again that had finished before | ${rerunFinished} | 0 |`,
      `| peak RSS of a shard process | ${(peakRss / 1024).toFixed(0)} MiB | |`,
      `| forecast cost (plan, ${plan.forecast.guessedPairs} pairs guessed) / spent (merged run) | $${plan.forecast.costUsd.toFixed(2)} / $${run.costUsd.toFixed(2)} (${pct(plan.forecast.costUsd / run.costUsd - 1)}) | |`,
      "",
    ].join("\n"),
  );
  await Promise.all(providers.map((p) => new Promise((r) => p.server.close(r))));
  if (!process.env.BENCH_KEEP) await fs.rm(tmp, { recursive: true, force: true });
  else log(`kept ${tmp}`);
}

await main();
