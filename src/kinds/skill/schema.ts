// The skill, command and hook eval formats (`type: skill | command | hook`) as zod schemas, built
// from the same leaves as the YAML task format (define/yaml/schema.ts): the loader validates with
// them and `agent-evals schema` publishes them. Written with zod/mini, as the task schema is.

import * as z from "zod/mini";
import { Codes } from "../../model/index.js";
import {
  commandSchema,
  countDeclaredAssertions,
  described,
  evalNameSchema,
  exitCodeSchema,
  hint,
  isPlainRecord,
  judgeAgentSchema,
  judgeOptionShape,
  nonEmptyText,
  regexSchema,
  sandboxPathSchema,
  trialsSchema,
  variantsSchema,
  withMeta,
  workflowSchema,
  yamlTaskDefaults,
} from "../../define/index.js";

/** Values the loader fills in for keys a skill/command/hook eval leaves out. */
export const claudeCodeEvalDefaults = {
  triggerMode: "observe",
  triggerRuns: 1,
  triggerThreshold: 0.5,
  hookTimeoutSeconds: 60,
  hookEvent: "PostToolUse",
  holdoutSeed: 1,
} as const;

const seconds = (what: string, fallback: number) =>
  withMeta(z.optional(z.number().check(z.positive(), z.lte(86_400))), {
    description: `A number of seconds ${what} (default ${fallback}).`,
    default: fallback,
  });

const triggerQuerySchema = described(
  z.strictObject({
    query: described(nonEmptyText, "The user's request, as they would type it."),
    note: described(z.optional(z.string()), "Why it should (or should not) trigger the target."),
  }),
  "A request: `{ query, note? }`.",
);

function requireSomeQuery(trigger: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  const count = (list: unknown) => (Array.isArray(list) ? list.length : 0);
  if (count(trigger.positive) + count(trigger.negative) > 0) return;
  ctx.addIssue({
    code: "custom",
    message: "`trigger` lists no queries: it would measure nothing",
    ...hint(
      Codes.nothingAsserted,
      "add requests under `positive:` (should trigger) and/or `negative:` (should not)",
    ),
  });
}

export const triggerSchema = described(
  z
    .strictObject({
      positive: described(
        z.optional(z.array(triggerQuerySchema)),
        "A list of requests that should trigger the target.",
      ),
      negative: described(
        z.optional(z.array(triggerQuerySchema)),
        "A list of requests that should not trigger the target.",
      ),
      mode: withMeta(z.optional(z.enum(["observe", "ask"])), {
        description:
          "`observe` (default): run Claude Code with the target installed and watch for a `Skill` call naming it (or a read of its file); `ask`: ask the model YES/NO whether the request should trigger the description.",
        default: claudeCodeEvalDefaults.triggerMode,
      }),
      runs: withMeta(z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))), {
        description: "An integer from 1 to 100: how many times each query runs (default 1).",
        default: claudeCodeEvalDefaults.triggerRuns,
      }),
      holdout: withMeta(z.optional(z.number().check(z.gte(0), z.lt(1))), {
        description:
          "A share from 0 to below 1 of each side's queries held out (seeded, stratified): precision, recall and F1 are reported for the training and the held-out queries apart, so a description tuned on the queries is not graded on them (default 0).",
        default: 0,
      }),
      seed: withMeta(z.optional(z.number().check(z.int(), z.gte(0))), {
        description: "An integer ≥ 0: the seed of the held-out draw (default 1).",
        default: claudeCodeEvalDefaults.holdoutSeed,
      }),
      competitors: described(
        z.optional(z.array(nonEmptyText).check(z.minLength(1))),
        "Other skills or commands (paths to their SKILL.md, skill folder or command .md) installed beside the target in observe mode: each query's run records which one it triggered, and a positive query that triggers a competitor fails with that evidence.",
      ),
      plugin: withMeta(z.optional(z.boolean()), {
        description:
          "When the target is a skill or command of a Claude Code plugin (a folder with `.claude-plugin/plugin.json`), observe runs load the plugin (`claude --plugin-dir`) and count its other skills and commands as competitors; `false` installs the target alone (default true).",
        default: true,
      }),
      threshold: withMeta(z.optional(z.number().check(z.gte(0), z.lte(1))), {
        description:
          "A number from 0 to 1: a query counts as triggering when its trigger rate is at least this (default 0.5).",
        default: claudeCodeEvalDefaults.triggerThreshold,
      }),
    })
    .check(z.superRefine(requireSomeQuery)),
  "Routing: `{ positive: [{ query, note }], negative: [...], mode, runs, threshold, holdout, seed, competitors, plugin }`.",
);

const outcomeFile = described(sandboxPathSchema, "The sandbox-relative file to look at.");
const outcomeCommand = described(commandSchema, "A bash command run in the sandbox after the run.");

