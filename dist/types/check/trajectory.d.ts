import type { ToolCall, TrajectorySpec } from "../model/index.js";
import type { CheckVerdict } from "./context.js";
export declare function canonicalTool(name: string): string;
export declare function sameTool(a: string, b: string): boolean;
/** `Read → Edit → Bash`, the way evidence shows a trajectory. */
export declare function describeTrajectory(calls: ToolCall[]): string;
export declare function checkTrajectory(calls: ToolCall[], spec: TrajectorySpec): CheckVerdict;
