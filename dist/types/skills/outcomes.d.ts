import type { CheckSpec, SourceRef } from "../model/eval.js";
import type { Outcome } from "../define/schema.js";
/** The check an outcome stands for, and the name the report gives it. */
export declare function outcomeCheck(outcome: Outcome, timeoutMs: number, source: SourceRef): CheckSpec;
/** Our environment as a plain map (what Claude Code's own commands and hooks would see). */
export declare function processEnv(): Record<string, string>;
