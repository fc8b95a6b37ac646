import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { discoverEvalFiles } from "../../src/define/discover.js";
import { loadEvals } from "../../src/define/load.js";
import * as libraryApi from "../../src/library.js";
import { DefinitionError } from "../../src/model/errors.js";
import { makeProject } from "../helpers/project.js";
import { EVAL_KINDS } from "../../src/kinds/index.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function load(files: Record<string, string>) {
  const root = await makeProject(files);
  dirs.push(root);
  const found = await discoverEvalFiles(root);
  return {
    root,
    specs: await loadEvals(found, {
      projectRoot: root,
      libraryApi: { ...libraryApi },
      kinds: EVAL_KINDS,
    }),
  };
}

async function problems(files: Record<string, string>) {
  try {
    await load(files);
  } catch (error) {
    expect(error).toBeInstanceOf(DefinitionError);
    return (error as DefinitionError).problems;
  }
  throw new Error("expected a DefinitionError");
}

describe("TypeScript eval files", () => {
  it("loads every exported defineEval result, named by its export, importing agent-evals", async () => {
    const { root, specs } = await load({
      "src/prompts.ts": `import { definePrompt } from "agent-evals";
export const setup = definePrompt({ id: "setup", file: "./setup.md", params: { who: "world" } });`,
      "src/setup.md": "Say hello to {{who}}\n```sh\necho hi\n```\n",
      "evals/a.eval.ts": `import { defineEval, fileExists, ran } from "agent-evals";
import { setup } from "../src/prompts";
const notExported = defineEval("x", { assert: [fileExists("x")] });

export const first = defineEval(setup, {
  agents: ["literal"],
  trials: 3,
  passRate: 0.67,
  sandbox: { template: "evals/tpl" },
  shims: { neon: { script: "echo ok" }, npm: "passthrough", gh: { exitCode: 2 } },
  assert: [ran(/neon init/), fileExists("neon.ts")],
  timeoutMs: 5000,
  maxCostUsd: 2,
});
export const second = defineEval(null, { id: "custom-id", assert: [fileExists("package.json")] });
export const helper = 42;`,
    });
    expect(specs.map((s) => s.id)).toEqual(["first", "custom-id"]);
    const [first, second] = specs;
    expect(first).toMatchObject({
      file: path.join(root, "evals/a.eval.ts"),
      line: 5,
      format: "ts",
      agents: ["literal"],
      trials: 3,
      passRate: 0.67,
      workspace: { kind: "template", dir: path.join(root, "evals/tpl") },
      isolation: {},
      shims: {
        neon: { mode: "script", script: "echo ok" },
        npm: { mode: "passthrough" },
        gh: { mode: "stub", exitCode: 2, stdout: "", stderr: "" },
      },
      timeoutMs: 5000,
      maxCostUsd: 2,
      prompt: {
        id: "setup",
        text: "Say hello to {{who}}\n```sh\necho hi\n```\n",
        params: { who: "world" },
      },
    });
    expect(first!.checks.map((c) => c.type)).toEqual(["ran", "fileExists"]);
    expect(first!.checks[0]!.source).toEqual({ file: path.join(root, "evals/a.eval.ts"), line: 5 });
    expect(second).toMatchObject({
      id: "custom-id",
      prompt: undefined,
      workspace: { kind: "repo", dir: root },
      isolation: {},
    });
  });

  it("resolves @copybook/cli to the same API and names a default export after the file", async () => {
    const { specs } = await load({
      "evals/legacy.eval.ts": `import { defineEval, fileExists } from "@copybook/cli";
export default defineEval("Do it", { assert: [fileExists("a")] });`,
    });
    expect(specs.map((s) => s.id)).toEqual(["legacy"]);
  });

  it("loads .mjs eval files too", async () => {
    const { specs } = await load({
      "_evals/plain.eval.mjs": `import { defineEval, succeeds } from "agent-evals";
export const plain = defineEval(null, { assert: [succeeds("true")] });`,
    });
    expect(specs.map((s) => [s.id, s.checks[0]])).toEqual([
      ["plain", { type: "succeeds", command: "true", exitCode: 0, source: expect.anything() }],
    ]);
  });

  it("changes the definition hash when an option or a check function changes", async () => {
    const make = (n: number, body: string) => ({
      "evals/h.eval.ts": `import { defineEval, assertThat } from "agent-evals";
export const h = defineEval("p", { trials: ${n}, assert: [assertThat("c", () => ${body})] });`,
    });
    const a = (await load(make(1, "true"))).specs[0]!.definitionHash;
    const b = (await load(make(2, "true"))).specs[0]!.definitionHash;
    const c = (await load(make(1, "false"))).specs[0]!.definitionHash;
    const a2 = (await load(make(1, "true"))).specs[0]!.definitionHash;
    expect(new Set([a, b, c]).size).toBe(3);
    expect(a2).toBe(a);
  });

  it("reports bad options with the file, the export line, the key and a fix", async () => {
    const found = await problems({
      "evals/bad.eval.ts": `import { defineEval, fileExists } from "agent-evals";

export const typo = defineEval("p", { asert: [fileExists("x")] });
export const empty = defineEval("p", { assert: [] });
export const wrong = defineEval("p", { trials: 0, assert: [fileExists("x")] });
export const escape = defineEval("p", { sandbox: { fixture: { "../x": "y" } }, assert: [fileExists("x")] });`,
    });
    const byKey = (k: string) => found.find((p) => p.key?.startsWith(k));
    expect(byKey("typo")).toMatchObject({ file: "evals/bad.eval.ts", line: 3, code: "AE103" });
    expect(byKey("typo")!.message).toContain("asert");
    expect(byKey("empty")).toMatchObject({ line: 4, code: "AE104" });
    expect(byKey("empty")!.fix).toContain("assert");
    expect(byKey("wrong")).toMatchObject({ line: 5, code: "AE102", key: "wrong options.trials" });
    expect(byKey("escape")).toMatchObject({ line: 6, code: "AE106" });
  });

  it("a value of the wrong type: the key's line, what it got, and the fix written out", async () => {
    const found = await problems({
      "evals/types.eval.ts": `import { defineEval, fileExists } from "agent-evals";

export const quoted = defineEval("p", {
  assert: [fileExists("x")],
  trials: "3",
  passRate: "0.5",
  timeoutMs: "60000",
});
export const unquoted = defineEval("p", {
  assert: [fileExists("x")],
  model: 3,
  setup: "npm ci",
  agents: "literal",
});
export const shapes = defineEval("p", {
  assert: fileExists("x"),
  trials: 2.5,
  sandbox: { template: 3 },
});
`,
    });
    const shown = found.map((p) => ({ line: p.line, key: p.key, message: p.message, fix: p.fix }));
    expect(shown).toEqual([
      {
        line: 5,
        key: "quoted options.trials",
        message: 'expected a number, got string "3"',
        fix: expect.stringMatching(/^drop the quotes: `trials: 3`; `trials` takes an integer/),
      },
      {
        line: 6,
        key: "quoted options.passRate",
        message: 'expected a number, got string "0.5"',
        fix: expect.stringMatching(/^drop the quotes: `passRate: 0.5`; `passRate` takes a number/),
      },
      {
        line: 7,
        key: "quoted options.timeoutMs",
        message: 'expected a number, got string "60000"',
        fix: expect.stringMatching(/^drop the quotes: `timeoutMs: 60000`/),
      },
      {
        line: 11,
        key: "unquoted options.model",
        message: "expected a string, got number 3",
        fix: expect.stringMatching(/^quote it: `model: "3"`; `model` takes a model name/),
      },
      {
        line: 12,
        key: "unquoted options.setup",
        message: 'expected an array, got string "npm ci"',
        fix: expect.stringMatching(/^make it an array: `setup: \["npm ci"\]`/),
      },
      {
        line: 13,
        key: "unquoted options.agents",
        message: 'expected an array, got string "literal"',
        fix: expect.stringMatching(/^make it an array: `agents: \["literal"\]`/),
      },
      {
        line: 16,
        key: "shapes options.assert",
        message: "expected an array, got an object",
        fix: expect.stringMatching(/^set `assert` to an array of assertions/),
      },
      {
        line: 17,
        key: "shapes options.trials",
        message: "expected an integer, got number 2.5",
        fix: expect.stringMatching(/^set `trials` to an integer from 1 to 100/),
      },
      {
        line: 18,
        key: "shapes options.sandbox.template",
        message: "expected a string, got number 3",
        fix: expect.stringMatching(/^quote it: `template: "3"`/),
      },
    ]);
    for (const problem of found) {
      expect(problem).toMatchObject({ file: "evals/types.eval.ts", code: "AE102" });
      expect(problem.message).not.toMatch(/Invalid input/);
    }
  });

  it("a judge's option of the wrong type is worded the same way, keyed under its assertion", async () => {
    const found = await problems({
      "evals/judged.eval.ts": `import { defineEval, judge } from "agent-evals";
export const judged = defineEval("p", { assert: [judge("Is it clear?", { samples: "3" })] });
`,
    });
    expect(found).toEqual([
      expect.objectContaining({
        file: "evals/judged.eval.ts",
        line: 2,
        code: "AE102",
        key: "judged.assert[0] judge.samples",
        message: 'expected a number, got string "3"',
        fix: expect.stringMatching(/^drop the quotes: `samples: 3`/),
      }),
    ]);
  });

  it("reports a module that does not load, and one that exports no eval", async () => {
    const found = await problems({
      "evals/broken.eval.ts": `import { defineEval } from "agent-evals";\nexport const x = defineEval(;\n`,
      "evals/none.eval.ts": `export const nothing = 1;\n`,
      "evals/throws.eval.ts": `throw new Error("boom at load");\n`,
    });
    expect(found.map((p) => [p.file, p.code])).toEqual([
      ["evals/broken.eval.ts", "AE108"],
      ["evals/none.eval.ts", "AE112"],
      ["evals/throws.eval.ts", "AE108"],
    ]);
    expect(found[2]!.message).toContain("boom at load");
  });

  it("rejects duplicate ids across formats, naming where the first one is", async () => {
    const found = await problems({
      "evals/a.eval.yaml": "name: same\nassertions:\n  files: [a]\n",
      "evals/b.eval.ts": `import { defineEval, fileExists } from "agent-evals";\nexport const same = defineEval(null, { assert: [fileExists("a")] });\n`,
    });
    expect(found).toEqual([
      expect.objectContaining({
        file: "evals/b.eval.ts",
        line: 2,
        code: "AE105",
        message: expect.stringContaining("evals/a.eval.yaml:1"),
      }),
    ]);
  });

  it("discovers eval files under evals/ and _evals/ only, never in node_modules or .copybook", async () => {
    const root = await makeProject({
      "evals/a.eval.yaml": "",
      "evals/deep/b.eval.yml": "",
      "_evals/skills/c.eval.ts": "",
      "other/d.eval.yaml": "",
      "evals/node_modules/e.eval.yaml": "",
      "evals/.copybook/f.eval.yaml": "",
      "evals/notes.yaml": "",
    });
    dirs.push(root);
    const rel = (files: string[]) => files.map((f) => path.relative(root, f));
    expect(rel(await discoverEvalFiles(root))).toEqual([
      "_evals/skills/c.eval.ts",
      "evals/a.eval.yaml",
      "evals/deep/b.eval.yml",
    ]);
    expect(rel(await discoverEvalFiles(root, ["other/*.eval.yaml"]))).toEqual([
      "other/d.eval.yaml",
    ]);
  });
});
