import type { PromptSpec, RenderedPrompt } from "../model/index.js";
import { AgentEvalsError } from "../model/index.js";
export type { RenderedPrompt };
export declare class PromptError extends AgentEvalsError {
    readonly fix: string;
    /** The text in the eval file the problem is about (a placeholder, a secret's name). */
    readonly needle?: string | undefined;
    constructor(message: string, what: "missingParam" | "missingSecret" | "schema", fix: string, 
    /** The text in the eval file the problem is about (a placeholder, a secret's name). */
    needle?: string | undefined);
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
