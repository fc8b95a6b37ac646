// Puts the parts of each skill/command/hook eval back together after a run: trigger metrics from
// the queries' verdicts, e2e scenarios with their trajectories, hook cases — and writes one
// timestamped JSON per eval to `_evals/results/` beside the run's own run.json.
//
// Here: the report of each eval from its parts. The parts, in ./aggregate/: report-types.ts (the
// report's shape), parts.ts (a part's verdict, shown trial and trial record), trigger-report.ts,
// e2e-report.ts and hook-report.ts (the three sections), recorded.ts (what a cached part shows),
// write.ts (the result files).

import path from "node:path";
import type { EvalResult, EvalSpec } from "../../model/index.js";
import { isSkillSpec, type SkillPart } from "./part.js";
import { e2eReport } from "./aggregate/e2e-report.js";
import { hookReport } from "./aggregate/hook-report.js";
import { verdictOf, type Part } from "./aggregate/parts.js";
import { recordedParts, type RecordedPart } from "./aggregate/recorded.js";
import type { ClaudeCodeReport } from "./aggregate/report-types.js";
import { triggerReport } from "./aggregate/trigger-report.js";
import { resultsDirFor } from "./aggregate/write.js";

export type {
  CachedFrom,
  ClaudeCodeReport,
  E2eReport,
  HookReport,
  OutcomeReport,
  ScenarioReport,
  SideReport,
  SplitMetrics,
  TriggerQueryReport,
  TriggerReport,
  WorkflowReport,
} from "./aggregate/report-types.js";
export { resultsDirFor, writeClaudeCodeResults } from "./aggregate/write.js";

/** One report per skill/command/hook eval that had a part in this run, in definition order. */
export async function claudeCodeReports(
  specs: EvalSpec[],
  results: EvalResult[],
  options: { projectRoot: string; startedAt: Date },
): Promise<ClaudeCodeReport[]> {
  const byId = new Map(results.map((r) => [r.id, r]));
  const groups = new Map<string, Part[]>();
  for (const spec of specs) {
    const result = byId.get(spec.id);
    if (!isSkillSpec(spec) || !result) continue;
    const parts = groups.get(spec.part.group) ?? [];
    parts.push({ spec, result });
    groups.set(spec.part.group, parts);
  }
  const reports: ClaudeCodeReport[] = [];
  for (const [name, parts] of groups) {
    reports.push(await groupReport(name, parts, options));
  }
  return reports;
}

async function groupReport(
  name: string,
  parts: Part[],
  options: { projectRoot: string; startedAt: Date },
): Promise<ClaudeCodeReport> {
  const first = parts[0]!.spec;
  const file = path.relative(options.projectRoot, first.file) || first.file;
  const of = (axis: SkillPart["axis"]) => parts.filter((p) => p.spec.part.axis === axis);
  // A cached part ran nothing now: what it shows comes from the last result file that holds it.
  const recorded = parts.some((p) => p.result.cachedFrom)
    ? await recordedParts(resultsDirFor(options.projectRoot, file), name)
    : new Map<string, RecordedPart>();
  const trigger = of("trigger").length
    ? await triggerReport(of("trigger"), options.projectRoot, recorded)
    : undefined;
  const e2e = of("e2e").length
    ? await e2eReport(of("e2e"), options.projectRoot, recorded)
    : undefined;
  const hook = of("hook").length ? hookReport(of("hook")[0]!) : undefined;
  const statuses = parts.map((p) => verdictOf(p.result));
  const status = statuses.some((s) => s === "failed")
    ? "failed"
    : statuses.some((s) => s === "error")
      ? "error"
      : statuses.every((s) => s === "skipped")
        ? "skipped"
        : "passed";
  return {
    name,
    type: first.part.type,
    parts: parts.map((p) => p.spec.id),
    target: first.part.target,
    file,
    timestamp: options.startedAt.toISOString(),
    status,
    config: {
      ...(first.part.type !== "hook" ? { model: modelOf(parts) } : {}),
      trials: Math.max(...parts.map((p) => p.result.trialsPlanned)),
      ...otherAgent(parts),
    },
    warnings: first.part.warnings,
    ...(trigger ? { trigger } : {}),
    ...(e2e ? { e2e } : {}),
    ...(hook ? { hook } : {}),
    // The total of its parts' times (the guide's `Duration`), not the longest of them.
    duration_ms: parts.reduce((sum, p) => sum + p.result.durationMs, 0),
  };
}

/** `{ agent }` when the parts ran under one agent other than Claude Code. */
function otherAgent(parts: Part[]): { agent?: string } {
  const agents = new Set(parts.map((p) => p.result.agent).filter((a) => a !== "none"));
  const [agent] = agents;
  return agents.size === 1 && agent !== "claude-code" ? { agent } : {};
}

/**
 * The model of the file: EVAL_MODEL or its `model:`; else the one model all its scenarios name;
 * else `default` (Claude Code's own default, no --model given).
 */
function modelOf(parts: Part[]): string {
  const fileModel = parts[0]!.spec.part.defaultModel;
  if (fileModel) return fileModel;
  const models = new Set(parts.map((p) => p.spec.part.model ?? "default"));
  return models.size === 1 ? [...models][0]! : "default";
}
