import type { ShimCall, ToolCall } from "../model/eval.js";
export declare function shimBypassWarnings(trajectory: ToolCall[], calls: ShimCall[], shimmed: string[], shimDir?: string): string[];
