// The skill/command/hook evals put back together after shards are merged: each shard saw only its
// own queries and scenarios, so precision, recall and F1 are computed again over all of them.
// They need the definitions; only YAML files can hold them, so only those are read (a TypeScript
// definition is never run here: publishing jobs hold write tokens, and merges need no node_modules).

import { discoverEvalFiles, isYamlFile } from "../../define/discover.js";
import { loadEvals } from "../../define/load.js";
import type { RunResult } from "../../model/result.js";
import { claudeCodeReports, type ClaudeCodeReport } from "./aggregate.js";

/** The reports, or none and why not (the definitions did not load): only the per-eval rows then. */
export async function rebuiltClaudeCodeReports(
  projectRoot: string,
  evals: string[] | undefined,
  run: RunResult,
): Promise<{ reports: ClaudeCodeReport[]; warning?: string }> {
  try {
    const files = (await discoverEvalFiles(projectRoot, evals)).filter(isYamlFile);
    if (files.length === 0) return { reports: [] };
    const specs = await loadEvals(files, { projectRoot, libraryApi: {}, env: process.env });
    const startedAt = new Date(run.startedAt);
    return { reports: await claudeCodeReports(specs, run.evals, { projectRoot, startedAt }) };
  } catch (error) {
    return {
      reports: [],
      warning: `skill/command/hook summaries not rebuilt: their YAML definitions did not load (${(error as Error).message.split("\n")[0]})`,
    };
  }
}
