// Checks on the shimmed calls: ran, notRan, ranInOrder. Evidence lists the calls that were made.

import {
  callLine,
  describePattern,
  matchesPattern,
  type Pattern,
  type ShimCall,
} from "../model/index.js";
import type { CheckVerdict } from "./context.js";

const SHOWN_CALLS = 10;

export function listCalls(calls: ShimCall[]): string {
  if (calls.length === 0) return "no shimmed call was made";
  const shown = calls
    .slice(0, SHOWN_CALLS)
    .map((c, i) => `#${i + 1} ${callLine(c)}${c.exit ? ` (exit ${c.exit})` : ""}`);
  const more = calls.length > SHOWN_CALLS ? `; … ${calls.length - SHOWN_CALLS} more` : "";
  return `calls were: ${shown.join("; ")}${more}`;
}

export function checkRan(calls: ShimCall[], pattern: Pattern): CheckVerdict {
  const index = calls.findIndex((c) => matchesPattern(callLine(c), pattern));
  if (index >= 0)
    return { ok: true, evidence: `call #${index + 1} matched: ${callLine(calls[index]!)}` };
  return {
    ok: false,
    evidence: `no call matched ${describePattern(pattern)}; ${listCalls(calls)}`,
  };
}

export function checkNotRan(calls: ShimCall[], pattern: Pattern): CheckVerdict {
  const index = calls.findIndex((c) => matchesPattern(callLine(c), pattern));
  if (index < 0)
    return {
      ok: true,
      evidence: `no call matched ${describePattern(pattern)} (${calls.length} calls)`,
    };
  return {
    ok: false,
    evidence: `call #${index + 1} matched ${describePattern(pattern)}: ${callLine(calls[index]!)}`,
  };
}

/** Each pattern matched by a later call than the previous one's match (greedy earliest match). */
export function checkRanInOrder(calls: ShimCall[], patterns: Pattern[]): CheckVerdict {
  const matchedAt: number[] = [];
  let from = 0;
  for (const pattern of patterns) {
    const offset = calls.slice(from).findIndex((c) => matchesPattern(callLine(c), pattern));
    if (offset < 0) {
      const anywhere = calls.findIndex((c) => matchesPattern(callLine(c), pattern));
      const prior = matchedAt
        .map((at, i) => `${describePattern(patterns[i]!)} at #${at + 1}`)
        .join(", ");
      const why =
        anywhere >= 0
          ? `${describePattern(pattern)} matched only call #${anywhere + 1}, before ${prior}`
          : `no call matched ${describePattern(pattern)}${prior ? ` after ${prior}` : ""}`;
      return { ok: false, evidence: `${why}; ${listCalls(calls)}` };
    }
    matchedAt.push(from + offset);
    from += offset + 1;
  }
  return {
    ok: true,
    evidence: `in order at calls ${matchedAt.map((i) => `#${i + 1}`).join(", ")}`,
  };
}
