// Puts the parts of each skill/command/hook eval back together after a run: trigger metrics from
// the queries' verdicts, e2e scenarios with their trajectories, hook cases — and writes one
// timestamped JSON per eval to `_evals/results/` beside the run's own run.json.

import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import type { ClaudeCodePart, EvalSpec, ToolCall, TrajectorySpec } from "../../model/index.js";
import {
  countedTrials,
  type CheckOutcome,
  type EvalResult,
  type EvalStatus,
  type TrialResult,
  errorMessage,
  round6,
} from "../../model/index.js";
import { workflowProblems } from "../../check/index.js";
import { readBack, refuseLinkedOwnFolder } from "../../store/index.js";
import { inertLines } from "../../util/index.js";
import {
  firstTriggered,
  triggerMetrics,
  triggerRate,
  type Confusion,
  type TriggerMetrics,
} from "./trigger.js";

export interface TriggerQueryReport {
  id: string;
  query: string;
  note?: string;
  should_trigger: boolean;
  status: EvalStatus;
  reason?: string;
  runs: number;
  triggered: number;
  trigger_rate: number | null;
  interval: [number, number];
  cost_usd: number;
  /** The first run's tool calls and what its check saw. */
  trajectory: string[];
  evidence?: string;
  /** With `trigger.holdout`: a training or a held-out query. */
  split?: "train" | "holdout";
  /** With competitors: how many runs triggered each installed skill/command first, or none. */
  triggered_by?: Record<string, number>;
  /** Not run now: the recorded result it stands for (its trajectory and evidence are that run's). */
  cached?: CachedFrom;
}

export interface CachedFrom {
  /** When the recorded result was produced (ISO 8601). */
  from: string;
  /** The flag that runs it again. */
  rerun: "--no-cache" | "--force";
}

/** Precision, recall and F1 of one split of the queries, with the counts they come from. */
export interface SplitMetrics extends TriggerMetrics {
  queries: number;
  confusion: Confusion;
}

export interface SideReport {
  total: number;
  passed: number;
  /** Passed share of the queries that were decided (not skipped or errored). */
  rate: number | null;
}

export interface TriggerReport extends TriggerMetrics {
  mode: "observe" | "ask";
  positive: SideReport;
  negative: SideReport;
  confusion: Confusion;
  /** With `trigger.holdout`: the metrics of the training and of the held-out queries apart. */
  train?: SplitMetrics;
  holdout?: SplitMetrics;
  /**
   * With competitors: runs counted by what they should trigger (row: the target, or not the
   * target) and what they triggered first (column: the target, each competitor, or none).
   */
  matrix?: { labels: string[]; rows: Record<"positive" | "negative", Record<string, number>> };
  queries: TriggerQueryReport[];
  cost_usd: number;
}

export interface ScenarioReport {
  id: string;
  scenario: string;
  status: EvalStatus;
  reason?: string;
  model?: string;
  trajectory: Array<{ tool_name: string; tool_args: unknown }>;
  outcomes: OutcomeReport[];
  workflow?: WorkflowReport;
  /** The agent's final message in the shown trial (`--verbose` prints it). */
  final_output?: string;
  passes: number;
  trials: number;
  trials_planned: number;
  cost_usd: number;
  duration_ms: number;
  passed: boolean;
  cached?: CachedFrom;
}

export interface OutcomeReport {
  /** The outcome's type as written (file-contains, bash-succeeds, …). */
  type: string;
  description: string;
  passed: boolean;
  evidence: string;
  line?: number;
}

/** The guide's three workflow checks, plus the combined verdict and evidence of ours. */
export interface WorkflowReport {
  tool_match: { passed: boolean; reason: string };
  forbidden_check: { passed: boolean; violations: string[] };
  ordering_check: { passed: boolean; violations: string[] };
  passed: boolean;
  evidence: string;
  line?: number;
}

export interface E2eReport {
  scenarios: ScenarioReport[];
  pass_rate: number | null;
  total_cost_usd: number;
}

export interface HookReport {
  status: EvalStatus;
  reason?: string;
  cases: Array<{ scenario: string; passed: boolean; evidence: string; line?: number }>;
}

