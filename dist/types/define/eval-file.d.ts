import { type DefinitionProblem } from "../model/index.js";
/** Eval files larger than this are rejected (AE114) before they are read. */
export declare const MAX_EVAL_FILE_BYTES: number;
/** The problem with reading `file` as an eval file, or undefined when it may be read. */
export declare function evalFileProblem(file: string, projectRoot: string): DefinitionProblem | undefined;
export declare function tooLarge(file: string, bytes: number): DefinitionProblem;
