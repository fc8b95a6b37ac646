// Variants in every eval format: loading (YAML task, TypeScript, skill e2e), the rules each
// variant list must keep (every problem named with file, line where known, code and fix), the
// definition hash, and expandVariant — the eval with a variant's overrides applied.

import { promises as fs } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { discoverEvalFiles } from "../../src/define/discover.js";
import { loadEvals } from "../../src/define/load.js";
import { loadYamlEval } from "../../src/kinds/task/load.js";
import { EVAL_KINDS } from "../../src/kinds/index.js";
import * as libraryApi from "../../src/library.js";
import type { AgentAdapter, EvalSpec, PlannedUnit, VariantSpec } from "../../src/model/index.js";
import { Codes, DefinitionError, type DefinitionProblem } from "../../src/model/errors.js";
import { expandVariant, expandVariants, variantGroups } from "../../src/plan/index.js";
import { makeProject } from "../helpers/project.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

const yamlFile = "evals/button.eval.yaml";

function loadYaml(text: string): EvalSpec {
  return loadYamlEval(yamlFile, text, { projectRoot: "/project" });
}

function problemsOf(fn: () => unknown): DefinitionProblem[] {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DefinitionError);
    return (error as DefinitionError).problems;
  }
  throw new Error("expected a DefinitionError, but nothing was thrown");
}

async function loadProject(files: Record<string, string>) {
  const root = await makeProject(files);
  dirs.push(root);
  const found = await discoverEvalFiles(root);
  return {
    root,
    specs: await loadEvals(found, {
      projectRoot: root,
      libraryApi: { ...libraryApi },
      kinds: EVAL_KINDS,
      env: { HOME: root },
    }),
  };
}

async function projectProblems(files: Record<string, string>): Promise<DefinitionProblem[]> {
  try {
    await loadProject(files);
  } catch (error) {
    expect(error).toBeInstanceOf(DefinitionError);
    return (error as DefinitionError).problems;
  }
  throw new Error("expected a DefinitionError");
}

const task = (variants: string) => `name: button
prompt: Create a Button for {{who}}.
params: { who: Ada }
secrets: [API_TOKEN]
setup: [npm ci]
model: sonnet
sandbox: { fixture: { "README.md": "# app" } }
assertions:
  files: [src/Button.tsx]
variants:
${variants}`;

