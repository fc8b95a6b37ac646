import { type CheckSpec } from "../model/index.js";
import type { CheckOutcome } from "../model/index.js";
import type { CheckContext, CheckVerdict } from "./context.js";
export type { CheckContext } from "./context.js";
/** A short human name for a check, as reports show it. */
export declare function checkName(check: CheckSpec): string;
export declare function runCheck(check: CheckSpec, ctx: CheckContext, index: number): Promise<CheckVerdict>;
/**
 * Every check, each under the eval's timeout (deadline.ts); a check that throws fails with the
 * error as evidence. The deterministic checks run first, in order; the judges after them, and only
 * when the agent did its part and every deterministic check held (a cheap gate before a paid one),
 * unless a judge says `always`. Outcomes keep the declared order. A judge's infra error is thrown:
 * the trial is an infra error, not a failure. An interrupt stops the list: the checks not yet run
 * are left out.
 */
export declare function runChecks(checks: CheckSpec[], ctx: CheckContext): Promise<CheckOutcome[]>;
