// run.json: the run result contract (its schema: src/store/run-schema.ts), also what `--format json` prints.

import fs from "node:fs";
import path from "node:path";
import type {
  ComparisonRecord,
  EvalResult,
  ParityOptions,
  RunRateLimits,
  RunResult,
} from "../model/index.js";
import {
  parityRows,
  emptyCounts,
  RESULT_SCHEMA_VERSION,
  withDiagnostics,
  reliabilityOf,
  round6,
  RUN_JSON,
} from "../model/index.js";

export interface RunMeta {
  version: string;
  startedAt: Date;
  durationMs: number;
  commit?: string;
  budgetUsd?: number;
  isolation: string;
  projectRoot: string;
  /** The run's controlled comparisons (compare --base, variants). */
  comparisons?: ComparisonRecord[];
  /** The reference agent and margin of the parity rows (docs/verdicts.md › Parity across agents). */
  parity?: ParityOptions;
}

export function buildRunResult(evals: EvalResult[], meta: RunMeta): RunResult {
  const counts = emptyCounts();
  const parity = parityRows(evals, meta.parity);
  // The verdicts of the evals as defined: a comparison's other arms are compared, not judged.
  for (const e of evals) if (e.arm === undefined) counts[e.status]++;
  return withDiagnostics(
    {
      schemaVersion: RESULT_SCHEMA_VERSION,
      tool: { name: "agent-evals", version: meta.version },
      startedAt: meta.startedAt.toISOString(),
      durationMs: meta.durationMs,
      ...(meta.commit ? { commit: meta.commit } : {}),
      costUsd: round6(evals.reduce((sum, e) => sum + e.costUsd, 0)),
      ...(meta.budgetUsd !== undefined ? { budgetUsd: meta.budgetUsd } : {}),
      counts,
      isolation: meta.isolation,
      // Paths relative to the project, so results read the same on every machine.
      evals: evals.map((e) =>
        withReliability({
          ...e,
          file: path.relative(meta.projectRoot, e.file) || e.file,
        }),
      ),
      ...(meta.comparisons?.length ? { comparisons: meta.comparisons } : {}),
      ...(parity.length ? { parity } : {}),
      ...rateLimitsOf(evals),
    },
    meta.projectRoot,
  );
}

/** The trials' rate limits added up, when any trial met one (docs/reliability.md › Rate limits). */
export function rateLimitsOf(evals: EvalResult[]): { rateLimits?: RunRateLimits } {
  const sum: RunRateLimits = { absorbed: 0, heldMs: 0, retries: 0, trials: 0 };
  for (const e of evals)
    for (const t of e.trials) {
      if (!t.rateLimits) continue;
      sum.trials += 1;
      sum.absorbed += t.rateLimits.absorbed;
      sum.heldMs += t.rateLimits.heldMs;
      sum.retries += t.rateLimits.retries ?? 0;
    }
  return sum.trials > 0 ? { rateLimits: sum } : {};
}

/** pass@k and pass^k beside the pass rate, for results whose trials ran (not cached, not skipped). */
function withReliability(e: EvalResult): EvalResult {
  const judged = e.trials.filter((t) => t.status === "passed" || t.status === "failed");
  const reliability = reliabilityOf(
    judged.filter((t) => t.status === "passed").length,
    judged.length,
  );
  return reliability ? { ...e, reliability } : e;
}

/**
 * Writes run.json as `JSON.stringify(run, null, 2)` would, an eval at a time: the whole text of a
 * run of thousands of trials (megabytes) is never one string in memory.
 */
export async function writeRunJson(resultsDir: string, run: RunResult): Promise<string> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, RUN_JSON);
  // The top level with no eval: its "evals" line is where they go, each indented by one level more.
  const [before, after] = `${JSON.stringify({ ...run, evals: [] }, null, 2)}\n`.split(EMPTY_EVALS);
  const fd = fs.openSync(file, "w");
  try {
    fs.writeSync(fd, before!);
    if (run.evals.length === 0) fs.writeSync(fd, EMPTY_EVALS);
    else {
      fs.writeSync(fd, '\n  "evals": [');
      run.evals.forEach((e, i) => {
        const json = JSON.stringify(e, null, 2).replace(/\n/g, "\n    ");
        fs.writeSync(fd, `${i ? "," : ""}\n    ${json}`);
      });
      fs.writeSync(fd, "\n  ]");
    }
    fs.writeSync(fd, after!);
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

/** The "evals" line of the run's top level, empty: JSON strings never hold a raw newline. */
const EMPTY_EVALS = '\n  "evals": []';
