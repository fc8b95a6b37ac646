// Progress while a run goes on. On a terminal (and not in CI): one live line, redrawn in place —
// trials done of planned, passing, failing, cost so far, elapsed, ETA — with failed trials
// printed above it as they happen. Elsewhere (CI, pipes, files): one line per finished trial.

import type { TrialResult } from "../model/index.js";
import { seconds, trialLine, usd, type Style } from "./console.js";

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
export function wantsLiveProgress(
  stream: ProgressStream,
  env: Record<string, string | undefined>,
): boolean {
  return Boolean(stream.isTTY) && env.CI !== "true" && env.CI !== "1" && env.TERM !== "dumb";
}

const CLEAR_LINE = "\r\x1b[2K";

export class Progress {
  private total = 0;
  private done = 0;
  private passing = 0;
  private failing = 0;
  private costUsd = 0;
  private started: number;
  private drawn = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: ProgressOptions) {
    this.now = options.now ?? Date.now;
    this.started = this.now();
  }

  /** --quiet has no live line either: only the summary and the failures at the end. */
  private get live(): boolean {
    return this.options.live && !this.options.quiet;
  }

  /** The run starts with up to `totalTrials` trials. */
  start(totalTrials: number): void {
    this.total = totalTrials;
    this.started = this.now();
    if (!this.live || totalTrials === 0) return;
    this.draw();
    this.timer = setInterval(() => this.draw(), this.options.tickMs ?? 1000);
    this.timer.unref?.();
  }

  /** An eval × agent stopped early (verdict decided, budget): its unrun trials leave the total. */
  unitEnded(planned: number, ran: number): void {
    this.total = Math.max(this.done, this.total - Math.max(0, planned - ran));
    if (this.live) this.draw();
  }

  trialEnded(id: string, agent: string, planned: number, trial: TrialResult): void {
    this.done++;
    if (trial.status === "passed") this.passing++;
    else this.failing++;
    this.costUsd += trial.costUsd ?? 0;
    const { quiet, live, verbose } = this.options;
    const show = !quiet && (trial.status !== "passed" || !live || verbose);
    if (show) this.line(trialLine(id, agent, planned, trial, this.options.style));
    else if (this.live) this.draw();
  }

  /** A line that stays (above the live line, when there is one). */
  line(text: string): void {
    const { stream } = this.options;
    stream.write(`${this.drawn ? CLEAR_LINE : ""}${text}\n`);
    this.drawn = false;
    if (this.live && this.timer) this.draw();
  }

  /** Stops redrawing and removes the live line. */
  finish(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.drawn) this.options.stream.write(CLEAR_LINE);
    this.drawn = false;
  }

  /** The live line's text (no colours, not cut to the terminal's width). */
  status(): string {
    const elapsed = this.now() - this.started;
    const parts = [
      `${this.done}/${this.total} trials`,
      `${this.passing} passing`,
      `${this.failing} failing`,
      usd(this.costUsd),
      `${clock(elapsed)} elapsed`,
    ];
    if (this.done > 0 && this.done < this.total) {
      parts.push(`ETA ${clock((elapsed / this.done) * (this.total - this.done))}`);
    }
    return parts.join(" · ");
  }

  private draw(): void {
    const { stream, style } = this.options;
    // A pseudo-terminal without a size reports 0 columns.
    const width = Math.max(20, (stream.columns || 80) - 1);
    let text = this.status();
    if (text.length > width) text = `${text.slice(0, width - 1)}…`;
    const coloured = text
      .replace(/(\d+) passing/, (m) => (this.passing ? style.green(m) : m))
      .replace(/(\d+) failing/, (m) => (this.failing ? style.red(m) : m));
    stream.write(`${CLEAR_LINE}${coloured}`);
    this.drawn = true;
  }
}

/** 75 000 ms → "1m15s"; under a minute as seconds. */
export function clock(ms: number): string {
  if (ms < 60_000) return seconds(ms);
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h ? `${h}h${String(m).padStart(2, "0")}m` : `${m}m${rest}s`;
}
