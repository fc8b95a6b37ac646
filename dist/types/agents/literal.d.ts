import type { AgentAdapter } from "../model/eval.js";
export declare function literal(): AgentAdapter;
