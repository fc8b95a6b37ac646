import type { CustomCheckContext, CustomCheckResult } from "../model/index.js";
import type { CheckContext, CheckVerdict } from "./context.js";
export declare function runCustomCheck(fn: (ctx: CustomCheckContext) => CustomCheckResult | Promise<CustomCheckResult>, ctx: CheckContext): Promise<CheckVerdict>;
