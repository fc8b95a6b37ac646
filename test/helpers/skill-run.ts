// For skill/command evals driven through the engine with the REAL `claude` (.agent-clis/) against
// the fake Anthropic API: a routing fake that decides from each request's own conversation (runs
// are concurrent, so a shared script would interleave), and the environment the engine runs with.

import path from "node:path";
import type { AnthropicRequestBody, AnthropicTurn } from "../fakes/anthropic.js";
import { requireBin } from "../fakes/clis.js";
import { engineEnv } from "./agent-run.js";

/** The user's request of a conversation (its first user text that is not a system reminder). */
export function userQuery(body: AnthropicRequestBody): string {
  const first = body.messages?.[0];
  if (!first) return "";
  const blocks =
    typeof first.content === "string" ? [{ type: "text", text: first.content }] : first.content;
  return blocks
    .filter((b) => b.type === "text" && !String(b.text).startsWith("<system-reminder>"))
    .map((b) => String(b.text))
    .join("\n");
}

/** How many tool results the conversation holds: the turn the agent is at. */
export function toolResults(body: AnthropicRequestBody): number {
  return (body.messages ?? []).reduce(
    (n, m) =>
      n + (Array.isArray(m.content) ? m.content.filter((b) => b.type === "tool_result").length : 0),
    0,
  );
}

/** The skills Claude Code listed to the model (`- name: description` lines). */
export function listedSkills(body: AnthropicRequestBody): string[] {
  const text = JSON.stringify(body.messages ?? []);
  const at = text.indexOf("The following skills are available");
  if (at < 0) return [];
  return [...text.slice(at).matchAll(/\\n- ([\w:.-]+): /g)].map((m) => m[1]!);
}

/** The sandbox the agent runs in, as Claude Code tells the model. */
export function workingDirectory(body: AnthropicRequestBody): string {
  return (
    /Primary working directory: ([^\s\\]+)/.exec(JSON.stringify(body.messages ?? []))?.[1] ?? ""
  );
}

export const skill = (name: string): AnthropicTurn => ({
  toolUse: { name: "Skill", input: { skill: name } },
});

/** The engine's environment: the fake's URL and key, claude from .agent-clis/ first on PATH. */
export function skillEnv(home: string, url: string): Record<string, string> {
  return {
    ...engineEnv(home, [path.dirname(requireBin("claude"))]),
    ANTHROPIC_BASE_URL: url,
    ANTHROPIC_API_KEY: "sk-ant-fake-key",
    CLAUDE_CODE_MAX_RETRIES: "0",
  };
}
