// Turns the exports of a `*.eval.ts` module into EvalSpecs. The options are validated with a strict
// zod schema too: eval files may be plain JS, and a typo in a key must not silently drop a check.

import path from "node:path";
import * as z from "zod/mini";
import type { AgentRef, CheckSpec, EvalSpec, PromptSpec, VariantSpec } from "../../model/index.js";
import {
  Codes,
  DEFAULT_TIMEOUT_MS,
  type DefinitionProblem,
  errorMessage,
} from "../../model/index.js";
import {
  isPromptDefinition,
  type EvalDefinition,
  type PromptDefinition,
  type PromptInput,
} from "./api.js";
import { exportLine, optionLine, type LoadedExport } from "./module.js";
import { sha256, stableStringify } from "../prompt.js";
import { normalizeSandbox, normalizeShims, resolveUserPath } from "../yaml/normalize.js";
import { formatKeyPath, type KeyPath } from "../yaml/source.js";
import { wordIssues, type PlaceProblem } from "../yaml/validate.js";
import {
  described,
  JUDGE_AGENTS,
  judgeOptionShape,
  mcpServersSchema,
  nonEmptyText,
  trialCounts,
  trialsSchema,
  variantsSchema,
} from "../yaml/schema.js";
import { toMcpServers, toVariantSpec } from "../yaml/mappers.js";

const agentAdapterSchema = z.custom<AgentRef>(
  (v) =>
    typeof v === "string"
      ? v.length > 0
      : typeof v === "object" &&
        v !== null &&
        typeof (v as { name?: unknown }).name === "string" &&
        typeof (v as { run?: unknown }).run === "function",
  {
    message:
      'an agent is a name ("literal", "claude-code", …) or an adapter { name, available, version, run }',
  },
);

const checkSchema = z.custom<CheckSpec>(
  (v) => typeof v === "object" && v !== null && typeof (v as { type?: unknown }).type === "string",
  { message: "an assertion is made with ran(), fileExists(), succeeds(), assertThat() …" },
);

const nonEmptyString = () => z.string().check(z.minLength(1));
/** `sandbox.home`: its paths are checked in normalizeSandbox, with a fix. */
const homeRecord = z.record(z.string(), z.string());
/** `sandbox.kind`: checked against the sandbox providers when the evals load (define/load.ts). */
const kindText = z.optional(nonEmptyString());
/** A container's image and limits: their values are checked in normalizeSandbox, with a fix. */
const containerKeys = {
  image: z.optional(nonEmptyString()),
  cpus: z.optional(z.number()),
  memory: z.optional(nonEmptyString()),
  pids: z.optional(z.number()),
};

const variantPromptSchema = z.custom<string | PromptDefinition>(
  (v) => (typeof v === "string" && v.length > 0) || isPromptDefinition(v),
  { message: "a variant's prompt is text or a definePrompt(...) result" },
);

// Each key's description is the fix of a wrong value ("`passRate` takes a number from 0 to 1 …"),
// in a TypeScript definition's terms.
export const tsOptionsSchema = z.strictObject({
  id: described(
    z.optional(
      z.string().check(z.regex(/^[A-Za-z0-9._-]+$/, "use letters, digits, '.', '_' or '-'")),
    ),
    "A string of letters, digits, '.', '_' or '-' (default: the export's name).",
  ),
  agents: described(
    z.optional(z.array(agentAdapterSchema)),
    'An array of agents: names ("literal", "claude-code", …) or adapters (default: whatever `--agent` says).',
  ),
  trials: described(
    z.optional(trialsSchema),
    "An integer from 1 to 100: how many times each agent runs the eval (default 1); or `{ min, max }` for adaptive trials.",
  ),
  passRate: described(
    z.optional(z.number().check(z.gte(0), z.lte(1))),
    "A number from 0 to 1: the share of trials that must pass (default 1).",
  ),
  sandbox: described(
    z.optional(
      z.union([
        z.strictObject({
          template: nonEmptyString(),
          home: z.optional(homeRecord),
          kind: kindText,
          ...containerKeys,
        }),
        z.strictObject({
          fixture: z.record(z.string(), z.string()),
          home: z.optional(homeRecord),
          kind: kindText,
          ...containerKeys,
        }),
        z.strictObject({
          repo: z.union([nonEmptyString(), z.literal(true)]),
          home: z.optional(homeRecord),
          kind: kindText,
          ...containerKeys,
        }),
        z.strictObject({ home: homeRecord, kind: kindText, ...containerKeys }),
        z.strictObject({ kind: nonEmptyString(), ...containerKeys }),
        z.strictObject({ ...containerKeys, image: nonEmptyString() }),
      ]),
    ),
    'An object with one of `template: "folder"`, `fixture: { "path": "content" }` or `repo: true`, and optionally `home`, `kind`, `image`, `cpus`, `memory`, `pids`.',
  ),
  setup: described(
    z.optional(z.array(nonEmptyString())),
    "An array of shell commands run once per eval in the prepared sandbox.",
  ),
  shims: described(
    z.optional(
      z.record(
        z.string(),
        described(
          z.union([
            z.literal("passthrough"),
            z.strictObject({ script: z.string() }),
            z.strictObject({
              exitCode: z.optional(z.number().check(z.int(), z.gte(0), z.lte(255))),
              stdout: z.optional(z.string()),
              stderr: z.optional(z.string()),
            }),
          ]),
          '"passthrough", `{ script: "…" }` or `{ exitCode, stdout, stderr }`.',
        ),
      ),
    ),
    'An object of program names to "passthrough", `{ script }` or `{ exitCode, stdout, stderr }`.',
  ),
  assert: described(
    z.optional(z.array(checkSchema)),
    "An array of assertions: fileExists(), ran(), succeeds(), assertThat() …",
  ),
  maxCostUsd: described(
    z.optional(z.number().check(z.positive())),
    "A positive number: the most one trial may spend, in US dollars.",
  ),
  timeoutMs: described(
    z.optional(z.number().check(z.int(), z.positive())),
    "A whole number of milliseconds each part of a trial may take (default 600000).",
  ),
  trialTimeoutMs: described(
    z.optional(z.number().check(z.int(), z.positive())),
    "A whole number of milliseconds the whole trial may take, the agent and its checks together.",
  ),
  params: described(
    z.optional(
      z.record(
        z.string(),
        described(
          z.union([z.string(), z.number(), z.boolean()]),
          "A string, a number or a boolean.",
        ),
      ),
    ),
    "An object of placeholder names to values (strings, numbers or booleans) that fill `{{name}}` in the prompt.",
  ),
  model: described(z.optional(nonEmptyString()), "A model name, for agents that take one."),
  mcp: z.optional(mcpServersSchema),
  variants: z.optional(
    variantsSchema(variantPromptSchema, "Replaces the eval's prompt: text or definePrompt(...)."),
  ),
});

