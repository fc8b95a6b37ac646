// The YAML task format (`*.eval.yaml` with no `type:` key) as a zod schema: the one source of
// truth for what such a file may say. The loader (./load.ts) validates with it, and
// `z.toJSONSchema(yamlTaskSchema)` gives editors the same rules. Its sections (sandbox, assertions,
// judges, trials, MCP, variants) are shared with other formats and live in define/yaml/schema/.

import * as z from "zod/mini";
import { Codes } from "../../model/index.js";
import {
  assertionsSchema,
  binNameSchema,
  commandSchema,
  countDeclaredAssertions,
  described,
  envVarNameSchema,
  evalNameSchema,
  hint,
  isPlainRecord,
  mcpServersSchema,
  nonEmptyText,
  paramNameSchema,
  sandboxSchema,
  shimSchema,
  trialsSchema,
  variantsSchema,
  withMeta,
  yamlTaskDefaults,
} from "../../define/index.js";

function requireSomethingAsserted(task: unknown, ctx: z.core.$RefinementCtx): void {
  if (!isPlainRecord(task)) return;
  const assertions = task.assertions;
  const assertsNothing =
    assertions === undefined ||
    (isPlainRecord(assertions) && countDeclaredAssertions(assertions) === 0);
  if (!assertsNothing) return;
  ctx.addIssue({
    code: "custom",
    path: ["assertions"],
    message:
      assertions === undefined
        ? "the eval has no `assertions`: an eval that asserts nothing would pass vacuously"
        : "every assertion list is empty: an eval that asserts nothing would pass vacuously",
    ...hint(
      Codes.nothingAsserted,
      "add at least one item under `assertions:` (`files`, `absent`, `commands`, `contains`, `forbidden`, `workflow` or `judge`)",
    ),
  });
}

export const yamlTaskSchema = withMeta(
  z
    .strictObject({
      name: evalNameSchema,
      prompt: described(
        z.optional(nonEmptyText),
        "The task given to the agent; `{{name}}` placeholders are filled from `params` and `secrets`. Without a prompt no agent runs, only the assertions.",
      ),
      setup: described(
        z.optional(z.array(commandSchema)),
        "A list of shell commands run once per eval in the prepared sandbox.",
      ),
      timeout: withMeta(z.optional(z.number().check(z.positive(), z.lte(86_400))), {
        description:
          "A number of seconds each part of a trial may take (the agent, each check, each judge; `setup` once per eval), at most 86400 (default 600).",
        default: yamlTaskDefaults.timeoutSeconds,
      }),
      trialTimeout: described(
        z.optional(z.number().check(z.positive(), z.lte(86_400))),
        "A number of seconds the whole trial may take, the agent and its checks together, at most 86400; a part then gets what is left when that is less than `timeout` (default: no limit beyond the parts').",
      ),
      assertions: z.optional(assertionsSchema),
      agents: described(
        z.optional(
          z.array(described(nonEmptyText, "An agent name, e.g. `literal` or `claude-code`.")),
        ),
        "A list of agent names (default: whatever `--agent` says).",
      ),
      trials: withMeta(z.optional(trialsSchema), {
        description:
          "An integer from 1 to 100: how many times each agent runs the eval (default 1); or `{ min, max }` for adaptive trials, added one at a time until the Wilson interval clears `passRate`.",
        default: yamlTaskDefaults.trials,
      }),
      passRate: withMeta(z.optional(z.number().check(z.gte(0), z.lte(1))), {
        description: "A number from 0 to 1: the share of trials that must pass (default 1).",
        default: yamlTaskDefaults.passRate,
      }),
      sandbox: z.optional(sandboxSchema),
      shims: described(
        z.optional(z.record(binNameSchema, shimSchema)),
        "A mapping of binary names to `passthrough`, `{ script }` or `{ exitCode, stdout, stderr }`; every call is logged.",
      ),
      maxCostUsd: described(
        z.optional(z.number().check(z.positive())),
        "A positive number: the most one trial may spend, in US dollars.",
      ),
      model: described(z.optional(nonEmptyText), "A model name, for agents that take one."),
      mcp: z.optional(mcpServersSchema),
      params: described(
        z.optional(
          z.record(
            paramNameSchema,
            described(
              z.union([z.string(), z.number(), z.boolean()]),
              "A string, number or boolean to put in place of the placeholder.",
            ),
          ),
        ),
        "A mapping of placeholder names to values (strings, numbers or booleans) that fill `{{name}}` in the prompt.",
      ),
      secrets: described(
        z.optional(z.array(envVarNameSchema)),
        "A list of environment variable names whose values fill `{{NAME}}` in the prompt at run time and are never written anywhere.",
      ),
      variants: z.optional(
        variantsSchema(
          nonEmptyText,
          "Replaces the eval's prompt; `{{name}}` placeholders are filled from the eval's `params` and `secrets`.",
        ),
      ),
    })
    .check(
      z.superRefine(requireSomethingAsserted, {
        when: (payload) => isPlainRecord(payload.value),
      }),
    ),
  {
    title: "agent-evals YAML task",
    description:
      "An eval written as YAML (`*.eval.yaml`): a prompt for the agent and the assertions its work must satisfy.",
  },
);

export type YamlTask = z.output<typeof yamlTaskSchema>;
export type YamlAssertions = NonNullable<YamlTask["assertions"]>;
export type YamlSandbox = NonNullable<YamlTask["sandbox"]>;
export type YamlShim = NonNullable<YamlTask["shims"]>[string];
export type YamlVariant = NonNullable<YamlTask["variants"]>[number];
