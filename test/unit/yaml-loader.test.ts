import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { yamlTaskSchema } from "../../src/kinds/task/schema.js";
import { decodeEvalFile, MAX_EVAL_FILE_BYTES } from "../../src/define/eval-file.js";
import { loadYamlEval } from "../../src/kinds/task/load.js";
import { parseYamlSource } from "../../src/define/yaml/source.js";
import { isClaudeCodeEval } from "../../src/kinds/skill/load.js";
import type { CheckSpec, EvalSpec } from "../../src/model/eval.js";
import { DefinitionError, type DefinitionProblem } from "../../src/model/errors.js";

const projectRoot = "/project";
const evalFile = "evals/button.eval.yaml";
const evalPath = "/project/evals/button.eval.yaml";
const ctx = { projectRoot };

const corpusDir = fileURLToPath(new URL("../fixtures/bad-yaml/", import.meta.url));

function load(text: string, file = evalFile): EvalSpec {
  return loadYamlEval(file, text, ctx);
}

/** The problems `fn` reports; fails the test when it throws anything but a DefinitionError. */
function problemsOf(fn: () => unknown): DefinitionProblem[] {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DefinitionError);
    return (error as DefinitionError).problems;
  }
  throw new Error("expected a DefinitionError, but nothing was thrown");
}

function problemsOfYaml(text: string): DefinitionProblem[] {
  return problemsOf(() => load(text));
}

/** The single problem of `text`, checked for the fields every problem must carry. */
function onlyProblem(text: string): DefinitionProblem {
  const problems = problemsOfYaml(text);
  expect(problems).toHaveLength(1);
  const [problem] = problems as [DefinitionProblem];
  expect(problem.file).toBe(evalFile);
  expect(problem.fix).toBeTruthy();
  return problem;
}

function yaml(lines: string[]): string {
  return `${lines.join("\n")}\n`;
}

const fullExample = yaml([
  "name: create-react-component",
  "prompt: |",
  "  Create a reusable Button component named {{name}}.",
  "setup: [npm install]",
  "timeout: 300",
  "assertions:",
  "  files: [src/Button.tsx]",
  "  absent: [src/Button.js]",
  "  commands:",
  "    - npm test",
  "    - { run: npm run lint, exitCode: 2 }",
  "  contains:",
  "    - accessibility",
  "    - { file: src/Button.tsx, text: aria-label }",
  "    - file: src/Button.tsx",
  '      matches: "aria-\\\\w+"',
  "  forbidden:",
  "    - eval(",
  "    - { file: src/Button.tsx, text: any }",
  '    - { file: src/Button.tsx, matches: "console\\\\.log" }',
  "agents: [literal]",
  "trials: 3",
  "passRate: 0.67",
  "sandbox: { template: evals/template }",
  'shims: { neon: { script: "echo hi" }, npm: passthrough, gh: { exitCode: 0, stdout: "ok", stderr: "" } }',
  "maxCostUsd: 2",
  "model: sonnet",
  "params: { name: Button }",
  "secrets: [NEON_API_KEY]",
]);

const minimalAssertions = ["assertions:", "  files: [a.txt]"];

