import type { CheckContext, CheckVerdict } from "./context.js";
export declare function checkSucceeds(ctx: CheckContext, command: string, expectedExit: number, index: number): Promise<CheckVerdict>;
