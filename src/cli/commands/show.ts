// `agent-evals show ID`: the last trials of one eval, with evidence, and its history.

import path from "node:path";
import { RESULTS_DIR } from "../../engine/index.js";
import { UsageError } from "../../model/index.js";
import { makeStyle } from "../../report/index.js";
import { readKnownResults } from "../last-results.js";
import { showLines } from "../show-lines.js";
import type { CommandContext } from "./context.js";

export async function showCommand({ projectRoot, names, flags }: CommandContext): Promise<number> {
  if (names.length !== 1) throw new UsageError("show takes one eval id: agent-evals show <id>");
  const resultsDir = path.join(projectRoot, RESULTS_DIR);
  const historyDir = flags["history-dir"];
  const known = await readKnownResults(
    projectRoot,
    resultsDir,
    historyDir && path.resolve(projectRoot, historyDir),
  );
  const style = makeStyle(process.stdout, process.env);
  for (const line of showLines(names[0]!, known, projectRoot, resultsDir, style)) {
    process.stdout.write(`${line}\n`);
  }
  return 0;
}
