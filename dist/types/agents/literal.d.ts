import type { AgentAdapter } from "../model/index.js";
export declare function literal(): AgentAdapter;
