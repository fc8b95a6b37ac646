// Figure 13: infra errors of a skill eval. bench/infra-errors.ts (the real `claude` against a fake
// Anthropic API that fails), its section printed verbatim at the end of the page.

import fs from "node:fs";
import path from "node:path";
import { CLAUDE, ROOT, TSX, type Figure, log, timedRun } from "../harness.js";

const INFRA_ERRORS = path.join(ROOT, "bench", "infra-errors.ts");

/** The section bench/infra-errors.ts prints, or why it was not run. */
function benchInfraErrors(samples: number): { section: string } {
  if (!fs.existsSync(CLAUDE))
    return {
      section:
        "## Infra errors of a skill eval\n\nNot measured: `.agent-clis/bin/claude` is not installed (`bash scripts/install-agent-clis.sh`).",
    };
  log(`13 infra errors of a skill eval (bench/infra-errors.ts ${samples})`);
  const { stdout } = timedRun(TSX, [INFRA_ERRORS, String(samples)], { cwd: ROOT });
  return {
    section:
      `${stdout.trim()}\n\nPrinted by \`npx tsx bench/infra-errors.ts ${samples}\` (\`BENCH_INFRA_SAMPLES\`), verbatim: one e2e ` +
      "scenario through the engine, the real `claude` against a fake Anthropic API; the baseline is the same " +
      "scenario against an API that answers, samples rotated. What limits it: claude's own start (about a second) " +
      "and, for always 500, the bounded retries (3 attempts × (1 request + 2 of claude's retries)). " +
      "`--old` adds claude's own default of 10 retries (minutes; not run here).",
  };
}

export const infraErrors: Figure<{ section: string }> = {
  id: "13",
  title:
    "infra errors of a skill eval: how fast it gives up on a failing API (bench/infra-errors.ts)",
  inFullRun: true,
  run: ({ options }) => benchInfraErrors(options.infraSamples),
  render: (infra) => ({
    rows: [],
    notes: [],
    sections: [],
    how: [],
    raw: [],
    tail: [infra.section, ""],
  }),
  summary: () => undefined,
};
