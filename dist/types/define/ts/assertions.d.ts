import type { AgentAdapter, CheckSpec, JudgeExample, CustomCheckContext, CustomCheckResult, ExpectedTool, Pattern, TrajectoryMode } from "../../model/index.js";
/** A shimmed call matches `pattern` (matched against `bin arg1 arg2`). */
export declare function ran(pattern: Pattern): CheckSpec;
/** No shimmed call matches `pattern`. */
export declare function notRan(pattern: Pattern): CheckSpec;
/** Calls matching each pattern happened in this order, with others allowed in between. */
export declare function ranInOrder(patterns: Pattern[]): CheckSpec;
/** The file exists in the sandbox. */
export declare function fileExists(path: string): CheckSpec;
/** The file does not exist in the sandbox. */
export declare function fileAbsent(path: string): CheckSpec;
/** The file exists and matches `pattern` (substring or RegExp). */
export declare function fileContains(path: string, pattern: Pattern): CheckSpec;
/** The file, if it exists, does not match `pattern`. */
export declare function fileLacks(path: string, pattern: Pattern): CheckSpec;
/** The shell command, run in the sandbox, exits with `exitCode` (default 0). */
export declare function succeeds(command: string, options?: {
    exitCode?: number;
}): CheckSpec;
/**
 * Your own check. It gets the agent run, the calls and the sandbox path; it passes when it returns
 * true, nothing, or `{ ok: true }`, and fails when it returns false, a string (the evidence), or
 * `{ ok: false, evidence }`, or throws.
 */
export declare function assertThat(name: string, fn: (ctx: CustomCheckContext) => CustomCheckResult | Promise<CustomCheckResult>): CheckSpec;
/** The agent's trajectory, compared in one of four modes; see the README's trajectory section. */
export declare function trajectory(spec: {
    mode?: TrajectoryMode;
    expected?: Array<string | ExpectedTool>;
    forbidden?: string[];
}): CheckSpec;
/** The agent used at least these tools (`mode: "subset"`: only tools among these). */
export declare function usedTools(names: string[], mode?: TrajectoryMode): CheckSpec;
/** The agent called the tool, with arguments containing the given texts, optionally after another tool. */
export declare function calledTool(name: string, argsContain?: Record<string, string>, options?: {
    after?: string;
}): CheckSpec;
/** The agent never called the tool. */
export declare function notUsedTool(name: string): CheckSpec;
export interface JudgeOptions {
    /** Files the judge reads first: their text goes into its prompt. */
    files?: string[];
    /** "claude-code" (default), "codex", or an adapter made by claudeCode()/codex(). */
    agent?: "claude-code" | "codex" | AgentAdapter;
    model?: string;
    /** Independent calls; the verdict is their majority (default 1). */
    samples?: number;
    /** Run even when a deterministic check failed or the agent failed. */
    always?: boolean;
    /** Labelled examples for `agent-evals calibrate`: `{ label, dir }` or `{ label, files }`. */
    examples?: JudgeExample[];
}
/**
 * A model-graded check: after every other check held, an agent CLI reads a copy of the final
 * workspace, read-only, and answers whether the work meets `rubric` (README › Judges).
 */
export declare function judge(rubric: string, options?: JudgeOptions): CheckSpec;
