// The data report.html embeds, as the two sides see it: html.ts writes it (Node), the page's
// script reads it (src/report/html/page/, the browser). Types only, so both programs import it:
// nothing here needs Node's types or the DOM's. The model's types come from model/result.ts, not
// model/index.ts, whose other modules import Node built-ins the page's program has no types for.

import type {
  ComparisonRecord,
  EvalResult,
  EvalStatus,
  ParityRecord,
  RunResult,
  TrialResult,
} from "../../model/result.js";

export type { EvalResult, EvalStatus, TrialResult };

/**
 * A block of the page an eval kind adds (kinds/ builds it, the page only lays it out): a skill's
 * trigger precision and recall, its confusion matrix, its scenarios' workflow checks.
 */
export interface ReportSection {
  title: string;
  /** The kind's verdict of what the section is about. */
  status: "passed" | "failed" | "skipped" | "error";
  /** A line under the title (the target, the file). */
  subtitle?: string;
  blocks: ReportBlock[];
}

/** `mark` draws a ✓ or ✗ before a line or in a cell; `detail` is evidence shown under a line. */
export type ReportMark = "pass" | "fail";

export type ReportBlock =
  | {
      type: "lines";
      title?: string;
      lines: Array<{ text: string; mark?: ReportMark; detail?: string }>;
    }
  | {
      type: "table";
      title: string;
      /** What the table counts, said under its title. */
      caption?: string;
      head: string[];
      /** `marks[i]` marks cell i (a wrong-skill count, a failed check). */
      rows: Array<{ cells: string[]; marks?: Array<ReportMark | null> }>;
    };

/** Text cut to a cap, saying what was left out and where the whole is. */
export interface CappedText {
  text: string;
  /** Bytes of the whole file (or characters of the whole text). */
  size: number;
  truncated: boolean;
  /** The full file, relative to the report. */
  path?: string;
}

export interface TrialDetail {
  prompt?: CappedText;
  stdout?: CappedText;
  stderr?: CappedText;
  finalMessage?: CappedText;
  trajectory: { tool: string; input: string; result?: string; isError?: boolean; exit?: number }[];
  trajectoryTotal: number;
  calls: { bin: string; argv: string[]; time: number; exit: number | null }[];
  callsTotal: number;
  agent?: { exitCode?: number | null; tokens?: unknown; turns?: number; durationMs?: number };
  /** Files the agent wrote to the trial folder, relative to the report. */
  files: string[];
  /** Why something is missing (not embedded for size, unreadable…). */
  notes: string[];
}

export interface ReportData {
  run: Omit<RunResult, "evals" | "diagnostics" | "comparisons" | "parity">;
  evals: EvalResult[];
  /** The run's comparisons with their text as the console prints it (src/report/comparisons.ts). */
  comparisons: ComparisonView[];
  /** Parity across agents, with the console's words (src/report/parity.ts). */
  parity: ParityView[];
  /** "evalIndex/trialIndex" → details. */
  details: Record<string, TrialDetail>;
  /** eval id → agent → points, oldest first. */
  trends: Record<string, Record<string, TrendPoint[]>>;
  /** The trial folders, relative to the report (for links). */
  dirs: Record<string, string>;
  /** The eval kinds' sections (see ReportSection). */
  sections: ReportSection[];
}

/** One comparison of the lift view: the record, and the words every face of the run uses. */
export interface ComparisonView {
  record: ComparisonRecord;
  /** REGRESSION, IMPROVEMENT, NO CHANGE, INCONCLUSIVE. */
  label: string;
  /** `greet [literal] base@main 5/5 → working tree 0/4`. */
  arms: string;
  /** `Δ −100 pts (95% CI −100 to −35)`. */
  delta: string;
  /** `p=0.008`. */
  p: string;
  /** `decided after 4 pairs of up to 50`. */
  decision: string;
  /** `per trial: cost …, tokens …, turns …, 0.1s → 0.1s`, or empty. */
  means: string;
}

/** One parity row: the record, and the words the console and the PR comment use. */
export interface ParityView {
  record: ParityRecord;
  /** BEHIND, AHEAD, ON PAR, INCONCLUSIVE. */
  label: string;
  /** `3/5 (60%, 95% CI 23%–88%)`, the agent's and the reference's. */
  agentRate: string;
  referenceRate: string;
  /** `Δ −100 pts (95% CI −100 to −39)`. */
  delta: string;
  /** `p=0.008`. */
  p: string;
  /** `behind by more than 10 pts`, when it is (what `eval --fail-on parity` fails on). */
  beyond?: string;
  /** `harness: the shimmed tool neon was never found (5 of 5 failed trials)`, when flagged. */
  harness?: string;
  /** Each reason's source and evidence. */
  evidence: string[];
}

export interface TrendPoint {
  time: string;
  passRate: number;
  passes: number;
  trials: number;
  status: string;
  commit?: string;
}