describe("variants in a YAML task", () => {
  it("loads each variant's overrides, with the line it was declared on", () => {
    const spec = loadYaml(
      task(`  - name: without-skill
    files: { ".claude/skills/x/SKILL.md": null, "CLAUDE.md": "Be brief." }
  - name: terse
    prompt: Make a Button for {{who}}, tersely.
    model: haiku
    args: ["--append-system-prompt", "two words"]
    setup: []
`),
    );
    expect(spec.variants).toEqual<VariantSpec[]>([
      {
        name: "without-skill",
        files: { ".claude/skills/x/SKILL.md": null, "CLAUDE.md": "Be brief." },
        source: { file: "/project/evals/button.eval.yaml", line: 11 },
      },
      {
        name: "terse",
        // The eval's params and secrets fill a variant's prompt, as they fill the eval's.
        prompt: {
          text: "Make a Button for {{who}}, tersely.",
          file: "/project/evals/button.eval.yaml",
          params: { who: "Ada" },
          secrets: ["API_TOKEN"],
        },
        model: "haiku",
        args: ["--append-system-prompt", "two words"],
        setup: [],
        source: { file: "/project/evals/button.eval.yaml", line: 13 },
      },
    ]);
  });

  it("an eval without variants has none", () => {
    const spec = loadYaml(task("").replace("variants:\n", ""));
    expect(spec.variants).toBeUndefined();
  });

  it("each bad variant is a problem on its line, with its code and a fix", () => {
    const problems = problemsOf(() =>
      loadYaml(
        task(`  - name: empty
  - name: "with space"
    model: haiku
  - name: twice
    model: haiku
  - name: twice
    model: opus
  - name: escaping
    files:
      "../outside.txt": x
      "/etc/passwd": x
      "": x
      "ok.txt": 3
`),
      ),
    );
    const shape = problems.map(({ line, code, key }) => ({ line, code, key }));
    expect(shape).toEqual([
      { line: 11, code: Codes.emptyVariant, key: "variants[0]" },
      { line: 12, code: Codes.schema, key: "variants[1].name" },
      { line: 16, code: Codes.duplicateVariant, key: "variants[3].name" },
      { line: 20, code: Codes.badPath, key: 'variants[4].files["../outside.txt"]' },
      { line: 21, code: Codes.badPath, key: 'variants[4].files["/etc/passwd"]' },
      { line: 22, code: Codes.badPath, key: 'variants[4].files[""]' },
      { line: 23, code: Codes.schema, key: 'variants[4].files["ok.txt"]' },
    ]);
    for (const p of problems) {
      expect(p.file).toBe(yamlFile);
      expect(p.fix, p.message).toBeTruthy();
    }
    expect(problems[0]!.message).toContain('variant "empty" overrides nothing');
    expect(problems[0]!.fix).toContain(
      "`prompt`, `files`, `model`, `args`, `setup`, `mcp` or `agentVersion`",
    );
    expect(problems[2]!.message).toContain('"twice" is already used by variants[2]');
    expect(problems[3]!.message).toContain("`..`");
    expect(problems[4]!.message).toContain("absolute");
    expect(problems[5]!.message).toContain("empty");
  });

  it("empty `files` and `args` override nothing; a file that is also a folder is refused", () => {
    const problems = problemsOf(() =>
      loadYaml(
        task(`  - name: hollow
    files: {}
    args: []
  - name: clash
    files: { "a": "x", "a/b": "y" }
`),
      ),
    );
    expect(problems.map(({ code, key }) => ({ code, key }))).toEqual([
      { code: Codes.emptyVariant, key: "variants[0]" },
      { code: Codes.badPath, key: 'variants[1].files["a/b"]' },
    ]);
  });

  it("a misspelt variant key is named, with a suggestion", () => {
    const [problem] = problemsOf(() => loadYaml(task(`  - name: v\n    modle: haiku\n`)));
    expect(problem).toMatchObject({
      code: Codes.unknownKey,
      line: 12,
      fix: "did you mean `model`?",
    });
  });
});

describe("variants in a TypeScript eval", () => {
  it("loads text and definePrompt prompts (the eval's params apply), files, model, args, setup", async () => {
    const { specs, root } = await loadProject({
      "evals/terse.md": "Tersely, for {{who}}.",
      "evals/a.eval.ts": `import { defineEval, definePrompt, fileExists } from "agent-evals";
export const button = defineEval("Make a Button for {{who}}.", {
  params: { who: "Ada" },
  assert: [fileExists("src/Button.tsx")],
  variants: [
    { name: "without-skill", files: { ".claude/skills/x/SKILL.md": null } },
    { name: "terse", prompt: definePrompt({ file: "./terse.md" }), model: "haiku" },
    { name: "text", prompt: "Just {{who}}.", args: ["--verbose"], setup: ["true"] },
  ],
});`,
    });
    const [spec] = specs;
    const where = { file: `${root}/evals/a.eval.ts`, line: 2 };
    expect(spec!.variants).toEqual([
      { name: "without-skill", files: { ".claude/skills/x/SKILL.md": null }, source: where },
      {
        name: "terse",
        prompt: {
          text: "Tersely, for {{who}}.",
          file: `${root}/evals/terse.md`,
          params: { who: "Ada" },
          secrets: [],
        },
        model: "haiku",
        source: where,
      },
      {
        name: "text",
        prompt: { text: "Just {{who}}.", params: { who: "Ada" }, secrets: [] },
        args: ["--verbose"],
        setup: ["true"],
        source: where,
      },
    ]);
  });

  it("bad variants are problems at the option's line, keyed by the option's path", async () => {
    const problems = await projectProblems({
      "evals/a.eval.ts": `import { defineEval, fileExists } from "agent-evals";

export const button = defineEval("x", {
  assert: [fileExists("x")],
  variants: [
    { name: "nothing" },
    { name: "same", model: "a" },
    { name: "same", model: "b" },
    { name: "up", files: { "../../etc/x": "y" } },
    { name: "bad/name", model: "a" },
  ],
});`,
    });
    expect(problems.map(({ code, key, line }) => ({ code, key, line }))).toEqual([
      { code: Codes.emptyVariant, key: "button options.variants[0]", line: 5 },
      { code: Codes.badPath, key: 'button options.variants[3].files["../../etc/x"]', line: 5 },
      { code: Codes.schema, key: "button options.variants[4].name", line: 5 },
      { code: Codes.duplicateVariant, key: "button options.variants[2].name", line: 5 },
    ]);
    for (const p of problems) {
      expect(p.file).toBe("evals/a.eval.ts");
      expect(p.fix).not.toBe("see the option table in docs/writing-evals.md");
    }
  });

  it("a variant change changes the eval's definition hash; no variants leaves it as it was", async () => {
    const source = (variants: string) => ({
      "evals/a.eval.ts": `import { defineEval, fileExists } from "agent-evals";
export const button = defineEval("x", { assert: [fileExists("x")]${variants} });`,
    });
    const hashOf = async (variants: string) =>
      (await loadProject(source(variants))).specs[0]!.definitionHash;
    const none = await hashOf("");
    const a = await hashOf(`, variants: [{ name: "v", model: "a" }]`);
    const b = await hashOf(`, variants: [{ name: "v", model: "b" }]`);
    expect(new Set([none, a, b]).size).toBe(3);
    // The same definition in another checkout hashes the same.
    expect(await hashOf(`, variants: [{ name: "v", model: "a" }]`)).toBe(a);
  });
});

