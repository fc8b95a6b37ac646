// `agent-evals plan [name…]` (and `eval --dry-run`): what would run and what it may cost, or with
// --shards the split into shards. Runs nothing.

import {
  planAgentVersionComparison,
  planComparison,
  planEvals,
  type PlannedRun,
} from "../../engine/index.js";
import { UsageError } from "../../model/index.js";
import type { PlannedUnit } from "../../model/index.js";
import { decisionRule, expectedCost, planPower, planShards } from "../../plan/index.js";
import type { PowerTarget } from "../../plan/index.js";
import { planLines, powerPlanLines, shardPlanLines } from "../../report/index.js";
import type { CommandContext } from "./context.js";
import * as value from "../values.js";
import { say } from "../terminal.js";

/** `compare --dry-run`: both arms of each comparison, what they may cost; runs nothing. */
export async function comparePlanCommand(ctx: CommandContext): Promise<number> {
  const { projectRoot, names, flags } = ctx;
  const target = value.powerTarget(flags);
  const candidate = value.agentVersion(flags);
  if (candidate) {
    const planned = await planAgentVersionComparison({
      projectRoot,
      evals: flags.evals,
      names,
      agents: flags.agent ?? [],
      trials: value.positiveInt("trials", flags.trials),
      candidate,
      margin: value.margin(flags.margin),
      budgetUsd: value.nonNegativeUsd(flags["budget-usd"]),
      historyDir: flags["history-dir"],
      say: (line) => say(`${line}\n`),
      ...(target ? { detect: target } : {}),
    });
    printPlan(planned, projectRoot, target, value.margin(flags.margin));
    return 0;
  }
  const { planned, dispose } = await planComparison({
    projectRoot,
    evals: flags.evals,
    names,
    agents: flags.agent ?? [],
    trials: value.positiveInt("trials", flags.trials),
    base: value.compareBase(flags),
    margin: value.margin(flags.margin),
    budgetUsd: value.nonNegativeUsd(flags["budget-usd"]),
    historyDir: flags["history-dir"],
    ...(target ? { detect: target } : {}),
  });
  await dispose();
  printPlan(planned, projectRoot, target, value.margin(flags.margin));
  return 0;
}

/** The plan as text: notes, each pair, the totals, and with --detect the power plan and its rule. */
function printPlan(
  { plan, notes, cache }: PlannedRun,
  projectRoot: string,
  target: PowerTarget | undefined,
  margin: number | undefined,
): void {
  for (const note of notes) say(`${note}\n`);
  const costOf = (unit: PlannedUnit) => ({ expectedPerTrial: expectedCost(unit, cache) });
  const lines = planLines(plan, projectRoot, costOf);
  // The power plan and its rule before the totals line, which ends the plan.
  if (target)
    lines.splice(
      -1,
      0,
      ...decisionRule(target, margin),
      ...powerPlanLines(planPower(plan, cache.history, target)),
    );
  for (const line of lines) say(`${line}\n`);
}

export async function planCommand({ projectRoot, names, flags }: CommandContext): Promise<number> {
  const format = value.outputFormat(flags.format);
  const shards = value.shardCount(flags.shards);
  const target = value.powerTarget(flags);
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
    // A power plan is for a comparison, where nothing is cached: every pair is planned.
    force: flags.force || target !== undefined,
    noCache: flags["no-cache"],
    margin: value.margin(flags.margin),
    // A replay's plan: every pair runs, no key needed, and a replayed pair costs nothing.
    ...value.traffic(flags, projectRoot),
  });
  const { plan, cache } = planned;
  if (shards !== undefined || format === "json") {
    const split = planShards(plan.units, shards ?? 1, cache.history, plan.traffic);
    if (format === "json") {
      const power =
        target && powerJson(planPower(plan, cache.history, target), value.margin(flags.margin));
      process.stdout.write(`${JSON.stringify(power ? { ...split, power } : split, null, 2)}\n`);
    } else for (const line of shardPlanLines(split)) say(`${line}\n`);
    return 0;
  }
  printPlan(planned, projectRoot, target, value.margin(flags.margin));
  return 0;
}

/** The power plan as `plan --detect --format json` writes it: the units by their keys. */
function powerJson(
  { rows, underPowered, ...rest }: ReturnType<typeof planPower>,
  margin: number | undefined,
) {
  return {
    ...rest,
    rule: decisionRule(rest.target, margin).join("\n"),
    rows: rows.map(({ unit: _unit, ...row }) => row),
    underPowered: underPowered.map((row) => row.key),
  };
}
