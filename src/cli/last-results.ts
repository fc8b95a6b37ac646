// What is known of earlier runs: the last run's run.json in the results folder, the checkout's last
// verdict of each eval × agent (.copybook/last-results.json: what earlier runs that selected other
// evals left), and the history folder (--history-dir) when given. `list` and `show` read them;
// nothing here runs an eval.

import path from "node:path";
import { readAllHistory, readBack, readLastResults, type HistoryLine } from "../store/index.js";
import {
  countedTrials,
  type EvalResult,
  type EvalStatus,
  type RunResult,
  RUN_JSON,
} from "../model/index.js";

export interface LastResult {
  status: EvalStatus;
  passes: number;
  trials: number;
  passRate: number;
  time: string;
  commit?: string;
  /** Where it comes from: the last run's run.json, or the history folder. */
  source: "run.json" | "history";
}

export interface KnownResults {
  run?: RunResult;
  /** eval id → its history lines, oldest first. */
  history: Map<string, HistoryLine[]>;
}

export async function readKnownResults(
  projectRoot: string,
  resultsDir: string,
  historyDir: string | undefined,
): Promise<KnownResults> {
  let run: RunResult | undefined;
  // A link or FIFO in run.json's place is said and not read (store/read-back.ts).
  const text = await readBack(path.join(resultsDir, RUN_JSON), {
    without: "nothing is known from the last run",
  }).catch(() => undefined);
  try {
    const parsed = JSON.parse(text ?? "") as RunResult;
    if (Array.isArray(parsed.evals)) run = parsed;
  } catch {
    // no run yet, or not JSON: nothing known from it
  }
  const history = historyDir ? await readAllHistory(historyDir) : new Map<string, HistoryLine[]>();
  for (const line of await readLastResults(projectRoot)) {
    const lines = history.get(line.id) ?? [];
    // The same verdict is in the history folder too when that run was given one.
    if (!lines.some((l) => l.agent === line.agent && l.time === line.time)) lines.push(line);
    history.set(line.id, lines);
  }
  for (const lines of history.values())
    lines.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  return { run, history };
}

/** The newest result of `id` × `agent`, from run.json or the history, whichever is later. */
export function lastResult(known: KnownResults, id: string, agent: string): LastResult | undefined {
  const fromRun = known.run?.evals.find((e) => e.id === id && e.agent === agent);
  const candidates: LastResult[] = [];
  if (fromRun && known.run) candidates.push(fromRunJson(fromRun, known.run));
  const line = (known.history.get(id) ?? []).filter((l) => l.agent === agent).at(-1);
  if (line) {
    candidates.push({
      status: line.status,
      passes: line.passes,
      trials: line.trials,
      passRate: line.passRate,
      time: line.time,
      ...(line.commit ? { commit: line.commit } : {}),
      source: "history",
    });
  }
  return candidates.sort((a, b) => Date.parse(b.time) - Date.parse(a.time))[0];
}

function fromRunJson(e: EvalResult, run: RunResult): LastResult {
  const cached = e.cachedFrom;
  return {
    status: e.status,
    passes: cached ? cached.passes : e.passes,
    trials: cached ? cached.trials : countedTrials(e),
    passRate: e.passRate,
    time: run.startedAt,
    ...(run.commit ? { commit: run.commit } : {}),
    source: "run.json",
  };
}

/** "PASS 3/3 (100%) 2026-11-30 09:50 a1b2c3d" */
export function describeLast(last: LastResult | undefined): string {
  if (!last) return "never run";
  const when = last.time.replace("T", " ").slice(0, 16);
  const rate = last.trials
    ? ` ${last.passes}/${last.trials} (${Math.round(last.passRate * 100)}%)`
    : "";
  return `${last.status.toUpperCase()}${rate} ${when}${last.commit ? ` ${last.commit.slice(0, 7)}` : ""}`;
}
