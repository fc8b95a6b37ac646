import { type JudgeCallContext } from "../model/index.js";
import { type ProcessResult } from "../util/index.js";
export interface JudgeProcessRun {
    process: ProcessResult;
    stdoutFile: string;
    stderrFile: string;
    transcripts: string[];
}
export declare function runJudgeProcess(ctx: JudgeCallContext, options: {
    command: string;
    args: string[];
    env?: Record<string, string>;
    onStdout: (chunk: Buffer) => void;
}): Promise<JudgeProcessRun>;