export interface ClaudeCodeReport {
  name: string;
  type: ClaudeCodePart["type"];
  /** The ids of the evals this one ran as (one per query, per scenario; the hook eval itself). */
  parts: string[];
  target: string;
  /** The eval file, relative to the project root. */
  file: string;
  timestamp: string;
  status: "passed" | "failed" | "skipped" | "error";
  /** `agent`: set when another agent than Claude Code ran the parts (`--agent codex`). */
  config: { model?: string; trials: number; agent?: string };
  warnings: string[];
  trigger?: TriggerReport;
  e2e?: E2eReport;
  hook?: HookReport;
  duration_ms: number;
  /** Where the JSON was written (absolute); not part of the file. */
  resultFile?: string;
}

interface Part {
  spec: EvalSpec & { claudeCode: ClaudeCodePart };
  result: EvalResult;
}

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
    if (!spec.claudeCode || !result) continue;
    const parts = groups.get(spec.claudeCode.group) ?? [];
    parts.push({ spec: spec as Part["spec"], result });
    groups.set(spec.claudeCode.group, parts);
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
  const of = (axis: ClaudeCodePart["axis"]) => parts.filter((p) => p.spec.claudeCode.axis === axis);
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
    type: first.claudeCode.type,
    parts: parts.map((p) => p.spec.id),
    target: first.claudeCode.target,
    file,
    timestamp: options.startedAt.toISOString(),
    status,
    config: {
      ...(first.claudeCode.type !== "hook" ? { model: modelOf(parts) } : {}),
      trials: Math.max(...parts.map((p) => p.result.trialsPlanned)),
      ...otherAgent(parts),
    },
    warnings: first.claudeCode.warnings,
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
  const fileModel = parts[0]!.spec.claudeCode.defaultModel;
  if (fileModel) return fileModel;
  const models = new Set(parts.map((p) => p.spec.claudeCode.model ?? "default"));
  return models.size === 1 ? [...models][0]! : "default";
}

