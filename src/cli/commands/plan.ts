// `agent-evals plan [name…]` (and `eval --dry-run`): what would run and what it may cost, or with
// --shards the split into shards. Runs nothing.

import { planComparison, planEvals, type PlannedRun } from "../../engine/index.js";
import { UsageError } from "../../model/index.js";
import type { PlannedUnit } from "../../model/index.js";
import { expectedCost, planShards } from "../../plan/index.js";
import { planLines, shardPlanLines } from "../../report/index.js";
import type { CommandContext } from "./context.js";
import * as value from "../values.js";
import { say } from "../terminal.js";

/** `compare --dry-run`: both arms of each comparison, what they may cost; runs nothing. */
export async function comparePlanCommand(ctx: CommandContext): Promise<number> {
  const { projectRoot, names, flags } = ctx;
  const { planned, dispose } = await planComparison({
    projectRoot,
    evals: flags.evals,
    names,
    agents: flags.agent ?? [],
    trials: value.positiveInt("trials", flags.trials),
    base: value.compareBase(flags),
    margin: value.margin(flags.margin),
    budgetUsd: value.nonNegativeUsd(flags["budget-usd"]),
  });
  await dispose();
  printPlan(planned, projectRoot);
  return 0;
}

function printPlan({ plan, notes, cache }: PlannedRun, projectRoot: string): void {
  for (const note of notes) say(`${note}\n`);
  const costOf = (unit: PlannedUnit) => ({ expectedPerTrial: expectedCost(unit, cache) });
  for (const line of planLines(plan, projectRoot, costOf)) {
    say(`${line}\n`);
  }
}

export async function planCommand({ projectRoot, names, flags }: CommandContext): Promise<number> {
  const format = value.outputFormat(flags.format);
  const shards = value.shardCount(flags.shards);
  if (shards !== undefined && flags.shard)
    throw new UsageError("--shards and --shard exclude each other");
  const planned = await planEvals({
    budgetUsd: value.nonNegativeUsd(flags["budget-usd"]),
    projectRoot,
    evals: flags.evals,
    names,
    axis: flags.axis,
    agents: flags.agent ?? [],
    trials: value.positiveInt("trials", flags.trials),
    changedBase: value.changedBase(flags),
    shard: value.shard(flags.shard),
    shardPlan: await value.shardPlan(flags),
    historyDir: flags["history-dir"],
    force: flags.force,
    noCache: flags["no-cache"],
    margin: value.margin(flags.margin),
    // A replay's plan: every pair runs, no key needed, and a replayed pair costs nothing.
    ...value.traffic(flags, projectRoot),
  });
  const { plan, cache } = planned;
  if (shards !== undefined || format === "json") {
    const split = planShards(plan.units, shards ?? 1, cache.history, plan.traffic);
    if (format === "json") process.stdout.write(`${JSON.stringify(split, null, 2)}\n`);
    else for (const line of shardPlanLines(split)) say(`${line}\n`);
    return 0;
  }
  printPlan(planned, projectRoot);
  return 0;
}