describe("loadYamlEval: a valid task", () => {
  it("maps the full example onto an EvalSpec", () => {
    const source = (line: number) => ({ file: evalPath, line });
    const expectedChecks: CheckSpec[] = [
      { type: "fileExists", path: "src/Button.tsx", source: source(7) },
      { type: "fileAbsent", path: "src/Button.js", source: source(8) },
      { type: "succeeds", command: "npm test", exitCode: 0, source: source(10) },
      { type: "succeeds", command: "npm run lint", exitCode: 2, source: source(11) },
      { type: "changedFilesContain", text: "accessibility", source: source(13) },
      { type: "fileContains", path: "src/Button.tsx", pattern: "aria-label", source: source(14) },
      { type: "fileContains", path: "src/Button.tsx", pattern: /aria-\w+/, source: source(15) },
      { type: "changedFilesLack", text: "eval(", source: source(18) },
      { type: "fileLacks", path: "src/Button.tsx", pattern: "any", source: source(19) },
      { type: "fileLacks", path: "src/Button.tsx", pattern: /console\.log/, source: source(20) },
    ];
    const expected: EvalSpec = {
      id: "create-react-component",
      file: evalPath,
      line: 1,
      format: "yaml",
      prompt: {
        text: "Create a reusable Button component named {{name}}.\n",
        file: evalPath,
        params: { name: "Button" },
        secrets: ["NEON_API_KEY"],
      },
      agents: ["literal"],
      trials: 3,
      passRate: 0.67,
      workspace: { kind: "template", dir: "/project/evals/template" },
      isolation: {},
      setup: ["npm install"],
      shims: {
        neon: { mode: "script", script: "echo hi" },
        npm: { mode: "passthrough" },
        gh: { mode: "stub", exitCode: 0, stdout: "ok", stderr: "" },
      },
      checks: expectedChecks,
      timeoutMs: 300_000,
      maxCostUsd: 2,
      model: "sonnet",
      definitionHash: createHash("sha256").update(fullExample).digest("hex"),
    };

    const spec = load(fullExample);

    expect(spec).toStrictEqual(expected);
    expect(spec.checks.map((c) => c.type)).toEqual(expectedChecks.map((c) => c.type));
  });

  it("loads a prompt-less eval with every default", () => {
    const text = yaml([
      "# only assertions: a clean checkout must build",
      "name: clean-build",
      "assertions:",
      "  commands: [npm run build]",
    ]);

    expect(load(text)).toStrictEqual({
      id: "clean-build",
      file: evalPath,
      line: 2,
      format: "yaml",
      agents: [],
      trials: 1,
      passRate: 1,
      workspace: { kind: "repo", dir: projectRoot },
      isolation: {},
      setup: [],
      shims: {},
      checks: [
        {
          type: "succeeds",
          command: "npm run build",
          exitCode: 0,
          source: { file: evalPath, line: 4 },
        },
      ],
      timeoutMs: 600_000,
      definitionHash: createHash("sha256").update(text).digest("hex"),
    } satisfies EvalSpec);
  });

  it("resolves sandbox directories against the project root, or the eval file for ./ and ../", () => {
    const sandboxOf = (sandbox: string) =>
      load(yaml(["name: s", `sandbox: ${sandbox}`, ...minimalAssertions])).workspace;

    expect(sandboxOf("{ template: evals/template }")).toEqual({
      kind: "template",
      dir: "/project/evals/template",
    });
    expect(sandboxOf("{ template: ./template }")).toEqual({
      kind: "template",
      dir: "/project/evals/template",
    });
    expect(sandboxOf("{ template: ../shared/template }")).toEqual({
      kind: "template",
      dir: "/project/shared/template",
    });
    expect(sandboxOf("{ template: /abs/template }")).toEqual({
      kind: "template",
      dir: "/abs/template",
    });
    expect(sandboxOf("{ repo: . }")).toEqual({ kind: "repo", dir: projectRoot });
    expect(sandboxOf('{ fixture: { "package.json": "{}", src/a.ts: "" } }')).toEqual({
      kind: "fixture",
      files: { "package.json": "{}", "src/a.ts": "" },
    });
  });

  it("maps a stub shim without keys to exit 0 and empty output", () => {
    const spec = load(yaml(["name: s", "shims: { gh: {} }", ...minimalAssertions]));
    expect(spec.shims).toEqual({ gh: { mode: "stub", exitCode: 0, stdout: "", stderr: "" } });
  });

  it("accepts .eval.yml content the same way and hashes the exact text", () => {
    const text = yaml(["name: yml", ...minimalAssertions, "# trailing comment"]);
    const spec = load(text, "evals/other.eval.yml");
    expect(spec.file).toBe("/project/evals/other.eval.yml");
    expect(spec.definitionHash).toBe(createHash("sha256").update(text).digest("hex"));
    expect(spec.definitionHash).not.toBe(
      load(yaml(["name: yml", ...minimalAssertions])).definitionHash,
    );
  });
});

