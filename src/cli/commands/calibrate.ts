// `agent-evals calibrate [name…]`: every judge with labelled examples run on them; accuracy and
// Cohen's κ printed and kept in .copybook/calibration.json, where every run's report finds them.

import path from "node:path";
import { calibrateEvals } from "../../engine/index.js";
import { makeStyle } from "../../report/index.js";
import type { CommandContext } from "./context.js";
import * as value from "../values.js";

export async function calibrateCommand({
  projectRoot,
  names,
  flags,
}: CommandContext): Promise<number> {
  const style = makeStyle(process.stdout, process.env);
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const outcome = await calibrateEvals({
    projectRoot,
    names,
    evals: flags.evals,
    budgetUsd: value.nonNegativeUsd(flags["budget-usd"]),
    realHome: flags["real-home"],
    onExample: (judge, example) => {
      const mark = example.answer === example.label ? style.green("✓") : style.red("✗");
      say(
        `  ${mark} ${judge.eval}: ${example.name} labelled ${example.label}, judged ${example.answer}${example.answer === example.label ? "" : ` — ${example.reason}`}`,
      );
    },
  });
  say("");
  for (const judge of outcome.judges) {
    const { n, accuracy, kappa } = judge.figure;
    say(
      `${judge.eval} ${judge.check}: accuracy ${Math.round(accuracy * 100)}% (${Math.round(accuracy * n)}/${n}), Cohen's κ ${kappa === null ? "undefined (one label and one answer throughout)" : kappa.toFixed(2)}`,
    );
  }
  say(
    style.dim(
      `cost $${outcome.costUsd.toFixed(4)} · written to ${path.relative(process.cwd(), outcome.file ?? "") || outcome.file}`,
    ),
  );
  return 0;
}
