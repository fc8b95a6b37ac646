// `agent-evals merge DIR… [--out DIR]`: shards' results folders into one run; exit code as for the
// merged run.

import path from "node:path";
import { mergeRuns, RESULTS_DIR } from "../../engine/index.js";
import { UsageError } from "../../model/index.js";
import { makeStyle, summaryLine, reportFilesLine } from "../../report/index.js";
import { consoleSections } from "../../kinds/index.js";
import type { CommandContext } from "./context.js";
import { complain } from "../terminal.js";

export async function mergeCommand({ projectRoot, names, flags }: CommandContext): Promise<number> {
  if (names.length === 0) throw new UsageError("merge takes the results folders of the shards");
  const outDir = path.resolve(projectRoot, flags.out ?? RESULTS_DIR);
  const merged = await mergeRuns(names, { projectRoot, outDir, evals: flags.evals });
  if (merged.warning) complain(`agent-evals merge: ${merged.warning}\n`);
  for (const line of merged.skipped) complain(`agent-evals merge: ${line}\n`);
  const style = makeStyle(process.stdout, process.env);
  const sections = consoleSections(merged.summaries, projectRoot, style);
  if (sections.length) process.stdout.write(`${[...sections, ""].join("\n")}\n`);
  process.stdout.write(
    `${summaryLine(merged.run, path.relative(process.cwd(), outDir) || ".", style)}\n`,
  );
  process.stdout.write(`${style.dim(reportFilesLine(outDir))}\n`);
  return merged.exitCode;
}
