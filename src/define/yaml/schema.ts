// The sections of the YAML formats as zod schemas, shared by every kind's format (the task's own
// schema is kinds/task/schema.ts, the skill's kinds/skill/schema.ts). Descriptions double as the
// "fix" hints of error messages, so they say what a key takes. Defaults live in
// `yamlTaskDefaults` (and in each key's `default` metadata), not in a zod default wrapper, so the
// generated JSON Schema never marks a defaulted key as required.
//
// The sections, each in ./schema/: meta.ts (zod/mini set-up, defaults, description and hint
// helpers), leaves.ts (names, paths, regexes, commands), checks.ts (`assertions`), judges.ts,
// trials.ts, sandbox.ts (`sandbox` and `shims`), mcp.ts, overlay.ts (files written over a
// sandbox) and variants.ts. This file re-exports what the rest of src/ uses of them.

export { described, hint, type IssueHint, withMeta, yamlTaskDefaults } from "./schema/meta.js";
export {
  binNameSchema,
  commandSchema,
  envVarNameSchema,
  evalNameSchema,
  exitCodeSchema,
  isPlainRecord,
  nonEmptyText,
  paramNameSchema,
  regexCompileError,
  regexSchema,
  sandboxPathSchema,
  staysInsideSandbox,
} from "./schema/leaves.js";
export {
  assertionListKeys,
  assertionsSchema,
  countDeclaredAssertions,
  workflowSchema,
} from "./schema/checks.js";
export { trialCounts, trialsSchema } from "./schema/trials.js";
export {
  JUDGE_AGENTS,
  judgeAgentSchema,
  judgeCheckSchema,
  judgeExampleSchema,
  judgeOptionShape,
} from "./schema/judges.js";
export { homeFilesSchema, homePathProblem, sandboxSchema, shimSchema } from "./schema/sandbox.js";
export { mcpServerNameSchema, mcpServerSchema, mcpServersSchema } from "./schema/mcp.js";
export {
  overlayClash,
  overlayFilesSchema,
  overlayPathProblem,
  overlayPathSchema,
} from "./schema/overlay.js";
export {
  overridesNothing,
  variantFixes,
  variantListIssues,
  variantNameSchema,
  variantOverrideKeys,
  variantsSchema,
} from "./schema/variants.js";
