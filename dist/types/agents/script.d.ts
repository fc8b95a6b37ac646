import type { AgentAdapter, AgentRunContext, AgentRunResult } from "../model/index.js";
export type ScriptFunction = (ctx: AgentRunContext) => Promise<Partial<AgentRunResult> | void> | Partial<AgentRunResult> | void;
export declare function scriptAgent(name: string, script: string | ScriptFunction): AgentAdapter;
