// The commands: name, arguments, what they do, the flags they take. Help pages and the dispatch
// in cli/main.ts are derived from this table.

import type { FlagName } from "../flags.js";
import type { CommandContext } from "./context.js";
import { compareCommand, evalCommand } from "./eval.js";
import { healthCommand } from "./health.js";
import { initCommand } from "./init.js";
import { listCommand } from "./list.js";
import { mergeCommand } from "./merge.js";
import { calibrateCommand } from "./calibrate.js";
import { divergeCommand } from "./diverge.js";
import { recheckCommand } from "./recheck.js";
import { replayCommand } from "./replay.js";
import { comparePlanCommand, planCommand } from "./plan.js";
import { schemaCommand } from "./schema.js";
import { showCommand } from "./show.js";

export interface Command {
  name: string;
  /** What follows the name in its usage line. */
  args: string;
  /** One line (or a few, `\n`-separated) for the help pages. */
  summary: string;
  flags: readonly FlagName[];
  run(ctx: CommandContext): Promise<number>;
}

const SELECT: readonly FlagName[] = ["cwd", "evals", "agent", "axis", "trials"];
const PLAN: readonly FlagName[] = [
  ...SELECT,
  "budget-usd",
  "history-dir",
  "force",
  "no-cache",
  "shard",
  "shard-plan",
  "changed",
  "base",
  "format",
];

export const COMMANDS: readonly Command[] = [
  {
    name: "eval",
    args: "[name…] [options]",
    summary: "run evals (all, or the named ones)",
    flags: [
      ...PLAN,
      "resume",
      "concurrency",
      "margin",
      "reference-agent",
      "fail-on",
      "all-trials",
      "shards",
      "dry-run",
      "keep-workspace",
      "record",
      "replay",
      "no-provider-gate",
      "unsafe-local",
      "real-home",
      "sandbox",
      "image",
      "cpus",
      "memory",
      "pids",
      "verbose",
      "quiet",
    ],
    run: (ctx) => (ctx.flags["dry-run"] ? planCommand(ctx) : evalCommand(ctx)),
  },
  {
    name: "compare",
    args: "--base REF | --agent-version AGENT@VER [name…] [options]",
    summary:
      "the evals at REF (the control) against the working tree (the\ntreatment), trials interleaved; a verdict per eval × agent",
    flags: [
      ...SELECT,
      "base",
      "agent-version",
      "fail-on",
      "margin",
      "detect",
      "power",
      "history-dir",
      "resume",
      "budget-usd",
      "format",
      "concurrency",
      "dry-run",
      "keep-workspace",
      "no-provider-gate",
      "unsafe-local",
      "real-home",
      "sandbox",
      "image",
      "cpus",
      "memory",
      "pids",
      "verbose",
      "quiet",
    ],
    run: (ctx) => (ctx.flags["dry-run"] ? comparePlanCommand(ctx) : compareCommand(ctx)),
  },
  {
    name: "plan",
    args: "[name…] [options]",
    summary: "what eval would run, and what it may cost (runs nothing)",
    flags: [...PLAN, "shards", "replay", "detect", "power", "margin"],
    run: planCommand,
  },
  {
    name: "recheck",
    args: "[name…] [--from DIR]",
    summary:
      "the current checks (judges too) on the stored outcomes of the last run,\nor of a downloaded artifact; starts no agent; exit code as for eval",
    flags: ["cwd", "evals", "from", "budget-usd", "format", "real-home", "verbose"],
    run: recheckCommand,
  },
  {
    name: "calibrate",
    args: "[name…]",
    summary:
      "run each judge on its labelled examples: accuracy and Cohen's κ, shown\nbeside every judged check after",
    flags: ["cwd", "evals", "budget-usd", "real-home"],
    run: calibrateCommand,
  },
  {
    name: "replay",
    args: "TRIAL [options]",
    summary:
      "one recorded trial (a results folder's evals/<eval>/<agent>/trial-<n>) run\nagain exactly: its model requests answered from its cassette, no key, no\ncost, the workspace kept",
    flags: ["cwd", "unsafe-local", "real-home", "sandbox", "image", "verbose", "format"],
    run: replayCommand,
  },
  {
    name: "diverge",
    args: "A B",
    summary:
      "where two recorded trials (trial folders or cassette files, recorded\nwith --record or replayed) part ways: the first turn whose request or\nresponse differs, with a diff; exit 1 when they differ",
    flags: ["cwd"],
    run: divergeCommand,
  },
  {
    name: "list",
    args: "[options]",
    summary: "list the evals × agents and their last result",
    flags: ["cwd", "evals", "history-dir"],
    run: listCommand,
  },
  {
    name: "show",
    args: "ID [options]",
    summary: "the last trials of one eval, with evidence, and its history",
    flags: ["cwd", "history-dir"],
    run: showCommand,
  },
  {
    name: "health",
    args: "--history-dir DIR [options]",
    summary: "the evals that are broken, flaky or saturated, from their recorded runs",
    flags: ["cwd", "history-dir", "format"],
    run: healthCommand,
  },
  {
    name: "init",
    args: "[--cwd DIR] [--action OWNER/REPO@REF]",
    summary:
      "scaffold evals/ (a YAML and a TS example, a template\nfolder) and .github/workflows/evals.yml; never overwrites;\nadds .copybook/ and node_modules/ to .gitignore",
    flags: ["cwd", "action"],
    run: initCommand,
  },
  {
    name: "schema",
    args: "",
    summary: "print the JSON Schema of the YAML eval formats",
    flags: [],
    run: schemaCommand,
  },
  {
    name: "merge",
    args: "DIR… [--out DIR]",
    summary:
      "merge shards' results folders into one run (default out:\n.copybook/results); exit code as for the merged run",
    flags: ["cwd", "evals", "out"],
    run: mergeCommand,
  },
];