describe("loadYamlEval: each kind of problem", () => {
  it("AE101: YAML syntax errors carry the yaml library's line", () => {
    const problem = onlyProblem(yaml(["name: x", "prompt: a", "prompt: b", ...minimalAssertions]));
    expect(problem).toMatchObject({ code: "AE101", line: 3, column: 1, key: "prompt" });
    expect(problem.fix).toMatch(/repeated key/);
  });

  it("AE102: a wrong type names the key and what it takes", () => {
    const problem = onlyProblem(yaml(["name: x", ...minimalAssertions, "trials: three"]));
    expect(problem).toMatchObject({ code: "AE102", line: 4, column: 9, key: "trials" });
    expect(problem.message).toMatch(/none of the allowed forms \(got string "three"\)/);
    expect(problem.fix).toMatch(/^set `trials` to an integer from 1 to 100/);
  });

  it("AE102: an out-of-range value", () => {
    const problem = onlyProblem(yaml(["name: x", ...minimalAssertions, "passRate: 1.5"]));
    expect(problem).toMatchObject({ code: "AE102", line: 4, key: "passRate" });
    expect(problem.message).toMatch(/at most 1/);
    expect(problem.fix).toMatch(/`passRate`/);
  });

  it("AE102: a missing required key", () => {
    const problem = onlyProblem(yaml(["prompt: hi", ...minimalAssertions]));
    expect(problem).toMatchObject({ code: "AE102", line: 1, key: "name" });
    expect(problem.message).toMatch(/required key `name` is missing/);
    expect(problem.fix).toMatch(/^add `name:`/);
  });

  it("AE102: an item of neither allowed form", () => {
    const problem = onlyProblem(yaml(["name: x", "assertions:", "  contains: [42]"]));
    expect(problem).toMatchObject({ code: "AE102", line: 3, key: "assertions.contains[0]" });
    expect(problem.fix).toMatch(/`\{ file, text \}`/);
  });

  it("AE103: an unknown key suggests the closest known key", () => {
    const problem = onlyProblem(yaml(["name: x", ...minimalAssertions, "maxCostUSD: 2"]));
    expect(problem).toMatchObject({ code: "AE103", line: 4, column: 1, key: "maxCostUSD" });
    expect(problem.fix).toBe("did you mean `maxCostUsd`?");
  });

  it("AE103: a misspelt `assertions` is suggested (and the eval then asserts nothing)", () => {
    const problems = problemsOfYaml(yaml(["name: x", "asertions:", "  files: [a.txt]"]));
    expect(problems.map((p) => [p.code, p.line, p.key])).toEqual([
      ["AE104", 1, "assertions"],
      ["AE103", 2, "asertions"],
    ]);
    expect(problems[1]?.fix).toBe("did you mean `assertions`?");
  });

  it("AE103: an unknown key with nothing close lists the allowed keys", () => {
    const problem = onlyProblem(
      yaml(["name: x", "assertions:", "  contains:", "    - { file: a.txt, text: x, pattern: y }"]),
    );
    expect(problem).toMatchObject({
      code: "AE103",
      line: 4,
      key: "assertions.contains[0].pattern",
    });
    expect(problem.fix).toBe("remove it; the keys allowed here are `file`, `text`, `matches`");
  });

  it("AE104: no assertions at all", () => {
    const problem = onlyProblem(yaml(["name: x", "prompt: hi"]));
    expect(problem).toMatchObject({ code: "AE104", line: 1, key: "assertions" });
    expect(problem.message).toMatch(/an eval that asserts nothing would pass vacuously/);
    expect(problem.fix).toMatch(/`assertions:`/);
  });

  it("AE104: only empty assertion lists", () => {
    const problem = onlyProblem(yaml(["name: x", "assertions:", "  files: []", "  contains: []"]));
    expect(problem).toMatchObject({ code: "AE104", line: 2, key: "assertions" });
    expect(problem.message).toMatch(/would pass vacuously/);
  });

  it("AE106: fixture paths that are absolute or climb out with ..", () => {
    const problems = problemsOfYaml(
      yaml([
        "name: x",
        "sandbox:",
        "  fixture:",
        "    /etc/passwd: root",
        "    a/../../b: up",
        "    fine/a..b.txt: ok",
        ...minimalAssertions,
      ]),
    );
    expect(problems.map((p) => [p.code, p.line, p.key])).toEqual([
      ["AE106", 4, 'sandbox.fixture["/etc/passwd"]'],
      ["AE106", 5, 'sandbox.fixture["a/../../b"]'],
    ]);
    for (const problem of problems) expect(problem.fix).toMatch(/relative to the sandbox root/);
  });

  it("AE107: an invalid regex, on its own line", () => {
    const problem = onlyProblem(
      yaml([
        "name: x",
        "assertions:",
        "  forbidden:",
        "    - file: a.ts",
        '      matches: "(unclosed"',
      ]),
    );
    expect(problem).toMatchObject({
      code: "AE107",
      line: 5,
      column: 16,
      key: "assertions.forbidden[0].matches",
    });
    expect(problem.message).toMatch(/invalid regular expression/);
    expect(problem.fix).toMatch(/escape/);
  });

  it("rejects a top level that is not a mapping", () => {
    const problem = onlyProblem(yaml(["# comment", "- name: x"]));
    expect(problem).toMatchObject({ code: "AE102", line: 2 });
    expect(problem.message).toMatch(/top level is a list/);
  });

  it("rejects an empty file", () => {
    for (const text of ["", "   \n", "# nothing yet\n", "---\n"]) {
      const problem = onlyProblem(text);
      expect(problem).toMatchObject({ code: "AE102", line: 1 });
      expect(problem.message).toMatch(/empty/);
    }
  });

  it("every problem's formatted message names the file, line, key and fix", () => {
    const error = (() => {
      try {
        load(yaml(["name: x", ...minimalAssertions, "trials: 0"]));
      } catch (e) {
        return e as DefinitionError;
      }
      throw new Error("no error");
    })();
    expect(error.message).toBe(
      "evals/button.eval.yaml:4:9: AE102 must be at least 1 (got number 0) (trials)\n" +
        "  fix: set `trials` to an integer from 1 to 100: how many times each agent runs the eval (default 1); or `{ min, max }` for adaptive trials, added one at a time until the Wilson interval clears `passRate`",
    );
  });
});

