// define/: eval files → EvalSpec (discover, YAML and TS formats, prompts).
// Its public surface: what the other folders of src/ import from it (eslint.config.js keeps
// every import from another folder going through an index.ts).

export { discoverEvalFiles, isYamlFile } from "./discover.js";
export { type YamlKindLoader } from "./kinds.js";
export { loadEvals } from "./load.js";
export { PromptError, renderPrompt, sha256, stableStringify } from "./prompt.js";
export { placeProblem } from "./place.js";
export {
  defineEval,
  definePrompt,
  type EvalDefinition,
  type EvalOptions,
  type PromptDefinition,
  type PromptOptions,
  type SandboxOption,
  type ShimOption,
  type VariantOption,
  type McpServerOption,
} from "./ts/api.js";
export type { JudgeOptions } from "./ts/assertions.js";
export {
  assertThat,
  calledTool,
  fileAbsent,
  fileContains,
  fileExists,
  fileLacks,
  notRan,
  notUsedTool,
  judge,
  ran,
  ranInOrder,
  succeeds,
  trajectory,
  usedTools,
} from "./ts/assertions.js";
export {
  assertionsSchema,
  binNameSchema,
  commandSchema,
  countDeclaredAssertions,
  described,
  envVarNameSchema,
  evalNameSchema,
  exitCodeSchema,
  hint,
  isPlainRecord,
  judgeAgentSchema,
  judgeOptionShape,
  mcpServersSchema,
  nonEmptyText,
  paramNameSchema,
  regexSchema,
  sandboxPathSchema,
  sandboxSchema,
  shimSchema,
  trialCounts,
  trialsSchema,
  variantsSchema,
  withMeta,
  workflowSchema,
  yamlTaskDefaults,
} from "./yaml/schema.js";
export {
  definitionErrorsOnly,
  type KeyPath,
  locate,
  parseYamlSource,
  problemAt,
  type YamlSource,
} from "./yaml/source.js";
export { judgeCheck, toMcpServers, toVariantSpec, workflowCheck } from "./yaml/mappers.js";
export { normalizeShim, resolveUserPath } from "./yaml/normalize.js";
export { decodeEvalFile, MAX_EVAL_FILE_BYTES } from "./eval-file.js";
export { validateWithSchema } from "./yaml/validate.js";
export { containerLimitProblem } from "./yaml/container.js";
