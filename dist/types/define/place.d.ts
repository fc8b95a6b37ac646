import type { DefinitionProblem } from "../model/index.js";
/**
 * The problem placed on the line that holds the last of `needles`, each searched from where the
 * one before it was found (`["secrets", "TOKEN"]`: the TOKEN under `secrets`), starting at the
 * eval's own line so the right eval of a file with several; its column dropped, its file relative
 * to the project. Placed where it was when a needle is not found (or the file is not one: the
 * command line).
 */
export declare function placeProblem(problem: DefinitionProblem, projectRoot: string | undefined, needles?: readonly string[]): DefinitionProblem;
