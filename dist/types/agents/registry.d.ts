import { AgentEvalsError } from "../model/index.js";
import type { AgentAdapter, AgentRef } from "../model/index.js";
export declare function knownAgentNames(): string[];
/** Every built-in adapter's credential variables: the Action masks their values in its log. */
export declare function builtInCredentialEnv(): string[];
export declare class UnknownAgentError extends AgentEvalsError {
    constructor(message: string);
}
/** The adapter for a name, a command template, or an adapter object (returned as is). */
export declare function resolveAgent(ref: AgentRef): AgentAdapter;
