import { LineCounter, type Document } from "yaml";
import { z } from "zod";
import { type DefinitionProblem } from "../model/errors.js";
type KeyPath = readonly PropertyKey[];
export interface YamlSource {
    file: string;
    text: string;
    doc: Document;
    lines: LineCounter;
    data: unknown;
}
/** Parses the text; throws DefinitionError (AE101/AE102) when it is not a YAML mapping. */
export declare function parseSource(file: string, text: string): YamlSource;
/** The data validated by `schema`, or a DefinitionError with every problem, sorted by line. */
export declare function validate<S extends z.ZodType>(source: YamlSource, schema: S): z.output<S>;
/** A problem at `keyPath` (its key's position when `at` is "key"). */
export declare function problemAt(source: YamlSource, keyPath: KeyPath, fields: Pick<DefinitionProblem, "code" | "message" | "fix">, at?: "key" | "value"): DefinitionProblem;
/** 1-based line and column of the node at `keyPath` (the nearest ancestor when it is missing). */
export declare function lineOf(source: YamlSource, keyPath: KeyPath, at?: "key" | "value"): {
    line: number;
    column: number;
};
export {};
