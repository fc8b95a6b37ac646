import { LineCounter, type Document } from "yaml";
import { type DefinitionProblem } from "../../model/index.js";
export type KeyPath = readonly PropertyKey[];
export interface YamlSource {
    file: string;
    text: string;
    doc: Document;
    lines: LineCounter;
    data: unknown;
}
/**
 * The parsed text, its top level a mapping. Throws DefinitionError listing every syntax error
 * (AE101), or the one problem with the top level; never throws anything else.
 */
export declare function parseYamlSource(file: string, text: string): YamlSource;
/** The text of a mapping key as the data has it. */
export declare function keyText(key: unknown): string;
/**
 * 1-based line and column of the node at `keyPath`: of its key when `at` is "key" or the value is
 * a collection, else of its value; the nearest ancestor's when the path leaves the document.
 */
export declare function locate(source: YamlSource, keyPath: KeyPath, at?: "key" | "value"): {
    line: number;
    column: number;
};
/** A problem about the node at `keyPath`, placed on it and naming its key path. */
export declare function problemAt(source: YamlSource, keyPath: KeyPath, fields: Pick<DefinitionProblem, "code" | "message" | "fix">, at?: "key" | "value"): DefinitionProblem;
/** `assertions.contains[0].file`, `shims["my tool"]`. */
export declare function formatKeyPath(keyPath: KeyPath): string;
/** Runs `read`; anything it throws but a DefinitionError becomes one AE1xx "could not load" problem. */
export declare function definitionErrorsOnly<T>(file: string, read: () => T): T;
