// Figure 9: call-log flood. 1,500 shim calls with a 120 KB argument each vs the same calls with a
// 1-byte one: peak RSS of the CLI, report.html and calls.jsonl; and an agent flooding its stdout.

import fs from "node:fs";
import path from "node:path";
import {
  CLI,
  CLI_SHOWN,
  PROBE,
  type BenchOptions,
  type Figure,
  type ReportPart,
  type RunResult,
  defined,
  list,
  log,
  median,
  readJson,
  rotated,
  timedRun,
  yes,
} from "../harness.js";
import type { ProbeOutput } from "../outputs.js";

const FLOOD_ARG_BYTES = 120 * 1024;
const TARGET_FLOOD_RSS_MB = 300;
const TARGET_FLOOD_REPORT_KB = 1024;

/**
 * An eval whose literal agent makes floodCalls calls of a stubbed `vendor`, each with one
 * argument of `argBytes` bytes (an agent can make the call log as big as it likes).
 */
/** One kind of run's records. */
interface FloodRecord {
  kind: string;
  walls: number[];
  rss: number[];
  reportBytes: number;
  callsBytes: number;
}

function floodYaml(argBytes: number, floodCalls: number) {
  return [
    "name: flood",
    "prompt: |",
    "  Call the vendor CLI many times.",
    "",
    "  ```sh",
    `  arg=$(head -c ${argBytes} /dev/zero | tr '\\0' x)`,
    `  i=0; while [ $i -lt ${floodCalls} ]; do vendor "$i" "$arg"; i=$((i + 1)); done`,
    "  ```",
    "agents: [literal]",
    "timeout: 3600",
    'sandbox: { fixture: { a: "" } }',
    "shims: { vendor: { exitCode: 0 } }",
    "assertions:",
    "  files: [a]",
    "",
  ].join("\n");
}

/**
 * An eval whose literal agent writes stdoutFloodBytes of 100-byte lines to its stdout (capped
 * by the harness at 10 MiB): what the CLI holds while an agent floods its output.
 */
function stdoutFloodYaml(stdoutFloodBytes: number) {
  return [
    "name: flood",
    "prompt: |",
    "  Print a lot.",
    "",
    "  ```sh",
    `  yes "$(head -c 99 /dev/zero | tr '\\0' x)" | head -c ${stdoutFloodBytes}`,
    "  ```",
    "agents: [literal]",
    "timeout: 3600",
    'sandbox: { fixture: { a: "" } }',
    "assertions:",
    "  files: [a]",
    "",
  ].join("\n");
}

function benchCallFlood(tmp: string, { floodCalls, floodSamples, stdoutFloodBytes }: BenchOptions) {
  const run = (kind: "big" | "small" | "stdout") => {
    const dir = path.join(tmp, `flood-${kind}`);
    fs.mkdirSync(path.join(dir, "evals"), { recursive: true });
    fs.writeFileSync(
      path.join(dir, "evals", "flood.eval.yaml"),
      kind === "stdout"
        ? stdoutFloodYaml(stdoutFloodBytes)
        : floodYaml(kind === "big" ? FLOOD_ARG_BYTES : 1, floodCalls),
    );
    const record: FloodRecord = { kind, walls: [], rss: [], reportBytes: 0, callsBytes: 0 };
    const once = () => {
      const probeFile = path.join(tmp, "probe-flood.json");
      const { wall } = timedRun(
        process.execPath,
        ["--import", PROBE, CLI, "eval", "--cwd", dir, "--unsafe-local", "--quiet"],
        { env: { ...process.env, LC_ALL: "C", AGENT_EVALS_BENCH_PROBE: probeFile } },
      );
      const results = path.join(dir, ".copybook/results");
      const result = readJson<RunResult>(path.join(results, "run.json"));
      const trial = result.evals[0]?.trials[0];
      if (trial?.status !== "passed" || (kind !== "stdout" && trial.calls !== floodCalls))
        throw new Error(
          `flood (${kind}): expected a passing trial of ${floodCalls} calls, got ${JSON.stringify(trial)}`,
        );
      record.reportBytes = fs.statSync(path.join(results, "report.html")).size;
      record.callsBytes =
        kind === "stdout" ? 0 : fs.statSync(path.join(dir, trial.dir, "calls.jsonl")).size;
      const probe = readJson<ProbeOutput>(probeFile);
      record.rss.push(probe.peakRssKb / 1024);
      return wall;
    };
    return { record, once };
  };
  const runs = [run("big"), run("small"), run("stdout")];
  for (let i = 0; i < floodSamples; i++) {
    for (const { record, once } of rotated(runs, i)) {
      log(
        record.kind === "stdout"
          ? `9 stdout flood: ${stdoutFloodBytes} bytes (run ${i + 1}/${floodSamples})`
          : `9 call-log flood: ${floodCalls} calls, ${record.kind} argument (run ${i + 1}/${floodSamples})`,
      );
      record.walls.push(once());
    }
  }
  const [big, small, stdout] = runs.map(({ record }) => ({
    ...record,
    wall: median(record.walls),
    rssMb: median(record.rss),
  }));
  return {
    big: defined(big, "the big-argument run"),
    small: defined(small, "the small-argument run"),
    stdout: defined(stdout, "the stdout-flood run"),
  };
}

