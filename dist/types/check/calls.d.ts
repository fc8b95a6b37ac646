import { type Pattern } from "../model/index.js";
import type { CallStream, CheckVerdict } from "./context.js";
export declare function checkRan(calls: CallStream, pattern: Pattern): Promise<CheckVerdict>;
export declare function checkNotRan(calls: CallStream, pattern: Pattern): Promise<CheckVerdict>;
/** Each pattern matched by a later call than the previous one's match (greedy earliest match). */
export declare function checkRanInOrder(calls: CallStream, patterns: Pattern[]): Promise<CheckVerdict>;
