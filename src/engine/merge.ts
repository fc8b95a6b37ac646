// Merge: shards' results folders merged into one run, with the summaries of evals spread over
// several parts computed again over all of them.

import path from "node:path";
import { RESULTS_DIR, exitCodeFor, type RunResult, errorMessage } from "../model/index.js";
import { refuseLinkedOwnFolder, lockResults, mergeResultDirs } from "../store/index.js";
import { writeReportFiles } from "../report/index.js";
import { reportSections, summarize, type KindSummary } from "../kinds/index.js";
import { loadDefinitions } from "./definitions.js";

export interface MergeRunsOptions {
  projectRoot: string;
  /** Where the merged run goes (default: the project's results folder). */
  outDir?: string;
  /** The eval globs the run used: the definitions the summaries are rebuilt from. */
  evals?: string[];
}

export interface MergedRun {
  run: RunResult;
  exitCode: 0 | 1 | 2;
  resultsDir: string;
  summaries: KindSummary[];
  /** Why the summaries could not be rebuilt, when they could not. */
  warning?: string;
  /** The links and special files in the shards' trial folders, not copied (one line each). */
  skipped: string[];
}

/**
 * Shards' results folders merged into one run, as if one process had run every shard's trials:
 * run.json, the trial folders, report.html and junit.xml, and the summaries of evals spread over
 * several parts, computed again over all of them (each shard saw only its own part). Takes the
 * output folder's lock, as a run does. Used by `agent-evals merge` and the Action's publish mode.
 */
export async function mergeRuns(dirs: string[], options: MergeRunsOptions): Promise<MergedRun> {
  const projectRoot = path.resolve(options.projectRoot);
  const outDir = options.outDir ?? path.join(projectRoot, RESULTS_DIR);
  refuseLinkedOwnFolder(projectRoot, outDir);
  const unlock = await lockResults(outDir);
  try {
    const { run, skipped } = await mergeResultDirs(dirs, outDir, {
      projectRoot,
      resultsDir: path.join(projectRoot, RESULTS_DIR),
    });
    const { summaries, warning } = await rebuiltSummaries(projectRoot, options.evals, run);
    await writeReportFiles(run, {
      projectRoot,
      resultsDir: outDir,
      sections: reportSections(summaries),
    });
    const exitCode = exitCodeFor(run.evals);
    return { run, exitCode, resultsDir: outDir, summaries, warning, skipped };
  } finally {
    await unlock();
  }
}

/**
 * The summaries of a merged run, from the project's definitions. Only YAML files are read: a
 * TypeScript definition is never run here (publishing jobs hold write tokens, and merges need no
 * node_modules), and only YAML formats have parts to add up.
 */
async function rebuiltSummaries(
  projectRoot: string,
  evals: string[] | undefined,
  run: RunResult,
): Promise<{ summaries: KindSummary[]; warning?: string }> {
  try {
    const specs = await loadDefinitions({ projectRoot, evals, yamlOnly: true });
    if (specs.length === 0) return { summaries: [] };
    const startedAt = new Date(run.startedAt);
    const own = run.evals.filter((r) => r.arm === undefined);
    return { summaries: await summarize(specs, own, { projectRoot, startedAt }) };
  } catch (error) {
    return {
      summaries: [],
      warning: `skill/command/hook summaries not rebuilt: their YAML definitions did not load (${errorMessage(error).split("\n")[0]})`,
    };
  }
}
