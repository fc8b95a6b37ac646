// One skill/command/hook eval file → the evals the engine runs. A skill or command file gives one
// eval per trigger query (its trials are the query's runs) and one per e2e scenario; a hook file
// gives one eval without an agent whose checks are its cases. Each carries its `part` (part.ts) so the
// report can put the parts back together per target.

import path from "node:path";
import type {
  AgentRef,
  CheckSpec,
  EvalSpec,
  PromptSpec,
  SourceRef,
  VariantSpec,
} from "../../model/index.js";
import { Codes, DefinitionError, type DefinitionProblem, round6 } from "../../model/index.js";
import { readInsideSync } from "../../util/index.js";
import {
  trialCounts,
  yamlTaskDefaults,
  workflowCheck,
  locate,
  problemAt,
  type YamlSource,
  validateWithSchema,
  sha256,
  stableStringify,
  toVariantSpec,
} from "../../define/index.js";
import {
  claudeCodeEvalDefaults as defaults,
  hookEvalSchema,
  skillEvalSchema,
  type HookEval,
  type SkillEval,
} from "./schema.js";
import { askingAgent, codexSkillAgent, skillAgent, underCodex } from "./agent.js";
import { hookCaseCheck, hookCommand } from "./hook.js";
import { outcomeCheck, outcomeDescription } from "./outcomes.js";
import { readTarget, shadowWarnings, TargetError, type Target } from "./target.js";
import { skillPartBase, type SkillPart } from "./part.js";
import { askCheck, askPrompt, observeCheck } from "./trigger.js";
import { holdoutSplit } from "./split.js";
import { pluginOf, type Plugin } from "./plugin.js";

export interface ClaudeCodeLoadContext {
  projectRoot: string;
  /** EVAL_MODEL, HOME (user-level skills, credentials) and the keys the agent needs. */
  env: Record<string, string | undefined>;
  /** Trials run with the real HOME: a user-level skill or command there may shadow the target. */
  realHome?: boolean;
}

const CLAUDE_CODE_TYPES: ReadonlySet<unknown> = new Set(["skill", "command", "hook"]);
/** A hook script's bytes that go into its eval's definition hash (with its size). */
const MAX_HOOK_HASHED_BYTES = 64 * 1024 * 1024;

/** True when the parsed YAML file is a Claude Code skill/command/hook eval (`type: skill|command|hook`). */
export function isClaudeCodeEval(source: YamlSource): boolean {
  return CLAUDE_CODE_TYPES.has(typeOf(source));
}

/** The evals of a parsed skill/command/hook eval file; throws DefinitionError with every problem. */
export async function loadClaudeCodeEval(
  source: YamlSource,
  ctx: ClaudeCodeLoadContext,
): Promise<EvalSpec[]> {
  if (typeOf(source) === "hook")
    return hookSpecs(validateWithSchema(source, hookEvalSchema), source, ctx);
  return skillSpecs(validateWithSchema(source, skillEvalSchema), source, ctx);
}

/** The top-level `type:` value (parseYamlSource guarantees a mapping). */
/**
 * A `type:` that is none of skill, command or hook: said as such (a misspelt `type: skil` would
 * otherwise be validated as a YAML task, which names `type`, `target` and `trigger` unknown keys).
 */
export function unknownTypeProblem(source: YamlSource): DefinitionProblem | undefined {
  const type = typeOf(source);
  if (type === undefined || CLAUDE_CODE_TYPES.has(type)) return undefined;
  return problemAt(source, ["type"], {
    code: Codes.schema,
    message: `\`type\` must be skill, command or hook (got ${JSON.stringify(type)})`,
    fix: "set `type:` to skill, command or hook; a YAML task has no `type:` key",
  });
}

function typeOf(source: YamlSource): unknown {
  return (source.data as { type?: unknown }).type;
}

// ---------- skills and commands ----------

