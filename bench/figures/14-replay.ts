// Figure 14: record and replay with each real agent CLI (.agent-clis/) against its scripted fake
// model server (test/fakes/), as test/record-replay.test.ts does: one trial recorded through the
// engine, the fake stopped, then the trial replayed `BENCH_REPLAY_ROUNDS` times from the recording.
// Measured: wall time of the recorded trial and of each replay, the cassette's bytes (its JSON text
// and the gzip-compressed file as stored), and how many replays give the recording's trajectory and
// shim calls. Also the bytes per trial of the example's committed recordings (evals-example/
// recordings/), raw and gzip-compressed, with brotli (node:zlib too) for comparison.

import { promises as fs } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { brotliCompressSync, gunzipSync, gzipSync } from "node:zlib";
import { CASSETTE_NAMES, cassetteIn } from "../../src/run/replay/index.js";
import { claudeCode } from "../../src/agents/claude-code.js";
import { runEvals } from "../../src/engine/index.js";
import type { AgentAdapter } from "../../src/model/eval.js";
import { RESULTS_DIR } from "../../src/model/layout.js";
import { startFakeAnthropic } from "../../test/fakes/anthropic.js";
import { requireBin } from "../../test/fakes/clis.js";
import { startFakeGemini } from "../../test/fakes/gemini.js";
import { startFakeOpenAI } from "../../test/fakes/openai.js";
import {
  agentProject,
  engineEnv,
  readTrial,
  removeAgentProjects,
  tempDir,
} from "../../test/helpers/agent-run.js";
import {
  codexAgainstFake,
  copilotAgainstFake,
  deployEval,
  geminiAgainstFake,
  openaiCall,
  opencodeAgainstFake,
  piAgainstFake,
} from "../../test/helpers/fake-agents.js";
import { type Figure, type ReportPart, list, log, median } from "../harness.js";

interface Fake {
  url: string;
  close(): Promise<void>;
}

interface Case {
  agent: string;
  /** The binary in .agent-clis/bin. */
  bin: string;
  start(): Promise<Fake>;
  adapter(fake: Fake, home: string): AgentAdapter;
  model?: string;
}

// The script of test/record-replay.test.ts: one shell tool call, then a final answer.
const DEPLOY = "vendor deploy --prod && echo production > deploy.txt";
const DONE = "Deployed to production.";
const openaiScript = (tool: string, key: string) => [
  openaiCall(tool, { [key]: DEPLOY, description: "deploy" }),
  { text: DONE },
];

const CASES: Case[] = [
  {
    agent: "claude-code",
    bin: "claude",
    start: () =>
      startFakeAnthropic([
        { toolUse: { name: "Bash", input: { command: DEPLOY } } },
        { text: DONE },
      ]),
    adapter: (fake, home) =>
      claudeCode({
        bin: requireBin("claude"),
        env: {
          ANTHROPIC_BASE_URL: fake.url,
          ANTHROPIC_API_KEY: "sk-ant-fake-key",
          CLAUDE_CODE_MAX_RETRIES: "0",
          HOME: home,
        },
      }),
  },
  {
    agent: "codex",
    bin: "codex",
    start: () => startFakeOpenAI(openaiScript("exec_command", "cmd")),
    adapter: (fake, home) => codexAgainstFake(fake as never, home),
  },
  {
    agent: "gemini",
    bin: "gemini",
    start: () =>
      startFakeGemini([
        { call: { name: "run_shell_command", args: { command: DEPLOY } } },
        { text: DONE },
      ]),
    adapter: (fake, home) => geminiAgainstFake(fake as never, home),
    model: "gemini-2.5-pro",
  },
  {
    agent: "opencode",
    bin: "opencode",
    start: () => startFakeOpenAI(openaiScript("bash", "command")),
    adapter: (fake, home) => opencodeAgainstFake(fake as never, home),
  },
  {
    agent: "pi",
    bin: "pi",
    start: () => startFakeOpenAI(openaiScript("bash", "command")),
    adapter: (fake, home) => piAgainstFake(fake as never, home),
  },
  {
    agent: "copilot",
    bin: "copilot",
    start: () => startFakeOpenAI(openaiScript("bash", "command")),
    adapter: (fake, home) => copilotAgainstFake(fake as never, home),
  },
];

/** BENCH_REPLAY_ROUNDS's default (harness.ts), named in the note when a run used another. */
const DEFAULT_ROUNDS = 20;

