import type { DefinitionProblem } from "../model/index.js";
/** `file` relative to the project when it is inside it, else as given. */
export declare function displayPath(file: string, projectRoot: string | undefined): string;
/**
 * The 1-based line of the first occurrence of `needle` in `file` at or after line `from`, or
 * undefined (the file unreadable, the text not in it: e.g. a prompt built at run time).
 */
export declare function lineOf(file: string, needle: string, from?: number): number | undefined;
/**
 * The problem placed on the line that holds the last of `needles`, each searched from where the
 * one before it was found (`["secrets", "TOKEN"]`: the TOKEN under `secrets`), starting at the
 * eval's own line so the right eval of a file with several; its column dropped, its file relative
 * to the project. Placed where it was when a needle is not found.
 */
export declare function placeProblem(problem: DefinitionProblem, projectRoot: string | undefined, needles?: readonly string[]): DefinitionProblem;
