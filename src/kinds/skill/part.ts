// What the skill kind stores on each EvalSpec it loads (`spec.part`): the generic fields the plan
// reads, and this kind's own data, which only this kind reads back.

import type { EvalPart, EvalSpec } from "../../model/index.js";

/** Which part of a skill/command/hook eval file an EvalSpec is. */
export type SkillAxis = "trigger" | "e2e" | "hook";

export interface SkillPart extends EvalPart {
  kind: "skill";
  axis: SkillAxis;
  type: "skill" | "command" | "hook";
  /** The target file, relative to the project root. */
  target: string;
  /** trigger: the request, whether it should trigger the target, and how it is judged. */
  query?: {
    text: string;
    note?: string;
    shouldTrigger: boolean;
    mode: "observe" | "ask";
    /** With `trigger.holdout`: whether the query is a training or a held-out one. */
    split?: "train" | "holdout";
  };
  /**
   * trigger, observe: the skills/commands installed in the trial (the target first, then its
   * `competitors`), with the names they are invoked by, to tell which one a run triggered.
   */
  candidates?: Array<{ name: string; names: string[]; installedAt: string }>;
  /** e2e: the scenario's name. */
  scenario?: string;
  /** e2e: each outcome's type and the guide's description of it, in check order. */
  outcomes?: Array<{ type: string; description: string }>;
  /** The file's default model (EVAL_MODEL over its `model:`), when one is set. */
  defaultModel?: string;
  /** hook: the cases' scenario names, in check order. */
  cases?: string[];
  /** Things the report should say about the target (e.g. a user-level skill shadows it). */
  warnings: string[];
}

/** An EvalSpec this kind loaded. */
export type SkillSpec = EvalSpec & { part: SkillPart };

/** The skill part of `spec`, when this kind made it (the kind tag is only ever set by its loader). */
export function skillPartOf(spec: EvalSpec): SkillPart | undefined {
  return spec.part?.kind === "skill" ? (spec.part as SkillPart) : undefined;
}

/** Whether this kind loaded `spec`. */
export function isSkillSpec(spec: EvalSpec): spec is SkillSpec {
  return skillPartOf(spec) !== undefined;
}

/** The generic fields of a part of a `type` file about `target`, as the plan reads them. */
export function skillPartBase(
  type: SkillPart["type"],
  target: string,
): Pick<SkillPart, "kind" | "type" | "target" | "agent" | "about" | "agentOnlyReason"> {
  return {
    kind: "skill",
    type,
    target,
    agent: "claude-code",
    about: `a ${type} eval of Claude Code (${target})`,
    agentOnlyReason:
      "the target is installed under .claude/, where only Claude Code looks, and a trigger is Claude Code's Skill tool naming it",
  };
}
