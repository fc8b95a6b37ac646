import type { PromptSpec, RenderedPrompt } from "../model/index.js";
import { AgentEvalsError } from "../model/index.js";
export type { RenderedPrompt };
export declare class PromptError extends AgentEvalsError {
    readonly fix: string;
    /** Where in the eval file it is, for placeProblem: `[placeholder]`, `["secrets", name]`. */
    readonly needles: readonly string[];
    constructor(message: string, what: "missingParam" | "missingSecret" | "schema", fix: string, 
    /** Where in the eval file it is, for placeProblem: `[placeholder]`, `["secrets", name]`. */
    needles?: readonly string[]);
}
/** Render a prompt. Throws PromptError naming a placeholder with no value or a missing secret. */
export declare function renderPrompt(spec: PromptSpec, env?: Record<string, string | undefined>): RenderedPrompt;
export declare function sha256(text: string): string;
/**
 * The fenced code blocks tagged sh, bash, shell (each block is one command script) or console (each
 * line starting with `$ ` is a command; other lines are output), in document order.
 */
export declare function embeddedCommands(markdown: string): string[];
/** JSON with sorted keys; RegExps and functions by their source, so any change changes the hash. */
export declare function stableStringify(value: unknown): string;