const skillProject = (evalYaml: string) => ({
  ".claude/skills/greet/SKILL.md": "---\nname: greet\ndescription: Greets people.\n---\nSay hi.\n",
  "evals/greet.eval.yaml": evalYaml,
});

describe("variants of skill e2e scenarios", () => {
  const skillEval = (extra = "", scenarioExtra = "") => `name: greet
type: skill
target: .claude/skills/greet/SKILL.md
${extra}e2e:
  - scenario: says hi
    prompt: Greet me in hello.txt.
    outcomes: [{ type: file-exists, file: hello.txt }]
${scenarioExtra}  - scenario: says bye
    prompt: Say bye in bye.txt.
    outcomes: [{ type: file-exists, file: bye.txt }]
`;

  it("the file's variants apply to every scenario; a scenario's own are added to its own", async () => {
    const { specs, root } = await loadProject(
      skillProject(
        skillEval(
          `variants:
  - name: without-skill
    files: { ".claude/skills/greet/SKILL.md": null }
`,
          `    variants:
      - name: polite
        prompt: Please greet me in hello.txt.
`,
        ),
      ),
    );
    const file = `${root}/evals/greet.eval.yaml`;
    const [hi, bye] = specs;
    expect(hi!.variants).toEqual([
      {
        name: "without-skill",
        files: { ".claude/skills/greet/SKILL.md": null },
        source: { file, line: 5 },
      },
      {
        name: "polite",
        prompt: { text: "Please greet me in hello.txt.", file, params: {}, secrets: [] },
        source: { file, line: 12 },
      },
    ]);
    expect(bye!.variants?.map((v) => v.name)).toEqual(["without-skill"]);
    // Expanded, the skill is installed in the control and gone in the variant.
    const without = expandVariant(hi!, hi!.variants![0]!);
    expect(hi!.workspace).toMatchObject({
      kind: "fixture",
      files: { ".claude/skills/greet/SKILL.md": expect.stringContaining("Say hi.") },
    });
    expect(without.workspace.overlay).toEqual({ ".claude/skills/greet/SKILL.md": null });
  });

  it("the file's variants change every scenario's hash", async () => {
    const plain = await loadProject(skillProject(skillEval()));
    const varied = await loadProject(
      skillProject(skillEval(`variants: [{ name: haiku, model: haiku }]\n`)),
    );
    expect(varied.specs[0]!.definitionHash).not.toBe(plain.specs[0]!.definitionHash);
    expect(varied.specs[1]!.definitionHash).not.toBe(plain.specs[1]!.definitionHash);
  });

  it("refuses a scenario variant named like a file variant, and file variants without e2e", async () => {
    const clash = await projectProblems(
      skillProject(
        skillEval(
          `variants: [{ name: v, model: haiku }]\n`,
          `    variants: [{ name: v, model: opus }]\n`,
        ),
      ),
    );
    expect(clash).toMatchObject([
      { code: Codes.duplicateVariant, line: 9, file: "evals/greet.eval.yaml" },
    ]);
    const noE2e = await projectProblems(
      skillProject(`name: greet
type: skill
target: .claude/skills/greet/SKILL.md
variants: [{ name: v, model: haiku }]
trigger:
  positive: [{ query: greet me }]
`),
    );
    expect(noE2e).toMatchObject([{ code: Codes.schema, line: 4, key: "variants" }]);
    expect(noE2e[0]!.fix).toContain("add `e2e:` scenarios");
  });

  it("an empty scenario variant is refused on its line", async () => {
    const problems = await projectProblems(
      skillProject(skillEval("", `    variants: [{ name: nothing }]\n`)),
    );
    expect(problems).toMatchObject([
      { code: Codes.emptyVariant, line: 8, key: "e2e[0].variants[0]" },
    ]);
  });
});

