import { type AgentRunContext, type AgentRunResult } from "../model/index.js";
import { type ProcessResult } from "../util/index.js";
export interface AgentProcessOptions {
    command: string;
    args: string[];
    env?: Record<string, string>;
    onStdout?: (chunk: Buffer) => void;
    extraFdFiles?: string[];
}
export interface AgentProcessRun {
    process: ProcessResult;
    stdoutFile: string;
    stderrFile: string;
    result: AgentRunResult;
}
export declare function runAgentProcess(ctx: AgentRunContext, options: AgentProcessOptions): Promise<AgentProcessRun>;