async function skillSpecs(
  data: SkillEval,
  source: YamlSource,
  ctx: ClaudeCodeLoadContext,
): Promise<EvalSpec[]> {
  const target = await targetOf(data.type, data.target, source, ctx);
  const warnings = [
    // A trial's own HOME holds no user-level skills or commands: only the real one can shadow.
    ...(ctx.realHome ? await shadowWarnings(target, ctx.env.HOME) : []),
    ...target.skipped.map((f) => `${f} of the skill folder is not text and was not installed`),
  ];
  const problems = [
    ...duplicateNames(source, "e2e", "scenario", data.e2e ?? []),
    ...fixtureClashes(source, data, target),
    ...variantPlacementProblems(source, data),
  ];
  if (problems.length) throw new DefinitionError(problems);

  const evalFile = path.resolve(ctx.projectRoot, source.file);
  const defaultModel = ctx.env.EVAL_MODEL?.trim() || data.model;
  const timeoutMs = (data.timeout ?? yamlTaskDefaults.timeoutSeconds) * 1000;
  const part = (
    fields: Omit<SkillPart, keyof ReturnType<typeof skillPartBase> | "group" | "warnings">,
  ): SkillPart => ({
    ...skillPartBase(data.type, target.relative),
    group: data.name,
    warnings,
    measuresRate: true,
    ...(defaultModel ? { defaultModel } : {}),
    ...fields,
  });
  const claude = skillAgent(ctx.env);
  const agents: AgentRef[] = [claude];
  const specs: EvalSpec[] = [];

  const trigger = data.trigger;
  if (trigger) {
    const mode = trigger.mode ?? defaults.triggerMode;
    const threshold = trigger.threshold ?? defaults.triggerThreshold;
    // A plugin's skill is loaded with its plugin, the way users get it: its siblings compete.
    const plugin =
      mode === "observe" && trigger.plugin !== false
        ? await pluginOfTarget(target, source, ctx)
        : undefined;
    if (plugin) warnings.push(...plugin.warnings);
    const routed = plugin?.target ?? target;
    const pluginFiles = new Set([routed, ...(plugin?.siblings ?? [])].map((t) => t.relative));
    const listed = (await competitorsOf(source, data, target, ctx)).filter(
      (c) => !pluginFiles.has(c.relative), // already installed as part of the plugin
    );
    const competitors = [...(plugin?.siblings ?? []), ...listed];
    const installed = Object.assign(
      {},
      ...listed.map((c) => c.install),
      plugin ? plugin.install : target.install,
    ) as Record<string, string>;
    const candidates = [routed, ...competitors].map((t) => ({
      name: t.names[t.names.length - 1]!,
      names: t.names,
      installedAt: t.installedAt,
    }));
    for (const polarity of ["positive", "negative"] as const) {
      const splits = holdoutSplit(
        (trigger[polarity] ?? []).length,
        trigger.holdout ?? 0,
        trigger.seed ?? defaults.holdoutSeed,
      );
      for (const [index, item] of (trigger[polarity] ?? []).entries()) {
        const shouldTrigger = polarity === "positive";
        const at = locate(source, ["trigger", polarity, index]).line;
        const promptText = mode === "ask" ? askPrompt(target, item.query) : item.query;
        const check =
          mode === "ask"
            ? askCheck(target, shouldTrigger)
            : observeCheck(routed, shouldTrigger, competitors);
        specs.push({
          id: `${data.name}.trigger.${polarity}-${index + 1}`,
          file: evalFile,
          line: at,
          format: "yaml",
          prompt: literalPrompt(promptText, evalFile),
          agents: mode === "ask" ? [askingAgent(claude)] : agents,
          trials: trigger.runs ?? defaults.triggerRuns,
          // A trigger rate is measured over every run: no stopping once the verdict is decided.
          allTrials: true,
          passRate: shouldTrigger
            ? threshold
            : negativePassRate(threshold, trigger.runs ?? defaults.triggerRuns),
          // observe: a throwaway project with only the target installed; ask: an empty one.
          workspace: { kind: "fixture", files: mode === "ask" ? {} : { ...installed } },
          isolation: {},
          ...(plugin ? { agentArgs: ["--plugin-dir", plugin.installDir] } : {}),
          setup: [],
          shims: {},
          checks: [{ ...check, source: { file: evalFile, line: at } }],
          timeoutMs,
          ...(data.maxCostUsd !== undefined ? { maxCostUsd: data.maxCostUsd } : {}),
          ...(defaultModel ? { model: defaultModel } : {}),
          definitionHash: hash({
            kind: "trigger",
            mode,
            polarity,
            item,
            target: identity(target),
            defaultModel,
            threshold,
            maxCostUsd: data.maxCostUsd,
            timeoutMs,
            competitors: competitors.length ? competitors.map(identity) : undefined,
            plugin: plugin ? { name: plugin.name, install: plugin.install } : undefined,
          }),
          part: part({
            axis: "trigger",
            query: {
              text: item.query,
              ...(item.note ? { note: item.note } : {}),
              shouldTrigger,
              mode,
              ...(trigger.holdout ? { split: splits[index]! } : {}),
            },
            ...(mode === "observe" && competitors.length ? { candidates } : {}),
            ...(defaultModel ? { model: defaultModel } : {}),
            otherAgent:
              mode === "ask"
                ? underCodex((codex) => askingAgent(codex))
                : underCodex(
                    (codex) => codexSkillAgent(codex, installed),
                    codexTriggerRefusal(target, plugin, competitors),
                  ),
          }),
        });
      }
    }
  }

  const ids = scenarioIds(
    data.name,
    (data.e2e ?? []).map((s) => s.scenario),
  );
  for (const [index, scenario] of (data.e2e ?? []).entries()) {
    const keyPath = ["e2e", index];
    const sourceAt = (...rest: PropertyKey[]): SourceRef => ({
      file: evalFile,
      line: locate(source, [...keyPath, ...rest]).line,
    });
    const model = scenario.model ?? defaultModel;
    const scenarioTimeout = scenario.timeout ? scenario.timeout * 1000 : timeoutMs;
    const checks: CheckSpec[] = [
      ...(scenario.outcomes ?? []).map((outcome, i) =>
        outcomeCheck(outcome, scenarioTimeout, sourceAt("outcomes", i)),
      ),
      ...(scenario.workflow
        ? [{ ...workflowCheck(scenario.workflow), source: sourceAt("workflow") }]
        : []),
    ];
    // The file's variants, then the scenario's own (names unique across both).
    const variants: VariantSpec[] = [
      ...(data.variants ?? []).map((v, i) =>
        toVariantSpec(v, (text) => literalPrompt(text, evalFile), {
          file: evalFile,
          line: locate(source, ["variants", i]).line,
        }),
      ),
      ...(scenario.variants ?? []).map((v, i) =>
        toVariantSpec(v, (text) => literalPrompt(text, evalFile), sourceAt("variants", i)),
      ),
    ];
    specs.push({
      id: ids[index]!,
      file: evalFile,
      line: locate(source, keyPath).line,
      format: "yaml",
      prompt: literalPrompt(scenario.prompt, evalFile),
      agents,
      ...trialCounts(data.trials, yamlTaskDefaults.trials),
      passRate: data.passRate ?? yamlTaskDefaults.passRate,
      workspace: { kind: "fixture", files: { ...scenario.fixture, ...target.install } },
      isolation: {},
      setup: [],
      shims: {},
      checks,
      timeoutMs: scenarioTimeout,
      ...(data.maxCostUsd !== undefined ? { maxCostUsd: data.maxCostUsd } : {}),
      ...(model ? { model } : {}),
      ...(variants.length ? { variants } : {}),
      definitionHash: hash({
        kind: "e2e",
        scenario,
        // The scenario's own variants are in `scenario`; the file's apply to every scenario.
        variants: data.variants,
        target: identity(target),
        model,
        trials: data.trials,
        passRate: data.passRate,
        // A failure for lack of budget or time must not be replayed from the cache once raised.
        maxCostUsd: data.maxCostUsd,
        timeoutMs: scenarioTimeout,
      }),
      part: part({
        axis: "e2e",
        scenario: scenario.scenario,
        outcomes: (scenario.outcomes ?? []).map((o) => ({
          type: o.type,
          description: outcomeDescription(o),
        })),
        ...(model ? { model } : {}),
        otherAgent: underCodex(
          (codex) => codexSkillAgent(codex, target.install),
          target.type === "command" ? CODEX_NO_COMMANDS : undefined,
        ),
      }),
    });
  }
  return specs;
}

