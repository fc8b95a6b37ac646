// The skill kind's summaries of a run: the registry hands out summaries of every kind, tagged with
// the kind's name; a test of skill evals reads the skill ones.

import type { KindSummary } from "../../src/kinds/index.js";

export type SkillKindSummary = Extract<KindSummary, { kind: "skill" }>;

export function skillSummaries(summaries: readonly KindSummary[]): SkillKindSummary[] {
  return summaries.filter((s): s is SkillKindSummary => s.kind === "skill");
}
