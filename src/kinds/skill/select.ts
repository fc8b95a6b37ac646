// `agent-evals eval [name] --axis trigger|e2e|hook`: a skill/command/hook eval's name selects all
// of its parts; the axis keeps only the parts of that kind.

import type { EvalSpec } from "../../model/index.js";
import { skillPartOf, type SkillAxis } from "./part.js";
import { Codes, DefinitionError, UsageError } from "../../model/index.js";

export const AXES: readonly SkillAxis[] = ["trigger", "e2e", "hook"];

/** The guide's bound on `--trials` for skill, command and hook evals (each run is a paid session). */
export const MAX_SKILL_TRIALS = 10;

/** The axis a flag names; throws a sentence naming the allowed values. */
export function parseAxis(text: string | undefined): SkillAxis | undefined {
  if (text === undefined) return undefined;
  if ((AXES as readonly string[]).includes(text)) return text as SkillAxis;
  throw new UsageError(`--axis takes ${AXES.join(", ")}, got ${JSON.stringify(text)}`);
}

/** The specs to plan and the eval ids to select among them. */
export function selectClaudeCodeParts(
  specs: EvalSpec[],
  names: string[],
  axis: SkillAxis | undefined,
  trials?: number,
): { specs: EvalSpec[]; names: string[] } {
  const onAxis = (spec: EvalSpec) => axis === undefined || skillPartOf(spec)?.axis === axis;
  const kept = specs.filter(onAxis);
  if (axis && kept.length === 0) {
    throw new DefinitionError([
      {
        file: "(command line)",
        code: Codes.usage,
        message: `no ${axis} evals found (--axis ${axis})`,
        fix: `add a \`type: ${axis === "hook" ? "hook" : "skill"}\` eval under _evals/, or drop --axis`,
      },
    ]);
  }
  const selected = names.length === 0 ? { specs: kept, names: [] } : byName(specs, names, axis);
  if (trials !== undefined && trials > MAX_SKILL_TRIALS) {
    const wanted = new Set(selected.names);
    const part = selected.specs.find(
      (s) => skillPartOf(s) && (wanted.size === 0 || wanted.has(s.id)),
    );
    if (part)
      throw new UsageError(
        `--trials takes 1 to ${MAX_SKILL_TRIALS} for skill, command and hook evals (${skillPartOf(part)!.group} is one), got ${trials}`,
      );
  }
  return selected;
}

function byName(
  specs: EvalSpec[],
  names: string[],
  axis: SkillAxis | undefined,
): { specs: EvalSpec[]; names: string[] } {
  const onAxis = (spec: EvalSpec) => axis === undefined || skillPartOf(spec)?.axis === axis;
  const kept = specs.filter(onAxis);
  const ids = new Set(specs.map((s) => s.id));
  const selected: string[] = [];
  for (const name of names) {
    const parts = ids.has(name)
      ? specs.filter((s) => s.id === name)
      : specs.filter((s) => skillPartOf(s)?.group === name);
    if (parts.length === 0) {
      selected.push(name); // unknown: the planner names the evals that exist
      continue;
    }
    const wanted = parts.filter(onAxis);
    if (wanted.length === 0) {
      throw new DefinitionError([
        {
          file: "(command line)",
          code: Codes.usage,
          message: `${JSON.stringify(name)} has no ${axis} part`,
          fix: `drop --axis, or use --axis ${[...new Set(parts.map((p) => skillPartOf(p)?.axis ?? "none"))].join(" or ")}`,
        },
      ]);
    }
    for (const part of wanted) if (!selected.includes(part.id)) selected.push(part.id);
  }
  return { specs: kept, names: selected };
}
