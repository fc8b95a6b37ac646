import type { EvalSpec } from "../../model/index.js";
import { type DefinitionProblem } from "../../model/index.js";
import { type YamlSource } from "../../define/index.js";
export interface ClaudeCodeLoadContext {
    projectRoot: string;
    /** EVAL_MODEL, HOME (user-level skills, credentials) and the keys the agent needs. */
    env: Record<string, string | undefined>;
    /** Trials run with the real HOME: a user-level skill or command there may shadow the target. */
    realHome?: boolean;
}
/** True when the parsed YAML file is a Claude Code skill/command/hook eval (`type: skill|command|hook`). */
export declare function isClaudeCodeEval(source: YamlSource): boolean;
/** The evals of a parsed skill/command/hook eval file; throws DefinitionError with every problem. */
export declare function loadClaudeCodeEval(source: YamlSource, ctx: ClaudeCodeLoadContext): Promise<EvalSpec[]>;
/** The top-level `type:` value (parseYamlSource guarantees a mapping). */
/**
 * A `type:` that is none of skill, command or hook: said as such (a misspelt `type: skil` would
 * otherwise be validated as a YAML task, which names `type`, `target` and `trigger` unknown keys).
 */
export declare function unknownTypeProblem(source: YamlSource): DefinitionProblem | undefined;
