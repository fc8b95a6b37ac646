import { type Style } from "../report/console.js";
import type { KnownResults } from "./last-results.js";
export declare class UnknownEvalError extends Error {
}
export declare function showLines(id: string, known: KnownResults, projectRoot: string, resultsDir: string, style: Style): string[];