function floodReport(
  f: FloodFigure,
  { floodCalls, floodSamples, stdoutFloodBytes }: BenchOptions,
): ReportPart {
  const { big, small, stdout } = f;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const calls = floodCalls.toLocaleString("en-US");
  const rows = [
    `| 9a. call-log flood: ${calls} shim calls × ${FLOOD_ARG_BYTES / 1024} KB argument, literal agent: peak RSS of the CLI | ${calls} calls × 1-byte argument: ${small.rssMb.toFixed(0)} MB | ${big.rssMb.toFixed(0)} MB | ${(big.rssMb / small.rssMb).toFixed(2)}× | ≤ ${TARGET_FLOOD_RSS_MB} MB | ${yes(big.rssMb <= TARGET_FLOOD_RSS_MB)} |`,
    `| 9b. same, report.html | 1-byte argument: ${kb(small.reportBytes)} | ${kb(big.reportBytes)} | ${(big.reportBytes / small.reportBytes).toFixed(2)}× | ≤ ${TARGET_FLOOD_REPORT_KB} KB | ${yes(big.reportBytes <= TARGET_FLOOD_REPORT_KB * 1024)} |`,
  ];
  const notes = [];
  if (big.rssMb > TARGET_FLOOD_RSS_MB || big.reportBytes > TARGET_FLOOD_REPORT_KB * 1024)
    notes.push(
      `**Figure 9 misses its target**: peak RSS ${big.rssMb.toFixed(0)} MB, report.html ${kb(big.reportBytes)}. ` +
        "What limits it: the call log's caps (src/run/call-log.ts) and the report's (HTML_CAPS in src/report/html.ts) " +
        "bound what is held and embedded; a miss means one of them is not applied on some path.",
      "",
    );
  const sections = [
    "### Call-log flood (diagnostic, figure 9)",
    "",
    "| argument | wall | peak RSS | calls.jsonl | report.html |",
    "| --- | --- | --- | --- | --- |",
    ...[big, small].map(
      (r) =>
        `| ${r.kind === "big" ? `${FLOOD_ARG_BYTES / 1024} KB` : "1 byte"} | ${(r.wall / 1000).toFixed(1)} s | ${r.rssMb.toFixed(0)} MB | ${mb(r.callsBytes)} | ${kb(r.reportBytes)} |`,
    ),
    "",
    `An agent that writes ${mb(stdoutFloodBytes)} of 100-byte lines to its stdout (no shim calls): ` +
      `${(stdout.wall / 1000).toFixed(1)} s, the CLI's peak RSS ${stdout.rssMb.toFixed(0)} MB, report.html ${kb(stdout.reportBytes)} ` +
      "(agent.stdout is cut at 10 MiB and streamed to its file; nothing of it is held whole).",
    "",
    `- The raw log the shims write holds every byte (${mb(floodCalls * FLOOD_ARG_BYTES)} of arguments); the CLI reads it a ` +
      "chunk at a time, keeps each argument's first and last 2 KiB, records up to 10,000 calls and 16 MiB, and " +
      "writes calls.jsonl as it goes; report.html embeds the first calls with each argument cut to 1,000 characters.",
    "",
  ];
  const how = [
    `9. **Call-log flood.** A YAML eval whose literal agent runs \`vendor "$i" "$arg"\` ${calls} times (a stubbed shim), ` +
      `\`$arg\` being ${FLOOD_ARG_BYTES.toLocaleString("en-US")} bytes, against the same eval with a 1-byte argument, run by ` +
      `\`node ${CLI_SHOWN} eval --cwd <tmp> --unsafe-local --quiet\`; ${floodSamples} run(s) each, ` +
      "alternating, median. Every run is checked to have passed with every call counted. Peak RSS is the CLI " +
      "process's own (VmHWM, by bench/probe.mjs; the agent's processes not included).",
  ];
  const raw = [
    `- 9, wall: big ${list(big.walls)}; small ${list(small.walls)}`,
    `- 9, peak RSS (MB): big ${list(big.rss)}; small ${list(small.rss)}`,
  ];
  return { rows, notes, sections, how, raw };
}

type FloodFigure = ReturnType<typeof benchCallFlood>;

export const callFlood: Figure<FloodFigure> = {
  id: "9",
  title:
    "call-log flood: shim calls with a 120 KB argument vs a 1-byte one (peak RSS, report.html)",
  inFullRun: true,
  run: ({ tmp, options }) => benchCallFlood(tmp, options),
  render: (f, { options }) => floodReport(f, options),
  summary: (flood, { options }) =>
    `call-log flood (${options.floodCalls} calls): peak RSS ${flood.big.rssMb.toFixed(0)} MB with ${FLOOD_ARG_BYTES / 1024} KB arguments vs ${flood.small.rssMb.toFixed(0)} MB with 1 byte (target ≤ ${TARGET_FLOOD_RSS_MB} MB); report.html ${(flood.big.reportBytes / 1024).toFixed(0)} KB vs ${(flood.small.reportBytes / 1024).toFixed(0)} KB; calls.jsonl ${(flood.big.callsBytes / 1024 / 1024).toFixed(1)} MB`,
};
