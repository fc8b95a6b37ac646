// The report of the run, as the step summary and the PR comment show it: the rows against the base,
// the notes the reader must not miss, the sections the eval kinds add.

import path from "node:path";
import type { RunEvalsOutcome } from "../../engine/index.js";
import { markdownSections } from "../../kinds/index.js";
import { judgedAny, type RunResult } from "../../model/index.js";
import { baseName } from "../../plan/index.js";
import { usd, type RenderRunOptions } from "../../report/index.js";
import { compareRuns, type ComparisonRow } from "../../store/index.js";
import * as core from "../runner.js";
import type { Bases } from "./base.js";
import type { ResumedRun } from "./evals.js";
import { headShaOf, workflowRunUrl, type ActionContext } from "./context.js";
import { baseLinesOf, healthSection, type HistoryRead } from "./history.js";

export interface Compared {
  /** The run with paths relative to the repository (see `relativeToRepository`). */
  shown: RunResult;
  /** Each eval × agent against the base branch's recorded verdicts. */
  rows: ComparisonRow[];
  regressions: number;
}

export function compareWithBase(
  { baseBranch, projectRoot, workspace, inputs }: ActionContext,
  history: HistoryRead,
  bases: Bases,
  run: RunResult,
): Compared {
  const baseLines = baseLinesOf(history, baseBranch);
  // With the base rerun here, the regression flag is the paired comparison's; the rows still list
  // each eval's result (against history where there is one).
  const comparisons = run.comparisons ?? [];
  const shown = relativeToRepository(run, projectRoot, workspace);
  const rows = compareRuns(
    shown.evals.filter((e) => e.arm === undefined),
    baseLines,
  );
  // The same with another agent CLI version as the treatment (the agent-version input).
  const regressions =
    bases.rerun || inputs.agentVersion
      ? comparisons.filter((c) => c.verdict === "regression").length
      : rows.filter((r) => r.flag === "regression").length;
  return { shown, rows, regressions };
}

/** What the reader must not miss: history not saved, pairs skipped, pairs the budget cut short. */
export function reportNotes(run: RunResult, historyProblem: string | undefined): string[] {
  return [
    ...(historyProblem ? [`history not saved: ${historyProblem}`] : []),
    ...skippedNotes(run.evals),
    ...budgetNotes(run),
  ];
}

/** Every planned pair was skipped: the run measured nothing. */
function nothingJudged(run: RunResult): boolean {
  return !judgedAny(run.evals) && run.counts.skipped > 0;
}

export function warnIfNothingJudged(run: RunResult, failure: string | undefined): void {
  if (nothingJudged(run))
    core.warning(
      `nothing was judged: all ${run.counts.skipped} planned eval × agent pair(s) were skipped (see the summary)${failure ? "" : "; fail-on-skip: all (or true) fails the step on this"}`,
      { title: "agent-evals: nothing judged" },
    );
}

export function composeReport(
  { inputs, event, baseBranch }: ActionContext,
  history: HistoryRead,
  bases: Bases,
  facts: {
    outcome: RunEvalsOutcome;
    compared: Compared;
    notes: string[];
    artifactUrl?: string;
    failure?: string;
    resumed?: ResumedRun;
  },
): RenderRunOptions {
  const { outcome, compared, notes } = facts;
  // A scheduled run says which evals need attention, from the history and this run.
  const nightly = process.env.GITHUB_EVENT_NAME === "schedule" && history.readable;
  return {
    run: compared.shown,
    rows: compared.rows,
    baseRef: baseBranch,
    runUrl: workflowRunUrl(),
    artifactUrl: facts.artifactUrl,
    headSha: headShaOf(event),
    ...(facts.resumed ? { resumed: resumedLine(facts.resumed) } : {}),
    notes: nothingJudged(outcome.run)
      ? [
          `nothing was judged: every planned eval × agent pair was skipped, so this run measured nothing`,
          ...notes,
        ]
      : notes,
    stepFailed: facts.failure !== undefined,
    // A shard's own summary would give precision and recall over its part of the queries only.
    sections: inputs.shard
      ? []
      : [
          ...markdownSections(outcome.summaries),
          ...(nightly ? healthSection(history, outcome.historyLines) : []),
        ],
    nothingRanBecause:
      inputs.mode === "publish"
        ? "the plan chose no eval × agent pair (with changed-only, on by default for pull requests, none is affected by this change; otherwise the evals and agents inputs match none)"
        : bases.changed
          ? `none is affected by this change (changed-only, compared with ${baseName(bases.changed)})`
          : undefined,
  };
}

/** `resumed attempt 2: kept 7 of 10 trials, ran 3 (from agent-evals-results)`. */
export function resumedLine({ attempt, artifact, kept, ran }: ResumedRun): string {
  return `resumed attempt ${attempt}: kept ${kept} of ${kept + ran} trials, ran ${ran} (from ${artifact}, an earlier attempt's results)`;
}

/** The skipped pairs, said once: what was planned and did not run, and why. */
function skippedNotes(evals: RunResult["evals"]): string[] {
  const skipped = evals.filter((e) => e.arm === undefined && e.status === "skipped");
  if (!skipped.length) return [];
  const reasons = [...new Set(skipped.map((e) => e.reason ?? "no reason given"))];
  const names = skipped.map((e) => `${e.id} [${e.agent}]`);
  return [
    `${skipped.length} planned eval × agent pair(s) skipped, not run: ${names.slice(0, 10).join(", ")}${names.length > 10 ? ", …" : ""} (${reasons.slice(0, 3).join("; ")})`,
  ];
}

/** The pairs the budget cut short, named in the log, as an annotation and in the report. */
function budgetNotes({ evals, budgetUsd }: RunResult): string[] {
  const cut = evals.filter((e) => e.arm === undefined && e.status === "incomplete");
  if (!cut.length) return [];
  const names = cut.map((e) => `${e.id} [${e.agent}] (${e.trialsRun}/${e.trialsPlanned} trials)`);
  const budget = budgetUsd !== undefined ? ` of ${usd(budgetUsd)}` : "";
  const note = `the budget${budget} cut ${cut.length} eval × agent pair(s) short: ${names.join(", ")}`;
  core.warning(note, { title: "agent-evals: budget cut" });
  return [note];
}

/**
 * The run as the comment and the annotations show it: paths relative to the repository, never
 * the runner's absolute ones (a check's file, the workspace in evidence and reasons).
 */
function relativeToRepository(run: RunResult, projectRoot: string, workspace: string): RunResult {
  const prefix = workspace.endsWith(path.sep) ? workspace : `${workspace}${path.sep}`;
  const strip = (text: string) => text.split(prefix).join("");
  const file = (f: string | undefined) =>
    f === undefined ? undefined : path.isAbsolute(f) ? path.relative(projectRoot, f) : f;
  return {
    ...run,
    evals: run.evals.map((e) => ({
      ...e,
      ...(e.reason !== undefined ? { reason: strip(e.reason) } : {}),
      trials: e.trials.map((t) => ({
        ...t,
        ...(t.reason !== undefined ? { reason: strip(t.reason) } : {}),
        checks: t.checks.map((c) => ({
          ...c,
          evidence: strip(c.evidence),
          ...(c.file !== undefined ? { file: file(c.file) } : {}),
        })),
      })),
    })),
  };
}
