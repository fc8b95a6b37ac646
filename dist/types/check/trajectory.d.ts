import type { ToolCall, TrajectorySpec } from "../model/index.js";
import type { CheckVerdict } from "./context.js";
export declare function canonicalTool(name: string): string;
export declare function sameTool(a: string, b: string): boolean;
/** `Read → Edit → Bash`, the way evidence shows a trajectory. */
export declare function describeTrajectory(calls: ToolCall[]): string;
/** What a workflow check found, split the way the skill-eval guide reports it. */
export interface WorkflowProblems {
    /** The expected tools (per the match mode): missing, extra, wrong arguments. */
    match: string[];
    /** Forbidden tools that were used, with the (1-based) call that used each first. */
    forbidden: Array<{
        tool: string;
        call: number;
    }>;
    /** `after` constraints not met by a call that is otherwise there. */
    order: string[];
}
export declare function workflowProblems(calls: ToolCall[], spec: TrajectorySpec): WorkflowProblems;
export declare function checkTrajectory(calls: ToolCall[], spec: TrajectorySpec): CheckVerdict;