/** The eight outcome types of the skill-eval guide; each maps onto an existing check. */
export const outcomeSchema = described(
  z.discriminatedUnion("type", [
    z.strictObject({
      type: z.literal("file-contains"),
      file: outcomeFile,
      value: described(nonEmptyText, "A substring."),
    }),
    z.strictObject({
      type: z.literal("file-not-contains"),
      file: outcomeFile,
      value: described(nonEmptyText, "A substring."),
    }),
    z.strictObject({
      type: z.literal("file-matches"),
      file: outcomeFile,
      value: regexSchema,
    }),
    z.strictObject({ type: z.literal("file-exists"), file: outcomeFile }),
    z.strictObject({ type: z.literal("file-not-exists"), file: outcomeFile }),
    z.strictObject({ type: z.literal("bash-succeeds"), command: outcomeCommand }),
    z.strictObject({ type: z.literal("bash-fails"), command: outcomeCommand }),
    z.strictObject({
      type: z.literal("bash-output-contains"),
      command: outcomeCommand,
      value: described(nonEmptyText, "A substring of the command's stdout or stderr."),
    }),
    z.strictObject({
      type: z.literal("judge"),
      rubric: described(nonEmptyText, "What the work must satisfy, in plain words."),
      agent: judgeAgentSchema,
      ...judgeOptionShape,
    }),
  ]),
  "An outcome: `{ type, ... }` with type file-contains, file-not-contains, file-matches (`file`, `value`), file-exists, file-not-exists (`file`), bash-succeeds, bash-fails (`command`), bash-output-contains (`command`, `value`) or judge (`rubric`; docs/writing-evals.md › Judges).",
);

function requireScenarioChecks(
  scenario: Record<string, unknown>,
  ctx: z.core.$RefinementCtx,
): void {
  const outcomes = scenario.outcomes;
  const workflow = scenario.workflow;
  const hasOutcomes = Array.isArray(outcomes) ? outcomes.length > 0 : outcomes != null;
  const hasWorkflow =
    isPlainRecord(workflow) && countDeclaredAssertions({ workflow }) > 0 ? true : false;
  if (hasOutcomes || hasWorkflow || (workflow != null && !isPlainRecord(workflow))) return;
  ctx.addIssue({
    code: "custom",
    message: "the scenario checks nothing: it would pass vacuously",
    ...hint(
      Codes.nothingAsserted,
      "add `outcomes:` or a `workflow:` with expected or forbidden tools",
    ),
  });
}

export const e2eScenarioSchema = described(
  z
    .strictObject({
      scenario: described(nonEmptyText, "The scenario's name (unique in this file)."),
      fixture: described(
        z.optional(z.record(sandboxPathSchema, described(z.string(), "The file's content."))),
        "A mapping of sandbox-relative file paths to their content.",
      ),
      prompt: described(nonEmptyText, "What the user asks Claude Code to do."),
      model: described(
        z.optional(nonEmptyText),
        "A model (haiku, sonnet, opus or a full id) for this scenario.",
      ),
      outcomes: described(
        z.optional(z.array(outcomeSchema)),
        "A list of checks on the files after the run.",
      ),
      workflow: z.optional(workflowSchema),
      timeout: seconds("the run may take", yamlTaskDefaults.timeoutSeconds),
      variants: described(
        z.optional(variantsSchema(nonEmptyText, "Replaces the scenario's prompt.")),
        "A list of variants of this scenario, on top of the file's `variants`: `{ name, prompt?, files?, model?, args?, setup? }`.",
      ),
    })
    .check(z.superRefine(requireScenarioChecks)),
  "A scenario: `{ scenario, fixture, prompt, model?, outcomes[], workflow?, variants? }`.",
);

function requireTriggerOrE2e(data: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  const e2e = data.e2e;
  if (data.trigger != null || (Array.isArray(e2e) ? e2e.length > 0 : e2e != null)) return;
  ctx.addIssue({
    code: "custom",
    message: "the eval has neither `trigger` nor `e2e`: it would evaluate nothing",
    ...hint(Codes.nothingAsserted, "add a `trigger:` block with queries, or `e2e:` scenarios"),
  });
}

const targetSchema = described(
  nonEmptyText,
  "The file under test, relative to the project root: `.claude/skills/<name>/SKILL.md`, `.claude/commands/<name>.md`, or a hook script.",
);

export const skillEvalSchema = withMeta(
  z
    .strictObject({
      name: evalNameSchema,
      type: described(z.enum(["skill", "command"]), "`skill` or `command`."),
      target: targetSchema,
      model: described(
        z.optional(nonEmptyText),
        "The default model (haiku, sonnet, opus or a full id); `EVAL_MODEL` overrides it, a scenario's `model` overrides both.",
      ),
      trials: withMeta(z.optional(trialsSchema), {
        description: "An integer from 1 to 100: trials per e2e scenario (default 1).",
        default: yamlTaskDefaults.trials,
      }),
      passRate: withMeta(z.optional(z.number().check(z.gte(0), z.lte(1))), {
        description: "A number from 0 to 1: the share of a scenario's trials that must pass.",
        default: yamlTaskDefaults.passRate,
      }),
      timeout: seconds("each run may take", yamlTaskDefaults.timeoutSeconds),
      maxCostUsd: described(
        z.optional(z.number().check(z.positive())),
        "A positive number: the most one run may spend, in US dollars.",
      ),
      trigger: z.optional(triggerSchema),
      e2e: described(z.optional(z.array(e2eScenarioSchema)), "A list of end-to-end scenarios."),
      variants: described(
        z.optional(variantsSchema(nonEmptyText, "Replaces each e2e scenario's prompt.")),
        "A list of variants run for every e2e scenario (not the trigger queries), each compared with the scenario as defined: `{ name, prompt?, files?, model?, args?, setup? }`; `files: { <target path>: null }` runs a scenario without the skill.",
      ),
    })
    .check(z.superRefine(requireTriggerOrE2e, { when: (payload) => isPlainRecord(payload.value) })),
  {
    title: "agent-evals Claude Code skill or command eval",
    description:
      "Does the description route the right requests to the skill/command (trigger), and does Claude Code do the job with it (e2e)?",
  },
);