/** What judge(rubric, options) recorded, checked as the YAML `judge` entries are. */
const tsJudgeSchema = z.object({
  rubric: nonEmptyText,
  agent: z.custom<AgentRef>(
    (v) =>
      (typeof v === "string" && (JUDGE_AGENTS as readonly string[]).includes(v)) ||
      (typeof v === "object" &&
        v !== null &&
        typeof (v as { judge?: unknown }).judge === "function"),
    {
      message:
        'a judge\'s agent is "claude-code", "codex", or an adapter made by claudeCode() or codex()',
    },
  ),
  ...judgeOptionShape,
  files: z.array(z.string()),
  samples: judgeOptionShape.samples,
  always: z.boolean(),
});

/** The judge checks' options validated and their example folders resolved, or the problems. */
function judgeChecks(
  checks: CheckSpec[],
  ctx: TsLoadContext,
  where: { file: string; line?: number },
  exportName: string,
): { checks: CheckSpec[]; problems: DefinitionProblem[] } {
  const problems: DefinitionProblem[] = [];
  const out = checks.map((check, i) => {
    if (check.type !== "judge") return check;
    const parsed = z.safeParse(tsJudgeSchema, check.judge, { reportInput: true });
    if (!parsed.success) {
      const key = `${exportName}.assert[${i}] judge`;
      problems.push(
        ...wordIssues(
          tsJudgeSchema,
          parsed.error.issues,
          (keyPath, fields) => ({ ...where, key: keyUnder(key, keyPath), ...fields }),
          "ts",
        ),
      );
      return check;
    }
    const examples = check.judge.examples.map((e) =>
      e.dir !== undefined
        ? {
            ...e,
            dir: resolveUserPath(e.dir, { projectRoot: ctx.projectRoot, evalFile: ctx.file }),
          }
        : e,
    );
    return { ...check, judge: { ...check.judge, examples } };
  });
  return { checks: out, problems };
}

export interface TsLoadContext {
  projectRoot: string;
  file: string;
  source: string;
}

/** EvalSpecs of one module's exports, or the problems found in them. */
export function specsFromExports(
  exports: LoadedExport[],
  ctx: TsLoadContext,
): { specs: EvalSpec[]; problems: DefinitionProblem[] } {
  const specs: EvalSpec[] = [];
  const problems: DefinitionProblem[] = [];
  for (const { exportName, definition } of exports) {
    const line = exportLine(ctx.source, exportName);
    const result = specFromDefinition(definition, exportName, line, ctx);
    if ("problems" in result) problems.push(...result.problems);
    else specs.push(result.spec);
  }
  // In the order the file reads (the module's exports come in name order).
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { specs, problems };
}