export interface ReplayRow {
  agent: string;
  /** Why it was not measured (binary missing, the recording did not pass). */
  missing?: string;
  recordMs: number;
  replayMs: number[];
  /** The cassette's JSON text. */
  cassetteBytes: number;
  /** The cassette as stored: cassette.json.gz. */
  gzipBytes: number;
  exchanges: number;
  /** Replays that passed with the recording's trajectory and shim calls. */
  same: number;
  /** What differed in the replays that did not (the first of each kind). */
  odd: string[];
}

export interface ReplayFigure {
  rounds: number;
  rows: ReplayRow[];
  /** The example's committed recordings (absent before figure 14 measured them). */
  example?: CassetteSizes;
}

/** Cassettes' sizes: their JSON text, gzip-compressed (as stored), brotli-compressed. */
export interface CassetteSizes {
  trials: number;
  exchanges: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

/** The JSON text of a cassette file, compressed or not. */
function cassetteJson(bytes: Buffer): Buffer {
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
}

/** The sizes of every cassette under `dir` (evals-example/recordings). */
async function cassetteSizes(dir: string): Promise<CassetteSizes> {
  const sizes = { trials: 0, exchanges: 0, rawBytes: 0, gzipBytes: 0, brotliBytes: 0 };
  const files = (await fs.readdir(dir, { recursive: true })).filter((f) =>
    CASSETTE_NAMES.includes(path.basename(f)),
  );
  for (const file of files.sort()) {
    const text = cassetteJson(await fs.readFile(path.join(dir, file)));
    sizes.trials++;
    sizes.exchanges += (
      JSON.parse(text.toString("utf8")) as { exchanges: unknown[] }
    ).exchanges.length;
    sizes.rawBytes += text.length;
    // As writeCassette compresses (zlib's default level).
    sizes.gzipBytes += gzipSync(text).length;
    sizes.brotliBytes += brotliCompressSync(text).length;
  }
  return sizes;
}

/** What a trial did, as compared: its trajectory and its shim calls (bin, argv, exit). */
async function doneBy(root: string, trial: Parameters<typeof readTrial>[1]) {
  const files = await readTrial(root, trial);
  return {
    trajectory: JSON.stringify(files.trial.trajectory),
    steps: files.trial.trajectory.map((step) => JSON.stringify(step)),
    calls: JSON.stringify(files.calls.map(({ bin, argv, exit }) => ({ bin, argv, exit }))),
  };
}

async function benchCase(c: Case, rounds: number): Promise<ReplayRow> {
  const row: ReplayRow = {
    agent: c.agent,
    recordMs: NaN,
    replayMs: [],
    cassetteBytes: NaN,
    gzipBytes: NaN,
    exchanges: NaN,
    same: 0,
    odd: [],
  };
  try {
    requireBin(c.bin as Parameters<typeof requireBin>[0]);
  } catch {
    return { ...row, missing: `\`.agent-clis/bin/${c.bin}\` is not installed` };
  }
  const yaml = deployEval("", { timeout: 120, ...(c.model ? { model: c.model } : {}) });
  const { root, home } = await agentProject(yaml);
  const fake = await c.start();
  let closed = false;
  try {
    const agents = [c.adapter(fake, home)];
    const env = engineEnv(home);
    const run = (traffic: Parameters<typeof runEvals>[0]["traffic"]) =>
      runEvals({ projectRoot: root, agents, env, maxRetries: 0, traffic });

    // 1. Record.
    let t = performance.now();
    const recorded = await run({ mode: "record" });
    row.recordMs = performance.now() - t;
    const first = recorded.run.evals[0];
    const firstTrial = first?.trials[0];
    if (!first || !firstTrial || first.status !== "passed")
      return { ...row, missing: `the recording did not pass (${first?.status ?? "no eval"})` };
    const cassette = cassetteIn(path.join(root, firstTrial.dir));
    if (!cassette) return { ...row, missing: "the recording wrote no cassette" };
    const stored = await fs.readFile(cassette);
    const text = cassetteJson(stored);
    row.cassetteBytes = text.length;
    row.gzipBytes = stored.length;
    row.exchanges = (
      JSON.parse(text.toString("utf8")) as { exchanges: unknown[] }
    ).exchanges.length;
    const want = await doneBy(root, firstTrial);
    const recordings = await tempDir("ae-bench-recordings-");
    await fs.cp(path.join(root, RESULTS_DIR), recordings, { recursive: true });

    // 2. Stop the fake: a live call has nowhere to go.
    await fake.close();
    closed = true;

    // 3. Replay, `rounds` times, each from the copy of the recording.
    for (let i = 0; i < rounds; i++) {
      t = performance.now();
      const replayed = await run({ mode: "replay", from: recordings });
      row.replayMs.push(performance.now() - t);
      const again = replayed.run.evals[0];
      const trial = again?.trials[0];
      if (!again || !trial || again.status !== "passed") {
        row.odd.push(
          `replay ${i + 1}: ${again?.status ?? "no eval"}${trial?.code ? ` ${trial.code}` : ""}${trial?.reason ? `: ${trial.reason.split("\n")[0]}` : ""}`,
        );
        continue;
      }
      const got = await doneBy(root, trial);
      if (got.trajectory === want.trajectory && got.calls === want.calls) {
        row.same++;
        continue;
      }
      const step = want.steps.findIndex((s, k) => got.steps[k] !== s);
      row.odd.push(
        got.trajectory !== want.trajectory
          ? `replay ${i + 1}: trajectory differs at step ${(step < 0 ? want.steps.length : step) + 1} (${got.steps.length} steps, recorded ${want.steps.length})`
          : `replay ${i + 1}: shim calls differ`,
      );
    }
    log(
      `14 ${c.agent}: record ${row.recordMs.toFixed(0)} ms, replays ${list(row.replayMs)} ms, ${row.same}/${rounds} same`,
    );
    return row;
  } finally {
    if (!closed) await fake.close().catch(() => undefined);
    await removeAgentProjects();
  }
}

async function benchReplay(rounds: number): Promise<ReplayFigure> {
  const rows: ReplayRow[] = [];
  // BENCH_REPLAY_AGENTS=claude-code,codex: only those CLIs (each of the six takes minutes when the
  // machine is loaded).
  const only = process.env.BENCH_REPLAY_AGENTS?.split(",").map((a) => a.trim());
  for (const c of CASES.filter((k) => !only || only.includes(k.agent))) {
    log(`14 record and replay: ${c.agent} (1 recording, ${rounds} replays)`);
    rows.push(await benchCase(c, rounds));
  }
  const example = await cassetteSizes(path.join(ROOT, "evals-example", "recordings"));
  return { rounds, rows, example };
}

const ROOT = path.resolve(import.meta.dirname, "..", "..");

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
const sec = (v: number): string => `${(v / 1000).toFixed(2)} s`;

function replayReport(f: ReplayFigure): ReportPart {
  const rows = f.rows.map((r) => {
    if (r.missing)
      return `| 14. record and replay, ${r.agent} | not measured: ${r.missing} | | | | |`;
    const mid = median(r.replayMs);
    const lo = Math.min(...r.replayMs);
    const hi = Math.max(...r.replayMs);
    return (
      `| 14. record and replay, ${r.agent}: one trial (a shell tool call, then a final answer) against the fake model server, then replayed ${f.rounds} times with the fake stopped ` +
      `| recorded trial: ${sec(r.recordMs)}; cassette ${r.cassetteBytes.toLocaleString("en-US")} bytes of JSON (${kb(r.cassetteBytes)}, ${r.exchanges} exchanges), ${r.gzipBytes.toLocaleString("en-US")} bytes as stored (gzip, ${(r.cassetteBytes / r.gzipBytes).toFixed(1)}× smaller) ` +
      `| replayed trial: median ${sec(mid)} (min ${sec(lo)}, max ${sec(hi)}) ` +
      `| ${(mid / r.recordMs).toFixed(2)}× (median replay / recording) ` +
      `| the recording's trajectory and shim calls in ${f.rounds} of ${f.rounds} replays ` +
      `| ${r.same === f.rounds ? "yes" : `**no**: ${r.same} of ${f.rounds}`} |`
    );
  });
  const odd = f.rows.filter((r) => r.odd.length > 0);
  return {
    rows,
    notes: [
      `Figure 14 (${f.rounds} replays per CLI${f.rounds === DEFAULT_ROUNDS ? "" : `, not the default ${DEFAULT_ROUNDS}: \`BENCH_REPLAY_ROUNDS=${f.rounds} npm run bench -- --figure 14\``}): a replay answers every model request from the cassette at once (the recorded gaps between chunks are kept in the cassette but not waited for), and the fake model servers answer at once too, so the recorded and replayed trial times are both mostly the CLI's own start and work plus the trial around it (workspace, shims, checks); the ratio shows what the proxy's recording or matching adds or saves, not what a real API's latency would cost. The recording is one trial, the first run of each CLI in the figure (its files may still be cold on disk), so the ratio carries that one sample's noise: on a loaded machine it is not a speed-up to rely on, only a sign that replay costs no more than recording. The determinism count is the figure's point.` +
        (odd.length
          ? ` Replays that differed: ${odd.map((r) => `${r.agent}: ${r.odd.slice(0, 3).join("; ")}${r.odd.length > 3 ? ` (and ${r.odd.length - 3} more)` : ""}`).join(" — ")}.`
          : ` Every replay of every CLI gave the recording's trajectory and shim calls.`),
      "",
      ...(f.example ? [exampleNote(f.example), ""] : []),
    ],
    sections: [],
    how: [
      `14. **Record and replay.** For each of claude-code, codex, gemini, opencode, pi and copilot (the binaries of .agent-clis/; \`BENCH_REPLAY_AGENTS=claude-code,codex\` runs only those), as test/record-replay.test.ts does: a project with one YAML eval (test/helpers/fake-agents.ts \`deployEval\`), the CLI's adapter pointed at its scripted fake model server (test/fakes/: a shell tool call, then a final answer); \`runEvals\` (src/engine) with \`traffic: { mode: "record" }\` once, checked to pass; the results folder copied aside and the fake stopped; then \`runEvals\` with \`traffic: { mode: "replay", from: <the copy> }\` ${f.rounds} times (\`BENCH_REPLAY_ROUNDS\`, default 20, \`--quick\` 2), one after another, in process. Times are each \`runEvals\` call's wall time (the whole run of one trial: workspace, the CLI, the proxy, checks, result files); the ratio is the median replay over the recording. Cassette bytes: the recorded trial's cassette, its JSON text and the \`cassette.json.gz\` stored. The example's recordings: every cassette under evals-example/recordings/ (written by scripts/record-example.ts), its JSON text, gzip-compressed with node:zlib's default level (as the cassettes are stored) and brotli-compressed (node:zlib's default quality), summed and divided by the number of trials. A replay counts as the same when it passed and its trial.json \`trajectory\` and its shim calls (calls.jsonl: bin, argv, exit) equal the recording's.`,
    ],
    raw: f.rows
      .filter((r) => !r.missing)
      .map(
        (r) =>
          `- 14, ${r.agent}: recorded ${r.recordMs.toFixed(0)}; replays ${list(r.replayMs)}; cassette ${r.cassetteBytes} bytes, gzip ${r.gzipBytes}; same ${r.same}/${f.rounds}`,
      ),
  };
}

