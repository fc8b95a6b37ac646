// `agent-evals init`: scaffold evals/ and the workflow; never overwrites a file; makes .gitignore
// ignore the results folder (and node_modules/, which the result cache would otherwise see).

import { UsageError } from "../../model/index.js";
import { DEFAULT_ACTION, initProject, parseActionRef } from "../scaffold.js";
import type { CommandContext } from "./context.js";

export async function initCommand({ projectRoot, names, flags }: CommandContext): Promise<number> {
  if (names.length)
    throw new UsageError("init takes no arguments; use --cwd DIR for another folder");
  const action = flags.action === undefined ? DEFAULT_ACTION : parseActionRef(flags.action);
  if (!action)
    throw new UsageError(
      `--action ${JSON.stringify(flags.action)} is not OWNER/REPO@REF: give it as, e.g., my-org/agent-evals@v1`,
    );
  const { created, ignored } = await initProject(projectRoot, action);
  for (const file of created) process.stdout.write(`created ${file}\n`);
  if (ignored.length) process.stdout.write(`added ${ignored.join(" and ")} to .gitignore\n`);
  process.stdout.write(
    `the workflow uses ${action.repository}@${action.ref} (change it with --action)\n` +
      "\nNext: run the evals (the literal agent is free):\n" +
      "  npx agent-evals eval --unsafe-local\n" +
      "and open .copybook/results/report.html.\n",
  );
  return 0;
}
