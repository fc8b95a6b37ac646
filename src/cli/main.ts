// The `agent-evals` command: eval, list. Exit 0 all passed/skipped/cached, 1 some failed, 2 the
// harness could not run (bad input, refused by the CI gate).

import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { discoverEvalFiles } from "../define/discover.js";
import { loadEvals } from "../define/load.js";
import * as libraryApi from "../library.js";
import { killAllAgents, planEvals, RESULTS_DIR, runEvals } from "../engine.js";
import { lockResults } from "../store/lock.js";
import { exitCodeFor } from "../model/result.js";
import { MergeError, mergeResultDirs } from "../store/merge.js";
import { expectedCost } from "../plan/cache.js";
import {
  parseShard,
  parseShardCount,
  readShardAssignment,
  type Shard,
  type ShardAssignment,
} from "../plan/shard.js";
import { planShards } from "../plan/balance.js";
import { shardPlanLines } from "../report/shards.js";
import type { PlannedUnit } from "../model/plan.js";
import { AgentEvalsError, DefinitionError, formatProblem, UsageError } from "../model/errors.js";
import type { EvalResult } from "../model/result.js";
import { evalBlock, makeStyle, summaryLine } from "../report/console.js";
import { Progress, wantsLiveProgress } from "../report/progress.js";
import { reportFilesLine, writeMergedReports } from "./report-files.js";
import { initProject } from "./commands/init.js";
import { readKnownResults } from "./last-results.js";
import { listLines } from "./commands/list-lines.js";
import { evalJsonSchemaText } from "./commands/schema.js";
import { showLines } from "./commands/show-lines.js";
import { planLines } from "../report/plan.js";
import { SANDBOX_KINDS, TEMP_DIR_ISOLATION, type SandboxKind } from "../run/isolation/resolve.js";
import { RedactingStream } from "../util/redact.js";
import { VERSION } from "../model/version.js";
import type { ClaudeCodeAxis } from "../model/eval.js";
import { claudeCodeSections } from "../kinds/skill/console.js";
import { rebuiltClaudeCodeReports } from "../kinds/skill/rebuild.js";
import { writeClaudeCodeResults } from "../kinds/skill/aggregate.js";
import { parseAxis } from "../kinds/skill/select.js";

