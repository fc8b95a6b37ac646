import { type Pattern, type ShimCall } from "../model/index.js";
import type { CheckVerdict } from "./context.js";
export declare function listCalls(calls: ShimCall[]): string;
export declare function checkRan(calls: ShimCall[], pattern: Pattern): CheckVerdict;
export declare function checkNotRan(calls: ShimCall[], pattern: Pattern): CheckVerdict;
/** Each pattern matched by a later call than the previous one's match (greedy earliest match). */
export declare function checkRanInOrder(calls: ShimCall[], patterns: Pattern[]): CheckVerdict;
