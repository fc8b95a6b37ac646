// Parity across agents: one eval run by several agents in one run, each agent's pass rate against a
// reference agent's, with the same arithmetic and verdict rule as a comparison (comparison.ts), and
// the reasons of the harness (not the prompt) that recorded evidence gives for an agent's failures.
// Pure functions; docs/verdicts.md › Parity across agents states the rule.

import { compareArms, DEFAULT_MARGIN, type ArmCounts } from "./comparison.js";
import type { EvalResult } from "./result.js";
import { round6, wilsonInterval } from "./stats.js";

/**
 * Why a trial failed for a reason of the harness rather than of the prompt, from recorded evidence
 * only (docs/verdicts.md › Harness reasons):
 * - `shim-not-found`: the agent's own output (agent.stdout, agent.stderr) says a shimmed tool was
 *   not found (`neon: command not found`) and the shim log has no call of it;
 * - `shim-bypassed`: the trajectory shows a shimmed tool run by its absolute path;
 * - `shim-unrecorded`: the trajectory shows a shimmed tool's command, the shim log no call of it;
 * - `outside-workspace`: shimmed calls ran from folders outside the trial's workspace (shim log),
 *   or the agent wrote beside its workspace (the trial's folder).
 */
export type HarnessReasonKind =
  "shim-not-found" | "shim-bypassed" | "shim-unrecorded" | "outside-workspace";

export interface HarnessReason {
  kind: HarnessReasonKind;
  /** The shimmed tool it concerns, for the shim reasons. */
  tool?: string;
  /** Where the evidence was read: `agent output`, `trajectory`, `shim log`, `workspace`. */
  source: "agent output" | "trajectory" | "shim log" | "workspace";
  /** The evidence, in one sentence. */
  evidence: string;
}

/** The words said for each reason in the console, the PR comment and report.html. */
export function harnessReasonText(reason: Pick<HarnessReason, "kind" | "tool">): string {
  const tool = reason.tool ?? "a shimmed tool";
  switch (reason.kind) {
    case "shim-not-found":
      return `the shimmed tool ${tool} was never found`;
    case "shim-bypassed":
      return `${tool} was run by its absolute path, around its shim`;
    case "shim-unrecorded":
      return `${tool} ran but its shim recorded no call`;
    case "outside-workspace":
      return "the agent worked outside its workspace";
  }
}

export type ParityVerdict = "behind" | "ahead" | "on-par" | "inconclusive";

/** One harness reason over an agent's failed trials of one eval. */
export interface ParityReason extends HarnessReason {
  /** Failed trials with this reason. */
  trials: number;
}

/** One eval × agent against the eval's reference agent, both run in the same run. */
export interface ParityRecord {
  id: string;
  /** The reference agent: `--reference-agent`, else the first agent the eval lists. */
  reference: string;
  agent: string;
  referencePasses: number;
  referenceTrials: number;
  /** Wilson 95% interval of the reference's pass rate. */
  referenceInterval: [number, number];
  agentPasses: number;
  agentTrials: number;
  agentInterval: [number, number];
  /** Agent rate minus reference rate, in [-1, 1]. */
  delta: number;
  /** 95% Newcombe interval of the difference (independent arms). */
  interval: [number, number];
  /** Two-sided p-value of Fisher's exact test. */
  pValue: number;
  /** The comparison rule's verdict: regression → behind, improvement → ahead, no-change → on-par. */
  verdict: ParityVerdict;
  margin: number;
  /** Behind by more than the margin: behind, and the interval's upper end below −margin. */
  beyondMargin: boolean;
  /** The agent's failed trials, and how many of them have a harness reason. */
  failedTrials: number;
  explained: number;
  /** Set when at least one failed trial has a harness reason: said next to the row. */
  flagged: boolean;
  reasons?: ParityReason[];
}

export interface ParityOptions {
  /** The agent every other is compared with; default: the first agent each eval lists. */
  referenceAgent?: string;
  /** Margin of `on-par` and of the gate (default 0.1: ±10 points). */
  margin?: number;
}