/** passed / failed / skipped / error: a cached verdict counts as what it recorded. */
function verdictOf(result: EvalResult): "passed" | "failed" | "skipped" | "error" {
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

async function triggerReport(
  parts: Part[],
  projectRoot: string,
  recorded: Map<string, RecordedPart>,
): Promise<TriggerReport> {
  const queries: TriggerQueryReport[] = [];
  const candidates = parts[0]!.spec.claudeCode.candidates;
  const labels = candidates ? [...candidates.map((c) => c.name), "none"] : undefined;
  const matrix = labels
    ? {
        labels,
        rows: {
          positive: Object.fromEntries(labels.map((l) => [l, 0])),
          negative: Object.fromEntries(labels.map((l) => [l, 0])),
        },
      }
    : undefined;
  for (const { spec, result } of parts) {
    const query = spec.claudeCode.query!;
    const counted = result.cachedFrom ? result.cachedFrom.trials : countedTrials(result);
    const passes = result.cachedFrom ? result.cachedFrom.passes : result.passes;
    // A run passes when it did what the query expects: trigger for positives, not for negatives.
    const triggered = query.shouldTrigger ? passes : counted - passes;
    const { rate, interval } = triggerRate(triggered, counted);
    const firstTrial = result.trials.find((t) => t.status !== "error");
    const earlier = result.cachedFrom ? recorded.get(spec.id)?.query : undefined;
    const triggeredBy =
      candidates && labels && !result.cachedFrom
        ? await triggeredCounts(projectRoot, result.trials, candidates, labels)
        : earlier?.triggered_by;
    if (matrix && triggeredBy)
      for (const label of labels!)
        matrix.rows[query.shouldTrigger ? "positive" : "negative"][label]! +=
          triggeredBy[label] ?? 0;
    queries.push({
      id: spec.id,
      query: query.text,
      ...(query.note ? { note: query.note } : {}),
      should_trigger: query.shouldTrigger,
      status: result.status === "cached" ? verdictOf(result) : result.status,
      ...(result.reason && !result.cachedFrom ? { reason: result.reason } : {}),
      runs: counted,
      triggered,
      trigger_rate: rate,
      interval,
      cost_usd: round6(result.costUsd),
      trajectory: firstTrial
        ? (await trialRecord(projectRoot, firstTrial)).trajectory.map((c) => c.tool)
        : (earlier?.trajectory ?? []),
      ...(firstTrial?.checks[0]
        ? { evidence: firstTrial.checks[0].evidence }
        : earlier?.evidence
          ? { evidence: earlier.evidence }
          : {}),
      ...(query.split ? { split: query.split } : {}),
      ...(triggeredBy ? { triggered_by: triggeredBy } : {}),
      ...(result.cachedFrom ? { cached: cachedFrom(result) } : {}),
    });
  }
  const side = (shouldTrigger: boolean): SideReport => {
    const list = queries.filter((q) => q.should_trigger === shouldTrigger);
    const done = decided(list);
    const passed = done.filter((q) => q.status === "passed").length;
    return { total: list.length, passed, rate: done.length ? round6(passed / done.length) : null };
  };
  const confusion = confusionOf(queries);
  const split = (which: "train" | "holdout"): SplitMetrics => {
    const list = queries.filter((q) => q.split === which);
    const c = confusionOf(list);
    return { queries: list.length, ...triggerMetrics(c), confusion: c };
  };
  const splitUsed = queries.some((q) => q.split);
  return {
    mode: parts[0]!.spec.claudeCode.query!.mode,
    positive: side(true),
    negative: side(false),
    ...triggerMetrics(confusion),
    confusion,
    ...(splitUsed ? { train: split("train"), holdout: split("holdout") } : {}),
    ...(matrix ? { matrix } : {}),
    queries,
    cost_usd: round6(queries.reduce((sum, q) => sum + q.cost_usd, 0)),
  };
}

/** The queries that were decided (not skipped or errored): the ones the metrics count. */
function decided(list: TriggerQueryReport[]): TriggerQueryReport[] {
  return list.filter((q) => q.status === "passed" || q.status === "failed");
}

function confusionOf(queries: TriggerQueryReport[]): Confusion {
  const count = (shouldTrigger: boolean, status: EvalStatus) =>
    decided(queries).filter((q) => q.should_trigger === shouldTrigger && q.status === status)
      .length;
  return {
    truePositive: count(true, "passed"),
    falseNegative: count(true, "failed"),
    falsePositive: count(false, "failed"),
    trueNegative: count(false, "passed"),
  };
}

/** How many of the query's runs triggered each candidate first (or none). */
async function triggeredCounts(
  projectRoot: string,
  trials: TrialResult[],
  candidates: NonNullable<ClaudeCodePart["candidates"]>,
  labels: string[],
): Promise<Record<string, number>> {
  const counts = Object.fromEntries(labels.map((l) => [l, 0]));
  for (const trial of trials.filter((t) => t.status !== "error")) {
    const { trajectory } = await trialRecord(projectRoot, trial);
    const first = firstTriggered(trajectory, candidates);
    counts[first ? candidates[first.candidate]!.name : "none"]! += 1;
  }
  return counts;
}

function cachedFrom(result: EvalResult): CachedFrom {
  return {
    from: result.cachedFrom!.time,
    rerun: result.cachedFrom!.source === "history" ? "--force" : "--no-cache",
  };
}

async function e2eReport(
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
    const kinds = spec.claudeCode.outcomes ?? [];
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
      scenario: spec.claudeCode.scenario!,
      status,
      ...(result.reason && !result.cachedFrom ? { reason: result.reason } : {}),
      ...(spec.claudeCode.model ? { model: spec.claudeCode.model } : {}),
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

function hookReport({ spec, result }: Part): HookReport {
  const trial = shownTrial(result.trials);
  const names = spec.claudeCode.cases ?? [];
  return {
    status: result.status,
    ...(result.reason ? { reason: result.reason } : {}),
    cases: (trial?.checks ?? []).map((check, i) => ({
      scenario: names[i] ?? check.name,
      passed: check.ok,
      evidence: check.evidence,
      ...(check.line ? { line: check.line } : {}),
    })),
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

/** The trial a report shows: the first failed one, else the first that ran. */
function shownTrial(trials: TrialResult[]): TrialResult | undefined {
  return trials.find((t) => t.status === "failed") ?? trials.find((t) => t.status !== "error");
}

/** What a trial's trial.json recorded of the agent: its tool calls and final message. */
async function trialRecord(
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

interface RecordedPart {
  query?: TriggerQueryReport;
  scenario?: ScenarioReport;
}

/** Each part of `name` as the newest of its result files in `dir` recorded it. */
/** An earlier result file read back: far above any this module writes. */
const MAX_RECORDED_BYTES = 64 * 1024 * 1024;

async function recordedParts(dir: string, name: string): Promise<Map<string, RecordedPart>> {
  const found = new Map<string, RecordedPart>();
  const files = (await fs.readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith(`_${name}.json`))
    .sort()
    .reverse();
  for (const file of files) {
    // A pull request can commit this folder: a link or FIFO is said and not read.
    const text = await readBack(path.join(dir, file), {
      without: "its parts are not taken from it",
      cap: MAX_RECORDED_BYTES,
    }).catch(() => undefined);
    if (text === undefined) continue;
    let report: Partial<ClaudeCodeReport>;
    try {
      report = JSON.parse(text) as ClaudeCodeReport;
    } catch {
      continue; // a hand-edited or truncated file: the next older one may hold the part
    }
    for (const query of report.trigger?.queries ?? [])
      if (!found.has(query.id)) found.set(query.id, { query });
    for (const scenario of report.e2e?.scenarios ?? [])
      if (!found.has(scenario.id)) found.set(scenario.id, { scenario });
  }
  return found;
}

// ---------- writing ----------

/** `<root>/_evals/results/` (or `evals/results/` for a file under evals/). */
export function resultsDirFor(projectRoot: string, evalFile: string): string {
  const top = evalFile.split(/[\\/]/)[0];
  return path.join(projectRoot, top === "evals" || top === "_evals" ? top : "_evals", "results");
}

/** Writes each report as `<dir>/<timestamp>_<name>.json`; a new folder ignores itself in git. */
export async function writeClaudeCodeResults(
  reports: ClaudeCodeReport[],
  projectRoot: string,
): Promise<ClaudeCodeReport[]> {
  const written: ClaudeCodeReport[] = [];
  for (const report of reports) {
    const dir = resultsDirFor(projectRoot, report.file);
    // A pull request can commit `_evals/results` (or a folder above it) as a link: nothing is
    // written through one. The report stays in run.json; only its file is not written.
    // Milliseconds kept, so two runs in the same second don't overwrite each other's file.
    const stamp = report.timestamp.replace(/Z$/, "").replace(/:/g, "-");
    const file = path.join(dir, `${stamp}_${report.name}.json`);
    // A pull request can commit `_evals/results`, a folder above it or a file in it as a link:
    // nothing is written through one. The report stays in run.json; only its file is not written.
    try {
      refuseLinkedOwnFolder(projectRoot, dir);
      if (!(await fs.lstat(dir).catch(() => undefined))) {
        await fs.mkdir(dir, { recursive: true });
        // Results change on every run: kept out of git (and so out of the cache fingerprint and
        // repository snapshots) unless you delete this file.
        await fs.writeFile(path.join(dir, ".gitignore"), "# written by agent-evals\n*\n", {
          flag: "wx",
        });
      }
      // Written beside it, then renamed over it: a rename replaces a link planted at that name
      // instead of writing through it (a merge rewrites its shards' file of the same time).
      const temp = path.join(dir, `.${randomUUID()}.tmp`);
      await fs.writeFile(temp, `${JSON.stringify(report, null, 2)}\n`, { flag: "wx" });
      await fs.rename(temp, file);
    } catch (error) {
      process.stderr.write(
        inertLines(
          `agent-evals: warning: ${report.name}'s result file was not written: ${errorMessage(error)}\n`,
        ),
      );
      written.push(report);
      continue;
    }
    written.push({ ...report, resultFile: file });
  }
  return written;
}
