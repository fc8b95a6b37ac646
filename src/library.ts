// What eval files get when they import "agent-evals" or "@copybook/cli": defining evals, assertions,
// agents. (The package entry, index.ts, adds the engine.)

export { defineEval, definePrompt } from "./define/ts/api.js";
export type {
  EvalDefinition,
  EvalOptions,
  PromptDefinition,
  PromptOptions,
  ShimOption,
  SandboxOption,
} from "./define/ts/api.js";
export {
  assertThat,
  calledTool,
  notUsedTool,
  trajectory,
  usedTools,
  fileAbsent,
  fileContains,
  fileExists,
  fileLacks,
  notRan,
  ran,
  ranInOrder,
  succeeds,
} from "./define/ts/assertions.js";
export { literal } from "./agents/literal.js";
export { claudeCode, type ClaudeCodeOptions } from "./agents/claude-code.js";
export { codex, type CodexOptions } from "./agents/codex.js";
export { OPENAI_PRICES, PRICE_TABLE_VERSION, type ModelPrice } from "./agents/prices.js";
export { commandAgent } from "./agents/command.js";
export { scriptAgent, type ScriptFunction } from "./agents/script.js";
export { runAgentProcess } from "./agents/process-agent.js";
export { InfraError } from "./model/errors.js";
export type {
  AgentAdapter,
  AgentRunContext,
  AgentRunResult,
  CheckSpec,
  CustomCheckContext,
  EvalSpec,
  Pattern,
  ShimCall,
  TokenUsage,
  ToolCall,
} from "./model/eval.js";
export type { EvalResult, RunResult, TrialResult, CheckOutcome } from "./model/result.js";
export { VERSION } from "./model/version.js";
