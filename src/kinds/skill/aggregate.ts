// Puts the parts of each skill/command/hook eval back together after a run: trigger metrics from
// the queries' verdicts, e2e scenarios with their trajectories, hook cases — and writes one
// timestamped JSON per eval to `_evals/results/` beside the run's own run.json.

import { promises as fs } from "node:fs";
import path from "node:path";
import type { ClaudeCodePart, EvalSpec, ToolCall } from "../../model/index.js";
import {
  countedTrials,
  type CheckOutcome,
  type EvalResult,
  type EvalStatus,
  type TrialResult,
  round6,
} from "../../model/index.js";
import { triggerMetrics, triggerRate, type Confusion, type TriggerMetrics } from "./trigger.js";

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
  outcomes: Array<{ description: string; passed: boolean; evidence: string; line?: number }>;
  workflow?: { passed: boolean; evidence: string; line?: number };
  passes: number;
  trials: number;
  cost_usd: number;
  duration_ms: number;
  passed: boolean;
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
  config: { model?: string; trials: number };
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
  const of = (axis: ClaudeCodePart["axis"]) => parts.filter((p) => p.spec.claudeCode.axis === axis);
  const trigger = of("trigger").length
    ? await triggerReport(of("trigger"), options.projectRoot)
    : undefined;
  const e2e = of("e2e").length ? await e2eReport(of("e2e"), options.projectRoot) : undefined;
  const hook = of("hook").length ? hookReport(of("hook")[0]!) : undefined;
  const statuses = parts.map((p) => verdictOf(p.result));
  const status = statuses.some((s) => s === "failed")
    ? "failed"
    : statuses.some((s) => s === "error")
      ? "error"
      : statuses.every((s) => s === "skipped")
        ? "skipped"
        : "passed";
  const model = parts.find((p) => p.spec.claudeCode.model)?.spec.claudeCode.model;
  return {
    name,
    type: first.claudeCode.type,
    parts: parts.map((p) => p.spec.id),
    target: first.claudeCode.target,
    file: path.relative(options.projectRoot, first.file) || first.file,
    timestamp: options.startedAt.toISOString(),
    status,
    config: {
      ...(model ? { model } : {}),
      trials: Math.max(...parts.map((p) => p.result.trialsPlanned)),
    },
    warnings: first.claudeCode.warnings,
    ...(trigger ? { trigger } : {}),
    ...(e2e ? { e2e } : {}),
    ...(hook ? { hook } : {}),
    duration_ms: Math.max(0, ...parts.map((p) => p.result.durationMs)),
  };
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

async function triggerReport(parts: Part[], projectRoot: string): Promise<TriggerReport> {
  const queries: TriggerQueryReport[] = [];
  for (const { spec, result } of parts) {
    const query = spec.claudeCode.query!;
    const counted = result.cachedFrom ? result.cachedFrom.trials : countedTrials(result);
    const passes = result.cachedFrom ? result.cachedFrom.passes : result.passes;
    // A run passes when it did what the query expects: trigger for positives, not for negatives.
    const triggered = query.shouldTrigger ? passes : counted - passes;
    const { rate, interval } = triggerRate(triggered, counted);
    const firstTrial = result.trials.find((t) => t.status !== "error");
    queries.push({
      id: spec.id,
      query: query.text,
      ...(query.note ? { note: query.note } : {}),
      should_trigger: query.shouldTrigger,
      status: result.status === "cached" ? verdictOf(result) : result.status,
      ...(result.reason ? { reason: result.reason } : {}),
      runs: counted,
      triggered,
      trigger_rate: rate,
      interval,
      cost_usd: result.costUsd,
      trajectory: firstTrial
        ? (await trajectoryOf(projectRoot, firstTrial)).map((c) => c.tool)
        : [],
      ...(firstTrial?.checks[0] ? { evidence: firstTrial.checks[0].evidence } : {}),
    });
  }
  const decided = (list: TriggerQueryReport[]) =>
    list.filter((q) => q.status === "passed" || q.status === "failed");
  const side = (shouldTrigger: boolean): SideReport => {
    const list = queries.filter((q) => q.should_trigger === shouldTrigger);
    const done = decided(list);
    const passed = done.filter((q) => q.status === "passed").length;
    return { total: list.length, passed, rate: done.length ? round6(passed / done.length) : null };
  };
  const count = (shouldTrigger: boolean, status: EvalStatus) =>
    decided(queries).filter((q) => q.should_trigger === shouldTrigger && q.status === status)
      .length;
  const confusion: Confusion = {
    truePositive: count(true, "passed"),
    falseNegative: count(true, "failed"),
    falsePositive: count(false, "failed"),
    trueNegative: count(false, "passed"),
  };
  return {
    mode: parts[0]!.spec.claudeCode.query!.mode,
    positive: side(true),
    negative: side(false),
    ...triggerMetrics(confusion),
    confusion,
    queries,
    cost_usd: round6(queries.reduce((sum, q) => sum + q.cost_usd, 0)),
  };
}

