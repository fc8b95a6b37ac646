import type { EvalSpec } from "../model/index.js";
import type { YamlKindLoader } from "./kinds.js";
export interface LoadOptions {
    projectRoot: string;
    /** The library API eval files import as `agent-evals` / `@copybook/cli`. */
    libraryApi: Record<string, unknown>;
    /** The eval kinds' YAML loaders (kinds/index.ts registers them), chosen by a file's `type:`. */
    kinds: readonly YamlKindLoader[];
    /** For the kinds' loaders: EVAL_MODEL, HOME, credentials (default: process.env). */
    env?: Record<string, string | undefined>;
    /** Trials will run with the real HOME (`--real-home`): its user-level skills reach them. */
    realHome?: boolean;
    /** The sandbox providers' names (run/'s registry): what an eval's `sandbox.kind` may name. */
    sandboxKinds?: readonly string[];
}
/** Every eval of every file; throws DefinitionError listing all problems found. */
export declare function loadEvals(files: string[], options: LoadOptions): Promise<EvalSpec[]>;
