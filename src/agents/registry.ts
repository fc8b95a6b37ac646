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

const BUILT_IN: Record<string, () => AgentAdapter> = {
  literal,
  "claude-code": () => claudeCode(),
  codex: () => codex(),
  gemini: () => gemini(),
  opencode: () => opencode(),
  pi: () => pi(),
  copilot: () => copilot(),
};

/** The built-in CLIs that can run another program of theirs (`bin`): another installed version. */
const WITH_BIN: Record<string, (bin: string) => AgentAdapter> = {
  "claude-code": (bin) => claudeCode({ bin }),
  codex: (bin) => codex({ bin }),
  gemini: (bin) => gemini({ bin }),
  opencode: (bin) => opencode({ bin }),
  pi: (bin) => pi({ bin }),
  copilot: (bin) => copilot({ bin }),
};

/** The built-in agent `name` running the program `bin` (another version of its CLI). */
export function agentWithBin(name: string, bin: string): AgentAdapter {
  const make = WITH_BIN[name];
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
