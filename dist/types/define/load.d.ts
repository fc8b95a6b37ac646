import type { EvalSpec } from "../model/eval.js";
export interface LoadOptions {
    projectRoot: string;
    /** The library API eval files import as `agent-evals` / `@copybook/cli`. */
    libraryApi: Record<string, unknown>;
    /** For skill/command/hook evals: EVAL_MODEL, HOME, credentials (default: process.env). */
    env?: Record<string, string | undefined>;
}
/** Every eval of every file; throws DefinitionError listing all problems found. */
export declare function loadEvals(files: string[], options: LoadOptions): Promise<EvalSpec[]>;
