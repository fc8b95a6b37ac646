import type { CheckSpec, SourceRef } from "../../model/index.js";
import type { Outcome } from "./schema.js";
import { type ProcessResult, type RunProcessOptions } from "../../util/index.js";
/** The guide's words for an outcome: `src/app.ts not contains "as any"` (shown after its type). */
export declare function outcomeDescription(outcome: Outcome): string;
/** The check an outcome stands for, and the name the report gives it. */
export declare function outcomeCheck(outcome: Outcome, timeoutMs: number, source: SourceRef): CheckSpec;
/** Runs a command with stdout and stderr (each up to 1 MiB) written to the files, and reads both. */
export declare function runCaptured(options: Omit<RunProcessOptions, "stdoutFile" | "stderrFile" | "maxOutputBytes">, files: {
    stdoutFile: string;
    stderrFile: string;
}): Promise<{
    result: ProcessResult;
    stdout: string;
    stderr: string;
}>;
