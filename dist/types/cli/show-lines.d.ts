import { AgentEvalsError } from "../model/index.js";
import { type Style } from "../report/index.js";
import type { KnownResults } from "./last-results.js";
export declare class UnknownEvalError extends AgentEvalsError {
    constructor(message: string);
}
export declare function showLines(id: string, known: KnownResults, projectRoot: string, resultsDir: string, style: Style): string[];
