// A part of a skill/command/hook eval (one query, one scenario, the hook eval) with its result, and
// what the reports read of it: its verdict, where a cached one came from, the trial shown and what
// that trial recorded of the agent.

import { promises as fs } from "node:fs";
import path from "node:path";
import type { EvalResult, ToolCall, TrialResult } from "../../../model/index.js";
import type { SkillSpec } from "../part.js";
import type { CachedFrom } from "./report-types.js";

export interface Part {
  spec: SkillSpec;
  result: EvalResult;
}

/** passed / failed / skipped / error: a cached verdict counts as what it recorded. */
export function verdictOf(result: EvalResult): "passed" | "failed" | "skipped" | "error" {
  switch (result.status) {
    case "passed":
    case "skipped":
    case "error":
    case "failed":
      return result.status;
    case "cached":
      return result.cachedFrom?.status ?? "passed";
    default:
      return "failed"; // incomplete, inconclusive: never a pass
  }
}

export function cachedFrom(result: EvalResult): CachedFrom {
  return {
    from: result.cachedFrom!.time,
    rerun: result.cachedFrom!.source === "history" ? "--force" : "--no-cache",
  };
}

/** The trial a report shows: the first failed one, else the first that ran. */
export function shownTrial(trials: TrialResult[]): TrialResult | undefined {
  return trials.find((t) => t.status === "failed") ?? trials.find((t) => t.status !== "error");
}

/** What a trial's trial.json recorded of the agent: its tool calls and final message. */
export async function trialRecord(
  projectRoot: string,
  trial: TrialResult,
): Promise<{ trajectory: ToolCall[]; finalMessage?: string }> {
  try {
    const text = await fs.readFile(path.join(projectRoot, trial.dir, "trial.json"), "utf8");
    const data = JSON.parse(text) as {
      trajectory?: ToolCall[];
      agent?: { finalMessage?: unknown };
    };
    const message = data.agent?.finalMessage;
    return {
      trajectory: Array.isArray(data.trajectory) ? data.trajectory : [],
      ...(typeof message === "string" && message.trim() ? { finalMessage: message } : {}),
    };
  } catch {
    return { trajectory: [] };
  }
}