describe("loadYamlEval: several problems at once", () => {
  it("reports every problem, in line order", () => {
    const text = yaml([
      "name: has space",
      "trials: 0",
      "timeot: 30",
      "assertions:",
      "  files: [/abs.txt]",
      "  contains:",
      '    - { file: a.ts, matches: "[" }',
      "shims: { npm: passthru }",
    ]);
    const problems = problemsOfYaml(text);
    expect(problems.map((p) => [p.code, p.line, p.key])).toEqual([
      ["AE102", 1, "name"],
      ["AE102", 2, "trials"],
      ["AE103", 3, "timeot"],
      ["AE106", 5, "assertions.files[0]"],
      ["AE107", 7, "assertions.contains[0].matches"],
      ["AE102", 8, "shims.npm"],
    ]);
    expect(problems.find((p) => p.code === "AE103")?.fix).toBe("did you mean `timeout`?");
    for (const problem of problems) expect(problem.fix).toBeTruthy();
  });

  it("reports every YAML syntax error", () => {
    const problems = problemsOfYaml(yaml(["name: x", "name: y", "prompt: a", "prompt: b"]));
    expect(problems.map((p) => [p.code, p.line])).toEqual([
      ["AE101", 2],
      ["AE101", 4],
    ]);
  });
});

describe("AE101: a syntax error is placed where the mistake is, not where the parser noticed it", () => {
  // Each mistake has lines after it, so a report at the parser's place (the end of the text, or
  // where the indentation drops) would name another line.
  const after = ["trials: 2", "agents: [literal]", ...minimalAssertions];

  it("an unclosed `[`: the line and column of the `[`", () => {
    const problem = onlyProblem(yaml(["name: x", "setup: [npm ci, npm test", ...after]));
    expect(problem).toMatchObject({ code: "AE101", line: 2, column: 8, key: "setup" });
    expect(problem.message).toBe(
      "YAML syntax error: the `[` here is never closed: no `]` ends the list (or a line after it is not indented deeper than its key)",
    );
    expect(problem.fix).toMatch(/end the list with `\]`/);
  });

  it("an unclosed `{`: the line and column of the `{`", () => {
    const problem = onlyProblem(
      yaml(["name: x", "params:", "  a: 1", "sandbox: { fixture: { a.txt: hi }", ...after]),
    );
    expect(problem).toMatchObject({ code: "AE101", line: 4, column: 10, key: "sandbox" });
    expect(problem.message).toMatch(/the `\{` here is never closed: no `\}` ends the mapping/);
    expect(problem.fix).toMatch(/end the mapping with `\}`/);
  });

  it("nested unclosed lists: each `[`", () => {
    const problems = problemsOfYaml(yaml(["name: x", "setup: [a, [b, c", ...after]));
    expect(problems.map((p) => [p.line, p.column])).toEqual(
      expect.arrayContaining([
        [2, 8],
        [2, 12],
      ]),
    );
  });

  it("an unclosed quote, double or single: the line and column of the opening quote", () => {
    for (const quote of ['"', "'"]) {
      const problem = onlyProblem(yaml(["name: x", `prompt: ${quote}Add a button.`, ...after]));
      expect(problem).toMatchObject({ code: "AE101", line: 2, column: 9, key: "prompt" });
      expect(problem.message).toBe(
        `YAML syntax error: the ${quote} here is never closed: the rest of the file was read as its value`,
      );
      expect(problem.fix).toContain(`add the closing ${quote}`);
    }
  });

  it("a key not lined up with its mapping: its own line and column", () => {
    const problem = onlyProblem(
      yaml(["name: x", "assertions:", "  files: [a.txt]", "   absent: [b.txt]", "trials: 2"]),
    );
    expect(problem).toMatchObject({ code: "AE101", line: 4, column: 4 });
    expect(problem.message).toMatch(/not lined up with the keys before it/);
  });

  it("a line indented deeper than a key that has its value: that line, once", () => {
    const problem = onlyProblem(
      yaml(["name: x", "prompt: Add a button.", "  trials: 2", ...minimalAssertions]),
    );
    expect(problem).toMatchObject({ code: "AE101", line: 3, column: 3 });
    expect(problem.message).toMatch(/indented deeper than the one above it/);
  });

  it("`: ` inside a plain value: its line, and the fix is to quote it", () => {
    const problem = onlyProblem(yaml(["name: x", "prompt: Fix it: now", ...minimalAssertions]));
    expect(problem).toMatchObject({ code: "AE101", line: 2, key: "prompt" });
    expect(problem.fix).toMatch(/quote the value/);
  });
});

