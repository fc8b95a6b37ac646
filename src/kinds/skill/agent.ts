// The agent of trigger and e2e evals: the claude-code adapter (never `--bare`: it would switch off
// skills), available only when the binary runs AND Claude Code has credentials — so a machine
// without a key reports these evals as skipped, with the reason, instead of failing them.

import { promises as fs } from "node:fs";
import path from "node:path";
import { CLAUDE_CREDENTIAL_ENV, claudeCode, probeVersion } from "../../agents/index.js";
import { InfraError, REPLAYING_ENV, round6, type AgentAdapter } from "../../model/index.js";
import { codexSkillPath } from "./target.js";
import { parseAnswer } from "./trigger.js";

// The adapter's credential variables, and the switches that make Claude Code use a cloud's login.
const KEY_VARIABLES = [
  ...CLAUDE_CREDENTIAL_ENV,
  "CLAUDE_CODE_USE_BEDROCK",
  "CLAUDE_CODE_USE_VERTEX",
];

/** Where Claude Code may find credentials: an env variable, a login, or an apiKeyHelper. */
export async function claudeCredentials(
  env: Record<string, string | undefined>,
): Promise<string | undefined> {
  const variable = KEY_VARIABLES.find((name) => env[name]);
  if (variable) return variable;
  const home = env.HOME;
  if (!home) return undefined;
  const read = (file: string) => fs.readFile(path.join(home, file), "utf8").catch(() => "");
  if (await read(".claude/.credentials.json")) return "~/.claude/.credentials.json";
  if ((await read(".claude.json")).includes('"oauthAccount"'))
    return "claude login (~/.claude.json)";
  if ((await read(".claude/settings.json")).includes('"apiKeyHelper"'))
    return "apiKeyHelper (~/.claude/settings.json)";
  return undefined;
}

/** claude-code for skill evals; `available()` throws a sentence saying what is missing. */
export function skillAgent(env: Record<string, string | undefined>): AgentAdapter {
  const inner = claudeCode();
  return {
    ...inner,
    available: async () => {
      if ((await probeVersion("claude", { ...process.env, ...env })) === undefined)
        throw new Error(
          "the `claude` CLI is not on PATH (npm i -g @anthropic-ai/claude-code) — trigger and e2e evals need it",
        );
      // A replay answers from its recording: no login needed.
      if (!env[REPLAYING_ENV] && !(await claudeCredentials(env)))
        throw new Error(
          "no Anthropic credentials: set ANTHROPIC_API_KEY (or run `claude auth login`) to run trigger and e2e evals",
        );
      return true;
    },
  };
}

/**
 * `inner` (codex) with the skills of `install` also where Codex 0.171 looks for a project's skills,
 * `.agents/skills/<name>/`: it lists each one's name, description and SKILL.md path to the model,
 * which reads the file with a shell command when it uses the skill. Written into the trial's
 * sandbox before the run, so the sandbox as defined stays the one Claude Code gets.
 */
export function codexSkillAgent(
  inner: AgentAdapter,
  install: Record<string, string>,
): AgentAdapter {
  return {
    ...inner,
    run: async (ctx) => {
      for (const [file, content] of Object.entries(install)) {
        const at = codexSkillPath(file);
        if (!at) continue;
        await fs.mkdir(path.dirname(path.join(ctx.cwd, at)), { recursive: true });
        await fs.writeFile(path.join(ctx.cwd, at), content);
      }
      return inner.run(ctx);
    },
  };
}

/**
 * The agent of `ask` trigger runs: an answer that is neither YES nor NO ("Maybe") says nothing
 * about routing, so it is asked once more, and a second such answer ends the run as an error —
 * shown with the answer, never counted as a false positive or negative.
 */
export function askingAgent(inner: AgentAdapter): AgentAdapter {
  return {
    ...inner,
    run: async (ctx) => {
      const first = await inner.run(ctx);
      if (parseAnswer(first.finalMessage) !== undefined) return first;
      const second = await inner.run(ctx);
      const cost = (first.costUsd ?? 0) + (second.costUsd ?? 0);
      const both = {
        ...second,
        costUsd: round6(cost),
        durationMs: first.durationMs + second.durationMs,
      };
      if (parseAnswer(second.finalMessage) !== undefined) return both;
      const said = (r: typeof first) => JSON.stringify((r.finalMessage ?? "").trim().slice(0, 120));
      throw new InfraError(
        `answered neither YES nor NO, twice (${said(first)}, then ${said(second)}): not counted`,
        false,
      );
    },
  };
}

/**
 * A part's `otherAgent` (`--agent codex`): codex, adapted by `adapt` (its skills installed, its
 * answers read), unless `refusal` says why this part cannot run under it; other agents never.
 */
export function underCodex(
  adapt: (codex: AgentAdapter) => AgentAdapter,
  refusal?: string,
): (agent: AgentAdapter) => { agent: AgentAdapter } | { reason: string } {
  return (agent) => {
    if (agent.name !== "codex")
      return {
        reason: `only claude-code and codex run skill and command evals (${agent.name} is neither)`,
      };
    return refusal ? { reason: refusal } : { agent: adapt(agent) };
  };
}
