// `agent-evals schema` and the committed schema/eval.schema.json: generated from the zod schemas,
// current (CI fails when someone changes src/define/yaml/schema.ts without regenerating), and right
// about real files — the examples validate, a misspelt key does not.

import { promises as fs } from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";
import { parse as parseYaml } from "yaml";
import { glob } from "tinyglobby";
import { describe, expect, it } from "vitest";
import { evalJsonSchema, fileFormatSchemas } from "../src/cli/json-schema.js";
import { REPO_ROOT, runCli } from "./helpers/project.js";

const COMMITTED = path.join(REPO_ROOT, "schema/eval.schema.json");

async function validator() {
  const ajv = new Ajv({ allErrors: true });
  return ajv.compile(JSON.parse(await fs.readFile(COMMITTED, "utf8")) as object);
}

describe("the eval JSON Schema", () => {
  it("agent-evals schema prints what schema/eval.schema.json holds", async () => {
    const result = await runCli(["schema"]);
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as unknown;
    const committed = JSON.parse(await fs.readFile(COMMITTED, "utf8")) as unknown;
    expect(
      committed,
      "schema/eval.schema.json is not current: run `node scripts/gen-schema.mjs` and commit it",
    ).toEqual(printed);
    expect(printed).toEqual(evalJsonSchema());
  });

  it("covers every titled file format the eval kinds register", () => {
    const formats = fileFormatSchemas().map((f) => f.name);
    expect(formats).toContain("yamlTaskSchema");
    const schema = evalJsonSchema();
    const branches = (schema.anyOf as unknown[] | undefined) ?? [schema];
    expect(branches).toHaveLength(formats.length);
  });

  it("accepts the example evals and rejects a misspelt key", async () => {
    const validate = await validator();
    const files = await glob(["evals-example/**/*.eval.yaml"], { cwd: REPO_ROOT });
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const doc = parseYaml(await fs.readFile(path.join(REPO_ROOT, file), "utf8")) as unknown;
      expect(validate(doc), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(validate({ name: "x", prompt: "hi", asertions: { files: ["a"] } })).toBe(false);
    expect(validate({ name: "x", timeout: "soon", assertions: { files: ["a"] } })).toBe(false);
  });

  it("the README and the example YAML files point editors at it", async () => {
    const readme = await fs.readFile(path.join(REPO_ROOT, "README.md"), "utf8");
    expect(readme).toContain(
      "# yaml-language-server: $schema=../node_modules/agent-evals/schema/eval.schema.json",
    );
    for (const file of await glob(["evals-example/evals/*.yaml"], { cwd: REPO_ROOT })) {
      const first = (await fs.readFile(path.join(REPO_ROOT, file), "utf8")).split("\n")[0];
      expect(first, file).toBe("# yaml-language-server: $schema=../../schema/eval.schema.json");
      // The relative path really leads to the schema.
      const target = path.resolve(
        path.dirname(path.join(REPO_ROOT, file)),
        "../../schema/eval.schema.json",
      );
      expect(target).toBe(COMMITTED);
    }
  });
});
