import type { ShimCall, ToolCall } from "../model/index.js";
export declare function shimBypassWarnings(trajectory: ToolCall[], calls: readonly Pick<ShimCall, "bin">[], shimmed: string[], shimDir?: string): string[];
