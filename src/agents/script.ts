// scriptAgent(name, script): a stand-in agent for tests and examples. A string is a bash script run
// in the sandbox (prompt in $AGENT_EVALS_PROMPT, $AGENTFILE_EVAL_PROMPT and $1, extra arguments after it); a function gets the run context and may
// return parts of the result.

import type { AgentAdapter, AgentRunContext, AgentRunResult } from "../model/index.js";
import { promptEnv } from "./command.js";
import { runAgentProcess } from "./process-agent.js";

export type ScriptFunction = (
  ctx: AgentRunContext,
) => Promise<Partial<AgentRunResult> | void> | Partial<AgentRunResult> | void;

export function scriptAgent(name: string, script: string | ScriptFunction): AgentAdapter {
  return {
    name,
    free: true,
    available: async () => true,
    version: async () => undefined,
    run: async (ctx) => {
      if (typeof script === "function") {
        const started = Date.now();
        const partial = (await script(ctx)) ?? {};
        return {
          exitCode: 0,
          timedOut: false,
          trajectory: [],
          transcripts: [],
          ...partial,
          durationMs: partial.durationMs ?? Date.now() - started,
        };
      }
      const run = await runAgentProcess(ctx, {
        command: "bash",
        // $1 is the prompt; the eval's extra arguments (a variant's `args`) follow as $2, $3, ….
        args: ["-c", script, name, ctx.prompt, ...(ctx.extraArgs ?? [])],
        env: promptEnv(ctx.prompt),
      });
      return run.result;
    },
  };
}
