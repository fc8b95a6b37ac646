import * as z from "zod/mini";
/** The file formats: exported zod schemas whose metadata has a title, in a stable order. */
export declare function fileFormatSchemas(): {
    name: string;
    title: string;
    schema: z.core.$ZodType;
}[];
/** The JSON Schema (draft-07, which every YAML editor plugin reads) of an eval file. */
export declare function evalJsonSchema(): Record<string, unknown>;
/** The schema as the committed file holds it: two-space JSON and a final newline. */
export declare function evalJsonSchemaText(): string;
