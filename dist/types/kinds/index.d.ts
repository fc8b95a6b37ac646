import type * as z from "zod/mini";
import type { EvalResult, EvalSpec } from "../model/index.js";
import type { ReportSection, Style } from "../report/index.js";
import type { EvalKind, Selection, SelectOptions, Summary, SummarizeContext } from "./kind.js";
import { type SkillSummary } from "./skill/index.js";
export type { EvalKind, Summary };
/** A summary as the registry hands it out: tagged with the kind that made it. */
export type KindSummary = SkillSummary & {
    kind: "skill";
};
/** The kinds' YAML loaders, for define/load.ts. */
export declare const EVAL_KINDS: readonly EvalKind<KindSummary>[];
/** The selection the kinds leave of `names` (a group name selects its parts; `axis` keeps some). */
export declare function selectEvals(specs: EvalSpec[], names: string[], options?: SelectOptions): Selection;
/** Every kind's summaries of this run's (or merge's) results, written where each kind keeps them. */
export declare function summarize(specs: EvalSpec[], results: EvalResult[], ctx: SummarizeContext): Promise<KindSummary[]>;
/** The console sections of the summaries, kind by kind. */
export declare function consoleSections(summaries: KindSummary[], projectRoot: string, style: Style, verbose?: boolean): string[];
/** The PR comment's and step summary's sections of the summaries, kind by kind. */
export declare function markdownSections(summaries: KindSummary[]): string[];
/** The report.html sections of the summaries, kind by kind. */
export declare function reportSections(summaries: KindSummary[]): ReportSection[];
/** Every YAML file format of every kind, by export name (for the JSON Schema). */
export declare function yamlSchemas(): Record<string, z.core.$ZodType>;
/** The `--axis` values some kind takes. */
export declare function knownAxes(): string[];
