import { type AgentRunContext, type AgentRunResult } from "../model/index.js";
import { type ProcessResult } from "../util/index.js";
export interface AgentProcessOptions {
    command: string;
    args: string[];
    env?: Record<string, string>;
    onStdout?: (chunk: Buffer) => void;
    onStderr?: (chunk: Buffer) => void;
    /** Aborts the run like an interrupt (the adapter saw it cannot succeed: API errors on repeat). */
    signal?: AbortSignal;
    extraFdFiles?: string[];
}
export interface AgentProcessRun {
    process: ProcessResult;
    stdoutFile: string;
    stderrFile: string;
    result: AgentRunResult;
}
export declare function runAgentProcess(ctx: AgentRunContext, options: AgentProcessOptions): Promise<AgentProcessRun>;
