export { CLAUDE_CREDENTIAL_ENV, claudeCode, type ClaudeCodeOptions } from "./claude-code.js";
export { codex, type CodexOptions } from "./codex.js";
export { commandAgent, UnsafeTemplateError } from "./command.js";
export { literal } from "./literal.js";
export { OPENAI_PRICES, PRICE_TABLE_VERSION, type ModelPrice } from "./prices.js";
export { runAgentProcess } from "./process-agent.js";
export { UnknownAgentError, builtInCredentialEnv, resolveAgent } from "./registry.js";
export { scriptAgent, type ScriptFunction } from "./script.js";
export { probeVersion } from "./version-probe.js";