describe("expandVariant", () => {
  const base: EvalSpec = {
    id: "button",
    file: "/p/evals/button.eval.yaml",
    format: "yaml",
    prompt: { text: "Make a Button.", params: {}, secrets: [] },
    agents: [],
    trials: 3,
    passRate: 1,
    workspace: { kind: "fixture", files: { "README.md": "# app" } },
    isolation: {},
    setup: ["npm ci"],
    shims: {},
    checks: [{ type: "fileExists", path: "src/Button.tsx" }],
    timeoutMs: 60_000,
    model: "sonnet",
    definitionHash: "parent-hash",
    variants: [
      { name: "terse", model: "haiku" },
      { name: "skill-less", files: { ".claude/skills/x/SKILL.md": null } },
    ],
  };

  it("applies every override and nothing else", () => {
    const variant: VariantSpec = {
      name: "all",
      prompt: { text: "Tersely.", params: {}, secrets: [] },
      files: { "CLAUDE.md": "Be brief.", "README.md": null },
      model: "haiku",
      args: ["--append-system-prompt", "x"],
      setup: [],
      source: { file: "/p/evals/button.eval.yaml", line: 9 },
    };
    const expanded = expandVariant(base, variant);
    const { variants: _, ...parent } = base;
    expect(expanded).toEqual({
      ...parent,
      prompt: variant.prompt,
      setup: [],
      model: "haiku",
      agentArgs: ["--append-system-prompt", "x"],
      workspace: {
        kind: "fixture",
        files: { "README.md": "# app" },
        overlay: { "CLAUDE.md": "Be brief.", "README.md": null },
      },
      variant: "all",
      definitionHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(expanded).not.toHaveProperty("variants");
    // Pure: the eval as defined is unchanged.
    expect(base.workspace).not.toHaveProperty("overlay");
    expect(base.setup).toEqual(["npm ci"]);
  });

  it("keeps what a variant does not override", () => {
    const expanded = expandVariant(base, { name: "terse", model: "haiku" });
    expect(expanded).toMatchObject({ prompt: base.prompt, setup: ["npm ci"], model: "haiku" });
    expect(expanded.agentArgs).toBeUndefined();
    expect(expanded.workspace).toEqual(base.workspace);
    expect(expanded.isolation).toEqual(base.isolation);
  });

  it("hashes the parent's hash and the overrides, not where the variant was declared", () => {
    const hash = (spec: EvalSpec, variant: VariantSpec) =>
      expandVariant(spec, variant).definitionHash;
    const terse: VariantSpec = { name: "terse", model: "haiku" };
    const h = hash(base, terse);
    expect(h).not.toBe(base.definitionHash);
    expect(hash(base, { ...terse, source: { file: "/elsewhere/x.yaml", line: 3 } })).toBe(h);
    expect(hash(base, { ...terse, model: "opus" })).not.toBe(h);
    expect(hash(base, { ...terse, name: "short" })).not.toBe(h);
    expect(hash({ ...base, definitionHash: "changed-parent" }, terse)).not.toBe(h);
    const prompt = { text: "T", params: {}, secrets: [] };
    expect(hash(base, { name: "p", prompt: { ...prompt, file: "/a/x.md" } })).toBe(
      hash(base, { name: "p", prompt: { ...prompt, file: "/b/x.md" } }),
    );
  });

  it("expandVariants expands each in order; the claude-code part shows a variant's model", () => {
    expect(expandVariants(base).map((s) => [s.variant, s.model])).toEqual([
      ["terse", "haiku"],
      ["skill-less", "sonnet"],
    ]);
    const part = {
      kind: "skill",
      group: "g",
      axis: "e2e",
      agent: "claude-code",
      about: "a skill eval of Claude Code (t)",
      agentOnlyReason: "only Claude Code",
      model: "sonnet",
    };
    expect(expandVariant({ ...base, part }, { name: "h", model: "haiku" }).part).toEqual({
      ...part,
      model: "haiku",
    });
    expect(expandVariants({ ...base, variants: undefined })).toEqual([]);
  });

  it("adds a variant's MCP servers over the eval's, and null removes one", () => {
    const docs = { command: "node", args: ["docs.js"], env: {} };
    const search = { command: "search-mcp", args: [], env: { K: "v" } };
    const withMcp: EvalSpec = { ...base, mcp: { docs } };
    expect(expandVariant(withMcp, { name: "more", mcp: { search } }).mcp).toEqual({ docs, search });
    const without = expandVariant(withMcp, { name: "without-docs", mcp: { docs: null } });
    expect(without.mcp).toBeUndefined();
    expect(without.definitionHash).not.toBe(withMcp.definitionHash);
    // A variant that does not name `mcp` keeps the eval's servers.
    expect(expandVariant(withMcp, { name: "terse", model: "haiku" }).mcp).toEqual({ docs });
  });
});

describe("a variant of the agent's version (agentVersion)", () => {
  it("loads AGENT@VERSION, and refuses other text on its line", () => {
    const spec = loadYaml(
      task(`  - name: next-cli
    agentVersion: claude-code@2.1.333
`),
    );
    expect(spec.variants?.[0]).toMatchObject({
      name: "next-cli",
      agentVersion: "claude-code@2.1.333",
    });
    const problems = problemsOf(() =>
      loadYaml(
        task(`  - name: next-cli
    agentVersion: "2.1.333"
`),
      ),
    );
    expect(problems[0]?.message).toContain('agentVersion "2.1.333" is not AGENT@VERSION');
    expect(problems[0]?.fix).toContain("claude-code@2.1.333");
  });

  it("runs that version for its agent's pairs only, with the version recorded", () => {
    const base = loadYaml(
      task(`  - name: next-cli
    agentVersion: gemini@0.60.0
`),
    );
    const unitOf = (agentName: string): PlannedUnit =>
      ({
        spec: base,
        agentName,
        agent: { name: agentName },
        agentVersion: "0.61.0",
        trials: 3,
      }) as unknown as PlannedUnit;
    const candidate = { name: "gemini", executable: "/cache/gemini" } as unknown as AgentAdapter;
    const units = variantGroups(
      [unitOf("gemini"), unitOf("codex")],
      expandVariant,
      {},
      {
        agentVersions: new Map([["gemini@0.60.0", { adapter: candidate, version: "0.60.0" }]]),
      },
    );
    // gemini: the control and the variant running 0.60.0; codex: no variant of its own.
    expect(units.map((u) => [u.agentName, u.arm?.label, u.agentVersion])).toEqual([
      ["gemini", "control", "0.61.0"],
      ["gemini", "next-cli", "0.60.0"],
      ["codex", undefined, "0.61.0"],
    ]);
    expect(units[1]!.agent).toBe(candidate);
  });
});
