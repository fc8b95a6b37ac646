// `agent-evals recheck [name…] [--from DIR]`: the current checks, judges included, on the stored
// outcomes of the last run (or of a downloaded artifact); no agent starts. Exit codes as for eval.

import path from "node:path";
import { recheckEvals } from "../../engine/index.js";
import { evalBlock, makeStyle, reportFilesLine, summaryLine } from "../../report/index.js";
import { consoleSections } from "../../kinds/index.js";
import type { CommandContext } from "./context.js";
import * as value from "../values.js";
import { complain } from "../terminal.js";

export async function recheckCommand({
  projectRoot,
  names,
  flags,
}: CommandContext): Promise<number> {
  const format = value.outputFormat(flags.format);
  const out = format === "json" ? process.stderr : process.stdout;
  const style = makeStyle(out, process.env);
  const outcome = await recheckEvals({
    projectRoot,
    names,
    evals: flags.evals,
    from: flags.from,
    budgetUsd: value.nonNegativeUsd(flags["budget-usd"]),
    realHome: flags["real-home"],
  });
  const say = (line: string) => out.write(`${line}\n`);
  for (const line of outcome.skipped ?? []) complain(`agent-evals recheck: ${line}\n`);
  say(style.dim(`recheck of ${outcome.run.recheckedFrom}: no agent ran`));
  const parts = new Set(outcome.summaries.flatMap((summary) => summary.parts));
  for (const result of outcome.run.evals) {
    if (parts.has(result.id)) continue;
    say(evalBlock(result, projectRoot, style, flags.verbose));
  }
  for (const line of consoleSections(outcome.summaries, projectRoot, style, flags.verbose))
    say(line);
  say("");
  say(summaryLine(outcome.run, path.relative(process.cwd(), outcome.resultsDir) || ".", style));
  say(style.dim(reportFilesLine(outcome.resultsDir)));
  if (format === "json") process.stdout.write(`${JSON.stringify(outcome.run, null, 2)}\n`);
  return outcome.exitCode;
}