describe("the malformed corpus (test/fixtures/bad-yaml)", () => {
  type Expected = { code: string; line?: number; key?: string };
  const expected = JSON.parse(
    readFileSync(path.join(corpusDir, "expected.json"), "utf8"),
  ) as Record<string, Expected[]>;
  const files = readdirSync(corpusDir).filter((f) => /\.eval\.ya?ml$/.test(f));

  it("has at least 20 files, each listed in expected.json", () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect([...files].sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(files)("%s", (file) => {
    const problems = problemsOf(() =>
      loadYamlEval(file, decodeEvalFile(file, readFileSync(path.join(corpusDir, file))), ctx),
    );
    expect(
      problems.map((p) => ({ code: p.code, line: p.line, ...(p.key ? { key: p.key } : {}) })),
    ).toEqual(expected[file]);
    for (const problem of problems) {
      expect(problem.file).toBe(file);
      expect(problem.fix).toBeTruthy();
      expect(problem.message).toBeTruthy();
    }
  });
});

describe("decodeEvalFile", () => {
  it("decodes UTF-8 and drops a byte-order mark", () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("name: café\n")]);
    expect(decodeEvalFile(evalFile, bytes)).toBe("name: café\n");
  });

  it("AE113: invalid UTF-8, with the line of the first bad byte", () => {
    const bytes = Buffer.concat([Buffer.from("name: x\nprompt: caf"), Buffer.from([0xe9, 0x0a])]);
    const [problem] = problemsOf(() => decodeEvalFile(evalFile, bytes));
    expect(problem).toMatchObject({ code: "AE113", line: 2, file: evalFile });
    expect(problem?.fix).toMatch(/UTF-8/);
  });

  it("AE114: a file over 1 MiB", () => {
    const [problem] = problemsOf(() =>
      decodeEvalFile(evalFile, Buffer.alloc(MAX_EVAL_FILE_BYTES + 1, 0x61)),
    );
    expect(problem).toMatchObject({ code: "AE114", file: evalFile });
    expect(problem?.fix).toBeTruthy();
    expect(decodeEvalFile(evalFile, Buffer.alloc(MAX_EVAL_FILE_BYTES, 0x61))).toHaveLength(
      MAX_EVAL_FILE_BYTES,
    );
  });
});