const HELP = `agent-evals ${VERSION}: give prompts to real coding agents in a sandbox and check what they did.

Usage:
  agent-evals eval [name…] [options]   run evals (all, or the named ones)
  agent-evals plan [name…] [options]   what eval would run, and what it may cost (runs nothing)
  agent-evals list [options]           list the evals × agents and their last result
  agent-evals show ID [options]        the last trials of one eval, with evidence, and its history
  agent-evals init [--cwd DIR]         scaffold evals/ (a YAML and a TS example, a template
                                       folder) and .github/workflows/evals.yml; never overwrites
  agent-evals schema                   print the JSON Schema of the YAML eval formats
  agent-evals merge DIR… [--out DIR]   merge shards' results folders into one run (default out:
                                       .copybook/results); exit code as for the merged run

Options:
  --cwd DIR            project root (default: the current directory)
  --evals GLOB         eval files to load (repeatable; default evals/ and _evals/)
  --agent NAME|CMD     agent to run instead of each eval's own: "literal", or a command
                       template such as "my-agent --yes {prompt}" (repeatable)
  --axis KIND          skill/command/hook evals: only their trigger, e2e or hook parts
  --trials N           trials per eval × agent (overrides the definitions)
  --concurrency N      trials run at once (default: the number of CPUs)
  --all-trials         run every planned trial, even once the verdict is decided
  --budget-usd X       spend at most X US dollars: no trial starts unless its worst case fits
  --history-dir DIR    append each eval × agent's verdict to DIR/<id>.jsonl; an eval whose prompt,
                       definition and agent version match a recorded verdict is cached, not run
  --force              run evals even when a recorded verdict matches
  --no-cache           without --history-dir, don't use the checkout's fingerprint cache
  --shard I/N          run shard I of N (a stable split of the eval × agent pairs, balanced by
                       the expected duration in --history-dir)
  --shard-plan FILE    with --shard: take the split from this plan (\`plan --shards N --format json\`)
  --shards N|auto      plan: split into N shards (auto: by suite size); prints each shard's
                       pairs and expected cost, and the balance (heaviest ÷ mean)
  --changed            only evals whose rendered prompt or definition differs at --base
  --base REF           the git ref --changed compares with (default origin/main)
  --dry-run            print the plan (as \`plan\`) and run nothing
  --keep-workspace     keep each trial's sandbox on disk and print where
  --format text|json   console output (json prints run.json)
  --unsafe-local       run agents outside CI (without CI=true)
  --sandbox KIND       none (default): a temp dir per trial; bwrap: bubblewrap (read-only view
                       outside the workspace, loopback-only network plus the model APIs), or
                       refuse to run where it does not work; auto: bwrap where it works
  --verbose            also show passing trials and checks
  --quiet              only the summary and failures
  -h, --help           this help
  -v, --version        the version
`;

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        cwd: { type: "string" },
        evals: { type: "string", multiple: true },
        agent: { type: "string", multiple: true },
        axis: { type: "string" },
        trials: { type: "string" },
        concurrency: { type: "string" },
        "all-trials": { type: "boolean" },
        "budget-usd": { type: "string" },
        changed: { type: "boolean" },
        shard: { type: "string" },
        "shard-plan": { type: "string" },
        shards: { type: "string" },
        out: { type: "string" },
        "history-dir": { type: "string" },
        force: { type: "boolean" },
        "no-cache": { type: "boolean" },
        base: { type: "string" },
        "dry-run": { type: "boolean" },
        "keep-workspace": { type: "boolean" },
        format: { type: "string" },
        "unsafe-local": { type: "boolean" },
        sandbox: { type: "string" },
        verbose: { type: "boolean" },
        quiet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.version) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const [command, ...names] = positionals;
  if (values.help || !command) {
    process.stdout.write(HELP);
    return values.help ? 0 : 2;
  }
  try {
    const projectRoot = path.resolve(values.cwd ?? ".");
    switch (command) {
      case "eval":
        return values["dry-run"]
          ? await planCommand(projectRoot, names, values)
          : await evalCommand(projectRoot, names, values);
      case "plan":
        return await planCommand(projectRoot, names, values);
      case "list":
        return await listCommand(projectRoot, values.evals, values["history-dir"]);
      case "show":
        return await showCommand(projectRoot, names, values["history-dir"]);
      case "init":
        return await initCommand(projectRoot, names);
      case "schema":
        process.stdout.write(evalJsonSchemaText());
        return 0;
      case "merge":
        return await mergeCommand(
          names,
          path.resolve(projectRoot, values.out ?? RESULTS_DIR),
          projectRoot,
          values.evals,
        );
      default:
        throw new UsageError(
          `unknown command ${JSON.stringify(command)}: use eval, plan, list, show, merge, init or schema`,
        );
    }
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message);
    if (error instanceof DefinitionError) {
      process.stderr.write(`${error.problems.map(formatProblem).join("\n")}\n`);
      process.stderr.write(
        `agent-evals: ${error.problems.length} problem(s) in the eval definitions; nothing was run.\n`,
      );
      return error.exitCode;
    }
    if (error instanceof AgentEvalsError) {
      process.stderr.write(`agent-evals: ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
}

function usage(message: string): number {
  process.stderr.write(`agent-evals: ${message}\nRun \`agent-evals --help\` for the options.\n`);
  return 2;
}

