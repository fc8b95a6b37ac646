import { z } from "zod";
import { type YamlSource } from "./yaml-source.js";
/** The source's data as `root` parses it; throws DefinitionError with every problem, by position. */
export declare function validateWithSchema<S extends z.ZodType>(source: YamlSource, root: S): z.output<S>;