export const hookEventSchema = described(
  z.enum([
    "PreToolUse",
    "PostToolUse",
    "UserPromptSubmit",
    "Stop",
    "SubagentStop",
    "SessionStart",
    "SessionEnd",
    "Notification",
    "PreCompact",
  ]),
  "A Claude Code hook event: PreToolUse, PostToolUse (default), UserPromptSubmit, Stop, SubagentStop, SessionStart, SessionEnd, Notification or PreCompact.",
);

function requireSomeExpectation(expect: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  if (Object.values(expect).some((v) => v !== undefined)) return;
  ctx.addIssue({
    code: "custom",
    message: "`expect` is empty: the case would pass vacuously",
    ...hint(Codes.nothingAsserted, "expect something: `has_context`, `exit_code`, `blocked`, …"),
  });
}

const textOrTexts = z.union([nonEmptyText, z.array(nonEmptyText).check(z.minLength(1))]);

export const hookExpectSchema = described(
  z
    .strictObject({
      has_context: described(
        z.optional(z.boolean()),
        "Whether the hook adds context (`hookSpecificOutput.additionalContext`).",
      ),
      context_contains: described(
        z.optional(textOrTexts),
        "Text (or a list of texts) the added context must contain.",
      ),
      exit_code: described(z.optional(exitCodeSchema), "The exit code the hook must return."),
      blocked: described(
        z.optional(z.boolean()),
        "Whether the hook blocks: exit 2, `decision: block`, or `permissionDecision: deny`.",
      ),
      decision: described(
        z.optional(z.enum(["approve", "block", "allow", "deny", "ask"])),
        "The `decision` (or PreToolUse `permissionDecision`) the hook must give.",
      ),
      stderr_contains: described(z.optional(textOrTexts), "Text the hook's stderr must contain."),
      stdout_contains: described(z.optional(textOrTexts), "Text the hook's stdout must contain."),
    })
    .check(z.superRefine(requireSomeExpectation)),
  "What the hook must do: `has_context`, `context_contains`, `exit_code`, `blocked`, …",
);

export const hookCaseSchema = described(
  z.strictObject({
    scenario: described(nonEmptyText, "The case's name (unique in this file)."),
    event: z.optional(hookEventSchema),
    input: described(
      z.optional(z.record(z.string(), z.unknown())),
      "Fields of the hook's stdin JSON (tool_name, tool_input, tool_response, prompt, …) over realistic defaults; `tool_result: { exit_code, stdout, stderr }` is short for a Bash `tool_response`.",
    ),
    timeout: seconds("the hook may take", claudeCodeEvalDefaults.hookTimeoutSeconds),
    expect: hookExpectSchema,
  }),
  "A case: `{ scenario, input, expect }`.",
);

export const hookEvalSchema = withMeta(
  z.strictObject({
    name: evalNameSchema,
    type: described(z.literal("hook"), "`hook`."),
    target: targetSchema,
    event: z.optional(hookEventSchema),
    timeout: seconds("the hook may take", claudeCodeEvalDefaults.hookTimeoutSeconds),
    trials: withMeta(z.optional(trialsSchema), {
      description: "An integer from 1 to 100: how many times the cases run (default 1).",
      default: yamlTaskDefaults.trials,
    }),
    cases: described(
      z.array(hookCaseSchema).check(z.minLength(1)),
      "A list of cases: `{ scenario, input, expect }`.",
    ),
  }),
  {
    title: "agent-evals Claude Code hook eval",
    description: "Runs a hook script with Claude Code's hook input and checks what it answers.",
  },
);

/** Either kind of Claude Code eval; the loader picks the schema by `type`. */
export const claudeCodeEvalSchema = z.union([skillEvalSchema, hookEvalSchema]);

export type SkillEval = z.output<typeof skillEvalSchema>;
export type HookEval = z.output<typeof hookEvalSchema>;
export type HookCase = HookEval["cases"][number];
export type HookExpect = HookCase["expect"];
export type HookEvent = z.output<typeof hookEventSchema>;
export type E2eScenario = NonNullable<SkillEval["e2e"]>[number];
export type Outcome = z.output<typeof outcomeSchema>;
