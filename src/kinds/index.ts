// The registry of eval kinds: each is registered here once, and everything else (the engine, the
// CLI, the Action, `agent-evals schema`) goes through these functions instead of naming a kind.

import type * as z from "zod/mini";
import type { YamlKindLoader } from "../define/index.js";
import type { EvalResult, EvalSpec } from "../model/index.js";
import type { ReportSection, Style } from "../report/index.js";
import type { EvalKind, Selection, SelectOptions, Summary, SummarizeContext } from "./kind.js";
import { skillKind, type SkillSummary } from "./skill/index.js";
import { taskKind } from "./task/index.js";

export type { EvalKind, Summary };

/** A summary as the registry hands it out: tagged with the name of the kind that made it. */
type Tagged<S extends Summary = Summary, N extends string = string> = S & { kind: N };

/**
 * Each registered kind's summary type, by the kind's name. Written out (not derived from the list
 * below) so that the published types name no kind's internals; `register` accepts only a kind
 * listed here, with this summary type.
 */
interface SummaryByKind {
  task: Summary;
  skill: SkillSummary;
}

/** A summary of any registered kind, tagged with the kind's name. */
export type KindSummary = {
  [N in keyof SummaryByKind]: Tagged<SummaryByKind[N], N>;
}[keyof SummaryByKind];

/**
 * A kind behind the registry's one shape: its summaries leave tagged with its name, and each of
 * its functions gets back only the summaries it made, so no kind's summary type leaks to another.
 */
function register<N extends keyof SummaryByKind>(kind: EvalKind<SummaryByKind[N], N>) {
  type S = SummaryByKind[N];
  const mine = (all: readonly Tagged[]): Tagged<S, N>[] =>
    // The tag is set below, by this kind's own summarize: a summary with its name is its own.
    all.filter((s): s is Tagged<S, N> => s.kind === kind.name);
  const sections = <T>(all: readonly Tagged[], render: ((own: S[]) => T[]) | undefined): T[] => {
    const own = mine(all);
    return own.length && render ? render(own) : [];
  };
  return {
    kind,
    summarize: async (specs: EvalSpec[], results: EvalResult[], ctx: SummarizeContext) =>
      ((await kind.summarize?.(specs, results, ctx)) ?? []).map((summary): Tagged<S, N> => ({
        ...summary,
        kind: kind.name,
      })),
    consoleSections: (all: readonly Tagged[], root: string, style: Style, verbose?: boolean) =>
      sections(
        all,
        kind.consoleSections && ((own) => kind.consoleSections!(own, root, style, verbose)),
      ),
    markdownSections: (all: readonly Tagged[]) =>
      sections(all, kind.markdownSections && ((own) => kind.markdownSections!(own))),
    reportSections: (all: readonly Tagged[]) =>
      sections(all, kind.reportSections && ((own) => kind.reportSections!(own))),
  };
}

/** Every kind, registered once: the only list of them. */
const KINDS = [register(taskKind), register(skillKind)];

/** The kinds' YAML loaders, for define/load.ts (a kind is its own loader: no cast needed). */
export const EVAL_KINDS: readonly YamlKindLoader[] = KINDS.map((k): YamlKindLoader => k.kind);

/** The selection the kinds leave of `names` (a group name selects its parts; `axis` keeps some). */
export function selectEvals(
  specs: EvalSpec[],
  names: string[],
  options: SelectOptions = {},
): Selection {
  let selection: Selection = { specs, names };
  for (const { kind } of KINDS) if (kind.select) selection = kind.select(selection, options);
  return selection;
}

/** Every kind's summaries of this run's (or merge's) results, written where each kind keeps them. */
export async function summarize(
  specs: EvalSpec[],
  results: EvalResult[],
  ctx: SummarizeContext,
): Promise<KindSummary[]> {
  const out: KindSummary[] = [];
  for (const kind of KINDS) out.push(...(await kind.summarize(specs, results, ctx)));
  return out;
}

/** The console sections of the summaries, kind by kind. */
export function consoleSections(
  summaries: KindSummary[],
  projectRoot: string,
  style: Style,
  verbose?: boolean,
): string[] {
  return KINDS.flatMap((kind) => kind.consoleSections(summaries, projectRoot, style, verbose));
}

/** The PR comment's and step summary's sections of the summaries, kind by kind. */
export function markdownSections(summaries: KindSummary[]): string[] {
  return KINDS.flatMap((kind) => kind.markdownSections(summaries));
}

/** The report.html sections of the summaries, kind by kind. */
export function reportSections(summaries: KindSummary[]): ReportSection[] {
  return KINDS.flatMap((kind) => kind.reportSections(summaries));
}

/** Every YAML file format of every kind, by export name (for the JSON Schema). */
export function yamlSchemas(): Record<string, z.core.$ZodType> {
  return Object.assign({}, ...KINDS.map(({ kind }) => kind.schemas)) as Record<
    string,
    z.core.$ZodType
  >;
}

/** The `--axis` values some kind takes. */
export function knownAxes(): string[] {
  return KINDS.flatMap(({ kind }) => [...(kind.axes ?? [])]);
}
