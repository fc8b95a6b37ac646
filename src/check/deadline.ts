// Every check runs under the eval's timeout, as the agent does: past it the check is told to stop
// (its signal is aborted: a command's process group is killed, a file search stops at its next
// chunk, a custom check sees `signal.aborted`), and it fails, whether or not it ever returns.

import { AgentEvalsError, Codes } from "../model/index.js";
import type { CheckVerdict } from "./context.js";

/**
 * How long a check that was told to stop may take to report before it is given up on: enough for
 * a command's process group to get SIGTERM, then SIGKILL 2 s later (util/process.ts).
 */
export const STOP_GRACE_MS = 3_000;

/** The reason a check's signal carries when the check ran past the eval's timeout. */
export class CheckTimedOut extends AgentEvalsError {
  constructor(
    readonly timeoutMs: number,
    /** What ran out: the eval's timeout for one part, or what was left of the whole trial's. */
    limit = `the eval's timeout (${seconds(timeoutMs)})`,
  ) {
    super(Codes.checkFailed, `did not finish within ${limit}; stopped`, { exitCode: 1 });
  }
}

/**
 * How long a part that starts now may take: the eval's timeout for one part, or what is left of
 * the whole trial's limit (`trialDeadline`, epoch ms) when that is less; and how to say which.
 */
export function partLimit(
  timeoutMs: number,
  trialDeadline: number | undefined,
  trialMs: number | undefined,
): { ms: number; limit?: string } {
  if (trialDeadline === undefined || trialMs === undefined) return { ms: timeoutMs };
  const left = Math.max(0, trialDeadline - Date.now());
  return left < timeoutMs
    ? { ms: left, limit: `what was left of the trial's limit (${seconds(trialMs)})` }
    : { ms: timeoutMs };
}

/** "0.3 s", "12 s": a timeout as evidence shows it. */
export function seconds(ms: number): string {
  return `${ms < 10_000 ? (ms / 1000).toFixed(1) : Math.round(ms / 1000)} s`;
}

/** True once `signal` was aborted because its check ran past the eval's timeout. */
export function pastDeadline(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && signal.reason instanceof CheckTimedOut;
}

/**
 * Runs `check` with a signal aborted after `timeoutMs` or when `outer` (the run's interrupt) is.
 * A check that finishes in time gives its verdict; one that does not fails: with its own evidence
 * when it stopped itself and said so (`stopped`), else with the reason it was stopped.
 */
export async function underDeadline(
  timeoutMs: number,
  outer: AbortSignal | undefined,
  check: (signal: AbortSignal) => Promise<CheckVerdict>,
  limit?: string,
): Promise<CheckVerdict> {
  const controller = new AbortController();
  const onOuter = () => controller.abort(outer?.reason);
  const timer = setTimeout(() => controller.abort(new CheckTimedOut(timeoutMs, limit)), timeoutMs);
  let grace: NodeJS.Timeout | undefined;
  const givenUp = new Promise<undefined>((resolve) => {
    const wait = () => (grace = setTimeout(resolve, STOP_GRACE_MS, undefined));
    controller.signal.addEventListener("abort", wait, { once: true });
  });
  if (outer?.aborted) onOuter();
  else outer?.addEventListener("abort", onOuter, { once: true });
  try {
    const verdict = await Promise.race([check(controller.signal), givenUp]);
    if (!controller.signal.aborted) return verdict!;
    if (verdict?.stopped && !verdict.ok) return verdict;
    const reason: unknown = controller.signal.reason;
    return { ok: false, evidence: reason instanceof Error ? reason.message : "interrupted" };
  } finally {
    clearTimeout(timer);
    clearTimeout(grace);
    outer?.removeEventListener("abort", onOuter);
  }
}
