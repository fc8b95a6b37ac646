// `agent-evals merge`: shards' results (each a results folder with run.json and evals/) into one run,
// as if one process had run every shard's trials.

import {
  AgentEvalsError,
  Codes,
  emptyCounts,
  RESULT_SCHEMA_VERSION,
  type RunResult,
  withDiagnostics,
  round6,
  RUN_JSON,
  errorMessage,
} from "../model/index.js";
import { promises as fs } from "node:fs";
import { parseRunResult } from "./run-schema.js";
import path from "node:path";
import { readRegularSync } from "../util/index.js";
import { copyRegularTree } from "./copy-regular.js";

/** A run.json larger than this was not written by a run (a shard's artifact can be anything). */
const RUN_JSON_CAP = 256 * 1024 * 1024;

export class MergeError extends AgentEvalsError {
  constructor(message: string) {
    super(Codes.mergeFailed, message);
  }
}

async function readRun(dir: string): Promise<RunResult> {
  const file = path.join(dir, RUN_JSON);
  let value: unknown;
  try {
    value = JSON.parse(readRunJson(file));
  } catch (error) {
    throw new MergeError(
      `${file}: not a readable run.json (${errorMessage(error)}); pass results folders written by \`agent-evals eval\``,
    );
  }
  const version = (value as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (version !== RESULT_SCHEMA_VERSION) {
    throw new MergeError(
      `${file}: schemaVersion ${String(version)} is not ${RESULT_SCHEMA_VERSION}; merge results of the same agent-evals version`,
    );
  }
  // Checked field by field before anything adds it up or renders it: it may come from a fork.
  const parsed = parseRunResult(value);
  if (!parsed.ok)
    throw new MergeError(
      `${file}: not a valid run.json (${parsed.problems.join("; ")}); pass results folders written by \`agent-evals eval\` of this version`,
    );
  return parsed.run;
}

/** run.json's text: a regular file, not a link or FIFO, under the cap; else throws why not. */
function readRunJson(file: string): string {
  const read = readRegularSync(file, RUN_JSON_CAP);
  if (read.kind === "missing") throw new Error("no such file");
  if (read.kind === "refused") throw new Error(`it is ${read.what}, not a file`);
  if (read.truncated) throw new Error(`it is over ${RUN_JSON_CAP} bytes`);
  return read.bytes.toString("utf8");
}

/** The merged run of several shards. Throws MergeError when two shards ran the same eval × agent. */
export function mergeRunResults(runs: RunResult[]): RunResult {
  if (runs.length === 0) throw new MergeError("nothing to merge: pass at least one results folder");
  const seen = new Set<string>();
  const evals = runs.flatMap((run) => run.evals);
  for (const e of evals) {
    const key = `${e.id}${e.arm ? ` @ ${e.arm}` : ""} [${e.agent}]`;
    if (seen.has(key))
      throw new MergeError(
        `${key} is in more than one shard's results: were the shards of the same split (--shard i/n)?`,
      );
    seen.add(key);
  }
  const order = (e: (typeof evals)[number]) => `${e.id}\u0000${e.agent}\u0000${e.arm ?? ""}`;
  evals.sort((a, b) => (order(a) < order(b) ? -1 : 1));
  const comparisons = runs.flatMap((run) => run.comparisons ?? []);
  const counts = emptyCounts();
  for (const e of evals) if (e.arm === undefined) counts[e.status]++;
  const budgets = runs.map((r) => r.budgetUsd).filter((b): b is number => b !== undefined);
  const starts = runs.map((r) => Date.parse(r.startedAt));
  const ends = runs.map((r, i) => starts[i]! + r.durationMs);
  const first = runs[0]!;
  return withDiagnostics({
    ...first,
    startedAt: new Date(Math.min(...starts)).toISOString(),
    durationMs: Math.max(...ends) - Math.min(...starts),
    costUsd: round6(runs.reduce((sum, r) => sum + r.costUsd, 0)),
    ...(budgets.length ? { budgetUsd: budgets.reduce((a, b) => a + b, 0) } : {}),
    counts,
    evals,
    ...(comparisons.length ? { comparisons } : { comparisons: undefined }),
    // One interrupted shard makes the whole run interrupted (its unfinished evals are incomplete).
    ...(runs.some((r) => r.interrupted) ? { interrupted: true } : { interrupted: undefined }),
  });
}

/**
 * Merge results folders into `outDir`: run.json plus every shard's trial folders. With
 * `relocate`, each trial's `dir` (relative to the project root, under the results folder the
 * shard ran with) is rewritten to where the merged copy sits under `outDir`, so run.json,
 * report.html and the skill summaries find the trials wherever the merge was written. Only
 * folders and regular files are copied: `skipped` names the links and special files left behind.
 */
export async function mergeResultDirs(
  dirs: string[],
  outDir: string,
  relocate?: { projectRoot: string; resultsDir: string },
): Promise<{ run: RunResult; skipped: string[] }> {
  const runs = await Promise.all(dirs.map(readRun));
  const merged = mergeRunResults(
    relocate ? runs.map((run) => relocated(run, outDir, relocate)) : runs,
  );
  await fs.mkdir(outDir, { recursive: true });
  const skipped: string[] = [];
  for (const dir of dirs) {
    const evalsDir = path.join(dir, "evals");
    if (path.resolve(evalsDir) === path.resolve(outDir, "evals")) continue;
    skipped.push(...(await copyRegularTree(evalsDir, path.join(outDir, "evals"))));
  }
  // Replaced, not written through: a link planted at run.json stays untouched.
  const runJson = path.join(outDir, RUN_JSON);
  await fs.rm(runJson, { force: true });
  await fs.writeFile(runJson, `${JSON.stringify(merged, null, 2)}\n`, { flag: "wx" });
  return { run: merged, skipped };
}

function relocated(
  run: RunResult,
  outDir: string,
  { projectRoot, resultsDir }: { projectRoot: string; resultsDir: string },
): RunResult {
  const from = path.relative(projectRoot, resultsDir);
  const move = (dir: string): string => {
    const rest = path.relative(from, dir);
    if (rest.startsWith("..") || path.isAbsolute(rest)) return dir; // not under the results folder
    return path.relative(projectRoot, path.join(outDir, rest));
  };
  return {
    ...run,
    evals: run.evals.map((e) => ({
      ...e,
      trials: e.trials.map((t) => ({ ...t, dir: move(t.dir) })),
    })),
  };
}