function specFromDefinition(
  definition: EvalDefinition,
  exportName: string,
  line: number | undefined,
  ctx: TsLoadContext,
): { spec: EvalSpec } | { problems: DefinitionProblem[] } {
  const where = { file: ctx.file, line };
  let parsed: ReturnType<typeof tsOptionsSchema.safeParse>;
  try {
    parsed = z.safeParse(tsOptionsSchema, definition.options, { reportInput: true });
  } catch (error) {
    // zod itself throws on some values no definition should hold (a `length` that is an array of
    // objects without a prototype): a problem with the options like any other, not a crash.
    return {
      problems: [
        {
          ...where,
          key: `${exportName} options`,
          code: Codes.schema,
          message: `the options could not be read: ${errorMessage(error)}`,
          fix: "pass plain values: strings, numbers, booleans, arrays and plain objects",
        },
      ],
    };
  }
  if (!parsed.success) {
    // Each problem on the line of its key in the definition, when it can be found there.
    const place: PlaceProblem = (keyPath, fields) => ({
      file: ctx.file,
      line: optionLine(ctx.source, line, keyPath),
      key: keyUnder(`${exportName} options`, keyPath),
      ...fields,
    });
    return { problems: wordIssues(tsOptionsSchema, parsed.error.issues, place, "ts") };
  }
  const options = parsed.data;
  const id = options.id ?? (exportName === "default" ? defaultId(ctx.file) : exportName);
  const prompt = promptSpec(definition.prompt, options.params ?? {});
  const variants: VariantSpec[] = (options.variants ?? []).map((variant) =>
    toVariantSpec(
      variant,
      (given) => promptSpec(given as PromptInput, options.params ?? {})!,
      where,
    ),
  );
  const judged = judgeChecks(
    (options.assert ?? []).map((c) => ({ ...c, source: c.source ?? where })),
    ctx,
    where,
    exportName,
  );
  const checks = judged.checks;
  const problems: DefinitionProblem[] = [...judged.problems];
  if (checks.length === 0) {
    problems.push({
      ...where,
      key: `${exportName}.assert`,
      code: Codes.nothingAsserted,
      message: "this eval asserts nothing, so it would pass vacuously",
      fix: 'add at least one assertion to `assert: [...]`, e.g. fileExists("README.md")',
    });
  }
  const sandbox = normalizeSandbox(options.sandbox, {
    projectRoot: ctx.projectRoot,
    evalFile: ctx.file,
    key: `${exportName}.sandbox`,
    line,
  });
  if ("problem" in sandbox) problems.push(sandbox.problem);
  const shims = normalizeShims(options.shims ?? {}, {
    file: ctx.file,
    line,
    key: `${exportName}.shims`,
  });
  if ("problems" in shims) problems.push(...shims.problems);
  if (problems.length > 0 || "problem" in sandbox || "problems" in shims) return { problems };
  return {
    spec: {
      id,
      file: ctx.file,
      line,
      format: "ts",
      prompt,
      agents: options.agents ?? [],
      ...trialCounts(options.trials, 1),
      passRate: options.passRate ?? 1,
      workspace: sandbox.workspace,
      isolation: sandbox.isolation,
      setup: options.setup ?? [],
      shims: shims.shims,
      checks,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      ...(options.trialTimeoutMs !== undefined ? { trialTimeoutMs: options.trialTimeoutMs } : {}),
      maxCostUsd: options.maxCostUsd,
      model: options.model,
      ...(options.mcp && Object.keys(options.mcp).length ? { mcp: toMcpServers(options.mcp) } : {}),
      ...(variants.length ? { variants } : {}),
      // The options include the variants; their prompt files are hashed relative to the root too.
      definitionHash: sha256(
        stableStringify({
          prompt: hashablePrompt(prompt, ctx.projectRoot),
          options: { ...options, variants: hashableVariants(variants, ctx.projectRoot) },
        }),
      ),
    },
  };
}

function promptSpec(
  prompt: PromptInput | undefined,
  evalParams: Record<string, string | number | boolean>,
): PromptSpec | undefined {
  if (prompt === null || prompt === undefined) return undefined;
  if (isPromptDefinition(prompt)) {
    return {
      id: prompt.id,
      text: prompt.text,
      file: prompt.file,
      params: { ...prompt.params, ...evalParams },
      secrets: prompt.secrets,
    };
  }
  return { text: String(prompt), params: evalParams, secrets: [] };
}

/** The prompt as hashed: its file relative to the project root, so the hash is location-independent. */
function hashablePrompt(prompt: PromptSpec | undefined, projectRoot: string): PromptSpec | null {
  if (!prompt) return null;
  if (prompt.file === undefined || !path.isAbsolute(prompt.file)) return prompt;
  return { ...prompt, file: path.relative(projectRoot, prompt.file).split(path.sep).join("/") };
}

/** Variants as hashed: without where they were declared, prompt files relative to the root. */
function hashableVariants(variants: VariantSpec[], projectRoot: string): unknown {
  if (variants.length === 0) return undefined;
  return variants.map(({ source: _source, prompt, ...rest }) => ({
    ...rest,
    ...(prompt ? { prompt: hashablePrompt(prompt, projectRoot) } : {}),
  }));
}

function defaultId(file: string): string {
  return path.basename(file).replace(/\.eval\.[cm]?[jt]s$/, "");
}

/** `first options.trials`, `first options.setup[0]`: the key a problem is about, under its export. */
function keyUnder(prefix: string, keyPath: KeyPath): string {
  return keyPath.length ? `${prefix}.${formatKeyPath(keyPath)}` : prefix;
}
