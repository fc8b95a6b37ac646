import type { EvalSpec } from "../../model/index.js";
import { type DefinitionProblem } from "../../model/index.js";
export declare function templateProblems(specs: EvalSpec[], projectRoot: string): Promise<DefinitionProblem[]>;
