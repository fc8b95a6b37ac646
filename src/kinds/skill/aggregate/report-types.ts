// The shape of a skill/command/hook eval's report: what run.json holds for it and what the
// timestamped JSON in `_evals/results/` says (trigger metrics, e2e scenarios, hook cases).

import type { EvalStatus } from "../../../model/index.js";
import type { SkillPart } from "../part.js";
import type { Confusion, TriggerMetrics } from "../trigger.js";

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
  type: SkillPart["type"];
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