describe("loadYamlEval never throws anything but DefinitionError", () => {
  const strangeInputs = [
    "name: &a [*a]\nassertions: { files: [a] }",
    "name: x\nassertions: { files: !!binary aGVsbG8= }",
    "name: x\nassertions: { files: [a] }\ntrials: !custom 3",
    "? [a, b]\n: c\nname: x",
    "name: x\n__proto__: { polluted: true }\nassertions: { files: [a] }",
    "name: x\nassertions: { files: [a] }\nshims: { __proto__: passthrough }",
    "\u0000\u0001\u0002",
    "{{{{",
    "name: x\nassertions: { files: [a] }\ntimeout: .inf",
    "name: x\nassertions: { files: [a] }\nparams: { toString: 1, constructor: 2 }",
  ];

  it.each(strangeInputs)("%j", (text) => {
    try {
      load(text);
    } catch (error) {
      expect(error).toBeInstanceOf(DefinitionError);
    }
  });

  it("wraps an unexpected failure as AE108", () => {
    const brokenContext = { projectRoot: undefined as unknown as string };
    const [problem] = problemsOf(() => loadYamlEval(evalFile, fullExample, brokenContext));
    expect(problem).toMatchObject({ code: "AE108", file: evalFile });
    expect(problem?.fix).toBeTruthy();
  });

  it("survives random mutations of a valid file", () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const alphabet = [
      ":",
      "-",
      " ",
      "\n",
      "[",
      "]",
      "{",
      "}",
      "*",
      "&",
      "!",
      "'",
      '"',
      "#",
      "a",
      "1",
    ];
    for (let round = 0; round < 300; round += 1) {
      const chars = [...fullExample];
      for (let edits = 1 + random(4); edits > 0; edits -= 1) {
        chars.splice(random(chars.length), random(3), alphabet[random(alphabet.length)] ?? "");
      }
      try {
        load(chars.join(""));
      } catch (error) {
        expect(error).toBeInstanceOf(DefinitionError);
        for (const problem of (error as DefinitionError).problems) expect(problem.fix).toBeTruthy();
      }
    }
  });

  it("rejects `__proto__` keys instead of silently dropping them", () => {
    const problems = problemsOfYaml(
      yaml(["name: x", ...minimalAssertions, "shims:", "  __proto__: passthrough"]),
    );
    expect(problems.map((p) => [p.code, p.line, p.key])).toEqual([["AE103", 5, "shims.__proto__"]]);
  });
});

describe("isClaudeCodeEval (dispatch on the parsed file's `type:`)", () => {
  const isClaudeCode = (text: string) => isClaudeCodeEval(parseYamlSource(evalFile, text));

  it("recognizes skill, command and hook evals", () => {
    expect(isClaudeCode("type: skill\ntarget: my-skill\n")).toBe(true);
    expect(isClaudeCode("type: command\n")).toBe(true);
    expect(isClaudeCode("type: hook\n")).toBe(true);
  });

  it("is false for YAML tasks and other types", () => {
    expect(isClaudeCode(fullExample)).toBe(false);
    expect(isClaudeCode("type: agent\n")).toBe(false);
    expect(isClaudeCode("type: [skill]\n")).toBe(false);
  });

  it("unreadable text is reported by the one parse, before any dispatch", () => {
    const codes = (text: string) =>
      problemsOf(() => parseYamlSource(evalFile, text)).map((p) => p.code);
    expect(codes("type: skill\nname: [x\n")).toEqual(["AE101"]);
    expect(codes("- type: skill\n")).toEqual(["AE102"]);
    expect(codes("")).toEqual(["AE102"]);
  });
});

describe("yamlTaskSchema as JSON Schema", () => {
  it("converts with z.toJSONSchema", () => {
    const schema = z.toJSONSchema(yamlTaskSchema) as {
      type: string;
      required: string[];
      additionalProperties: boolean;
      properties: Record<string, { description?: string; default?: unknown }>;
    };
    expect(schema.type).toBe("object");
    expect(schema.required).toEqual(["name"]);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(["name", "prompt", "assertions", "sandbox", "shims", "secrets"]),
    );
    expect(schema.properties.trials).toMatchObject({ default: 1 });
    expect((schema.properties.trials as { anyOf?: unknown[] } | undefined)?.anyOf).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "integer", minimum: 1, maximum: 100 }),
        expect.objectContaining({ type: "object", required: ["min", "max"] }),
      ]),
    );
    expect(schema.properties.timeout?.description).toMatch(/seconds/);
  });

  it("converts for input too (what editors validate against)", () => {
    const schema = z.toJSONSchema(yamlTaskSchema, { io: "input" }) as { required: string[] };
    expect(schema.required).toEqual(["name"]);
  });
});
