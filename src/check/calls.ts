// Checks on the shimmed calls: ran, notRan, ranInOrder. Evidence lists the calls that were made.
// Each reads the calls once, in start order, as a stream: past the call log's cap they are read
// again from the raw log (run/call-log.ts), so no check needs them all in memory.

import {
  callLine,
  describePattern,
  matchesPattern,
  type Pattern,
  type ShimCall,
} from "../model/index.js";
import type { CallStream, CheckVerdict } from "./context.js";

const SHOWN_CALLS = 10;

/** The first calls and how many there were: a failed call check's evidence. */
class CallTally {
  private readonly shown: ShimCall[] = [];
  count = 0;

  see(call: ShimCall): void {
    if (this.shown.length < SHOWN_CALLS) this.shown.push(call);
    this.count++;
  }

  list(): string {
    if (this.count === 0) return "no shimmed call was made";
    const shown = this.shown.map(
      (c, i) => `#${i + 1} ${callLine(c)}${c.exit ? ` (exit ${c.exit})` : ""}`,
    );
    const more = this.count > SHOWN_CALLS ? `; … ${this.count - SHOWN_CALLS} more` : "";
    return `calls were: ${shown.join("; ")}${more}`;
  }
}

export async function checkRan(calls: CallStream, pattern: Pattern): Promise<CheckVerdict> {
  const tally = new CallTally();
  for await (const call of calls) {
    if (matchesPattern(callLine(call), pattern))
      return { ok: true, evidence: `call #${tally.count + 1} matched: ${callLine(call)}` };
    tally.see(call);
  }
  return { ok: false, evidence: `no call matched ${describePattern(pattern)}; ${tally.list()}` };
}

export async function checkNotRan(calls: CallStream, pattern: Pattern): Promise<CheckVerdict> {
  let count = 0;
  for await (const call of calls) {
    count++;
    if (matchesPattern(callLine(call), pattern))
      return {
        ok: false,
        evidence: `call #${count} matched ${describePattern(pattern)}: ${callLine(call)}`,
      };
  }
  return { ok: true, evidence: `no call matched ${describePattern(pattern)} (${count} calls)` };
}

/** Each pattern matched by a later call than the previous one's match (greedy earliest match). */
export async function checkRanInOrder(
  calls: CallStream,
  patterns: Pattern[],
): Promise<CheckVerdict> {
  const matchedAt: number[] = [];
  // Where each pattern first matched anywhere, for the evidence of an order violated.
  const firstAt = patterns.map(() => -1);
  const tally = new CallTally();
  const inOrder = (): CheckVerdict => ({
    ok: true,
    evidence: `in order at calls ${matchedAt.map((i) => `#${i + 1}`).join(", ")}`,
  });
  if (patterns.length === 0) return inOrder();
  for await (const call of calls) {
    const index = tally.count;
    const line = callLine(call);
    patterns.forEach((p, k) => {
      if (firstAt[k]! < 0 && matchesPattern(line, p)) firstAt[k] = index;
    });
    const next = patterns[matchedAt.length];
    if (next !== undefined && matchesPattern(line, next)) {
      matchedAt.push(index);
      if (matchedAt.length === patterns.length) return inOrder();
    }
    tally.see(call);
  }
  const failed = matchedAt.length;
  const pattern = patterns[failed]!;
  const anywhere = firstAt[failed]!;
  const prior = matchedAt
    .map((at, i) => `${describePattern(patterns[i]!)} at #${at + 1}`)
    .join(", ");
  const why =
    anywhere >= 0
      ? `${describePattern(pattern)} matched only call #${anywhere + 1}, before ${prior}`
      : `no call matched ${describePattern(pattern)}${prior ? ` after ${prior}` : ""}`;
  return { ok: false, evidence: `${why}; ${tally.list()}` };
}
