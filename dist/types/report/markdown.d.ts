import type { ComparisonRow } from "../store/index.js";
import type { ComparisonRecord, EvalStatus, RunResult } from "../model/index.js";
/** The hidden line that identifies the sticky comment. */
export declare const STICKY_MARKER = "<!-- agent-evals:sticky -->";
/** GitHub refuses comment bodies over 65536 characters; keep a margin. */
export declare const MAX_COMMENT_CHARS = 65000;
export interface RenderRunOptions {
    run: RunResult;
    rows: ComparisonRow[];
    /** The branch the head is compared with, e.g. "main". */
    baseRef?: string;
    /** The workflow run's page. */
    runUrl?: string;
    /** Where the transcripts artifact can be downloaded. */
    artifactUrl?: string;
    /** Defaults to run.budgetUsd. */
    budgetUsd?: number;
    /** Hidden marker put on the first line: `<!-- … -->`, or the text to wrap in one. */
    marker?: string;
    /** Upper bound of the body's length (default MAX_COMMENT_CHARS). */
    maxChars?: number;
    /** Why no eval ran, when none did (e.g. none is affected by the change). */
    nothingRanBecause?: string;
    /** Lines of a section after the table (the skill/command/hook evals put back together). */
    sections?: string[];
    /** The commit the run measured (shown short). */
    headSha?: string;
    /** Things the reader must not miss (history not saved, pairs skipped, the budget's cut), as text. */
    notes?: string[];
    /**
     * The step that reports this run fails (the Action's fail-on, fail-on-skip …): the headline is
     * ❌ then, whatever the verdicts.
     */
    stepFailed?: boolean;
}
/** A base measured longer ago than this is flagged in the comment. */
export declare const STALE_BASE_DAYS = 7;
/** The marker as an HTML comment line (a bare name is wrapped; `--` cannot end it early). */
export declare function markerLine(marker: string): string;
/**
 * Text for a table cell (or any inline position): HTML cannot open (`<`, `>`, `&` become
 * entities), `|` cannot end the cell, newlines become `<br>`, markdown punctuation is literal,
 * `@name` mentions nobody and a URL is not linked.
 */
export declare function escapeCell(text: string): string;
/** The icon of each verdict, in the comment's tables and headline. */
export declare const ICON: Record<EvalStatus, string>;
/** The icon of each comparison verdict, in the comparisons table. */
export declare const VERDICT_ICON: Record<ComparisonRecord["verdict"], string>;
/**
 * The comment body: marker, headline, one table row per eval × agent, cost against the budget,
 * links, then the failing checks' evidence in a collapsed section. At most `maxChars` characters:
 * evidence rows (then table rows) that do not fit are left out, with a note saying so.
 */
export declare function renderRunMarkdown(options: RenderRunOptions): string;
