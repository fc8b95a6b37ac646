// `agent-evals schema`: the JSON Schema of the YAML eval formats, generated from the zod schemas
// every eval kind registers (kinds/index.ts; the one source of truth). Every schema with a `title`
// in its metadata is a file format; a file must match one of them. The same text is committed as
// schema/eval.schema.json (scripts/gen-schema.mjs writes it; test/schema.test.ts keeps it current).

import * as z from "zod/mini";
import { yamlSchemas } from "../kinds/index.js";

/** The file formats: exported zod schemas whose metadata has a title, in a stable order. */
export function fileFormatSchemas(): { name: string; title: string; schema: z.core.$ZodType }[] {
  const formats: { name: string; title: string; schema: z.core.$ZodType }[] = [];
  for (const [name, value] of Object.entries(yamlSchemas() as Record<string, unknown>)) {
    if (!(value instanceof z.core.$ZodType)) continue;
    const title = z.globalRegistry.get(value)?.title;
    if (typeof title === "string") formats.push({ name, title, schema: value });
  }
  return formats.sort((a, b) => a.name.localeCompare(b.name));
}

/** The JSON Schema (draft-07, which every YAML editor plugin reads) of an eval file. */
export function evalJsonSchema(): Record<string, unknown> {
  const formats = fileFormatSchemas();
  const root = formats.length === 1 ? formats[0]!.schema : z.union(formats.map((f) => f.schema));
  const json = z.toJSONSchema(root, {
    target: "draft-7",
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  const { $schema, ...rest } = json;
  return {
    $schema,
    title: "agent-evals eval file (*.eval.yaml)",
    description: `One of: ${formats.map((f) => f.title).join("; ")}. Generated from the zod schemas of each eval kind by \`agent-evals schema\`.`,
    ...rest,
  };
}

/** The schema as the committed file holds it: two-space JSON and a final newline. */
export function evalJsonSchemaText(): string {
  return `${JSON.stringify(evalJsonSchema(), null, 2)}\n`;
}
