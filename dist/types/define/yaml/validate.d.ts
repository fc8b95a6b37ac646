import * as z from "zod/mini";
import { type YamlSource } from "./source.js";
type Schema = z.core.$ZodType;
/** The source's data as `root` parses it; throws DefinitionError with every problem, by position. */
export declare function validateWithSchema<S extends Schema>(source: YamlSource, root: S): z.output<S>;
export {};