function exampleNote(e: CassetteSizes): string {
  const per = (bytes: number) => Math.round(bytes / e.trials).toLocaleString("en-US");
  return (
    `Cassette size (figure 14): the example's ${e.trials} committed recordings (evals-example/recordings/, Claude Code, ${e.exchanges} exchanges in all) hold ${per(e.rawBytes)} bytes of JSON per trial, ${per(e.gzipBytes)} bytes gzip-compressed as stored (\`cassette.json.gz\`, ${(e.rawBytes / e.gzipBytes).toFixed(1)}× smaller) and ${per(e.brotliBytes)} bytes brotli-compressed (${(e.rawBytes / e.brotliBytes).toFixed(1)}× smaller, not used). ` +
    `Each request resends the whole conversation, but one request (Claude Code's system prompt and tools, about 50 KB) is longer than deflate's 32 KiB window, so gzip finds little of the previous turn's repeat and grows with the turns; brotli's window (4 MiB) finds it.`
  );
}

export const replay: Figure<ReplayFigure> = {
  id: "14",
  title:
    "record and replay per agent CLI: replayed vs recorded trial time, cassette bytes, determinism",
  inFullRun: true,
  run: ({ options }) => benchReplay(options.replayRounds),
  render: (f) => replayReport(f),
  summary: (f) =>
    `record and replay (${f.rounds} replays): ` +
    f.rows
      .map((r) =>
        r.missing
          ? `${r.agent} not measured`
          : `${r.agent} ${(median(r.replayMs) / r.recordMs).toFixed(2)}×, ${kb(r.cassetteBytes)}, ${r.same}/${f.rounds} same`,
      )
      .join("; "),
};
