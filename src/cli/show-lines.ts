// `agent-evals show <id>`: the last trials of one eval — each agent's verdict, its trials with the
// failed checks' evidence (from the last run's run.json) — and its recent history.

import { AgentEvalsError, Codes, RUN_JSON } from "../model/index.js";
import path from "node:path";
import type { EvalResult } from "../model/index.js";
import { evalBlock, percent, usd, type Style } from "../report/index.js";
import type { KnownResults } from "./last-results.js";

export class UnknownEvalError extends AgentEvalsError {
  constructor(message: string) {
    super(Codes.usage, message);
  }
}

const HISTORY_SHOWN = 10;

export function showLines(
  id: string,
  known: KnownResults,
  projectRoot: string,
  resultsDir: string,
  style: Style,
): string[] {
  const results = (known.run?.evals ?? []).filter((e) => e.id === id);
  const history = known.history.get(id) ?? [];
  if (results.length === 0 && history.length === 0) {
    const ids = [
      ...new Set([...(known.run?.evals ?? []).map((e) => e.id), ...known.history.keys()]),
    ].sort();
    throw new UnknownEvalError(
      `no results for ${JSON.stringify(id)} in ${path.join(resultsDir, RUN_JSON)}${
        known.history.size ? " or the history folder" : ""
      }: ${ids.length ? `known: ${ids.join(", ")}` : "run `agent-evals eval` first"}`,
    );
  }
  const lines: string[] = [];
  if (known.run && results.length) {
    lines.push(
      style.bold(
        `${id}: last run ${known.run.startedAt}${known.run.commit ? ` (${known.run.commit.slice(0, 7)})` : ""}`,
      ),
    );
    for (const result of results) {
      // run.json keeps eval files relative to the project; the console report wants them absolute.
      const full: EvalResult = { ...result, file: path.resolve(projectRoot, result.file) };
      // Verbose: every trial with its folder, once.
      lines.push(evalBlock(full, projectRoot, style, true));
    }
    lines.push(
      style.dim(
        `report: ${path.relative(process.cwd(), path.join(resultsDir, "report.html")) || "report.html"}`,
      ),
    );
  } else {
    lines.push(`${id}: not in the last run (${path.join(resultsDir, RUN_JSON)})`);
  }
  if (history.length) {
    lines.push(
      "",
      style.bold(`history (last ${Math.min(HISTORY_SHOWN, history.length)} of ${history.length})`),
    );
    for (const h of history.slice(-HISTORY_SHOWN)) {
      lines.push(
        `  ${h.time.replace("T", " ").slice(0, 16)} ${h.agent} ${h.status} ${h.passes}/${h.trials} (${percent(h.passRate)}) ${usd(h.costUsd)}${h.commit ? ` ${h.commit.slice(0, 7)}` : ""}`,
      );
    }
  }
  return lines;
}
