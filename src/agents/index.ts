// agents/: agent adapters: claude-code, codex, gemini, opencode, pi, copilot, literal, command templates.
// Its public surface: what the other folders of src/ import from it (eslint.config.js keeps
// every import from another folder going through an index.ts).

export { CLAUDE_CREDENTIAL_ENV, claudeCode, type ClaudeCodeOptions } from "./claude-code.js";
export { codex, type CodexOptions } from "./codex.js";
export { copilot, COPILOT_CREDENTIAL_ENV, type CopilotOptions } from "./copilot.js";
export { gemini, GEMINI_CREDENTIAL_ENV, type GeminiOptions } from "./gemini.js";
export { commandAgent, UnsafeTemplateError } from "./command.js";
export { literal } from "./literal.js";
export { opencode, OPENCODE_CREDENTIAL_ENV, type OpencodeOptions } from "./opencode.js";
export { pi, PI_CREDENTIAL_ENV, type PiOptions } from "./pi.js";
export { GEMINI_PRICES, OPENAI_PRICES, PRICE_TABLE_VERSION, type ModelPrice } from "./prices.js";
export { runAgentProcess } from "./process-agent.js";
export { UnknownAgentError, agentWithBin, builtInCredentialEnv, resolveAgent } from "./registry.js";
export { installAgentVersion, parseAgentVersion, type AgentVersionSpec } from "./versions.js";
export { scriptAgent, type ScriptFunction } from "./script.js";
export { probeVersion } from "./version-probe.js";
