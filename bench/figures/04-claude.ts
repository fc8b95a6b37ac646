// Figure 4: harness time around one real `claude -p` run (.agent-clis/, against
// bench/fake-claude-api.mjs, a fake Messages API in its own process): the CLI's
// `eval --agent claude-code` vs the bare `claude -p` command.

import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  AGENT_BIN,
  CLAUDE,
  CLI,
  ROOT,
  type Figure,
  type ReportPart,
  type RunResult,
  type TrialRecord,
  interleaved,
  isRoot,
  list,
  log,
  median,
  ms,
  readJson,
  signed,
  timedRun,
  yes,
} from "../harness.js";
import { coldStart } from "./05-cold-start.js";

const FAKE_API = path.join(ROOT, "bench", "fake-claude-api.mjs");
const CLAUDE_PROMPT = "Write hi to out.txt.";
const CLAUDE_COMMAND = "echo hi > out.txt"; // what the fake API's tool_use asks for
const TARGET_CLAUDE_ADDED_MS = 50; // per trial
const CLAUDE_TRIALS = 10; // trials of the one eval, and bare runs, per sample

/** Starts bench/fake-claude-api.mjs; resolves with its URL, its request log and a stop function. */
async function startFakeApi(tmp: string) {
  const logFile = path.join(tmp, "fake-api.log");
  const child = spawn(process.execPath, [FAKE_API, logFile], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, FAKE_BASH_COMMAND: CLAUDE_COMMAND },
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url: string = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(out.slice(0, out.indexOf("\n")).trim());
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`fake API exited ${code} before listening`)));
  });
  let seen = 0;
  return {
    url,
    /** The requests logged since the last call. */
    takeLog() {
      const lines = fs.existsSync(logFile)
        ? fs.readFileSync(logFile, "utf8").split("\n").filter(Boolean)
        : [];
      const fresh = lines.slice(seen);
      seen = lines.length;
      return fresh;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

type FakeApi = Awaited<ReturnType<typeof startFakeApi>>;

function benchClaude(tmp: string, api: FakeApi, pairs: number) {
  const home = path.join(tmp, "claude-home");
  fs.mkdirSync(path.join(home, "tmp"), { recursive: true });
  // What test/fakes/clis.ts fakeClaudeEnv gives the CLI: PATH and locale of the host only, the
  // fake's URL and key, no retries, quiet, temp files under HOME; .agent-clis/bin first on PATH.
  const env = {
    PATH: `${AGENT_BIN}${path.delimiter}${process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin"}`,
    HOME: home,
    LANG: "C.UTF-8",
    TERM: "dumb",
    ANTHROPIC_BASE_URL: api.url,
    ANTHROPIC_API_KEY: "sk-ant-fake-key",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_MAX_RETRIES: "0",
    CLAUDE_CODE_TMPDIR: path.join(home, "tmp"),
    ...(isRoot() ? { IS_SANDBOX: "1" } : {}),
  };
  const version = spawnSync(CLAUDE, ["--version"], { env, encoding: "utf8" }).stdout?.trim();

  const project = path.join(tmp, "claude-project");
  fs.mkdirSync(path.join(project, "evals"), { recursive: true });
  fs.writeFileSync(
    path.join(project, "evals", "claude.eval.yaml"),
    [
      "name: bench-claude",
      `prompt: ${CLAUDE_PROMPT}`,
      `trials: ${CLAUDE_TRIALS}`,
      'sandbox: { fixture: { a: "" } }',
      "assertions:",
      "  files: [out.txt]",
      "",
    ].join("\n"),
  );
  const extraRequests: string[] = [];
  const checkApiLog = (who: string, runs: number = CLAUDE_TRIALS) => {
    const lines = api.takeLog();
    const count = (kind: string) => lines.filter((l) => l === kind).length;
    if (count("tool_use") !== runs || count("text") !== runs)
      throw new Error(
        `${who}: expected ${runs} tool_use and text requests each, got ${lines.join(", ")}`,
      );
    extraRequests.push(...lines.filter((l) => l !== "tool_use" && l !== "text"));
  };

  const bareArgs = [
    "-p",
    CLAUDE_PROMPT,
    "--output-format",
    "stream-json",
    "--verbose",
    "--permission-mode",
    "bypassPermissions",
    "--no-session-persistence",
  ];
  let bareRuns = 0;
  const bareEach: number[] = [];
  // `count` bare runs, one after another, each in a fresh working directory as ours gets a
  // fresh sandbox (made and removed untimed).
  const bareRun = (count = CLAUDE_TRIALS) => {
    let total = 0;
    for (let i = 0; i < count; i++) {
      const work = path.join(tmp, `claude-bare-${++bareRuns}`);
      fs.mkdirSync(work);
      fs.writeFileSync(path.join(work, "a"), "");
      const { wall, stdout } = timedRun(CLAUDE, bareArgs, { cwd: work, env });
      const result = stdout
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { type?: string; subtype?: string })
        .find((e) => e.type === "result");
      if (
        result?.subtype !== "success" ||
        fs.readFileSync(path.join(work, "out.txt"), "utf8") !== "hi\n"
      )
        throw new Error(`bare claude: no successful result or no out.txt:\n${stdout.slice(-2000)}`);
      fs.rmSync(work, { recursive: true, force: true });
      total += wall;
      bareEach.push(wall);
    }
    checkApiLog("bare claude", count);
    return total;
  };
  // Each round's bare runs in two halves that the rotation places around ours (before, after, or
  // one on each side): a load that changes within the round then falls on both alike.
  const firstHalf = Math.ceil(CLAUDE_TRIALS / 2);
  const bareA = () => bareRun(firstHalf);
  const bareB = () => bareRun(CLAUDE_TRIALS - firstHalf);
  const records: { runMs: number[]; trialMs: number[]; agentMs: number[] } = {
    runMs: [],
    trialMs: [],
    agentMs: [],
  };
  const ours = () => {
    const { wall } = timedRun(
      process.execPath,
      [
        CLI,
        "eval",
        "--cwd",
        project,
        "--agent",
        "claude-code",
        "--unsafe-local",
        "--all-trials",
        "--quiet",
      ],
      { env },
    );
    const run = readJson<RunResult>(path.join(project, ".copybook/results/run.json"));
    const e = run.evals[0];
    const t = e?.trials[0];
    if (
      run.evals.length !== 1 ||
      !e ||
      !t ||
      e.agent !== "claude-code" ||
      e.trialsRun !== CLAUDE_TRIALS ||
      e.passes !== CLAUDE_TRIALS
    )
      throw new Error(
        `ours: expected ${CLAUDE_TRIALS}/${CLAUDE_TRIALS} passing claude-code trials, got ${JSON.stringify(e)}`,
      );
    const trial = readJson<TrialRecord>(path.join(project, t.dir, "trial.json"));
    checkApiLog("ours");
    // Per trial: the run's records divided by its trials, the first trial's own records.
    records.runMs.push(run.durationMs / CLAUDE_TRIALS);
    records.trialMs.push(t.durationMs);
    records.agentMs.push(trial.agent.durationMs);
    return wall;
  };

  log("4/8 claude -p: warm-up");
  bareRun(2);
  ours();
  for (const samples of Object.values(records)) samples.length = 0;
  bareEach.length = 0;
  const halves = interleaved({ bareA, ours, bareB }, pairs, "4/8 claude -p");
  const raw = { ours: halves.ours, bare: halves.bareA.map((a, i) => a + (halves.bareB[i] ?? NaN)) };
  // The headline is the median of each round's own difference: ours and its bare runs ran
  // side by side, so what the load did to that round cancels; the spread of those is the noise.
  const pairDiffs = raw.ours.map((o, i) => (o - (raw.bare[i] ?? NaN)) / CLAUDE_TRIALS);
  return {
    raw,
    bareEach,
    version,
    pairDiffs,
    extraRequests,
    // Per trial: each sample is CLAUDE_TRIALS runs.
    bare: median(raw.bare) / CLAUDE_TRIALS,
    ours: median(raw.ours) / CLAUDE_TRIALS,
    added: median(pairDiffs),
    pairAdded: median(pairDiffs),
    runMs: median(records.runMs),
    trialMs: median(records.trialMs),
    agentMs: median(records.agentMs),
  };
}

function claudeReport(c: ClaudeFigure, pairs: number): ReportPart {
  if (c.missing !== undefined) {
    const row = `| 4. harness time around one real \`claude -p\` run | — | — | — | ≤ +${TARGET_CLAUDE_ADDED_MS} ms | not measured: ${c.missing} |`;
    return { rows: [row], notes: [], sections: [], how: [], raw: [] };
  }
  const met = c.added <= TARGET_CLAUDE_ADDED_MS;
  const rows = [
    `| 4. per-trial harness time around the real \`claude\` (fake API: one Bash tool_use, then text; one eval of ${CLAUDE_TRIALS} trials, 1 check; (ours − ${CLAUDE_TRIALS} bare runs) / ${CLAUDE_TRIALS}) | bare \`claude -p\`: ${ms(c.bare, 0)}/run | \`agent-evals eval --agent claude-code\`: ${ms(c.ours, 0)}/trial | ${(c.ours / c.bare).toFixed(2)}× (**${signed(c.added)}**/trial) | ≤ +${TARGET_CLAUDE_ADDED_MS} ms/trial | ${yes(met)} |`,
  ];
  const notes = met
    ? []
    : [
        `**Figure 4 misses its target** by ${(c.added - TARGET_CLAUDE_ADDED_MS).toFixed(0)} ms ` +
          `(${signed(c.added)} against ≤ +${TARGET_CLAUDE_ADDED_MS} ms). See *Around \`claude -p\`* below.`,
        "",
      ];
  const sections = [
    "### Around `claude -p` (diagnostic, figure 4)",
    "",
    `Medians over the ${pairs} timed runs of ours (${CLAUDE_TRIALS} trials each), per trial, from each run's own records (run.json \`durationMs\` / ${CLAUDE_TRIALS}, the first trial's trial.json), so ` +
      "they need not add up exactly:",
    "",
    `- **Outside the engine's run:** ${ms(c.ours - c.runMs, 0)} of the ${ms(c.ours, 0)} (wall clock − run.json ` +
      `\`durationMs\` ${ms(c.runMs, 0)}): Node's start and loading the CLI bundle (figure 5c: \`--version\` alone ` +
      `takes ${c.versionMs === undefined ? "—" : ms(c.versionMs, 0)}), loading and planning the eval, writing ` +
      "run.json and the console report, exit.",
    `- **In the run, around the trial:** ${ms(c.runMs - c.trialMs, 0)} (run.json \`durationMs\` − the trial's ` +
      `\`durationMs\` ${ms(c.trialMs, 0)}): the scheduler, the budget, preparing the eval's sandbox, and writing the ` +
      "history line (the `claude --version` probe and the result cache run while planning, before `durationMs` starts).",
    `- **In the trial, around \`claude\`:** ${ms(c.trialMs - c.agentMs, 0)} (the trial − trial.json ` +
      "`agent.durationMs`): the sandbox, the check, the trial's result files.",
    `- **\`claude\` itself:** ${ms(c.agentMs, 0)} under the harness (trial.json \`agent.durationMs\`) against ` +
      `${ms(c.bare, 0)} for the bare command (timed around \`spawnSync\` by the bench).`,
    ...(c.versionMs !== undefined && c.versionMs / CLAUDE_TRIALS > TARGET_CLAUDE_ADDED_MS
      ? [
          `- **The limit:** the bare command starts no Node process; ours starts one and loads the CLI before ` +
            `anything else, and that alone (figure 5c, \`--version\`: ${ms(c.versionMs, 0)}) is more than the whole ` +
            `+${TARGET_CLAUDE_ADDED_MS} ms budget.`,
        ]
      : []),
    `- Per round (ours − bare of the same round): ${c.pairDiffs.map((d) => signed(d)).join(", ")}; median ${signed(c.pairAdded)}.`,
    ...(c.extraRequests.length
      ? [`- Requests to the fake API beyond the two turns: ${c.extraRequests.join(", ")}.`]
      : [
          "- Every run, ours and bare, made exactly the two Messages requests (one tool_use, one text), nothing else.",
        ]),
    "",
  ];
  const how = [
    `4. **Harness time around \`claude -p\`.** The real \`claude\` ${c.version ?? ""} from .agent-clis/ ` +
      "(`bash scripts/install-agent-clis.sh`) against bench/fake-claude-api.mjs, a stateless plain-JS stand-in " +
      "for the Messages API in its own process (SSE like test/fakes/anthropic.ts): a request whose last message " +
      `holds a tool_result gets a final text, any other one Bash tool_use \`${CLAUDE_COMMAND}\`, so every run ` +
      "gets the same two turns; its request log is checked after every run. Both sides get the same " +
      "environment (test/fakes/clis.ts `fakeClaudeEnv`: host PATH with .agent-clis/bin first, a temp HOME, " +
      "`ANTHROPIC_BASE_URL`/`ANTHROPIC_API_KEY` of the fake, `CLAUDE_CODE_MAX_RETRIES=0`, the quiet variables, " +
      "`CLAUDE_CODE_TMPDIR`" +
      (isRoot() ? ", `IS_SANDBOX=1` as root" : "") +
      ") and stdin ignored. " +
      `Baseline: \`claude -p "${CLAUDE_PROMPT}" --output-format stream-json --verbose --permission-mode ` +
      "bypassPermissions --no-session-persistence` in a fresh temp dir holding one empty file (made and removed " +
      "untimed), checked for a `success` result event and `out.txt` = `hi`. Ours: " +
      "`node dist/cli/index.js eval --cwd <tmp project> --agent claude-code --unsafe-local --quiet` on a YAML " +
      `eval (\`prompt: ${CLAUDE_PROMPT}\`, \`sandbox: { fixture: { a: "" } }\`, \`assertions: { files: [out.txt] }\`, ` +
      `\`trials: ${CLAUDE_TRIALS}\`, \`--all-trials\`), checked to have passed ${CLAUDE_TRIALS}/${CLAUDE_TRIALS} with claude-code; the baseline is ${CLAUDE_TRIALS} bare runs one after another, in two halves of ${Math.ceil(CLAUDE_TRIALS / 2)} and ${CLAUDE_TRIALS - Math.ceil(CLAUDE_TRIALS / 2)}. One warm-up of each, then ` +
      `${pairs} rounds of the three (the halves and ours), the order rotating each round, so that ours runs before, between and after its bare runs; ` +
      `reported per trial: the median over the rounds of (ours − that round's ${CLAUDE_TRIALS} bare runs) / ${CLAUDE_TRIALS} (the spread of those is the noise: see the per-round list above), and the ratio of the medians.`,
  ];
  const raw = [
    `- 4: bare claude (${CLAUDE_TRIALS} runs per round) ${list(c.raw.bare)}; ours ${list(c.raw.ours)}; each bare run ${list(c.bareEach)}`,
  ];
  return { rows, notes, sections, how, raw };
}

/** Figure 4, or why it was not measured; versionMs is figure 5c's, when figure 5 ran too. */
type ClaudeMeasured = ReturnType<typeof benchClaude>;
type ClaudeResult =
  (ClaudeMeasured & { missing?: undefined }) | { missing: string; version?: undefined };
type ClaudeFigure = ClaudeResult & { versionMs?: number };

export const claudeRun: Figure<ClaudeResult> = {
  id: "4",
  title: "harness time around one real `claude -p` run (fake API) vs the bare command",
  inFullRun: true,
  async run({ tmp, options }) {
    if (!fs.existsSync(CLAUDE)) {
      log("4/8 claude -p: skipped, .agent-clis/bin/claude is not installed");
      return {
        missing:
          "`.agent-clis/bin/claude` is not installed: run `bash scripts/install-agent-clis.sh`",
      };
    }
    const api = await startFakeApi(tmp);
    try {
      return benchClaude(tmp, api, options.claudePairs);
    } finally {
      await api.stop();
    }
  },
  render: (c, { options, results }) =>
    claudeReport({ ...c, versionMs: results.get(coldStart)?.version }, options.claudePairs),
  summary: (claude) =>
    claude.missing !== undefined
      ? `claude -p: not measured (${claude.missing})`
      : `claude -p: ours ${claude.ours.toFixed(0)} ms vs bare ${claude.bare.toFixed(0)} ms = ${claude.added >= 0 ? "+" : ""}${claude.added.toFixed(0)} ms, ${(claude.ours / claude.bare).toFixed(2)}× (target ≤ +${TARGET_CLAUDE_ADDED_MS} ms)`,
};
