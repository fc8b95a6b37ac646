import type { PromptSpec } from "../model/eval.js";
export interface RenderedPrompt {
    /** What the agent gets: secrets filled in. Never write this down. */
    text: string;
    /** The same text with each secret shown as `{{NAME}}`: safe to write to prompt.md. */
    safeText: string;
    /** sha256 of `safeText`: the prompt's snapshot hash. */
    hash: string;
    /** Embedded commands, in order: what the literal agent runs. */
    commands: string[];
    /** The secret values, so writers can redact them. */
    secretValues: string[];
}
export declare class PromptError extends Error {
    readonly code: "missingParam" | "missingSecret";
    readonly fix: string;
    constructor(message: string, code: "missingParam" | "missingSecret", fix: string);
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
