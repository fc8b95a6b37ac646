// `agent-evals health --history-dir DIR`: the evals that are broken, flaky or saturated, from their
// recorded runs (store/health.ts states the rule).

import path from "node:path";
import { UsageError } from "../../model/index.js";
import { healthOf, readAllHistory, HEALTH_WINDOW } from "../../store/index.js";
import type { CommandContext } from "./context.js";
import * as value from "../values.js";
import { say } from "../terminal.js";

const ADVICE: Record<string, string> = {
  broken: "no trial passed: check the task and its checks",
  flaky: "the verdict keeps flipping: more trials, or a steadier task",
  saturated: "every trial passed: ready to graduate to a regression suite",
};

export async function healthCommand({ projectRoot, flags }: CommandContext): Promise<number> {
  const format = value.outputFormat(flags.format);
  const dir = flags["history-dir"];
  if (!dir) throw new UsageError("health reads recorded runs: pass --history-dir DIR");
  const rows = healthOf(await readAllHistory(path.resolve(projectRoot, dir)));
  if (format === "json") {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  if (rows.length === 0) {
    say(`no recorded runs in ${dir}\n`);
    return 0;
  }
  for (const row of rows) {
    const figures = `${row.runs} run(s), ${row.flips} flip(s) (${Math.round(row.flipRate * 100)}%), trials passed ${Math.round(row.trialPassRate * 100)}%`;
    const advice = ADVICE[row.state] ? ` — ${ADVICE[row.state]}` : "";
    say(`${row.state.padEnd(9)} ${row.id} [${row.agent}]: ${figures}${advice}\n`);
  }
  const counts = ["broken", "flaky", "saturated"].map(
    (s) => `${rows.filter((r) => r.state === s).length} ${s}`,
  );
  say(
    `\n${counts.join(", ")} of ${rows.length} eval × agent pair(s), over the last ${HEALTH_WINDOW} runs of each\n`,
  );
  return 0;
}