/** Scenario names as ids: `<name>.e2e.<slug>`, made unique by their position when slugs clash. */
function scenarioIds(name: string, scenarios: string[]): string[] {
  const slugs = scenarios.map(
    (s, i) =>
      s
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "")
        .slice(0, 48)
        .replace(/-+$/, "") || `scenario-${i + 1}`,
  );
  return slugs.map((slug, i) =>
    slugs.indexOf(slug) === i && slugs.lastIndexOf(slug) === i
      ? `${name}.e2e.${slug}`
      : `${name}.e2e.${slug}-${i + 1}`,
  );
}

function fixtureClashes(source: YamlSource, data: SkillEval, target: Target): DefinitionProblem[] {
  return (data.e2e ?? []).flatMap((scenario, index) =>
    Object.keys(scenario.fixture ?? {})
      .filter((p) => p in target.install)
      .map((p) =>
        problemAt(
          source,
          ["e2e", index, "fixture", p],
          {
            code: Codes.schema,
            message: `fixture file ${JSON.stringify(p)} is where the target is installed`,
            fix: `remove it from the fixture: the ${target.type} under test is installed there from ${target.relative}`,
          },
          "key",
        ),
      ),
  );
}

/**
 * File-level variants need e2e scenarios to apply to; a scenario's variant may not take the name
 * of one of the file's (it would be run twice under one name).
 */
