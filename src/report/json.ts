// run.json: the run result contract (DESIGN.md §5), also what `--format json` prints.

import fs from "node:fs";
import path from "node:path";
import type { ComparisonRecord, EvalResult, RunResult } from "../model/index.js";
import {
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
}

export function buildRunResult(evals: EvalResult[], meta: RunMeta): RunResult {
  const counts = emptyCounts();
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
    },
    meta.projectRoot,
  );
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

export async function writeRunJson(resultsDir: string, run: RunResult): Promise<string> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, RUN_JSON);
  fs.writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  return file;
}
