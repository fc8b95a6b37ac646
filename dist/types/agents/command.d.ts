import type { AgentAdapter } from "../model/index.js";
export declare const PROMPT_ENV = "AGENT_EVALS_PROMPT";
export declare function isCommandTemplate(text: string): boolean;
/** The shell command line for one prompt. */
export declare function renderCommandTemplate(template: string, prompt: string): string;
export declare function commandAgent(template: string, name?: string): AgentAdapter;
