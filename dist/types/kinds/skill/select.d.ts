import type { ClaudeCodeAxis, EvalSpec } from "../../model/index.js";
export declare const AXES: readonly ClaudeCodeAxis[];
/** The axis a flag names; throws a sentence naming the allowed values. */
export declare function parseAxis(text: string | undefined): ClaudeCodeAxis | undefined;
/** The specs to plan and the eval ids to select among them. */
export declare function selectClaudeCodeParts(specs: EvalSpec[], names: string[], axis: ClaudeCodeAxis | undefined): {
    specs: EvalSpec[];
    names: string[];
};
