// `agent-evals health`: which evals need attention, read from their recorded runs. Over the last
// runs of each eval × agent (a window of HEALTH_WINDOW), an eval is
// - broken: at least 3 runs, none with a single passing trial (usually a broken task or check);
// - saturated: at least 5 runs, every trial of every one passed (ready for a regression suite);
// - flaky: its verdict flipped (passed ↔ not passed between consecutive runs) at least twice;
// - ok otherwise, or new with fewer runs than a rule needs. docs/verdicts.md › Reliability and health states the same rule.

import type { HistoryLine } from "./history.js";

export const HEALTH_WINDOW = 10;

export type HealthState = "broken" | "flaky" | "saturated" | "ok" | "new";

export interface EvalHealth {
  id: string;
  agent: string;
  state: HealthState;
  /** Judged runs in the window (errors and interrupted runs are left out). */
  runs: number;
  /** Verdict changes between consecutive runs, and their share of the run pairs. */
  flips: number;
  flipRate: number;
  /** Passing trials over all trials of the window's runs. */
  trialPassRate: number;
  /** When the newest run of the window started. */
  last: string;
}

const JUDGED = new Set(["passed", "failed", "inconclusive"]);

/** The health of every eval × agent in the history, worst first (broken, flaky, saturated, …). */
export function healthOf(
  history: Map<string, HistoryLine[]>,
  window = HEALTH_WINDOW,
): EvalHealth[] {
  const rows: EvalHealth[] = [];
  for (const [id, lines] of history) {
    const byAgent = new Map<string, HistoryLine[]>();
    for (const line of lines) {
      if (!JUDGED.has(line.status)) continue;
      byAgent.set(line.agent, [...(byAgent.get(line.agent) ?? []), line]);
    }
    for (const [agent, all] of byAgent) {
      const runs = [...all].sort((a, b) => Date.parse(a.time) - Date.parse(b.time)).slice(-window);
      rows.push(healthOfRuns(id, agent, runs));
    }
  }
  const order: Record<HealthState, number> = { broken: 0, flaky: 1, saturated: 2, ok: 3, new: 4 };
  return rows.sort(
    (a, b) =>
      order[a.state] - order[b.state] || a.id.localeCompare(b.id) || a.agent.localeCompare(b.agent),
  );
}

function healthOfRuns(id: string, agent: string, runs: HistoryLine[]): EvalHealth {
  let flips = 0;
  for (let i = 1; i < runs.length; i++)
    if ((runs[i]!.status === "passed") !== (runs[i - 1]!.status === "passed")) flips++;
  const trials = runs.reduce((n, r) => n + r.trials, 0);
  const passes = runs.reduce((n, r) => n + r.passes, 0);
  const state: HealthState =
    runs.length >= 3 && passes === 0
      ? "broken"
      : flips >= 2
        ? "flaky"
        : runs.length >= 5 && runs.every((r) => r.trials > 0 && r.passes === r.trials)
          ? "saturated"
          : runs.length >= 3
            ? "ok"
            : "new";
  return {
    id,
    agent,
    state,
    runs: runs.length,
    flips,
    flipRate: runs.length > 1 ? Math.round((flips / (runs.length - 1)) * 1000) / 1000 : 0,
    trialPassRate: trials ? Math.round((passes / trials) * 1000) / 1000 : 0,
    last: runs.at(-1)?.time ?? "",
  };
}
