// `agent-evals schema`: print the JSON Schema of the YAML eval formats.

import { evalJsonSchemaText } from "../json-schema.js";

export async function schemaCommand(): Promise<number> {
  process.stdout.write(evalJsonSchemaText());
  return 0;
}
