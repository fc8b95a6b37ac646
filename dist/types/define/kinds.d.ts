import type { EvalSpec } from "../model/index.js";
import type { YamlSource } from "./yaml/source.js";
export interface KindLoadContext {
    projectRoot: string;
    /** EVAL_MODEL, HOME, credentials (default: process.env). */
    env: Record<string, string | undefined>;
    /** Trials will run with the real HOME (`--real-home`): its user-level skills reach them. */
    realHome?: boolean;
}
export interface YamlKindLoader {
    /** The kind's name, for messages ("task", "skill"). */
    name: string;
    /** The top-level `type:` values this kind reads; `null` stands for a file without `type:`. */
    yamlTypes: readonly (string | null)[];
    /** The evals of a parsed file of this kind; throws DefinitionError with every problem. */
    loadYaml(source: YamlSource, ctx: KindLoadContext): EvalSpec[] | Promise<EvalSpec[]>;
}
