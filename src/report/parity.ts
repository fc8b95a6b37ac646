// How parity across agents reads: per eval, each agent's pass rate with its interval against the
// reference agent's, the difference with its interval and p, the verdict, and the harness reasons
// that explain the agent's failures. For the console and the Markdown of the PR comment.

import { harnessReasonText, type ParityRecord } from "../model/index.js";
import { points, pValue } from "./comparisons.js";
import type { Style } from "./console.js";
import { inert } from "../util/index.js";

export const PARITY_LABEL: Record<ParityRecord["verdict"], string> = {
  behind: "BEHIND",
  ahead: "AHEAD",
  "on-par": "ON PAR",
  inconclusive: "INCONCLUSIVE",
};

const PARITY_ICON: Record<ParityRecord["verdict"], string> = {
  behind: "🔻",
  ahead: "🔺",
  "on-par": "➖",
  inconclusive: "❔",
};

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}

/** `3/5 (60%, 95% CI 23%–88%)`. */
export function rateText(passes: number, trials: number, [lo, hi]: [number, number]): string {
  return `${passes}/${trials} (${pct(trials ? passes / trials : 0)}, 95% CI ${pct(lo)}–${pct(hi)})`;
}

/** `Δ −100 pts (95% CI −100 to −39)`. */
export function parityDifferenceText(r: ParityRecord): string {
  return `Δ ${points(r.delta)} pts (95% CI ${points(r.interval[0])} to ${points(r.interval[1])})`;
}

/** `Δ −100 pts (95% CI −100 to −39)  p=0.008`. */
export function parityDeltaText(r: ParityRecord): string {
  return `${parityDifferenceText(r)}  ${pValue(r.pValue)}`;
}

/** `behind by more than 10 pts`, when it is. */
export function beyondMarginText(r: ParityRecord): string | undefined {
  return r.beyondMargin
    ? `behind by more than ${points(r.margin).replace("+", "")} pts`
    : undefined;
}

/** `harness: the shimmed tool neon was never found (5 of 5 failed trials)`, when flagged. */
export function parityHarnessText(r: ParityRecord): string | undefined {
  if (!r.flagged || !r.reasons?.length) return undefined;
  const said = r.reasons.map((reason) => harnessReasonText(reason)).join("; ");
  return `harness: ${said} (${r.explained} of ${r.failedTrials} failed trial${r.failedTrials === 1 ? "" : "s"})`;
}

/** The console's parity section: a heading per reference agent, two or three lines per row. */
export function parityLines(rows: ParityRecord[], style: Style): string[] {
  if (rows.length === 0) return [];
  const lines: string[] = [];
  const references = [...new Set(rows.map((r) => r.reference))];
  for (const reference of references) {
    lines.push(`Parity (reference: ${inert(reference)}):`);
    for (const r of rows.filter((row) => row.reference === reference)) {
      const colour =
        r.verdict === "behind"
          ? style.red
          : r.verdict === "ahead"
            ? style.green
            : r.verdict === "on-par"
              ? (s: string) => s
              : style.yellow;
      const flag = r.flagged ? ` ${style.yellow("⚑ harness")}` : "";
      lines.push(
        `  ${colour(style.bold(PARITY_LABEL[r.verdict]))}${flag} ${inert(`${r.id} [${r.agent}] ${rateText(r.agentPasses, r.agentTrials, r.agentInterval)} vs [${r.reference}] ${rateText(r.referencePasses, r.referenceTrials, r.referenceInterval)}`)}`,
      );
      const beyond = r.beyondMargin ? `; ${beyondMarginText(r)}` : "";
      lines.push(`    ${style.dim(`${parityDeltaText(r)}${beyond}`)}`);
      const harness = parityHarnessText(r);
      if (harness) {
        lines.push(`    ${style.yellow(inert(harness))}`);
        for (const reason of r.reasons ?? [])
          lines.push(`      ${style.dim(inert(`${reason.source}: ${reason.evidence}`))}`);
      }
    }
  }
  return lines;
}

/** The PR comment's parity table, with a note on how to read it. */
export function parityMarkdown(rows: ParityRecord[], escape: (text: string) => string): string[] {
  if (rows.length === 0) return [];
  const out = [
    "**Parity across agents**",
    "",
    "| verdict | eval | agent | reference | Δ (95% CI) | p | harness |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const r of rows) {
    const harness = parityHarnessText(r);
    out.push(
      `| ${[
        `${PARITY_ICON[r.verdict]} **${PARITY_LABEL[r.verdict]}**${r.beyondMargin ? " (beyond margin)" : ""}`,
        `**${escape(r.id)}**`,
        escape(`[${r.agent}] ${rateText(r.agentPasses, r.agentTrials, r.agentInterval)}`),
        escape(
          `[${r.reference}] ${rateText(r.referencePasses, r.referenceTrials, r.referenceInterval)}`,
        ),
        `${points(r.delta)} pts (${points(r.interval[0])} to ${points(r.interval[1])})`,
        pValue(r.pValue),
        harness ? `⚑ ${escape(harness.replace(/^harness: /, ""))}` : "",
      ].join(" | ")} |`,
    );
  }
  const margins = [...new Set(rows.map((r) => points(r.margin).replace("+", "")))];
  out.push(
    "",
    `_Each agent against the eval's reference agent, in the same run (independent trials). Δ is in points with its 95% interval (Newcombe), p from Fisher's exact test; behind: the interval lies below 0 and p < 0.05; on par: within ±${margins.join("/±")} points. ⚑: failures that recorded evidence puts on the harness, not the prompt._`,
    "",
  );
  return out;
}
