// Head vs base: each eval × agent of this run against the base branch's history, with the pass-rate
// change, whether it is outside noise (Fisher's exact test on the pass/fail counts) and a trend.
// Pure: the PR comment (src/report/markdown.ts) renders what this computes.

import {
  DEFAULT_COMPARISON_TRIALS,
  compareArms,
  countedTrials,
  type EvalResult,
} from "../model/index.js";
import type { HistoryLine } from "./history.js";

export interface ComparisonRow {
  id: string;
  agent: string;
  file: string;
  line?: number;
  head: EvalResult;
  /** The newest base line of this id × agent with a verdict (passed or failed). */
  base?: HistoryLine;
  /**
   * The baseline the head is compared with: base's judged trials pooled with earlier lines of the
   * same definition and agent version (historyBaseline).
   */
  baseline?: { passes: number; trials: number; runs: number };
  /** head.passRate − the baseline's pass rate, when both ran trials. */
  delta?: number;
  /** Two-sided Fisher's exact p-value of base passes/fails vs head passes/fails. */
  pValue?: number;
  /** Set only when p < alpha, and never for cached, skipped, incomplete or error results. */
  flag?: "regression" | "improvement";
  /** Pass rates of the last ≤10 history lines that ran trials, oldest first, then the head's. */
  trend: number[];
}

export interface CompareOptions {
  /** Significance level of the flag (default 0.05). */
  alpha?: number;
}

const TREND_LENGTH = 10;

/** ln(n!) by exact sums, cached: tables here hold at most a few thousand trials. */
const logFactorials: number[] = [0];
function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i++) {
    logFactorials.push((logFactorials[i - 1] ?? 0) + Math.log(i));
  }
  return logFactorials[n] ?? 0;
}

/**
 * Two-sided p-value of Fisher's exact test on the 2×2 table [[a, b], [c, d]]: the probability,
 * with the margins fixed, of a table no more likely than the observed one (the convention of R's
 * `fisher.test`, with its 1e-7 relative tolerance for ties).
 */
export function fisherExactTwoSided(a: number, b: number, c: number, d: number): number {
  for (const x of [a, b, c, d]) {
    if (!Number.isInteger(x) || x < 0) {
      throw new RangeError(`fisherExactTwoSided: counts must be non-negative integers, got ${x}`);
    }
  }
  const n = a + b + c + d;
  const row1 = a + b;
  const row2 = c + d;
  const col1 = a + c;
  const col2 = b + d;
  if (row1 === 0 || row2 === 0 || col1 === 0 || col2 === 0) return 1;
  const constant =
    logFactorial(row1) +
    logFactorial(row2) +
    logFactorial(col1) +
    logFactorial(col2) -
    logFactorial(n);
  // Probability of the table whose top-left cell is x (hypergeometric).
  const logP = (x: number) =>
    constant -
    logFactorial(x) -
    logFactorial(row1 - x) -
    logFactorial(col1 - x) -
    logFactorial(row2 - col1 + x);
  const observed = logP(a);
  const tolerance = Math.log1p(1e-7);
  let p = 0;
  for (let x = Math.max(0, col1 - row2); x <= Math.min(row1, col1); x++) {
    const lp = logP(x);
    if (lp <= observed + tolerance) p += Math.exp(lp);
  }
  return Math.min(1, Math.max(0, p));
}

/** Head statuses whose counts say something about the prompt now. */
function isComparable(head: EvalResult): boolean {
  return (
    (head.status === "passed" || head.status === "failed" || head.status === "inconclusive") &&
    head.trialsRun > 0
  );
}

/** Trials that reached a verdict (errors are not counted in the pass rate). */
/** A history line records trials run (errors included) and passRate = passes ÷ counted. */
function lineCounted(line: HistoryLine): number {
  if (line.passRate > 0) return Math.min(line.trials, Math.round(line.passes / line.passRate));
  return line.trials;
}

function timeOf(line: HistoryLine): number {
  const t = Date.parse(line.time);
  return Number.isNaN(t) ? -Infinity : t;
}

/**
 * Lines of one agent, oldest first (by time; equal times keep file order). Each time is parsed
 * once, not in every comparison: 100k lines sort in a few ms (docs/benchmarks.md, figure 8).
 */
function linesOf(lines: HistoryLine[], agent: string): HistoryLine[] {
  const mine: Array<{ line: HistoryLine; time: number; index: number }> = [];
  lines.forEach((line, index) => {
    if (line.agent === agent) mine.push({ line, time: timeOf(line), index });
  });
  return mine.sort((x, y) => x.time - y.time || x.index - y.index).map(({ line }) => line);
}

