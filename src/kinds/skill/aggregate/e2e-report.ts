// The e2e section: each scenario's status, trajectory, outcome checks and the workflow check split
// as the skill-eval guide reports it; a cached scenario shows the recorded run.

import {
  round6,
  type CheckOutcome,
  type ToolCall,
  type TrajectorySpec,
} from "../../../model/index.js";
import { workflowProblems } from "../../../check/index.js";
import { cachedFrom, shownTrial, trialRecord, verdictOf, type Part } from "./parts.js";
import type { RecordedPart } from "./recorded.js";
import type { E2eReport, OutcomeReport, ScenarioReport, WorkflowReport } from "./report-types.js";

export async function e2eReport(
  parts: Part[],
  projectRoot: string,
  recorded: Map<string, RecordedPart>,
): Promise<E2eReport> {
  const scenarios: ScenarioReport[] = [];
  for (const { spec, result } of parts) {
    const status = result.status === "cached" ? verdictOf(result) : result.status;
    const earlier = result.cachedFrom ? recorded.get(spec.id)?.scenario : undefined;
    const trial = shownTrial(result.trials);
    const record = trial ? await trialRecord(projectRoot, trial) : { trajectory: [] };
    const workflowSpec = spec.checks.at(-1);
    const hasWorkflow = workflowSpec?.type === "trajectory";
    const checks = trial?.checks ?? [];
    const outcomeChecks = hasWorkflow ? checks.slice(0, -1) : checks;
    const workflowCheck = hasWorkflow ? checks.at(-1) : undefined;
    const kinds = spec.part.outcomes ?? [];
    const shown = {
      trajectory: record.trajectory.map((c) => ({ tool_name: c.tool, tool_args: c.input })),
      outcomes: outcomeChecks.map((check, i): OutcomeReport => ({
        type: kinds[i]?.type ?? "check",
        ...checkEntry(check),
        description: kinds[i]?.description ?? check.name,
      })),
      ...(workflowCheck && hasWorkflow
        ? { workflow: workflowReport(workflowCheck, record.trajectory, workflowSpec) }
        : {}),
      ...(record.finalMessage ? { final_output: record.finalMessage } : {}),
    };
    scenarios.push({
      id: spec.id,
      scenario: spec.part.scenario!,
      status,
      ...(result.reason && !result.cachedFrom ? { reason: result.reason } : {}),
      ...(spec.part.model ? { model: spec.part.model } : {}),
      // A cached scenario shows the recorded run (its trajectory, outcomes and output).
      ...(earlier && !trial
        ? {
            trajectory: earlier.trajectory,
            outcomes: earlier.outcomes,
            ...(earlier.workflow ? { workflow: earlier.workflow } : {}),
            ...(earlier.final_output ? { final_output: earlier.final_output } : {}),
          }
        : shown),
      passes: result.cachedFrom ? result.cachedFrom.passes : result.passes,
      trials: result.cachedFrom ? result.cachedFrom.trials : result.trialsRun,
      trials_planned: result.trialsPlanned,
      cost_usd: round6(result.costUsd),
      duration_ms: result.durationMs,
      passed: status === "passed",
      ...(result.cachedFrom ? { cached: cachedFrom(result) } : {}),
    });
  }
  const done = scenarios.filter((s) => s.status === "passed" || s.status === "failed");
  return {
    scenarios,
    pass_rate: done.length ? round6(done.filter((s) => s.passed).length / done.length) : null,
    total_cost_usd: round6(scenarios.reduce((sum, s) => sum + s.cost_usd, 0)),
  };
}

/** The workflow check split as the guide reports it: tool match, forbidden tools, ordering. */
function workflowReport(
  check: CheckOutcome,
  trajectory: ToolCall[],
  spec: TrajectorySpec,
): WorkflowReport {
  const found = workflowProblems(trajectory, spec);
  return {
    tool_match: {
      passed: found.match.length === 0,
      reason: found.match.length ? found.match.join("; ") : "All required tools present",
    },
    forbidden_check: {
      passed: found.forbidden.length === 0,
      violations: found.forbidden.map((f) => f.tool),
    },
    ordering_check: { passed: found.order.length === 0, violations: found.order },
    passed: check.ok,
    evidence: check.evidence,
    ...(check.line ? { line: check.line } : {}),
  };
}

function checkEntry(check: CheckOutcome): {
  description: string;
  passed: boolean;
  evidence: string;
  line?: number;
} {
  return {
    description: check.name,
    passed: check.ok,
    evidence: check.evidence,
    ...(check.line ? { line: check.line } : {}),
  };
}
