import type { TrialResult } from "../model/index.js";
import { type Style } from "./console.js";
export interface ProgressStream {
    write(text: string): unknown;
    isTTY?: boolean;
    columns?: number;
}
export interface ProgressOptions {
    stream: ProgressStream;
    style: Style;
    /** Redraw a live line instead of printing a line per trial. */
    live: boolean;
    /** Nothing per trial, no live line: the summary and the failures come at the end. */
    quiet?: boolean;
    /** Also print passing trials when live. */
    verbose?: boolean;
    /** Clock, for tests. */
    now?: () => number;
    /** Milliseconds between redraws of the live line (elapsed time keeps moving). */
    tickMs?: number;
}
/** A live line only on a terminal, never in CI or with TERM=dumb. */
export declare function wantsLiveProgress(stream: ProgressStream, env: Record<string, string | undefined>): boolean;
export declare class Progress {
    private readonly options;
    private total;
    private done;
    private passing;
    private failing;
    private costUsd;
    private started;
    private drawn;
    private timer;
    private readonly now;
    constructor(options: ProgressOptions);
    /** --quiet has no live line either: only the summary and the failures at the end. */
    private get live();
    /** The run starts with up to `totalTrials` trials. */
    start(totalTrials: number): void;
    /** An eval × agent stopped early (verdict decided, budget): its unrun trials leave the total. */
    unitEnded(planned: number, ran: number): void;
    trialEnded(id: string, agent: string, planned: number, trial: TrialResult): void;
    /** A line that stays (above the live line, when there is one). */
    line(text: string): void;
    /** Stops redrawing and removes the live line. */
    finish(): void;
    /** The live line's text (no colours, not cut to the terminal's width). */
    status(): string;
    private draw;
}
/** 75 000 ms → "1m15s"; under a minute as seconds. */
export declare function clock(ms: number): string;
