import type { ComparisonRecord } from "../model/index.js";
import type { Style } from "./console.js";
export declare const VERDICT_LABEL: Record<ComparisonRecord["verdict"], string>;
/** Signed points: +20, −35, 0. */
export declare function points(x: number): string;
export declare function pValue(p: number): string;
/** `Δ −100 pts (95% CI −100 to −38)`. */
export declare function deltaText(c: ComparisonRecord): string;
/** Why the verdict is what it is, in a few words. */
export declare function decisionText(c: ComparisonRecord): string;
/** What the treatment costs beside the control, per trial: `cost +$0.02, 1.2s → 3.4s, turns 4 → 6`. */
export declare function meansText(c: ComparisonRecord): string;
/** `greet [literal] base@main 5/5 → working tree 0/4`: what was compared, with the counts. */
export declare function armsText(c: ComparisonRecord): string;
/** The comparison's first line without its verdict: the arms, Δ with its interval, p. */
export declare function rowText(c: ComparisonRecord): string;
/** The comparison's second line: the decision and the per-trial means. */
export declare function detailText(c: ComparisonRecord): string;
/** The console's comparison section: a heading and two lines per comparison. */
export declare function comparisonLines(comparisons: ComparisonRecord[], style: Style): string[];
