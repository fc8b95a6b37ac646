import type { CheckSpec, ToolCall } from "../../model/index.js";
import { type Target } from "./target.js";
export type TriggerMode = "observe" | "ask";
/** The call that shows the target was invoked, or undefined. */
export declare function triggerCall(trajectory: ToolCall[], target: Pick<Target, "names" | "installedAt">): {
    index: number;
    call: ToolCall;
} | undefined;
type Candidate = Pick<Target, "names" | "installedAt">;
/**
 * Which of the installed candidates (the target first, then its competitors) a run triggered
 * first: its index in `candidates` and the call, or undefined when none was.
 */
export declare function firstTriggered(trajectory: ToolCall[], candidates: Candidate[]): {
    candidate: number;
    index: number;
    call: ToolCall;
} | undefined;
/**
 * The check of one observed run: triggered (or not) as the query expects. With competitors
 * installed, a positive run passes only when the target is the one triggered first.
 */
export declare function observeCheck(target: Target, shouldTrigger: boolean, competitors?: Target[]): CheckSpec;
/** What `ask` mode asks the model. */
export declare function askPrompt(target: Target, query: string): string;
/** YES → true, NO → false, anything else → undefined. */
export declare function parseAnswer(message: string | undefined): boolean | undefined;
export declare function askCheck(target: Target, shouldTrigger: boolean): CheckSpec;
export interface Confusion {
    truePositive: number;
    falseNegative: number;
    falsePositive: number;
    trueNegative: number;
}
export interface TriggerMetrics {
    precision: number | null;
    recall: number | null;
    f1: number | null;
}
/** Precision TP/(TP+FP), recall TP/(TP+FN), F1 2TP/(2TP+FP+FN); null where undefined (0/0). */
export declare function triggerMetrics(c: Confusion): TriggerMetrics;
/** How often a query triggered the target over its runs, with the Wilson 95% interval. */
export declare function triggerRate(triggered: number, runs: number): {
    rate: number | null;
    interval: [number, number];
};
export {};
