import type { ClaudeCodeAxis, EvalSpec } from "../../model/index.js";
export declare const AXES: readonly ClaudeCodeAxis[];
/** The guide's bound on `--trials` for skill, command and hook evals (each run is a paid session). */
export declare const MAX_SKILL_TRIALS = 10;
/** The axis a flag names; throws a sentence naming the allowed values. */
export declare function parseAxis(text: string | undefined): ClaudeCodeAxis | undefined;
/** The specs to plan and the eval ids to select among them. */
export declare function selectClaudeCodeParts(specs: EvalSpec[], names: string[], axis: ClaudeCodeAxis | undefined, trials?: number): {
    specs: EvalSpec[];
    names: string[];
};
