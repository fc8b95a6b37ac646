import type { HistoryLine } from "../store/index.js";
import type { ComparisonRecord, EvalResult, RunResult } from "../model/index.js";
/** Caps of what one trial embeds. Text is cut in the middle: its head and its tail are kept. */
export declare const HTML_CAPS: {
    readonly promptChars: 16000;
    readonly stdoutChars: 24000;
    readonly stderrChars: 12000;
    readonly finalMessageChars: 8000;
    readonly trajectorySteps: 300;
    /** Per tool call input and result. */
    readonly stepChars: 2000;
    readonly calls: 500;
    /** Per shim call: its first arguments, each cut to this many characters. */
    readonly callArgs: 50;
    readonly callArgChars: 1000;
    /** All of a trial's embedded calls together (passing trials get a quarter). */
    readonly callsChars: 100000;
    /** calls.jsonl is read this far at most (its first lines are what is embedded). */
    readonly callsReadBytes: number;
    /** Above this the whole report stops embedding details of passing trials (failing ones first). */
    readonly totalDetailChars: 40000000;
    /** trial.json larger than this is not parsed for the trajectory. */
    readonly trialJsonBytes: number;
};
export interface HtmlReportOptions {
    projectRoot: string;
    /** The results folder the page is written to; links to trial files are relative to it. */
    resultsDir: string;
    /** History lines of this run's evals (older runs and this one), for the trend charts. */
    history?: HistoryLine[];
    /** What the eval kinds add up to (a skill's trigger metrics, …), shown above the evals. */
    sections?: ReportSection[];
}
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
export type ReportBlock = {
    type: "lines";
    title?: string;
    lines: Array<{
        text: string;
        mark?: ReportMark;
        detail?: string;
    }>;
} | {
    type: "table";
    title: string;
    /** What the table counts, said under its title. */
    caption?: string;
    head: string[];
    /** `marks[i]` marks cell i (a wrong-skill count, a failed check). */
    rows: Array<{
        cells: string[];
        marks?: Array<ReportMark | null>;
    }>;
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
    trajectory: {
        tool: string;
        input: string;
        result?: string;
        isError?: boolean;
        exit?: number;
    }[];
    trajectoryTotal: number;
    calls: {
        bin: string;
        argv: string[];
        time: number;
        exit: number | null;
    }[];
    callsTotal: number;
    agent?: {
        exitCode?: number | null;
        tokens?: unknown;
        turns?: number;
        durationMs?: number;
    };
    /** Files the agent wrote to the trial folder, relative to the report. */
    files: string[];
    /** Why something is missing (not embedded for size, unreadable…). */
    notes: string[];
}
export interface ReportData {
    run: Omit<RunResult, "evals" | "diagnostics" | "comparisons">;
    evals: EvalResult[];
    /** The run's comparisons with their text as the console prints it (src/report/comparisons.ts). */
    comparisons: ComparisonView[];
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
export declare function comparisonViews(comparisons: ComparisonRecord[]): ComparisonView[];
export interface TrendPoint {
    time: string;
    passRate: number;
    passes: number;
    trials: number;
    status: string;
    commit?: string;
}
/** Builds the page's data: reads each trial's files under the caps. */
export declare function collectReportData(run: RunResult, options: HtmlReportOptions): Promise<ReportData>;
/** Head and tail of a text longer than `cap` characters. */
export declare function capText(text: string, cap: number): CappedText;
/**
 * A file's text, or its head and tail when over `cap` characters; reads at most about `cap` bytes
 * of a large file, so a 2 GB transcript costs nothing. Undefined when the file does not exist.
 */
export declare function readCapped(file: string, cap: number, maxWhole?: number): Promise<CappedText | undefined>;
/**
 * JSON that is safe inside `<script type="application/json">`: `<`, `>` and `&` as \u escapes
 * (no `</script>`, no `<!--`), and U+2028/U+2029 escaped too.
 */
export declare function scriptJson(value: unknown): string;
export declare function renderHtml(data: ReportData): string;
/**
 * Writes report.html as it is built: the page's head and its main data, then each trial's details
 * as soon as they are read, then the rest. The run's details are never all in memory at once (a
 * run of thousands of trials embeds megabytes of them); the file is the one renderHtml makes, but
 * for the order of the trials in the details object.
 */
export declare function writeHtmlReport(run: RunResult, options: HtmlReportOptions): Promise<string>;
