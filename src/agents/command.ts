// A command template agent: `--agent "my-agent run {prompt}"`. `{prompt}` becomes ONE single-quoted
// shell word, so quotes, `$(…)` or backticks in a prompt are text, never code; a template that puts
// `{prompt}` where that word would not be plain text (inside quotes, after `\`…) is refused before
// anything runs. The raw prompt is also in $AGENT_EVALS_PROMPT (and $AGENTFILE_EVAL_PROMPT, the agentfile
// format's name for it) for programs that would rather read it.

import { promises as fs } from "node:fs";
import path from "node:path";
import { AgentEvalsError, Codes, InfraError } from "../model/index.js";
import type { AgentAdapter, AgentRunContext, AgentRunResult } from "../model/index.js";
import { findOnPath, shellQuote } from "../util/index.js";
import { runAgentProcess } from "./process-agent.js";
import { appendedArgsProblem, PLACEHOLDER, unsafePlaceholder } from "./template-quoting.js";

export const PROMPT_ENV = "AGENT_EVALS_PROMPT";
/** The agentfile format's name for the raw prompt: scripts written for it keep working. */
export const AGENTFILE_PROMPT_ENV = "AGENTFILE_EVAL_PROMPT";

/** The variables that carry the raw prompt to a command or script agent. */
export function promptEnv(prompt: string): Record<string, string> {
  return { [PROMPT_ENV]: prompt, [AGENTFILE_PROMPT_ENV]: prompt };
}

/** A command template whose `{prompt}` the shell would not read as one plain word. */
export class UnsafeTemplateError extends AgentEvalsError {
  readonly fix =
    "write {prompt} bare: agent-evals quotes it (my-agent --prompt {prompt}, or --prompt={prompt}); or read the prompt from $AGENT_EVALS_PROMPT";
  constructor(template: string, where: string) {
    super(
      Codes.unsafeTemplate,
      `command template ${JSON.stringify(template)} has {prompt} ${where}: there the prompt's quotes, $(…) and backticks would run as shell`,
    );
  }
}

export function isCommandTemplate(text: string): boolean {
  return text.includes(PLACEHOLDER) || /\s/.test(text.trim());
}

/** The shell command line for one prompt. */
export function renderCommandTemplate(template: string, prompt: string): string {
  return template.split(PLACEHOLDER).join(shellQuote(prompt));
}

export function commandAgent(template: string, name: string = template): AgentAdapter {
  const where = unsafePlaceholder(template);
  if (where) throw new UnsafeTemplateError(template, where);
  const program = template.trim().split(/\s+/)[0] ?? "";
  return {
    name,
    available: async () => {
      if (!program.includes("/"))
        return (await findOnPath(program, process.env.PATH ?? "")) !== undefined;
      if (
        (await findOnPath(path.basename(program), path.dirname(path.resolve(program)))) !==
        undefined
      )
        return true;
      // A path names one file: say what is wrong with it (planning turns this into the skip reason).
      throw new Error(await pathProblem(program));
    },
    version: async () => undefined,
    run: (ctx: AgentRunContext): Promise<AgentRunResult> =>
      runAgentProcess(ctx, {
        command: "bash",
        args: ["-c", commandLine(template, ctx.prompt, ctx.extraArgs ?? [])],
        env: promptEnv(ctx.prompt),
      }).then((run) => run.result),
  };
}

/**
 * The shell command line for one prompt and the eval's extra arguments (a variant's `args`), each
 * appended as one single-quoted word. Refused (an infra error, not retried) when the template's end
 * is not where its program's arguments go: they would run as shell, or reach another command.
 */
export function commandLine(
  template: string,
  prompt: string,
  extraArgs: readonly string[],
): string {
  const line = renderCommandTemplate(template, prompt);
  if (extraArgs.length === 0) return line;
  const problem = appendedArgsProblem(template);
  if (problem) {
    throw new InfraError(
      `the command template ${JSON.stringify(template)} ${problem}: the variant's args ${JSON.stringify(extraArgs)} cannot be appended to it. Fix: end the template with its program's arguments (my-agent --prompt {prompt}), or wrap the rest in a script that takes "$@"`,
      false,
    );
  }
  return `${line} ${extraArgs.map(shellQuote).join(" ")}`;
}

/** Why the program at `program` (a path) cannot run: missing, a folder, or not executable. */
async function pathProblem(program: string): Promise<string> {
  const stat = await fs.stat(path.resolve(program)).catch(() => undefined);
  if (!stat) return `${program} does not exist (from ${process.cwd()})`;
  if (!stat.isFile()) return `${program} is not a file`;
  return `${program} is not executable: run \`chmod +x ${program}\``;
}
