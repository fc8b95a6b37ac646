import type { AgentAdapter, AgentRef } from "../model/eval.js";
export declare function knownAgentNames(): string[];
export declare class UnknownAgentError extends Error {
}
/** The adapter for a name, a command template, or an adapter object (returned as is). */
export declare function resolveAgent(ref: AgentRef): AgentAdapter;
