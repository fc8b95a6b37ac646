import type { EvalSpec } from "../model/eval.js";
export interface ClaudeCodeLoadContext {
    projectRoot: string;
    /** EVAL_MODEL, HOME (user-level skills, credentials) and the keys the agent needs. */
    env: Record<string, string | undefined>;
}
export declare function loadClaudeCodeEval(file: string, text: string, ctx: ClaudeCodeLoadContext): Promise<EvalSpec[]>;