const VERDICT: Record<string, ParityVerdict> = {
  regression: "behind",
  improvement: "ahead",
  "no-change": "on-par",
  inconclusive: "inconclusive",
};

/** The judged counts of one result: its trials now, or the recorded verdict it reused. */
function countsOf(result: EvalResult): ArmCounts | undefined {
  if (result.arm !== undefined) return undefined;
  if (result.status === "cached" && result.cachedFrom)
    return { passes: result.cachedFrom.passes, trials: result.cachedFrom.trials };
  if (!["passed", "failed", "inconclusive", "incomplete"].includes(result.status)) return undefined;
  const trials =
    result.trials.length > 0
      ? result.trials.filter((t) => t.status !== "error").length
      : result.trialsRun;
  return trials > 0 ? { passes: result.passes, trials } : undefined;
}

/** The harness reasons of a result's failed trials, one entry per kind × tool, counted. */
function reasonsOf(result: EvalResult): {
  failed: number;
  explained: number;
  reasons: ParityReason[];
} {
  const failed = result.trials.filter((t) => t.status === "failed");
  const byKey = new Map<string, ParityReason>();
  let explained = 0;
  for (const trial of failed) {
    if (!trial.harness?.length) continue;
    explained++;
    const seen = new Set<string>();
    for (const reason of trial.harness) {
      const key = `${reason.kind}\u0000${reason.tool ?? ""}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = byKey.get(key);
      if (entry) entry.trials++;
      else byKey.set(key, { ...reason, trials: 1 });
    }
  }
  return { failed: failed.length, explained, reasons: [...byKey.values()] };
}

/**
 * A row per eval run by two or more agents and per agent other than the eval's reference. An eval
 * whose reference agent did not run (skipped, errored, or not among its agents) has no rows.
 * Results are read in plan order, so the first agent of an eval is the first its definition lists.
 */
export function parityRows(results: EvalResult[], options: ParityOptions = {}): ParityRecord[] {
  const margin = options.margin ?? DEFAULT_MARGIN;
  const byEval = new Map<string, EvalResult[]>();
  for (const result of results) {
    if (result.arm !== undefined) continue;
    const list = byEval.get(result.id) ?? [];
    list.push(result);
    byEval.set(result.id, list);
  }
  const rows: ParityRecord[] = [];
  for (const [id, list] of byEval) {
    if (new Set(list.map((r) => r.agent)).size < 2) continue;
    const refName = options.referenceAgent ?? list[0]!.agent;
    const ref = list.find((r) => r.agent === refName);
    const refCounts = ref && countsOf(ref);
    if (!refCounts) continue;
    for (const result of list) {
      if (result.agent === refName) continue;
      const counts = countsOf(result);
      if (!counts) continue;
      const stats = compareArms(refCounts, counts, margin);
      const verdict = VERDICT[stats.verdict]!;
      const { failed, explained, reasons } = reasonsOf(result);
      rows.push({
        id,
        reference: refName,
        agent: result.agent,
        referencePasses: refCounts.passes,
        referenceTrials: refCounts.trials,
        referenceInterval: roundPair(wilsonInterval(refCounts.passes, refCounts.trials)),
        agentPasses: counts.passes,
        agentTrials: counts.trials,
        agentInterval: roundPair(wilsonInterval(counts.passes, counts.trials)),
        delta: stats.delta,
        interval: stats.interval,
        pValue: stats.pValue,
        verdict,
        margin,
        beyondMargin: verdict === "behind" && stats.interval[1] < -margin,
        failedTrials: failed,
        explained,
        flagged: explained > 0,
        ...(reasons.length ? { reasons } : {}),
      });
    }
  }
  return rows;
}

function roundPair([a, b]: [number, number]): [number, number] {
  return [round6(a), round6(b)];
}

/** Whether a run's parity gate fails: an agent behind its reference by more than the margin. */
export function parityFails(rows: readonly Pick<ParityRecord, "beyondMargin">[]): boolean {
  return rows.some((r) => r.beyondMargin);
}
