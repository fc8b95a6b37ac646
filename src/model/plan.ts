// What the plan stage hands to the run stage: eval × agent units, each with its rendered prompt and
// what is already settled. Types, and two helpers that read them.

import type { AgentAdapter, EvalSpec } from "./eval.js";
import type { CachedVerdict, EvalStatus } from "./result.js";

export interface RenderedPrompt {
  /** What the agent gets: secrets filled in. Never write this down. */
  text: string;
  /** The same text with each secret shown as `{{NAME}}`: safe to write to prompt.md. */
  safeText: string;
  /** sha256 of `safeText`: the prompt's snapshot hash. */
  hash: string;
  /** Embedded commands, in order: what the literal agent runs. */
  commands: string[];
  /** The secret values, so writers can redact them. */
  secretValues: string[];
}

/** One eval × agent to run. `agent` undefined: an eval without a prompt (checks only). */
export interface PlannedUnit {
  spec: EvalSpec;
  agent?: AgentAdapter;
  agentName: string;
  agentVersion?: string;
  prompt?: RenderedPrompt;
  trials: number;
  /** Set on the units of a controlled comparison (compare --base, variants). */
  arm?: ArmPlan;
  /** Set when the plan already knows the outcome (skipped …): nothing runs. */
  settled?: { status: EvalStatus; reason: string; cached?: CachedVerdict; code?: string };
  /**
   * The unit's part of the run's budget (USD), in proportion to its expected cost from history:
   * what a shard holding it may spend. Set on every unit when the run has a budget.
   */
  budgetShareUsd?: number;
}

export interface Plan {
  units: PlannedUnit[];
  /** The most the whole run may spend (USD): no trial starts unless its worst case fits. */
  budgetUsd?: number;
  /** Units that will start an agent: what the CI gate guards. */
  agentUnits: number;
  /**
   * The run records or replays its model traffic (`--record`, `--replay`): a replayed trial spends
   * nothing (docs/record-replay.md › Cost and budget).
   */
  traffic?: "record" | "replay";
}

/** How reports name a unit: an arm that is not the eval as defined says which arm (`id @ arm`). */
export function unitLabel(unit: PlannedUnit): string {
  return unit.arm && !unit.arm.primary ? `${unit.spec.id} @ ${unit.arm.label}` : unit.spec.id;
}

/**
 * A unit whose trials spend nothing, so the budget reserves nothing for them and the plan forecasts
 * $0: any unit in a replay (`traffic` "replay"), whose model requests the recording answers, its
 * judges' included (each judge call is replayed from its own cassette); else no agent or a free
 * one (literal, scripts) without a judge check, since a judge calls a real model whatever did the
 * work.
 */
export function spendsNothing(
  unit: Pick<PlannedUnit, "agent" | "spec">,
  traffic: "record" | "replay" | undefined,
): boolean {
  if (traffic === "replay") return true;
  const agentFree = !unit.agent || unit.agent.free === true;
  return agentFree && !unit.spec.checks.some((check) => check.type === "judge");
}

/** The most trials a unit may run: a comparison arm's maximum, else its planned trials. */
export function mostTrials(unit: PlannedUnit): number {
  return unit.arm?.maxTrials ?? unit.trials;
}

/**
 * A unit's place in a comparison group: one control and one or more treatments of the same
 * eval × agent, whose trials the suite interleaves and stops together (src/run/group.ts).
 */
export interface ArmPlan {
  /** Units with the same key form one group. */
  group: string;
  role: "control" | "treatment";
  /** The arm's name in reports: `base@<ref>`, `working tree`, a variant's name, `control`. */
  label: string;
  /**
   * The arm that is the eval as defined in the working tree: it also runs until its own verdict
   * is decided, and its result is judged and recorded as usual. The others are only compared.
   */
  primary: boolean;
  /** The most trials this arm may run for the comparison. */
  maxTrials: number;
  /** The margin of the `no-change` verdict. */
  margin: number;
}
