// Benchmarks for agent-evals: `npm run bench` (tsx bench/run.ts) runs every figure of
// bench/figures/ and writes docs/benchmarks.md.
//
//   npm run bench                       every figure but 1; writes docs/benchmarks.md
//   npm run bench -- --figure 7         figure 7 alone (also `--figure 7d`, `--figure 1,2,7`);
//                                       prints its summary and writes nothing unless --out
//   npm run bench -- --quick            every figure at small sizes (writes nothing unless --out)
//   npm run bench -- --out <file>       write the page (of the figures run) to <file>
//   npm run bench -- --list             the figures and the command that runs each alone
//
// Knobs (environment; each wins over --quick): BENCH_SAMPLES=<n> (figures 1–3, default 3; figure 2
// runs 3 × n rounds), BENCH_COPY_FILES (figure 3's template, default 4000), BENCH_CLAUDE_PAIRS
// (figure 4's rounds, default 4), BENCH_COLD_SAMPLES (figure 5, default 6), BENCH_SCALE_EVALS
// (figure 7, default 100,1000), BENCH_SCALE_SAMPLES (default 1), BENCH_HISTORY_ROUNDS (figure 8,
// default 3), BENCH_FLOOD_CALLS (figure 9, default 1500), BENCH_FLOOD_SAMPLES (default 1),
// BENCH_PEER_EVALS / BENCH_PEER_ROUNDS / BENCH_PEER_FRESH_ROUNDS (figure 10, default 12 / 5 / 1),
// BENCH_PROMPTFOO=0 (no promptfoo in figures 5h and 10), BENCH_WAIT_ROUNDS (figure 11, default 2),
// BENCH_INFRA_SAMPLES (figure 13, bench/infra-errors.ts, default 2), BENCH_REPLAY_ROUNDS (figure
// 14's replays per agent CLI, default 20; BENCH_REPLAY_AGENTS=claude-code,codex: only those CLIs);
// BENCH_ONLY=1,2,7 is `--figure 1,2,7` and BENCH_OUT=<file> `--out <file>`; BENCH_DIST=<folder>
// measures another build (CLI and Action), BENCH_CLI=<path> another build of the CLI;
// BENCH_NODE=<path to node> adds figure 5 on that Node (e.g. Node 24, which GitHub runs the Action
// on, with its compile cache).

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { FIGURES } from "./figures/index.js";
import {
  CLI,
  OUT_FILE,
  type Figure,
  type RenderContext,
  type ResultsView,
  benchOptions,
  commandFor,
} from "./harness.js";
import { keptSoak, readable, report } from "./report.js";

const USAGE = `usage: npm run bench -- [--figure <id>[,<id>…]]… [--quick] [--out <file>] [--list]`;

interface Cli {
  /** The figures named, or undefined for a full run. */
  named: Array<Figure<unknown>> | undefined;
  /** How the selection was given, for the closing line. */
  namedAs: string | undefined;
  quick: boolean;
  out: string | undefined;
  list: boolean;
}

/** The figure an id names: "7" and "7d" (a row of figure 7) name figure 7. */
function figureFor(id: string): Figure<unknown> {
  const number = /^(\d+)[a-z]?$/.exec(id.trim())?.[1];
  const figure = FIGURES.find((f) => f.id === number);
  if (!figure)
    throw new UsageError(
      `no figure ${JSON.stringify(id)}: the figures are ${FIGURES.map((f) => f.id).join(", ")}`,
    );
  return figure;
}

class UsageError extends Error {}

function parseCli(argv: string[]): Cli {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        figure: { type: "string", multiple: true },
        quick: { type: "boolean" },
        out: { type: "string" },
        list: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const ids = values.figure?.flatMap((f) => f.split(","));
  const only = process.env.BENCH_ONLY?.split(",");
  const selection = ids ?? only;
  const named = selection?.map(figureFor);
  return {
    named: named && FIGURES.filter((f) => named.includes(f)),
    namedAs: ids ? `--figure ${ids.join(",")}` : only ? `BENCH_ONLY=${only.join(",")}` : undefined,
    quick: values.quick ?? false,
    out: values.out ?? process.env.BENCH_OUT,
    list: values.list ?? false,
  };
}

async function main(): Promise<void> {
  const cli = parseCli(process.argv.slice(2));
  if (cli.list) {
    for (const f of FIGURES)
      console.log(
        `${f.id.padStart(2)}  ${f.title}${f.inFullRun ? "" : " (only when named)"}\n    ${commandFor(f.id)}`,
      );
    return;
  }
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} not found: run \`npm run bundle\` first`);
  const options = benchOptions(cli.quick);
  const figures = cli.named ?? FIGURES.filter((f) => f.inFullRun);
  const startedAt = new Date();
  const loadBefore = os.loadavg()[0] ?? NaN;
  const t0 = performance.now();
  const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "agent-evals-bench-")));
  const byId = new Map<string, unknown>();
  const results: ResultsView = {
    // Each figure's result is stored under its own id by the loop below.
    get: <R>(figure: Figure<R>) => byId.get(figure.id) as R | undefined,
  };
  try {
    for (const figure of figures) byId.set(figure.id, await figure.run({ tmp, options }));
    const elapsedMs = performance.now() - t0;
    const ctx: RenderContext = { options, results };
    const md = report({ ctx, startedAt, elapsedMs, loadBefore, loadAfter: os.loadavg()[0] ?? NaN });
    const outFile = cli.out
      ? path.resolve(cli.out)
      : cli.named || options.quick
        ? undefined
        : OUT_FILE;
    if (outFile) {
      // Readable as text: wide tables as lists, prose wrapped as prettier wraps docs/ (.prettierrc.json).
      const prettier = await import("prettier");
      const page = await prettier.format(readable(md + keptSoak(outFile)), {
        parser: "markdown",
        printWidth: 100,
        proseWrap: "always",
      });
      fs.writeFileSync(outFile, page);
    }
    const summary = [
      ...figures.map((f) => {
        const result = results.get(f);
        return result === undefined ? undefined : f.summary(result, ctx);
      }),
      outFile
        ? `wrote ${path.relative(process.cwd(), outFile) || outFile} in ${(elapsedMs / 1000).toFixed(0)} s`
        : `${cli.namedAs ?? "--quick"}: docs/benchmarks.md not written (--out <file> writes the partial page); ${(elapsedMs / 1000).toFixed(0)} s`,
    ].filter(Boolean);
    console.log(summary.join("\n"));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  if (err instanceof UsageError) {
    console.error(`bench: ${err.message}`);
    process.exitCode = 2;
    return;
  }
  console.error(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
});
