// A command template agent: `--agent "my-agent run {prompt}"`. `{prompt}` becomes ONE single-quoted
// shell word, so quotes, `$(…)` or backticks in a prompt are text, never code; the raw prompt is also
// in $AGENT_EVALS_PROMPT for programs that would rather read it from there.

import path from "node:path";
import type { AgentAdapter, AgentRunContext, AgentRunResult } from "../model/index.js";
import { findOnPath, shellQuote } from "../util/index.js";
import { runAgentProcess } from "./process-agent.js";

export const PROMPT_ENV = "AGENT_EVALS_PROMPT";
const PLACEHOLDER = "{prompt}";

export function isCommandTemplate(text: string): boolean {
  return text.includes(PLACEHOLDER) || /\s/.test(text.trim());
}

/** The shell command line for one prompt. */
export function renderCommandTemplate(template: string, prompt: string): string {
  return template.split(PLACEHOLDER).join(shellQuote(prompt));
}

export function commandAgent(template: string, name: string = template): AgentAdapter {
  const program = template.trim().split(/\s+/)[0] ?? "";
  return {
    name,
    available: async () =>
      program.includes("/")
        ? (await findOnPath(path.basename(program), path.dirname(path.resolve(program)))) !==
          undefined
        : (await findOnPath(program, process.env.PATH ?? "")) !== undefined,
    version: async () => undefined,
    run: (ctx: AgentRunContext): Promise<AgentRunResult> =>
      runAgentProcess(ctx, {
        command: "bash",
        args: ["-c", renderCommandTemplate(template, ctx.prompt)],
        env: { [PROMPT_ENV]: ctx.prompt },
      }).then((run) => run.result),
  };
}
