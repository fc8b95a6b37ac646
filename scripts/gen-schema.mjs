// Writes schema/eval.schema.json from the zod schemas (each eval kind registers its own, see src/kinds/index.ts), through the same
// code as `agent-evals schema` (then formatted by prettier). `--check` fails when the committed file is not current.
// Usage: node scripts/gen-schema.mjs [--check]

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { tsImport } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const file = path.join(root, "schema", "eval.schema.json");
const { evalJsonSchemaText } = await tsImport("../src/cli/json-schema.ts", import.meta.url);
// Formatted as the repository's prettier config says, so `npm run format:check` passes.
const options = (await prettier.resolveConfig(file)) ?? {};
const text = await prettier.format(evalJsonSchemaText(), { ...options, filepath: file });

if (process.argv.includes("--check")) {
  let committed = "";
  try {
    committed = readFileSync(file, "utf8");
  } catch {
    // missing: reported below
  }
  if (committed !== text) {
    console.error(`${path.relative(root, file)} is not current: run node scripts/gen-schema.mjs`);
    process.exit(1);
  }
  console.log(`${path.relative(root, file)} is current`);
} else {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote ${path.relative(root, file)}`);
}
