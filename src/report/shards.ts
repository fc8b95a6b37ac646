// What `agent-evals plan --shards N` prints: each shard's pairs and expectations, and the balance.

import type { ShardPlan } from "../plan/index.js";
import { usd } from "./console.js";

export function shardPlanLines(plan: ShardPlan): string[] {
  const lines = plan.summaries.map((s) => {
    const budget = s.budgetUsd !== undefined ? `, budget ${usd(s.budgetUsd)}` : "";
    const time = s.expectedDurationMs ? `, expected ${seconds(s.expectedDurationMs)}` : "";
    return `shard ${s.shard}: ${s.pairs.length} pair(s), ${s.trials} trial(s)${time}, expected cost ${usd(s.expectedCostUsd)}${budget} — ${s.pairs.join(", ") || "(empty)"}`;
  });
  if (plan.capped)
    lines.push(
      `${plan.capped.asked} shards asked: planned into ${plan.count}, the most jobs a GitHub Actions matrix runs (each shard holds more pairs; a pair is never split)`,
    );
  const { costUsd, guessedPairs, unknownPairs } = plan.forecast;
  lines.push(
    `forecast ${usd(costUsd)}${
      guessedPairs
        ? ` (${guessedPairs} pair(s) without history: a guess from their agent's other evals)`
        : ""
    }${unknownPairs ? `; ${unknownPairs} pair(s) without any cost history, not counted` : ""}`,
  );
  lines.push(
    `${plan.count} shard(s) balanced by ${plan.balancedBy === "duration" ? "expected duration (history)" : "trial count (no history)"}: heaviest/mean ${plan.balance.toFixed(2)}. Nothing was run.`,
  );
  return lines;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}
