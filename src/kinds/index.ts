// The registry of eval kinds: each is registered here once, and everything else (the engine, the
// CLI, the Action, `agent-evals schema`) goes through these functions instead of naming a kind.

import type * as z from "zod/mini";
import type { EvalResult, EvalSpec } from "../model/index.js";
import type { ReportSection, Style } from "../report/index.js";
import type { EvalKind, Selection, SelectOptions, Summary, SummarizeContext } from "./kind.js";
import { skillKind, type SkillSummary } from "./skill/index.js";
import { taskKind } from "./task/index.js";

export type { EvalKind, Summary };

/** A summary as the registry hands it out: tagged with the kind that made it. */
export type KindSummary = SkillSummary & { kind: "skill" };

// Widened once here: a kind's functions take its own summaries, and `summariesOf` hands each
// kind only the ones it made.
const KINDS = [taskKind, skillKind] as unknown as readonly EvalKind<KindSummary>[];

/** The kinds' YAML loaders, for define/load.ts. */
export const EVAL_KINDS: readonly EvalKind<KindSummary>[] = KINDS;

/** The selection the kinds leave of `names` (a group name selects its parts; `axis` keeps some). */
export function selectEvals(
  specs: EvalSpec[],
  names: string[],
  options: SelectOptions = {},
): Selection {
  let selection: Selection = { specs, names };
  for (const kind of KINDS) if (kind.select) selection = kind.select(selection, options);
  return selection;
}

/** Every kind's summaries of this run's (or merge's) results, written where each kind keeps them. */
export async function summarize(
  specs: EvalSpec[],
  results: EvalResult[],
  ctx: SummarizeContext,
): Promise<KindSummary[]> {
  const out: KindSummary[] = [];
  for (const kind of KINDS) {
    if (!kind.summarize) continue;
    for (const summary of await kind.summarize(specs, results, ctx))
      out.push({ ...summary, kind: kind.name } as KindSummary);
  }
  return out;
}

function summariesOf(kind: EvalKind<KindSummary>, summaries: KindSummary[]): KindSummary[] {
  return summaries.filter((s) => s.kind === kind.name);
}

/** The console sections of the summaries, kind by kind. */
export function consoleSections(
  summaries: KindSummary[],
  projectRoot: string,
  style: Style,
  verbose?: boolean,
): string[] {
  return KINDS.flatMap((kind) => {
    const own = summariesOf(kind, summaries);
    return own.length && kind.consoleSections
      ? kind.consoleSections(own, projectRoot, style, verbose)
      : [];
  });
}

/** The PR comment's and step summary's sections of the summaries, kind by kind. */
export function markdownSections(summaries: KindSummary[]): string[] {
  return KINDS.flatMap((kind) => {
    const own = summariesOf(kind, summaries);
    return own.length && kind.markdownSections ? kind.markdownSections(own) : [];
  });
}

/** The report.html sections of the summaries, kind by kind. */
export function reportSections(summaries: KindSummary[]): ReportSection[] {
  return KINDS.flatMap((kind) => {
    const own = summariesOf(kind, summaries);
    return own.length && kind.reportSections ? kind.reportSections(own) : [];
  });
}

/** Every YAML file format of every kind, by export name (for the JSON Schema). */
export function yamlSchemas(): Record<string, z.core.$ZodType> {
  return Object.assign({}, ...KINDS.map((kind) => kind.schemas)) as Record<string, z.core.$ZodType>;
}

/** The `--axis` values some kind takes. */
export function knownAxes(): string[] {
  return KINDS.flatMap((kind) => [...(kind.axes ?? [])]);
}