/** How many judged trials a history baseline pools at most: the trials of a PR comparison's arm. */
export const HISTORY_POOL_TRIALS = DEFAULT_COMPARISON_TRIALS;

/** A history baseline: pooled pass/fail counts and the lines they come from. */
export interface PooledBaseline {
  passes: number;
  trials: number;
  /** How reports name it: `history@<commit>` of the newest line. */
  label: string;
  /** The newest line pooled. */
  newest: HistoryLine;
  /** How many lines were pooled (1 = the newest alone). */
  runs: number;
}

/**
 * The baseline a run compares an eval × agent with: the judged trials of its newest history lines
 * with a verdict (passed or failed), pooled back from the newest while a line has the newest's
 * definition and agent version (the same eval, run the same way, so the trials are draws of one
 * pass rate) and until HISTORY_POOL_TRIALS trials are pooled. One 10-trial line cannot show a
 * −30-point drop (docs/verdicts.md › Comparisons › Against history); five such runs can.
 */
export function historyBaseline(lines: HistoryLine[], agent: string): PooledBaseline | undefined {
  const verdicts = linesOf(lines, agent).filter(
    (l) => l.status === "passed" || l.status === "failed",
  );
  const newest = verdicts[verdicts.length - 1];
  if (!newest) return undefined;
  let passes = 0;
  let trials = 0;
  let runs = 0;
  for (let i = verdicts.length - 1; i >= 0 && trials < HISTORY_POOL_TRIALS; i--) {
    const line = verdicts[i]!;
    if (line.definitionHash !== newest.definitionHash) break;
    if (line.agentVersion !== newest.agentVersion) break;
    const counted = lineCounted(line);
    passes += Math.min(line.passes, counted);
    trials += counted;
    runs++;
  }
  if (trials === 0) return undefined;
  const label = `history${newest.commit ? `@${newest.commit.slice(0, 7)}` : ""}`;
  return { passes, trials, label, newest, runs };
}

/**
 * One row per head result, in the head's order. `baseHistory` holds the base branch's history
 * lines keyed by eval id (readAllHistory). A row is flagged only when Fisher's exact test on
 * base passes/fails vs head passes/fails gives p < alpha; cached, skipped, incomplete and error
 * results are never flagged (nor compared), nor are a comparison's other arms (`arm`).
 */
export function compareRuns(
  head: EvalResult[],
  baseHistory: Map<string, HistoryLine[]>,
  options: CompareOptions = {},
): ComparisonRow[] {
  const alpha = options.alpha ?? 0.05;
  return head.map((result) => {
    // A comparison arm (a variant, base@REF) is not what the history records of its id.
    const history = result.arm === undefined ? (baseHistory.get(result.id) ?? []) : [];
    const lines = linesOf(history, result.agent);
    const verdicts = lines.filter((l) => l.status === "passed" || l.status === "failed");
    const base = verdicts[verdicts.length - 1];
    const trend = lines
      .filter((l) => l.trials > 0)
      .slice(-TREND_LENGTH)
      .map((l) => l.passRate);
    if (result.trialsRun > 0) trend.push(result.passRate);

    const row: ComparisonRow = {
      id: result.id,
      agent: result.agent,
      file: result.file,
      ...(result.line !== undefined ? { line: result.line } : {}),
      head: result,
      ...(base ? { base } : {}),
      trend,
    };
    if (!base || !isComparable(result)) return row;

    const pooled = historyBaseline(history, result.agent);
    const counted = countedTrials(result);
    if (!pooled || counted === 0) return row;
    row.baseline = { passes: pooled.passes, trials: pooled.trials, runs: pooled.runs };
    const basePasses = pooled.passes;
    const baseCounted = pooled.trials;
    const headPasses = Math.min(result.passes, counted);
    row.delta = headPasses / counted - basePasses / baseCounted;
    row.pValue = fisherExactTwoSided(
      basePasses,
      baseCounted - basePasses,
      headPasses,
      counted - headPasses,
    );
    // The verdict rule of every comparison (model/comparison.ts): interval and p together.
    const verdict = compareArms(
      { passes: basePasses, trials: baseCounted },
      { passes: headPasses, trials: counted },
    ).verdict;
    if (row.pValue < alpha && (verdict === "regression" || verdict === "improvement")) {
      row.flag = verdict;
    }
    return row;
  });
}

const BARS = "▁▂▃▄▅▆▇█";

/** One bar per value on a 0..1 scale (values outside are clamped; non-numbers show as a space). */
export function sparkline(values: number[]): string {
  return values
    .map((v) => {
      if (!Number.isFinite(v)) return " ";
      const clamped = Math.min(1, Math.max(0, v));
      return BARS[Math.round(clamped * (BARS.length - 1))] ?? " ";
    })
    .join("");
}
