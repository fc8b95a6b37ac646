// One interface for every eval kind: how its files load (define/), which of its evals a command
// line selects (plan), what its evals add up to after a run (aggregate), and how that is shown
// (console, markdown). kinds/index.ts registers each kind once; the engine and the faces work with
// the registry and never name a kind.

import type * as z from "zod/mini";
import type { YamlKindLoader } from "../define/index.js";
import type { EvalSpec, EvalResult } from "../model/index.js";
import type { ReportSection, Style } from "../report/index.js";

/** What a kind's evals add up to after a run (e.g. a skill's trigger precision and recall). */
export interface Summary {
  /** The ids of the evals this summary is made of: their own rows are shown inside it. */
  parts: string[];
  status: "passed" | "failed" | "skipped" | "error";
}

export interface Selection {
  specs: EvalSpec[];
  /** Eval ids to run; empty runs all of `specs`. */
  names: string[];
}

export interface SelectOptions {
  /** Only the parts of this kind (`--axis`): each kind says which values it takes. */
  axis?: string;
  /** `--trials N`, when given: a kind may bound it. */
  trials?: number;
}

export interface SummarizeContext {
  projectRoot: string;
  startedAt: Date;
}

export interface EvalKind<
  S extends Summary = Summary,
  N extends string = string,
> extends YamlKindLoader {
  /** The kind's name: the tag of its summaries. */
  name: N;
  /** The JSON-Schema'd YAML formats of this kind, by export name (`agent-evals schema`). */
  schemas: Readonly<Record<string, z.core.$ZodType>>;
  /** Narrows the selection before planning: names may name a group of evals, `axis` a part. */
  select?(selection: Selection, options: SelectOptions): Selection;
  /** The `--axis` values this kind takes. */
  axes?: readonly string[];
  /** After a run or a merge: the summaries of this kind's evals that had a part in it (written too). */
  summarize?(specs: EvalSpec[], results: EvalResult[], ctx: SummarizeContext): Promise<S[]>;
  /** The console section of its summaries. */
  consoleSections?(summaries: S[], projectRoot: string, style: Style, verbose?: boolean): string[];
  /** The PR comment's and step summary's section of its summaries. */
  markdownSections?(summaries: S[]): string[];
  /** Its summaries' sections of report.html. */
  reportSections?(summaries: S[]): ReportSection[];
}