async function e2eReport(parts: Part[], projectRoot: string): Promise<E2eReport> {
  const scenarios: ScenarioReport[] = [];
  for (const { spec, result } of parts) {
    const trial = shownTrial(result.trials);
    const trajectory = trial ? await trajectoryOf(projectRoot, trial) : [];
    const hasWorkflow = spec.checks.at(-1)?.type === "trajectory";
    const checks = trial?.checks ?? [];
    const outcomeChecks = hasWorkflow ? checks.slice(0, -1) : checks;
    const workflow = hasWorkflow ? checks.at(-1) : undefined;
    const status = result.status === "cached" ? verdictOf(result) : result.status;
    scenarios.push({
      id: spec.id,
      scenario: spec.claudeCode.scenario!,
      status,
      ...(result.reason ? { reason: result.reason } : {}),
      ...(spec.claudeCode.model ? { model: spec.claudeCode.model } : {}),
      trajectory: trajectory.map((c) => ({ tool_name: c.tool, tool_args: c.input })),
      outcomes: outcomeChecks.map(checkEntry),
      ...(workflow ? { workflow: checkEntry(workflow) } : {}),
      passes: result.passes,
      trials: result.trialsRun,
      cost_usd: result.costUsd,
      duration_ms: result.durationMs,
      passed: status === "passed",
    });
  }
  const decided = scenarios.filter((s) => s.status === "passed" || s.status === "failed");
  return {
    scenarios,
    pass_rate: decided.length
      ? round6(decided.filter((s) => s.passed).length / decided.length)
      : null,
    total_cost_usd: round6(scenarios.reduce((sum, s) => sum + s.cost_usd, 0)),
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

async function trajectoryOf(projectRoot: string, trial: TrialResult): Promise<ToolCall[]> {
  try {
    const text = await fs.readFile(path.join(projectRoot, trial.dir, "trial.json"), "utf8");
    const data = JSON.parse(text) as { trajectory?: ToolCall[] };
    return Array.isArray(data.trajectory) ? data.trajectory : [];
  } catch {
    return [];
  }
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
    if (!(await fs.stat(dir).catch(() => undefined))) {
      await fs.mkdir(dir, { recursive: true });
      // Results change on every run: kept out of git (and so out of the cache fingerprint and
      // repository snapshots) unless you delete this file.
      await fs.writeFile(path.join(dir, ".gitignore"), "# written by agent-evals\n*\n");
    }
    // Milliseconds kept, so two runs in the same second don't overwrite each other's file.
    const stamp = report.timestamp.replace(/Z$/, "").replace(/:/g, "-");
    const file = path.join(dir, `${stamp}_${report.name}.json`);
    await fs.writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
    written.push({ ...report, resultFile: file });
  }
  return written;
}
