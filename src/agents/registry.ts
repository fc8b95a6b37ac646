// Names → adapters. An eval names agents ("literal", or a command template) or passes adapters.

import { AgentEvalsError, Codes } from "../model/index.js";
import type { AgentAdapter, AgentRef } from "../model/index.js";
import { commandAgent, isCommandTemplate } from "./command.js";
import { claudeCode } from "./claude-code.js";
import { codex } from "./codex.js";
import { copilot } from "./copilot.js";
import { gemini } from "./gemini.js";
import { opencode } from "./opencode.js";
import { pi } from "./pi.js";
import { literal } from "./literal.js";

/** The built-in agents; a CLI's maker takes another program of it (another installed version). */
const BUILT_IN: Record<string, (bin?: string) => AgentAdapter> = {
  literal: () => literal(),
  "claude-code": (bin) => claudeCode(bin ? { bin } : {}),
  codex: (bin) => codex(bin ? { bin } : {}),
  gemini: (bin) => gemini(bin ? { bin } : {}),
  opencode: (bin) => opencode(bin ? { bin } : {}),
  pi: (bin) => pi(bin ? { bin } : {}),
  copilot: (bin) => copilot(bin ? { bin } : {}),
};

/** The built-in agent CLI `name` running the program `bin` (another version of its CLI). */
export function agentWithBin(name: string, bin: string): AgentAdapter {
  const make = name === "literal" ? undefined : BUILT_IN[name];
  if (!make) throw new UnknownAgentError(`${JSON.stringify(name)} is not a built-in agent CLI`);
  return make(bin);
}

export function knownAgentNames(): string[] {
  return Object.keys(BUILT_IN);
}

/** Every built-in adapter's credential variables: the Action masks their values in its log. */
export function builtInCredentialEnv(): string[] {
  return [...new Set(Object.values(BUILT_IN).flatMap((make) => make().credentialEnv ?? []))];
}

export class UnknownAgentError extends AgentEvalsError {
  constructor(message: string) {
    super(Codes.unknownAgent, message);
  }
}

/** The adapter for a name, a command template, or an adapter object (returned as is). */
export function resolveAgent(ref: AgentRef): AgentAdapter {
  if (typeof ref !== "string") return ref;
  const make = BUILT_IN[ref];
  if (make) return make();
  if (isCommandTemplate(ref)) return commandAgent(ref);
  throw new UnknownAgentError(
    `unknown agent ${JSON.stringify(ref)}: known agents are ${knownAgentNames().join(", ")}, or a command template such as "my-agent {prompt}"`,
  );
}
