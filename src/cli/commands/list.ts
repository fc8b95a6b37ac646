// `agent-evals list`: every eval × agent and its last result.

import path from "node:path";
import { loadDefinitions, RESULTS_DIR } from "../../engine/index.js";
import { readKnownResults } from "../last-results.js";
import { listLines } from "../list-lines.js";
import type { CommandContext } from "./context.js";
import { say } from "../terminal.js";

export async function listCommand({ projectRoot, flags }: CommandContext): Promise<number> {
  const specs = await loadDefinitions({ projectRoot, evals: flags.evals });
  const historyDir = flags["history-dir"];
  const known = await readKnownResults(
    projectRoot,
    path.join(projectRoot, RESULTS_DIR),
    historyDir && path.resolve(projectRoot, historyDir),
  );
  for (const line of listLines(specs, projectRoot, known)) say(`${line}\n`);
  return 0;
}
