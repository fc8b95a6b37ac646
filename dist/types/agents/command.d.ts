import { AgentEvalsError } from "../model/index.js";
import type { AgentAdapter } from "../model/index.js";
export declare const PROMPT_ENV = "AGENT_EVALS_PROMPT";
/** A command template whose `{prompt}` the shell would not read as one plain word. */
export declare class UnsafeTemplateError extends AgentEvalsError {
    readonly fix = "write {prompt} bare: agent-evals quotes it (my-agent --prompt {prompt}, or --prompt={prompt}); or read the prompt from $AGENT_EVALS_PROMPT";
    constructor(template: string, where: string);
}
export declare function isCommandTemplate(text: string): boolean;
/** The shell command line for one prompt. */
export declare function renderCommandTemplate(template: string, prompt: string): string;
export declare function commandAgent(template: string, name?: string): AgentAdapter;
/**
 * The shell command line for one prompt and the eval's extra arguments (a variant's `args`), each
 * appended as one single-quoted word. Refused (an infra error, not retried) when the template's end
 * is not where its program's arguments go: they would run as shell, or reach another command.
 */
export declare function commandLine(template: string, prompt: string, extraArgs: readonly string[]): string;
