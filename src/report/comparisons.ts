// How a comparison reads: one row per eval × agent × compared arm — control k/n → treatment k/n,
// the difference in points with its 95% interval, the p-value and the verdict — for the console,
// the markdown comment and the HTML report alike.

import { NO_CHANGE_POWER, noChangeTrials } from "../model/index.js";
import type { ArmMeans, ComparisonRecord } from "../model/index.js";
import type { Style } from "./console.js";

export const VERDICT_LABEL: Record<ComparisonRecord["verdict"], string> = {
  regression: "REGRESSION",
  improvement: "IMPROVEMENT",
  "no-change": "NO CHANGE",
  inconclusive: "INCONCLUSIVE",
};

/** Signed points: +20, −35, 0. */
export function points(x: number): string {
  const p = Math.round(x * 100);
  return p > 0 ? `+${p}` : p < 0 ? `−${-p}` : "0";
}

export function pValue(p: number): string {
  return p < 0.001 ? "p<0.001" : `p=${p.toFixed(p < 0.01 ? 3 : 2)}`;
}

/** `Δ −100 pts (95% CI −100 to −38)`. */
export function deltaText(c: ComparisonRecord): string {
  return `Δ ${points(c.delta)} pts (95% CI ${points(c.interval[0])} to ${points(c.interval[1])})`;
}

/** Why the verdict is what it is, in a few words. */
export function decisionText(c: ComparisonRecord): string {
  if (c.decidedAfter !== undefined) {
    if (c.decidedAfter < c.maxTrials)
      return `decided after ${c.decidedAfter} pair${c.decidedAfter === 1 ? "" : "s"} of up to ${c.maxTrials}`;
    const reach = noChangeReach(c);
    return `at ${c.maxTrials} trials per arm${reach ? `; ${reach}` : ""}`;
  }
  return c.reason ?? "not decided";
}

/**
 * What a `no-change` would take, said of an inconclusive verdict at the maximum whose interval
 * holds 0 and whose Δ lies within the margin (no sign of a difference, too few trials to rule one
 * out): the trials per arm at which the 95% rule says no-change within the margin 8 times in 10 when
 * both arms pass at the rate the two arms passed at together (noChangeTrials), when that is more
 * than the maximum. `no-change within ±10 pts needs about 340 trials per arm at the 80% pass rate
 * seen (8 times in 10 if nothing changed): --trials N, or a wider --margin`.
 */
export function noChangeReach(c: ComparisonRecord): string | undefined {
  if (c.verdict !== "inconclusive") return undefined;
  if (c.interval[0] > 0 || c.interval[1] < 0 || Math.abs(c.delta) >= c.margin) return undefined;
  const trials = c.controlTrials + c.treatmentTrials;
  if (trials === 0) return undefined;
  const rate = (c.controlPasses + c.treatmentPasses) / trials;
  const needed = noChangeTrials(rate, c.margin);
  if (!(needed > Math.max(c.maxTrials, c.controlTrials, c.treatmentTrials))) return undefined;
  const chance = `${Math.round(NO_CHANGE_POWER * 10)} times in 10`;
  // Against history the control is the recorded baseline: no flag of this run adds to it.
  const how = c.control.startsWith("history") ? "" : ": --trials N, or a wider --margin";
  return `no-change within ±${points(c.margin).replace("+", "")} pts needs about ${roughly(needed)} trials per arm at the ${Math.round(rate * 100)}% pass rate seen (${chance} if nothing changed)${how}`;
}

/** A count to two significant figures, rounded up: 37, 120, 340, 530, 2200. */
function roughly(n: number): number {
  if (n < 100) return n;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.ceil(n / unit) * unit;
}

/** What the treatment costs beside the control, per trial: `cost +$0.02, 1.2s → 3.4s, turns 4 → 6`. */
export function meansText(c: ComparisonRecord): string {
  const a = c.controlMeans;
  const b = c.treatmentMeans;
  if (!a || !b) return "";
  const parts: string[] = [];
  if (a.costUsd || b.costUsd)
    parts.push(`cost $${a.costUsd.toFixed(4)} → $${b.costUsd.toFixed(4)}`);
  if (a.tokens !== undefined || b.tokens !== undefined)
    parts.push(`tokens ${whole(a.tokens)} → ${whole(b.tokens)}`);
  if (a.turns !== undefined || b.turns !== undefined)
    parts.push(`turns ${tenth(a.turns)} → ${tenth(b.turns)}`);
  parts.push(`${secs(a)} → ${secs(b)}`);
  return `per trial: ${parts.join(", ")}`;
}

function whole(x: number | undefined): string {
  return x === undefined ? "?" : String(Math.round(x));
}

function tenth(x: number | undefined): string {
  return x === undefined ? "?" : String(Math.round(x * 10) / 10);
}

function secs(m: ArmMeans): string {
  return `${(m.durationMs / 1000).toFixed(1)}s`;
}

/** `greet [literal] base@main 5/5 → working tree 0/4`: what was compared, with the counts. */
export function armsText(c: ComparisonRecord): string {
  return `${c.id} [${c.agent}] ${c.control} ${c.controlPasses}/${c.controlTrials} → ${c.treatment} ${c.treatmentPasses}/${c.treatmentTrials}`;
}

/** The comparison's first line without its verdict: the arms, Δ with its interval, p. */
export function rowText(c: ComparisonRecord): string {
  return `${armsText(c)}  ${deltaText(c)}  ${pValue(c.pValue)}`;
}

/** The comparison's second line: the decision and the per-trial means. */
export function detailText(c: ComparisonRecord): string {
  return [decisionText(c), meansText(c)].filter(Boolean).join(" · ");
}

/** The console's comparison section: a heading and two lines per comparison. */
export function comparisonLines(comparisons: ComparisonRecord[], style: Style): string[] {
  if (comparisons.length === 0) return [];
  const lines = ["Comparisons (control → treatment):"];
  for (const c of comparisons) {
    const colour =
      c.verdict === "regression"
        ? style.red
        : c.verdict === "improvement"
          ? style.green
          : c.verdict === "no-change"
            ? (s: string) => s
            : style.yellow;
    lines.push(`  ${colour(style.bold(VERDICT_LABEL[c.verdict]))} ${rowText(c)}`);
    lines.push(`    ${style.dim(detailText(c))}`);
  }
  return lines;
}
