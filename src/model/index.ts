// model/: types, errors, diagnostic codes, layout names, statistics: pure.
// Its public surface: what the other folders of src/ import from it (eslint.config.js keeps
// every import from another folder going through an index.ts).

export {
  DEFAULT_COMPARISON_TRIALS,
  DEFAULT_MARGIN,
  compareArms,
  reliabilityOf,
  sequentialVerdict,
  type ArmCounts,
  type ComparisonStats,
  type ComparisonVerdict,
} from "./comparison.js";
export { evalCode, trialCode, withDiagnostics } from "./diagnostics.js";
export {
  AgentEvalsError,
  CiGateError,
  Codes,
  DefinitionError,
  InfraError,
  UsageError,
  formatProblem,
  type DefinitionProblem,
} from "./errors.js";
export {
  callLine,
  describePattern,
  matchesPattern,
  type AgentAdapter,
  type AgentRef,
  type AgentRunContext,
  type AgentRunResult,
  type CheckSpec,
  type ClaudeCodeAxis,
  type ClaudeCodePart,
  type CustomCheckContext,
  type CustomCheckResult,
  type EvalSpec,
  type ExpectedTool,
  type Pattern,
  type PromptSpec,
  type SandboxSpec,
  type ShimCall,
  type ShimSpec,
  type SourceRef,
  type TokenUsage,
  type ToolCall,
  type TrajectoryMode,
  type TrajectorySpec,
  type VariantSpec,
  type McpServerSpec,
} from "./eval.js";
export { DEFAULT_RESULTS_BRANCH, HISTORY_FILE, OWN_DIR, RESULTS_DIR, RUN_JSON } from "./layout.js";
export {
  mostTrials,
  unitLabel,
  type ArmPlan,
  type Plan,
  type PlannedUnit,
  type RenderedPrompt,
} from "./plan.js";
export {
  RESULT_SCHEMA_VERSION,
  countedTrials,
  emptyCounts,
  exitCodeFor,
  thresholdPercent,
  type ArmMeans,
  type CachedVerdict,
  type CheckOutcome,
  type ComparisonRecord,
  type EvalResult,
  type EvalStatus,
  type RunResult,
  type TrialResult,
} from "./result.js";
export {
  adaptiveVerdict,
  curtailedVerdict,
  requiredPasses,
  round6,
  trialsCertainlyNeeded,
  wilsonInterval,
  type Verdict,
} from "./stats.js";
export { VERSION } from "./version.js";
