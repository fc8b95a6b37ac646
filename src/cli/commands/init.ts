// `agent-evals init`: scaffold evals/ and the workflow; never overwrites a file.

import { UsageError } from "../../model/index.js";
import { initProject } from "../scaffold.js";
import type { CommandContext } from "./context.js";

export async function initCommand({ projectRoot, names }: CommandContext): Promise<number> {
  if (names.length)
    throw new UsageError("init takes no arguments; use --cwd DIR for another folder");
  const written = await initProject(projectRoot);
  for (const file of written) process.stdout.write(`created ${file}\n`);
  process.stdout.write(
    "\nNext: add .copybook/ to .gitignore, then run the evals (the literal agent is free):\n" +
      "  npx agent-evals eval --unsafe-local\n" +
      "and open .copybook/results/report.html.\n",
  );
  return 0;
}
