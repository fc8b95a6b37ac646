// The step's outcome: its outputs, and whether it fails (fail-on, fail-on-skip, history-required).

import path from "node:path";
import type { RunEvalsOutcome } from "../../engine/index.js";
import { RUN_JSON, judgedAny, parityFails } from "../../model/index.js";
import * as core from "../runner.js";
import type { ActionInputs } from "../inputs.js";

export function setOutputs(
  outcome: RunEvalsOutcome,
  regressions: number,
  commentUrl: string | undefined,
): void {
  const { run } = outcome;
  const c = run.counts;
  core.setOutput("passed", c.passed);
  core.setOutput("failed", c.failed);
  core.setOutput("skipped", c.skipped);
  core.setOutput("cached", c.cached);
  core.setOutput("incomplete", c.incomplete);
  core.setOutput("cost-usd", run.costUsd);
  core.setOutput("results-json", path.join(outcome.resultsDir, RUN_JSON));
  core.setOutput("comment-url", commentUrl ?? "");
  core.setOutput("regressions", regressions);
}

/** Why the step fails, or undefined when it succeeds. */
export function stepFailure(
  inputs: ActionInputs,
  outcome: RunEvalsOutcome,
  facts: { missing: string[]; regressions: number; baseBranch: string; historyProblem?: string },
): string | undefined {
  const c = outcome.run.counts;
  const failOnSkip =
    inputs.failOnSkip === "auto"
      ? ["schedule", "workflow_dispatch"].includes(process.env.GITHUB_EVENT_NAME ?? "")
      : inputs.failOnSkip;
  const skipFails =
    c.skipped > 0 &&
    (failOnSkip === true || (failOnSkip === "all" && !judgedAny(outcome.run.evals)));
  if (facts.missing.length)
    return `${facts.missing.length} planned eval × agent pair(s) have no results: see the log`;
  if (outcome.exitCode === 2)
    return "agent-evals could not run some evals (infra errors or failed setup): see the log";
  if (inputs.failOn === "failure" && outcome.exitCode === 1)
    return `${c.failed + c.incomplete + c.inconclusive} eval × agent pair(s) did not pass`;
  if (inputs.failOn === "parity" && parityFails(outcome.run.parity ?? []))
    return "an agent falls behind the reference agent by more than the margin: see the parity table";
  if (inputs.failOn === "regression" && facts.regressions > 0)
    return inputs.agentVersion
      ? `${facts.regressions} significant regression(s) of ${inputs.agentVersion.agent}@${inputs.agentVersion.version} against the installed CLI`
      : `${facts.regressions} significant regression(s) against ${facts.baseBranch}`;
  if (skipFails)
    return failOnSkip === "all"
      ? `all ${c.skipped} planned eval × agent pair(s) were skipped: nothing was judged (fail-on-skip: all): see the summary`
      : `${c.skipped} planned eval × agent pair(s) were skipped and did not run (fail-on-skip): see the summary`;
  if (inputs.historyRequired && facts.historyProblem)
    return `history not saved (history-required): ${facts.historyProblem}`;
  return undefined;
}
