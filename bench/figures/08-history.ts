// Figure 8: history. 100k lines read (readAllHistory) and compared (compareRuns) vs reading +
// JSON.parse, in a fresh Node process (bench/ts-helper.mjs history).

import fs from "node:fs";
import path from "node:path";
import type { HistoryLine } from "../../src/store/history.js";
import {
  type BenchOptions,
  type EvalResult,
  type Figure,
  type ReportPart,
  defined,
  helper,
  list,
  log,
  median,
  ms,
  yes,
} from "../harness.js";
import type { HistoryOutput } from "../outputs.js";

const TARGET_HISTORY_MS = 1000;

/** A history as appendHistory writes it: `evals` files, historyLines lines in all, two agents. */
function writeHistory(dir: string, evals: number, historyLines: number) {
  const historyDir = path.join(dir, "history");
  fs.mkdirSync(historyDir, { recursive: true });
  const perEval = historyLines / evals;
  const agents = ["claude-code", "codex"];
  const start = Date.UTC(2026, 0, 1);
  const head: EvalResult[] = [];
  for (let e = 0; e < evals; e++) {
    const lines: string[] = [];
    for (let i = 0; i < perEval; i++) {
      const passes = (i * 7 + e) % 6;
      lines.push(
        JSON.stringify({
          // Mostly in order, with some lines out of order (merged branches, clock skew).
          time: new Date(start + (i % 7 === 0 ? i - 5 : i) * 60_000).toISOString(),
          commit: (e * 100_003 + i).toString(16).padStart(40, "0"),
          ref: "main",
          id: `eval-${e}`,
          agent: agents[i % 2] as string,
          agentVersion: "2.1.332",
          snapshotHash: "a".repeat(64),
          definitionHash: "b".repeat(64),
          trials: 5,
          trialsPlanned: 5,
          passes,
          passRate: passes / 5,
          threshold: 0.8,
          interval: [0.1, 0.9],
          costUsd: 0.12,
          durationMs: 12_345,
          status: passes >= 4 ? "passed" : "failed",
        } satisfies HistoryLine),
      );
    }
    fs.writeFileSync(path.join(historyDir, `eval-${e}.jsonl`), `${lines.join("\n")}\n`);
    for (const agent of agents)
      head.push({
        id: `eval-${e}`,
        file: `evals/eval-${e}.eval.yaml`,
        agent,
        status: "passed",
        passes: 5,
        trialsRun: 5,
        trialsPlanned: 5,
        passRate: 1,
        threshold: 0.8,
        interval: [0.57, 1],
        costUsd: 0.5,
        durationMs: 1000,
        trials: [],
      });
  }
  fs.writeFileSync(path.join(dir, "head.json"), JSON.stringify(head));
  return head.length;
}

function benchHistory(tmp: string, { historyLines, historyRounds }: BenchOptions) {
  const cases = [];
  for (const evals of [1000, 1]) {
    const dir = path.join(tmp, `history-${evals}`);
    const head = writeHistory(dir, evals, historyLines);
    log(`8/8 history: ${historyLines} lines in ${evals} file(s)`);
    const raw = helper<HistoryOutput>(["history", dir, String(historyRounds)]);
    if (raw.lines !== historyLines)
      throw new Error(`history: read ${raw.lines} lines, expected ${historyLines}`);
    cases.push({
      files: evals,
      lines: raw.lines,
      head,
      flagged: raw.flagged,
      raw,
      ours: median(raw.ours),
      floor: median(raw.floor),
    });
  }
  return { cases };
}

function historyReport(h: HistoryFigure, historyRounds: number): ReportPart {
  const rows = h.cases.map(
    (c, i) =>
      `| 8${"ab"[i]}. history: ${c.lines.toLocaleString("en-US")} lines in ${c.files.toLocaleString("en-US")} file(s), read and compared with ${c.head.toLocaleString("en-US")} head results | read + \`JSON.parse\` every line: ${ms(c.floor, 0)} | \`readAllHistory\` + \`compareRuns\`: ${ms(c.ours, 0)} | ${(c.ours / c.floor).toFixed(2)}× | ≤ ${TARGET_HISTORY_MS} ms | ${yes(c.ours <= TARGET_HISTORY_MS)} |`,
  );
  const how = [
    `8. **History.** Generated histories of ${defined(h.cases[0], "figure 8's first case").lines.toLocaleString("en-US")} lines as \`appendHistory\` writes them ` +
      "(time, commit, ref, id, agent, agent version, hashes, counts; two agents, pass rates varying): spread over " +
      h.cases.map((c) => `${c.files.toLocaleString("en-US")} eval file(s)`).join(" and over ") +
      ", with a head run of one result per eval × agent. In a fresh Node process under tsx: `readAllHistory` then " +
      "`compareRuns` (parse, validate, sort each eval × agent's lines by time, Fisher's test, trend), against the floor " +
      `of any JSONL reader (read each file, \`JSON.parse\` each line); ${historyRounds} rounds, alternating which goes first, median.`,
  ];
  const raw = h.cases.map(
    (c, i) =>
      `- 8${"ab"[i]}: ours ${list(c.raw.ours)}; floor ${list(c.raw.floor)}; flagged rows ${c.flagged}`,
  );
  return { rows, notes: [], sections: [], how, raw };
}

type HistoryFigure = ReturnType<typeof benchHistory>;

export const history: Figure<HistoryFigure> = {
  id: "8",
  title: "history: 100,000 lines read and compared vs reading + JSON.parse",
  inFullRun: true,
  run: ({ tmp, options }) => benchHistory(tmp, options),
  render: (h, { options }) => historyReport(h, options.historyRounds),
  summary: (history) =>
    `history: ${history.cases.map((c) => `${c.lines} lines in ${c.files} file(s) ${c.ours.toFixed(0)} ms (floor ${c.floor.toFixed(0)} ms)`).join("; ")} (target ≤ ${TARGET_HISTORY_MS} ms)`,
};
