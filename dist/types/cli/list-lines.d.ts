import type { EvalSpec } from "../model/index.js";
import { type KnownResults } from "./last-results.js";
/** One tab-separated line per eval × agent. */
export declare function listLines(specs: EvalSpec[], projectRoot: string, known: KnownResults): string[];
