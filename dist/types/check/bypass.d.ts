import type { ShimCall, ToolCall } from "../model/index.js";
export declare function shimBypassWarnings(trajectory: ToolCall[], calls: ShimCall[], shimmed: string[], shimDir?: string): string[];