function positiveInt(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--${name} takes a whole number ≥ 1, got ${JSON.stringify(text)}`);
  return n;
}

interface EvalFlags {
  evals?: string[];
  agent?: string[];
  axis?: string;
  trials?: string;
  concurrency?: string;
  "all-trials"?: boolean;
  "budget-usd"?: string;
  changed?: boolean;
  shard?: string;
  "shard-plan"?: string;
  shards?: string;
  base?: string;
  "history-dir"?: string;
  force?: boolean;
  "no-cache"?: boolean;
  "dry-run"?: boolean;
  "keep-workspace"?: boolean;
  format?: string;
  "unsafe-local"?: boolean;
  sandbox?: string;
  verbose?: boolean;
  quiet?: boolean;
}

async function evalCommand(
  projectRoot: string,
  names: string[],
  flags: EvalFlags,
): Promise<number> {
  const format = flags.format ?? "text";
  if (format !== "text" && format !== "json")
    throw new UsageError(`--format takes text or json, got ${JSON.stringify(format)}`);
  const trials = positiveInt("trials", flags.trials);
  const concurrency = positiveInt("concurrency", flags.concurrency);
  const budgetUsd = nonNegativeUsd(flags["budget-usd"]);
  // With --format json, stdout carries only the result; progress goes to stderr.
  const out = format === "json" ? process.stderr : process.stdout;
  const style = makeStyle(out, process.env);
  // Progress names agents as typed: a command template may hold a secret's value.
  const screen = new RedactingStream(out, process.env);
  const progress = new Progress({
    stream: screen,
    style,
    live: wantsLiveProgress(out, process.env),
    quiet: flags.quiet,
    verbose: flags.verbose,
  });
  const say = (line: string) => progress.line(line);

  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupts++;
    process.stderr.write(`\nagent-evals: ${signal}: stopping agents, writing partial results…\n`);
    controller.abort();
    killAllAgents();
    if (interrupts > 1) process.exit(130);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  const finished: EvalResult[] = [];
  try {
    const outcome = await runEvals({
      projectRoot,
      evals: flags.evals,
      names,
      axis: axisFlag(flags.axis),
      agents: flags.agent ?? [],
      trials,
      concurrency,
      allTrials: flags["all-trials"],
      budgetUsd,
      changedBase: changedBase(flags),
      shard: shardFlag(flags.shard),
      shardPlan: await shardPlanFlag(flags),
      historyDir: flags["history-dir"],
      force: flags.force,
      noCache: flags["no-cache"],
      keepWorkspace: flags["keep-workspace"],
      unsafeLocal: flags["unsafe-local"],
      sandbox: sandboxFlag(flags.sandbox),
      signal: controller.signal,
      events: {
        onPlan(plan, specs, notes) {
          screen.alsoRedact(specs.flatMap((spec) => spec.prompt?.secrets ?? []));
          for (const note of notes) say(style.dim(note));
          const trialsPlanned = plan.units
            .filter((u) => !u.settled)
            .reduce((n, u) => n + u.trials, 0);
          if (!flags.quiet) {
            say(
              style.dim(
                `agent-evals ${VERSION}: ${plan.units.length} eval × agent pair(s), up to ${trialsPlanned} trial(s)`,
              ),
            );
            // With bwrap the engine's notes already said what the sandbox isolates.
            if (plan.agentUnits > 0 && !notes.some((n) => n.startsWith("sandbox:")))
              say(style.dim(TEMP_DIR_ISOLATION));
          }
          progress.start(trialsPlanned);
        },
        onTrialEnd(unit, trial) {
          progress.trialEnded(unit.spec.id, unit.agentName, unit.trials, trial);
          if (trial.status !== "passed" && flags["keep-workspace"] && "workspace" in trial) {
            say(style.dim(`    workspace kept at ${String(trial.workspace)}`));
          }
        },
        onUnitEnd(unit, result) {
          finished.push(result);
          if (!unit.settled) progress.unitEnded(unit.trials, result.trialsRun);
        },
      },
    });
    progress.finish();
    say("");
    // Skill/command/hook evals get their own section per target (below) instead.
    const parts = new Set((outcome.claudeCode ?? []).flatMap((report) => report.parts));
    for (const result of outcome.run.evals) {
      if (parts.has(result.id)) continue;
      const full = finished.find((f) => f.id === result.id && f.agent === result.agent) ?? result;
      if (flags.quiet && (result.status === "passed" || result.status === "skipped")) continue;
      say(evalBlock(full, projectRoot, style, flags.verbose));
    }
    say("");
    // --quiet: only the targets with a failure.
    const reports = (outcome.claudeCode ?? []).filter(
      (r) => !flags.quiet || r.status === "failed" || r.status === "error",
    );
    const sections = claudeCodeSections(reports, projectRoot, style, flags.verbose);
    for (const line of sections) say(line);
    if (sections.length) say("");
    say(summaryLine(outcome.run, path.relative(process.cwd(), outcome.resultsDir) || ".", style));
    say(style.dim(reportFilesLine(outcome.resultsDir)));
    if (format === "json") process.stdout.write(`${JSON.stringify(outcome.run, null, 2)}\n`);
    return controller.signal.aborted ? 130 : outcome.exitCode;
  } finally {
    progress.finish();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

function sandboxFlag(text: string | undefined): SandboxKind | undefined {
  if (text === undefined || (SANDBOX_KINDS as readonly string[]).includes(text))
    return text as SandboxKind | undefined;
  throw new UsageError(`--sandbox takes ${SANDBOX_KINDS.join(", ")}, got ${JSON.stringify(text)}`);
}

function axisFlag(text: string | undefined): ClaudeCodeAxis | undefined {
  try {
    return parseAxis(text);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function shardFlag(text: string | undefined): Shard | undefined {
  try {
    return parseShard(text);
  } catch (error) {
    throw new UsageError(`--shard: ${(error as Error).message}`);
  }
}

async function shardPlanFlag(flags: EvalFlags): Promise<ShardAssignment | undefined> {
  const file = flags["shard-plan"];
  if (file === undefined) return undefined;
  if (!flags.shard) throw new UsageError("--shard-plan goes with --shard I/N");
  try {
    return readShardAssignment(await readFile(file, "utf8"));
  } catch (error) {
    throw new UsageError(`--shard-plan ${file}: ${(error as Error).message}`);
  }
}

function changedBase(flags: EvalFlags): string | undefined {
  if (flags.base && !flags.changed) throw new UsageError("--base goes with --changed");
  return flags.changed ? (flags.base ?? "origin/main") : undefined;
}

function nonNegativeUsd(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text.replace(/^\$/, ""));
  if (!Number.isFinite(n) || n < 0 || text.trim() === "") {
    throw new UsageError(
      `--budget-usd takes an amount of US dollars ≥ 0, got ${JSON.stringify(text)}`,
    );
  }
  return n;
}

async function planCommand(
  projectRoot: string,
  names: string[],
  flags: EvalFlags,
): Promise<number> {
  const format = flags.format ?? "text";
  if (format !== "text" && format !== "json")
    throw new UsageError(`--format takes text or json, got ${JSON.stringify(format)}`);
  let shards: number | "auto" | undefined;
  try {
    shards = flags.shards === undefined ? undefined : parseShardCount(flags.shards);
  } catch (error) {
    throw new UsageError(`--shards: ${(error as Error).message}`);
  }
  if (shards !== undefined && flags.shard)
    throw new UsageError("--shards and --shard exclude each other");
  const { plan, notes, cache } = await planEvals({
    projectRoot,
    evals: flags.evals,
    names,
    axis: axisFlag(flags.axis),
    agents: flags.agent ?? [],
    trials: positiveInt("trials", flags.trials),
    changedBase: changedBase(flags),
    shard: shardFlag(flags.shard),
    shardPlan: await shardPlanFlag(flags),
    historyDir: flags["history-dir"],
    force: flags.force,
    noCache: flags["no-cache"],
  });
  if (shards !== undefined || format === "json") {
    const split = planShards(
      plan.units,
      shards ?? 1,
      cache.history,
      nonNegativeUsd(flags["budget-usd"]),
    );
    if (format === "json") process.stdout.write(`${JSON.stringify(split, null, 2)}\n`);
    else for (const line of shardPlanLines(split)) process.stdout.write(`${line}\n`);
    return 0;
  }
  for (const note of notes) process.stdout.write(`${note}\n`);
  const costOf = (unit: PlannedUnit) => ({ expectedPerTrial: expectedCost(unit, cache) });
  const budget = nonNegativeUsd(flags["budget-usd"]);
  for (const line of planLines(plan.units, projectRoot, costOf, budget)) {
    process.stdout.write(`${line}\n`);
  }
  return 0;
}

async function mergeCommand(
  dirs: string[],
  outDir: string,
  projectRoot: string,
  evals: string[] | undefined,
): Promise<number> {
  if (dirs.length === 0) throw new UsageError("merge takes the results folders of the shards");
  // The same lock as a run's: a merge into the folder a run is writing would mix the two.
  const unlock = await lockResults(outDir);
  try {
    const merged = await mergeResultDirs(dirs, outDir, {
      projectRoot,
      resultsDir: path.join(projectRoot, RESULTS_DIR),
    });
    await writeMergedReports(merged, outDir, projectRoot);
    const style = makeStyle(process.stdout, process.env);
    // Each shard saw only its part of a skill's queries: precision, recall and F1 are computed
    // again over all of them, from the YAML definitions in this project (see skills/rebuild.ts).
    const { reports, warning } = await rebuiltClaudeCodeReports(projectRoot, evals, merged);
    if (warning) process.stderr.write(`agent-evals merge: ${warning}\n`);
    const sections = claudeCodeSections(
      await writeClaudeCodeResults(reports, projectRoot),
      projectRoot,
      style,
    );
    if (sections.length) process.stdout.write(`${[...sections, ""].join("\n")}\n`);
    process.stdout.write(
      `${summaryLine(merged, path.relative(process.cwd(), outDir) || ".", style)}\n`,
    );
    process.stdout.write(`${style.dim(reportFilesLine(outDir))}\n`);
    return exitCodeFor(merged.evals);
  } catch (error) {
    if (error instanceof MergeError) throw new UsageError(error.message);
    throw error;
  } finally {
    await unlock();
  }
}

async function listCommand(
  projectRoot: string,
  evals: string[] | undefined,
  historyDir: string | undefined,
): Promise<number> {
  const files = await discoverEvalFiles(projectRoot, evals);
  const specs = await loadEvals(files, { projectRoot, libraryApi: { ...libraryApi } });
  const known = await readKnownResults(
    path.join(projectRoot, RESULTS_DIR),
    historyDir && path.resolve(projectRoot, historyDir),
  );
  for (const line of listLines(specs, projectRoot, known)) process.stdout.write(`${line}\n`);
  return 0;
}

async function showCommand(
  projectRoot: string,
  names: string[],
  historyDir: string | undefined,
): Promise<number> {
  if (names.length !== 1) throw new UsageError("show takes one eval id: agent-evals show <id>");
  const resultsDir = path.join(projectRoot, RESULTS_DIR);
  const known = await readKnownResults(
    resultsDir,
    historyDir && path.resolve(projectRoot, historyDir),
  );
  const style = makeStyle(process.stdout, process.env);
  for (const line of showLines(names[0]!, known, projectRoot, resultsDir, style)) {
    process.stdout.write(`${line}\n`);
  }
  return 0;
}

async function initCommand(projectRoot: string, names: string[]): Promise<number> {
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
