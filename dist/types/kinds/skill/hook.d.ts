import type { CheckSpec, SourceRef } from "../../model/index.js";
import type { HookEvent, HookExpect } from "./schema.js";
/** What Claude Code sends a hook on stdin for `event`, with the case's `input` over it. */
export declare function hookPayload(event: HookEvent, input: Record<string, unknown>, where: {
    cwd: string;
    transcriptPath: string;
    sessionId: string;
}): Record<string, unknown>;
/** How to start the script: itself when executable, else the interpreter its extension names. */
export declare function hookCommand(script: string): Promise<string[] | undefined>;
export interface HookRun {
    exitCode: number | null;
    stdout: string;
    stderr: string;
    timedOut: boolean;
    spawnError?: string;
}
/** Runs the hook in `cwd` with `payload` on stdin, the way Claude Code does (CLAUDE_PROJECT_DIR). */
export declare function runHook(command: string[], payload: Record<string, unknown>, options: {
    cwd: string;
    env: Record<string, string>;
    timeoutMs: number;
    workDir: string;
}): Promise<HookRun>;
/** What Claude Code would make of the hook's answer. */
export interface HookAnswer {
    /** Parsed stdout JSON; undefined when stdout was empty or plain text. */
    json?: Record<string, unknown>;
    /** Set when stdout is neither empty nor a JSON object where one is expected. */
    invalidJson?: string;
    context?: string;
    decision?: string;
    blocked: boolean;
}
export declare function readAnswer(run: HookRun, event: HookEvent): HookAnswer;
/** Every way the run misses the expectations (empty when it meets them). */
export declare function judgeHook(run: HookRun, answer: HookAnswer, expect: HookExpect): string[];
export interface HookCaseSpec {
    scenario: string;
    event: HookEvent;
    input: Record<string, unknown>;
    timeoutMs: number;
    expect: HookExpect;
    source: SourceRef;
}
/** One case as a check of the hook eval: the hook runs in the trial's copy of the project. */
export declare function hookCaseCheck(spec: HookCaseSpec, script: {
    relative: string;
    file: string;
}): CheckSpec;
