// A run that did not start says why: as annotations, in the step summary, and by failing the step.

import path from "node:path";
import { AgentEvalsError, DefinitionError, formatProblem } from "../../model/index.js";
import * as core from "../runner.js";

/** Fails the step for an error the engine refused the run with; rethrows any other error. */
export async function refuseRun(error: unknown, workingDirectory: string): Promise<void> {
  if (error instanceof DefinitionError) {
    for (const p of error.problems) {
      core.error(`${p.code} ${p.message}${p.fix ? ` — fix: ${p.fix}` : ""}`, {
        file: path.join(workingDirectory, p.file),
        startLine: p.line,
        title: "agent-evals: invalid eval definition",
      });
    }
    const message = `${error.problems.length} problem(s) in the eval definitions; nothing was run:\n${error.problems.map(formatProblem).join("\n")}`;
    await writeRefusal("agent-evals did not run: invalid eval definitions", message);
    return core.setFailed(message);
  }
  if (error instanceof AgentEvalsError) {
    await writeRefusal("agent-evals did not run", error.message);
    return core.setFailed(error.message);
  }
  throw error;
}

/** A refused or invalid run says why in the step summary too, not only in the log. */
export async function writeRefusal(title: string, message: string): Promise<void> {
  await core.summary
    .addHeading(title, 3)
    .addCodeBlock(message)
    .write()
    .catch((error: Error) => core.warning(`step summary: ${error.message}`));
}
