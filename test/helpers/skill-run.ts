// For skill/command evals driven through the engine with the REAL `claude` (.agent-clis/) against
// the fake Anthropic API: a routing fake that decides from each request's own conversation (runs
// are concurrent, so a shared script would interleave), and the environment the engine runs with.

import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach } from "vitest";
import type { AnthropicRequestBody, AnthropicTurn, FakeAnthropic } from "../fakes/anthropic.js";
import { requireBin } from "../fakes/clis.js";
import { agentProject, engineEnv, removeAgentProjects, type AgentProject } from "./agent-run.js";

/** The fakes a test file starts: closed, and the agent projects removed, after each test. */
export function fakesClosedAfterEach(): FakeAnthropic[] {
  const fakes: FakeAnthropic[] = [];
  afterEach(async () => {
    await Promise.all(fakes.splice(0).map((f) => f.close()));
    await removeAgentProjects();
  });
  return fakes;
}

/** The ts-fixer skill the skill-eval suites install, with `body` as its instructions. */
export function tsFixerSkill(body: string): string {
  return `---
name: ts-fixer
description: Fix TypeScript type errors reported by tsc.
---
# TS fixer
${body}`;
}

/** An agent project holding only `files`: no `evals/` folder, so only skill evals are found. */
export async function skillProject(files: Record<string, string>): Promise<AgentProject> {
  const project = await agentProject("", files);
  await fs.rm(path.join(project.root, "evals"), { recursive: true });
  return project;
}

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