function variantPlacementProblems(source: YamlSource, data: SkillEval): DefinitionProblem[] {
  const fileVariants = data.variants ?? [];
  const problems: DefinitionProblem[] = [];
  if (fileVariants.length && !(data.e2e ?? []).length) {
    problems.push(
      problemAt(source, ["variants"], {
        code: Codes.schema,
        message: "`variants` apply to e2e scenarios, and this file has none",
        fix: "add `e2e:` scenarios, or remove `variants` (trigger queries are not run in variants)",
      }),
    );
  }
  const fileNames = new Map(fileVariants.map((v, i) => [v.name, i]));
  for (const [index, scenario] of (data.e2e ?? []).entries()) {
    for (const [i, variant] of (scenario.variants ?? []).entries()) {
      const earlier = fileNames.get(variant.name);
      if (earlier === undefined) continue;
      problems.push(
        problemAt(source, ["e2e", index, "variants", i, "name"], {
          code: Codes.duplicateVariant,
          message: `variant name ${JSON.stringify(variant.name)} is already used by the file's variants[${earlier}] (line ${locate(source, ["variants", earlier]).line}), which every scenario runs`,
          fix: "give the scenario's variant its own `name`",
        }),
      );
    }
  }
  return problems;
}

// ---------- hooks ----------

async function hookSpecs(
  data: HookEval,
  source: YamlSource,
  ctx: ClaudeCodeLoadContext,
): Promise<EvalSpec[]> {
  const target = await targetOf("hook", data.target, source, ctx);
  if (!(await hookCommand(target.file))) {
    throw new DefinitionError([
      problemAt(source, ["target"], {
        code: Codes.badTarget,
        message: `the hook ${JSON.stringify(data.target)} is not executable and its extension names no interpreter`,
        fix: `make it executable (chmod +x ${data.target}) with a #! line, or name it .sh, .js or .py`,
      }),
    ]);
  }
  const duplicates = duplicateNames(source, "cases", "scenario", data.cases);
  if (duplicates.length) throw new DefinitionError(duplicates);
  const evalFile = path.resolve(ctx.projectRoot, source.file);
  const checks = data.cases.map((c, index) =>
    hookCaseCheck(
      {
        scenario: c.scenario,
        event: c.event ?? data.event ?? defaults.hookEvent,
        input: c.input ?? {},
        timeoutMs: (c.timeout ?? data.timeout ?? defaults.hookTimeoutSeconds) * 1000,
        expect: c.expect,
        source: { file: evalFile, line: locate(source, ["cases", index]).line },
      },
      target,
    ),
  );
  // For the definition's hash only: readTarget has refused a link out of the project and a FIFO.
  const read = readInsideSync(ctx.projectRoot, target.file, MAX_HOOK_HASHED_BYTES);
  const script =
    read.kind === "file"
      ? `${read.bytes.toString("utf8")}${read.truncated ? `\n(${read.size} bytes)` : ""}`
      : "";
  const hookPart: SkillPart = {
    ...skillPartBase("hook", target.relative),
    group: data.name,
    axis: "hook",
    measuresRate: true,
    cases: data.cases.map((c) => c.scenario),
    warnings: [],
  };
  return [
    {
      id: data.name,
      file: evalFile,
      line: locate(source, ["name"], "key").line,
      format: "yaml",
      agents: [],
      ...trialCounts(data.trials, yamlTaskDefaults.trials),
      passRate: 1,
      // The hook runs in a copy of the project, as Claude Code runs it in the project.
      workspace: { kind: "repo", dir: path.resolve(ctx.projectRoot) },
      isolation: {},
      setup: [],
      shims: {},
      checks,
      timeoutMs: yamlTaskDefaults.timeoutSeconds * 1000,
      definitionHash: hash({ kind: "hook", data, script }),
      part: hookPart,
    },
  ];
}

