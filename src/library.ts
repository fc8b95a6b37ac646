// What eval files get when they import "agent-evals" or "@copybook/cli": defining evals, assertions,
// agents. (The package entry, index.ts, adds the engine.)

export { defineEval, definePrompt } from "./define/index.js";
export type {
  EvalDefinition,
  EvalOptions,
  PromptDefinition,
  PromptOptions,
  ShimOption,
  SandboxOption,
  VariantOption,
  JudgeOptions,
  McpServerOption,
} from "./define/index.js";
export {
  assertThat,
  calledTool,
  notUsedTool,
  judge,
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
} from "./define/index.js";
export { literal } from "./agents/index.js";
export { claudeCode, type ClaudeCodeOptions } from "./agents/index.js";
export { gemini, type GeminiOptions } from "./agents/index.js";
export { opencode, type OpencodeOptions } from "./agents/index.js";
export { pi, type PiOptions } from "./agents/index.js";
export { copilot, type CopilotOptions } from "./agents/index.js";
export { codex, type CodexOptions } from "./agents/index.js";
export { OPENAI_PRICES, PRICE_TABLE_VERSION, type ModelPrice } from "./agents/index.js";
export { commandAgent } from "./agents/index.js";
export { scriptAgent, type ScriptFunction } from "./agents/index.js";
export { runAgentProcess } from "./agents/index.js";
export { InfraError } from "./model/index.js";
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
} from "./model/index.js";
export type { EvalResult, RunResult, TrialResult, CheckOutcome } from "./model/index.js";
export { VERSION } from "./model/index.js";
