import type { EvalSpec } from "../model/eval.js";
import { type DefinitionProblem } from "../model/errors.js";
export declare function templateProblems(specs: EvalSpec[], projectRoot: string): Promise<DefinitionProblem[]>;