/** The `trigger.competitors`: read and checked (observe mode only, no clash with the target). */
async function competitorsOf(
  source: YamlSource,
  data: SkillEval,
  target: Target,
  ctx: ClaudeCodeLoadContext,
): Promise<Target[]> {
  const paths = data.trigger?.competitors ?? [];
  if (paths.length && (data.trigger?.mode ?? defaults.triggerMode) === "ask")
    throw new DefinitionError([
      problemAt(source, ["trigger", "competitors"], {
        code: Codes.schema,
        message: "`competitors` need `mode: observe`: `ask` shows the model one description",
        fix: "remove `mode: ask`, or remove `competitors`",
      }),
    ]);
  const found: Target[] = [];
  for (const [i, p] of paths.entries()) {
    // A SKILL.md or a folder is a skill; any other markdown file a command.
    const type = path.basename(p) !== "SKILL.md" && p.endsWith(".md") ? "command" : "skill";
    const competitor = await targetOf(type, p, source, ctx, ["trigger", "competitors", i]);
    const clash = [target, ...found].find((t) => t.installedAt === competitor.installedAt);
    if (clash)
      throw new DefinitionError([
        problemAt(source, ["trigger", "competitors", i], {
          code: Codes.schema,
          message: `competitor ${JSON.stringify(p)} installs at ${competitor.installedAt}, as ${clash.relative} does`,
          fix: "list each other skill or command once, and not the target itself",
        }),
      ]);
    found.push(competitor);
  }
  return found;
}

const CODEX_NO_COMMANDS =
  "Codex 0.171 has no project slash commands: a command's trigger and e2e evals need claude-code (`mode: ask` trigger queries run under codex)";

/** Why codex cannot run a target's observed trigger queries, or undefined when it can. */
function codexTriggerRefusal(
  target: Target,
  plugin: Plugin | undefined,
  competitors: Target[],
): string | undefined {
  if (target.type === "command") return CODEX_NO_COMMANDS;
  if (plugin)
    return `the target is loaded with its Claude Code plugin ${plugin.name} (claude --plugin-dir); set \`trigger.plugin: false\` to run its trigger queries under codex`;
  const command = competitors.find((c) => c.type === "command");
  if (command)
    return `the competitor ${command.relative} is a command, and Codex 0.171 has no project slash commands`;
  return undefined;
}

/** The plugin the target belongs to (see plugin.ts); a broken manifest is a definition error. */
async function pluginOfTarget(
  target: Target,
  source: YamlSource,
  ctx: ClaudeCodeLoadContext,
): Promise<Plugin | undefined> {
  try {
    return await pluginOf(target, ctx.projectRoot);
  } catch (error) {
    if (!(error instanceof TargetError)) throw error;
    throw new DefinitionError([
      problemAt(source, ["target"], {
        code: Codes.badTarget,
        message: error.message,
        fix: error.fix,
      }),
    ]);
  }
}

// ---------- shared ----------

async function targetOf(
  type: Target["type"],
  target: string,
  source: YamlSource,
  ctx: ClaudeCodeLoadContext,
  keyPath: PropertyKey[] = ["target"],
): Promise<Target> {
  try {
    return await readTarget(type, target, ctx.projectRoot);
  } catch (error) {
    if (!(error instanceof TargetError)) throw error;
    throw new DefinitionError([
      problemAt(source, keyPath, {
        code: Codes.badTarget,
        message: error.message,
        fix: error.fix,
      }),
    ]);
  }
}

function duplicateNames(
  source: YamlSource,
  listKey: string,
  nameKey: string,
  items: Array<Record<string, unknown>>,
): DefinitionProblem[] {
  const first = new Map<unknown, number>();
  return items.flatMap((item, index) => {
    const name = item[nameKey];
    const earlier = first.get(name);
    if (earlier === undefined) {
      first.set(name, index);
      return [];
    }
    return [
      problemAt(source, [listKey, index, nameKey], {
        code: Codes.duplicateId,
        message: `${nameKey} ${JSON.stringify(name)} is already used by ${listKey}[${earlier}] (line ${locate(source, [listKey, earlier]).line})`,
        fix: `give this ${nameKey} a different name`,
      }),
    ];
  });
}

/** A prompt taken literally: any `{{…}}` in the user's text stays as written. */
function literalPrompt(text: string, file: string): PromptSpec {
  const params: Record<string, string> = {};
  for (const match of text.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g))
    params[match[1]!] = match[0];
  return { text, file, params, secrets: [] };
}

/** What of the target a definition hash covers: its content, never where this checkout lives. */
function identity(target: Target): unknown {
  return { relative: target.relative, names: target.names, install: target.install };
}

/** Keys sorted, so the same definition always hashes the same (see stableStringify). */
function hash(value: unknown): string {
  return sha256(stableStringify(value));
}

/**
 * A query "triggers" when its trigger rate is at least `threshold`, so a negative query passes only
 * when its rate stays below it: more than (1 − threshold) × runs of its runs without a trigger.
 * (Not 1 − threshold itself: a negative query triggered exactly `threshold` of the time would pass.)
 */
function negativePassRate(threshold: number, runs: number): number {
  const quietRunsNeeded = Math.floor((1 - threshold) * runs + 1e-9) + 1;
  return round6(Math.min(runs, quietRunsNeeded) / runs);
}
