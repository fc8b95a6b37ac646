/**
 * Property tests (fast-check): whatever text, bytes or objects reach the eval loaders, the only
 * thing they throw is a DefinitionError whose every problem names the file and a fix. Valid input
 * either loads or is refused — never a crash, a TypeError, or a hang on an alias bomb.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { defineEval, definePrompt } from "../../src/define/ts/api.js";
import { specsFromExports } from "../../src/define/ts/exports.js";
import { decodeEvalFile } from "../../src/define/eval-file.js";
import { loadYamlEval } from "../../src/kinds/task/load.js";
import { DefinitionError } from "../../src/model/errors.js";

const file = "evals/random.eval.yaml";
const ctx = { projectRoot: "/project" };

/** Runs `fn`; anything thrown must be a DefinitionError with well-formed problems. */
function onlyDefinitionErrors(fn: () => unknown): "loaded" | "refused" {
  try {
    fn();
    return "loaded";
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    expect(error.problems.length).toBeGreaterThan(0);
    for (const problem of error.problems) {
      expect(problem.code).toMatch(/^AE\d{3}$/);
      expect(problem.message).toBeTruthy();
      expect(problem.fix).toBeTruthy();
      if (problem.line !== undefined) expect(problem.line).toBeGreaterThanOrEqual(1);
    }
    return "refused";
  }
}

/** The keys a YAML task knows, so random objects often get past the unknown-key check. */
const KEYS = [
  "name",
  "prompt",
  "setup",
  "timeout",
  "assertions",
  "agents",
  "trials",
  "passRate",
  "sandbox",
  "shims",
  "maxCostUsd",
  "model",
  "params",
  "secrets",
];
const ASSERTION_KEYS = ["files", "absent", "commands", "contains", "forbidden", "workflow"];

const scalar = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("../x", "/etc/passwd", "[unclosed", "(?<", "a.txt", "literal", "x".repeat(200)),
);
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: "small" },
    scalar,
    fc.array(tie("any"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie("any"), { maxKeys: 4 }),
  ),
})).any;
const evalLike = fc.record(
  {
    ...Object.fromEntries(KEYS.map((k) => [k, value])),
    name: fc.oneof(fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/), value),
    assertions: fc.oneof(
      fc.dictionary(fc.constantFrom(...ASSERTION_KEYS), value, { maxKeys: 4 }),
      value,
    ),
  },
  { requiredKeys: [] },
);

describe("the YAML loader never throws anything but a DefinitionError", () => {
  it("on random text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        onlyDefinitionErrors(() => loadYamlEval(file, text, ctx));
      }),
      { numRuns: 500 },
    );
  });

  it("on random text built from YAML's own punctuation", () => {
    const token = fc.constantFrom(
      ":",
      ": ",
      "- ",
      "\n",
      "  ",
      "\t",
      "[",
      "]",
      "{",
      "}",
      ",",
      "&a ",
      "*a",
      "!!str ",
      "!!binary ",
      "? ",
      "|",
      ">-",
      "'",
      '"',
      "#",
      "---\n",
      "...\n",
      "name",
      "assertions",
      "files",
      "x",
      "<<: *a",
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 60 }), (tokens) => {
        onlyDefinitionErrors(() => loadYamlEval(file, tokens.join(""), ctx));
      }),
      { numRuns: 500 },
    );
  });

  it("on random bytes, through the UTF-8 and size checks", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        onlyDefinitionErrors(() => loadYamlEval(file, decodeEvalFile(file, bytes), ctx));
      }),
      { numRuns: 300 },
    );
  });

  it("on random objects shaped like evals, written as YAML", () => {
    fc.assert(
      fc.property(evalLike, (object) => {
        onlyDefinitionErrors(() => loadYamlEval(file, stringify(object), ctx));
      }),
      { numRuns: 500 },
    );
  });

  it("on a valid eval with one key replaced by a random value", () => {
    const valid = {
      name: "valid",
      prompt: "Do it.",
      sandbox: { fixture: { "a.txt": "x" } },
      assertions: { files: ["a.txt"], contains: [{ file: "a.txt", matches: "x+" }] },
    };
    expect(onlyDefinitionErrors(() => loadYamlEval(file, stringify(valid), ctx))).toBe("loaded");
    fc.assert(
      fc.property(fc.constantFrom(...KEYS), value, (key, replacement) => {
        const object = { ...valid, [key]: replacement };
        onlyDefinitionErrors(() => loadYamlEval(file, stringify(object), ctx));
      }),
      { numRuns: 500 },
    );
  });
});

describe("the TypeScript loader never throws anything but problems", () => {
  it("on random defineEval options", () => {
    const options = fc.record(
      {
        ...Object.fromEntries(
          [...KEYS, "assert", "timeoutMs", "id"].map((k) => [k, value] as const),
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        options,
        fc.oneof(fc.string({ maxLength: 40 }), fc.constant(null)),
        (o, prompt) => {
          const definition = defineEval(prompt, o as Parameters<typeof defineEval>[1]);
          const result = onlyDefinitionErrors(() =>
            specsFromExports([{ exportName: "randomEval", definition }], {
              projectRoot: "/project",
              file: "/project/evals/random.eval.ts",
              source: "export const randomEval = defineEval(prompt, options);\n",
            }),
          );
          expect(result).toBe("loaded"); // problems are returned, not thrown
        },
      ),
      { numRuns: 300 },
    );
  });

  it("on the value fast-check once found: zod throws reading it, the loader reports it", () => {
    // { length: [<object without a prototype>] } where a string is expected: zod's length check
    // converts the array to a primitive and throws.
    const definition = defineEval("", {
      model: { length: [Object.create(null)] },
    } as unknown as Parameters<typeof defineEval>[1]);
    const result = specsFromExports([{ exportName: "odd", definition }], {
      projectRoot: "/project",
      file: "/project/evals/odd.eval.ts",
      source: "export const odd = defineEval(prompt, options);\n",
    });
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: "AE102",
        key: "odd options",
        message: expect.stringContaining("the options could not be read"),
      }),
    ]);
  });

  it("on random definePrompt input", () => {
    fc.assert(
      fc.property(value, value, (text, params) => {
        try {
          definePrompt({ text, params } as Parameters<typeof definePrompt>[0]);
        } catch (error) {
          expect(error).toBeInstanceOf(DefinitionError);
        }
      }),
      { numRuns: 300 },
    );
  });
});
