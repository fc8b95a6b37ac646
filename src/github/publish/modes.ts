// The Action's sharded modes. `plan` splits the suite for the matrix (nothing runs); shard jobs run
// in the ordinary mode with `shard` (+ the plan's `shard-plan`) and `history: read`; `publish`
// merges their results folders into one run and reports it once (summary, comment, history).

import { promises as fs } from "node:fs";
import path from "node:path";
import * as core from "../runner.js";
import { mergeRuns, planEvals, writeEmptyRun, type RunEvalsOutcome } from "../../engine/index.js";
import { AgentEvalsError, Codes, HISTORY_FILE, RUN_JSON } from "../../model/index.js";
import { historyLineText, parseHistory, readBack, type HistoryLine } from "../../store/index.js";
import { outgoingRedactor } from "../../util/index.js";
import {
  planShards,
  type BaseSpec,
  type ShardPlan,
  pairKey,
  type ShardAssignment,
} from "../../plan/index.js";
import { shardPlanLines } from "../../report/index.js";
import type { ActionInputs } from "../inputs.js";
import { trafficOf } from "../traffic.js";

export { HISTORY_FILE };

/** plan mode: the shard split and the matrix, as outputs and in the step summary. */
export async function planMode(
  inputs: ActionInputs,
  projectRoot: string,
  options: { historyDir?: string; changedBase?: BaseSpec },
): Promise<ShardPlan> {
  const { plan, notes, cache } = await planEvals({
    projectRoot,
    evals: inputs.evals.length ? inputs.evals : undefined,
    agents: inputs.agents,
    trials: inputs.trials,
    changedBase: options.changedBase,
    historyDir: options.historyDir,
    force: inputs.force,
    budgetUsd: inputs.budgetUsd,
    // What the shard jobs will run with: every pair runs (no cached verdict stands in), and a
    // replay needs no API key. A replay folder that is not there fails here, before any shard.
    ...trafficOf(inputs, projectRoot),
    env: process.env,
  });
  for (const note of notes) core.info(note);
  const split = planShards(plan.units, inputs.shards, cache.history, plan.traffic);
  const lines = shardPlanLines(split);
  for (const line of lines) core.info(line);
  const assignment: ShardAssignment = { count: split.count, shards: split.shards };
  core.setOutput("matrix", JSON.stringify(split.matrix));
  core.setOutput("shard-plan", JSON.stringify(assignment));
  core.setOutput("shard-count", split.count);
  core.setOutput("balance", split.balance);
  core.setOutput("pairs", plan.units.length);
  await core.summary
    .addHeading(`agent-evals plan: ${plan.units.length} pair(s) in ${split.count} shard(s)`, 3)
    .addCodeBlock(lines.join("\n"))
    .write()
    .catch((error: Error) => core.warning(`step summary: ${error.message}`));
  return split;
}

/** Results folders under `dir`: itself, or its subfolders (one per downloaded artifact), sorted. */
export async function shardResultDirs(dir: string): Promise<string[]> {
  const has = (d: string) =>
    fs.stat(path.join(d, RUN_JSON)).then(
      () => true,
      () => false,
    );
  if (await has(dir)) return [dir];
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const dirs = entries
    .filter((e) => e.isDirectory())
    .map((e) => path.join(dir, e.name))
    .sort();
  const found: string[] = [];
  for (const d of dirs) if (await has(d)) found.push(d);
  return found;
}

/** publish mode: the shards' results merged into the project's results folder, as one run. */
export async function publishMode(
  inputs: ActionInputs,
  projectRoot: string,
): Promise<RunEvalsOutcome & { missing: string[] }> {
  if (inputs.shardPlan && inputs.shardPlan.shards.flat().length === 0) {
    // The plan chose nothing (changed-only, and no eval is affected): no shard ran, so there is
    // nothing to merge. An empty run, so the comment and the summary say that nothing ran rather
    // than keep showing an earlier commit's results.
    core.info("publish: the plan chose no eval × agent pair; nothing to merge");
    return { ...(await writeEmptyRun(projectRoot)), missing: [] };
  }
  const from = path.resolve(projectRoot, inputs.mergeFrom!);
  const dirs = await shardResultDirs(from);
  if (dirs.length === 0)
    throw new PublishError(
      `merge-from ${inputs.mergeFrom}: no run.json in it or its subfolders; download the shards' artifacts there first`,
    );
  core.info(
    `publish: merging ${dirs.length} shard result(s): ${dirs.map((d) => path.relative(from, d) || ".").join(", ")}`,
  );
  const merged = await mergeRuns(dirs, {
    projectRoot,
    evals: inputs.evals.length ? inputs.evals : undefined,
  });
  // The summaries need the definitions (this job's checkout); without them only the rows remain.
  if (merged.warning) core.warning(merged.warning);
  for (const line of merged.skipped) core.warning(line);
  const historyLines: HistoryLine[] = [];
  for (const dir of dirs) {
    // From a downloaded artifact: a link (to a secret, to /dev/zero) or a FIFO is said, not read.
    const text = await readBack(path.join(dir, HISTORY_FILE), {
      without: "that shard's history lines are not recorded",
      warn: (message) => core.warning(`publish: ${message}`),
    }).catch(() => undefined);
    historyLines.push(...parseHistory(text ?? ""));
  }
  const present = new Set(
    merged.run.evals.map((e) => pairKey({ spec: { id: e.id }, agentName: e.agent })),
  );
  const missing = (inputs.shardPlan?.shards.flat() ?? []).filter((key) => !present.has(key));
  let exitCode = merged.exitCode;
  if (missing.length) {
    core.error(
      `${missing.length} planned pair(s) have no results (a shard failed before uploading?): ${missing.join(", ")}`,
      { title: "agent-evals: shard results missing" },
    );
    exitCode = 2;
  }
  return {
    run: merged.run,
    exitCode,
    resultsDir: merged.resultsDir,
    historyLines,
    missing,
    summaries: merged.summaries,
  };
}

export class PublishError extends AgentEvalsError {
  constructor(message: string) {
    super(Codes.mergeFailed, message);
  }
}

/** Run mode: the run's history lines beside run.json, for a publishing job (history: read). */
export async function writeHistoryLines(resultsDir: string, lines: HistoryLine[]): Promise<void> {
  // As appendHistory writes them: keys in order, redacted.
  const redact = outgoingRedactor();
  // Whatever is in its place (a link an agent planted) goes first; "wx" never writes through one.
  const file = path.join(resultsDir, HISTORY_FILE);
  await fs.rm(file, { force: true });
  await fs.writeFile(file, lines.map((line) => historyLineText(line, redact)).join(""), {
    flag: "wx",
  });
}
