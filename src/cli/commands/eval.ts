// `agent-evals eval [name…]`: run the evals, show progress, then each result, the comparisons (of
// variants), the kinds' summaries and one summary line. Exit 0 all passed/skipped/cached, 1 some
// failed, 2 the harness could not run. `agent-evals compare --base REF` runs through the same code
// (compareCommand), with its exit code from --fail-on.

import path from "node:path";
import {
  compareAgentVersion,
  compareEvals,
  killAllAgents,
  runEvals,
  type RunEvalsOptions,
  type RunEvalsOutcome,
} from "../../engine/index.js";
import type { EvalResult, RunResult } from "../../model/index.js";
import { VERSION, exitCodeFor, mostTrials, parityFails, unitLabel } from "../../model/index.js";
import {
  GarbageCadence,
  RedactingStream,
  inert,
  inertLines,
  onTerminatingSignals,
} from "../../util/index.js";
import { isolationNote } from "../../run/index.js";
import {
  comparisonLines,
  evalBlock,
  parityLines,
  makeStyle,
  skippedLines,
  rateLimitLine,
  summaryLine,
  reportFilesLine,
  Progress,
  seconds,
  wantsLiveProgress,
} from "../../report/index.js";
import { consoleSections } from "../../kinds/index.js";
import type { CommandContext } from "./context.js";
import { surviveLostConsole } from "../interrupts.js";
import * as value from "../values.js";

export function evalCommand(ctx: CommandContext): Promise<number> {
  const margin = value.margin(ctx.flags.margin);
  const failOn = value.evalFailOn(ctx.flags["fail-on"]);
  const referenceAgent = ctx.flags["reference-agent"];
  return runCommand(
    ctx,
    (options) =>
      runEvals({
        ...options,
        margin,
        resume: ctx.flags.resume,
        ...(referenceAgent ? { referenceAgent } : {}),
      }),
    (o) => evalExitCode(o.exitCode, o.run, failOn),
  );
}

/**
 * eval's exit code: the verdicts' (0, 1, 2); with --fail-on parity also 1 when an agent is behind
 * its eval's reference agent by more than the margin (docs/verdicts.md › Parity across agents).
 */
export function evalExitCode(verdicts: number, run: RunResult, failOn: value.EvalFailOn): number {
  if (verdicts !== 0 || failOn !== "parity") return verdicts;
  return parityFails(run.parity ?? []) ? 1 : 0;
}

/** `compare --base REF [name…]`: the evals at REF against the working tree. */
export function compareCommand(ctx: CommandContext): Promise<number> {
  const failOn = value.failOn(ctx.flags["fail-on"]);
  const margin = value.margin(ctx.flags.margin);
  const detect = value.powerTarget(ctx.flags);
  const candidate = value.agentVersion(ctx.flags);
  if (candidate)
    return runCommand(
      ctx,
      (options) =>
        compareAgentVersion({
          ...options,
          candidate,
          margin,
          resume: ctx.flags.resume,
          say: (line) => process.stderr.write(`${line}\n`),
          ...(detect ? { detect } : {}),
        }),
      (outcome) => compareExitCode(outcome.run, failOn),
    );
  const base = value.compareBase(ctx.flags);
  // --base is compare's own here, not --changed's.
  return runCommand(
    { ...ctx, flags: { ...ctx.flags, base: undefined } },
    (options) =>
      compareEvals({
        ...options,
        base,
        margin,
        resume: ctx.flags.resume,
        ...(detect ? { detect } : {}),
      }),
    (outcome) => compareExitCode(outcome.run, failOn),
  );
}

/**
 * compare's exit code: 2 when the harness could not run an arm; else 1 when a comparison is a
 * regression (--fail-on regression), or also when the treatment failed its own pass rate
 * (--fail-on failure); 0 otherwise, and always with --fail-on never (but for 2).
 */
export function compareExitCode(run: RunResult, failOn: value.FailOn): 0 | 1 | 2 {
  if (run.evals.some((e) => e.status === "error")) return 2;
  if (failOn === "never") return 0;
  const regression = (run.comparisons ?? []).some((c) => c.verdict === "regression");
  if (regression) return 1;
  return failOn === "failure" ? exitCodeFor(run.evals) : 0;
}

export async function runCommand(
  { projectRoot, names, flags }: CommandContext,
  run: (options: RunEvalsOptions) => Promise<RunEvalsOutcome>,
  exitCode: (outcome: RunEvalsOutcome) => number,
): Promise<number> {
  const format = value.outputFormat(flags.format);
  const trials = value.positiveInt("trials", flags.trials);
  const concurrency = value.positiveInt("concurrency", flags.concurrency);
  const budgetUsd = value.nonNegativeUsd(flags["budget-usd"]);
  // With --format json, stdout carries only the result; progress goes to stderr.
  const out = format === "json" ? process.stderr : process.stdout;
  const style = makeStyle(out, process.env);
  // Progress names agents as typed: a command template may hold a secret's value.
  const screen = new RedactingStream(out, process.env);
  // --quiet keeps stdout to the summary and failures: the plan's notes (a reap of killed runs,
  // changed-only's selection…) go to stderr there, redacted the same way.
  const notesScreen = flags.quiet ? new RedactingStream(process.stderr, process.env) : undefined;
  const progress = new Progress({
    stream: screen,
    style,
    live: wantsLiveProgress(out, process.env),
    quiet: flags.quiet,
    verbose: flags.verbose,
  });
  // No blank line twice in a row, and none opening --quiet's output (it prints no progress).
  let lastBlank = flags.quiet === true;
  const say = (line: string) => {
    if (line === "" && lastBlank) return;
    lastBlank = line === "";
    progress.line(line);
  };

  const controller = new AbortController();
  surviveLostConsole();
  const stopWatchingSignals = onTerminatingSignals((signal, repeat) => {
    process.stderr.write(
      repeat
        ? `\nagent-evals: ${signal}: already stopping; killing the agents again, then writing partial results…\n`
        : `\nagent-evals: ${signal}: stopping agents, writing partial results…\n`,
    );
    controller.abort();
    killAllAgents();
  });

  const finished: EvalResult[] = [];
  const garbage = new GarbageCadence();
  try {
    const outcome = await run({
      projectRoot,
      evals: flags.evals,
      names,
      axis: flags.axis,
      agents: flags.agent ?? [],
      trials,
      concurrency,
      allTrials: flags["all-trials"],
      budgetUsd,
      changedBase: value.changedBase(flags),
      shard: value.shard(flags.shard),
      shardPlan: await value.shardPlan(flags),
      historyDir: flags["history-dir"],
      force: flags.force,
      noCache: flags["no-cache"],
      keepWorkspace: flags["keep-workspace"],
      ...value.traffic(flags, projectRoot),
      ...(flags["no-provider-gate"] ? { providerGate: false } : {}),
      unsafeLocal: flags["unsafe-local"],
      realHome: flags["real-home"],
      sandbox: value.sandboxKind(flags.sandbox),
      container: value.containerOptions(flags),
      signal: controller.signal,
      events: {
        onPlan({ plan, specs, notes, isolation, keptTrials = 0 }) {
          const declared = specs.flatMap((spec) => spec.prompt?.secrets ?? []);
          screen.alsoRedact(declared);
          notesScreen?.alsoRedact(declared);
          for (const note of notes)
            if (notesScreen) notesScreen.write(`${inertLines(note)}\n`);
            else say(style.dim(inertLines(note)));
          const trialsPlanned =
            plan.units.filter((u) => !u.settled).reduce((n, u) => n + mostTrials(u), 0) -
            keptTrials;
          if (!flags.quiet) {
            say(
              style.dim(
                `agent-evals ${VERSION}: ${plan.units.length} eval × agent pair(s), up to ${trialsPlanned} trial(s)`,
              ),
            );
            // Unless the engine's notes already said what the sandbox isolates (any but the default).
            const note = isolationNote(isolation);
            if (plan.agentUnits > 0 && !notes.includes(note)) say(style.dim(note));
          }
          progress.start(trialsPlanned);
        },
        onTrialRetry(unit, n, retry) {
          if (flags.quiet) return;
          say(
            style.yellow(
              `  ↻ ${unitLabel(unit)} [${unit.agentName}] trial ${n}: infra error after ${seconds(retry.elapsedMs)}, retry ${retry.attempt}/${retry.of}: ${inert(retry.reason)}`,
            ),
          );
        },
        onTrialEnd(unit, trial) {
          garbage.trialEnded();
          progress.trialEnded(unitLabel(unit), unit.agentName, mostTrials(unit), trial);
          if (flags["keep-workspace"] && "workspace" in trial) {
            say(style.dim(`    workspace kept at ${String(trial.workspace)}`));
          }
        },
        onUnitEnd(unit, result) {
          finished.push(result);
          if (!unit.settled) progress.unitEnded(mostTrials(unit), result.trialsRun);
        },
      },
    });
    progress.finish();
    say("");
    // Evals that are parts of a summary (a skill's queries and scenarios) are shown inside it.
    const parts = new Set(outcome.summaries.flatMap((summary) => summary.parts));
    const comparisons = outcome.run.comparisons ?? [];
    const compared = new Set(comparisons.map((c) => `${c.id}\u0000${c.agent}`));
    for (const result of outcome.run.evals) {
      if (parts.has(result.id)) continue;
      const full =
        finished.find(
          (f) => f.id === result.id && f.agent === result.agent && f.arm === result.arm,
        ) ?? result;
      if (flags.quiet && (result.status === "passed" || result.status === "skipped")) continue;
      const inComparison = compared.has(`${result.id}\u0000${result.agent}`);
      say(evalBlock(full, projectRoot, style, flags.verbose, inComparison));
    }
    say("");
    const comparing = comparisonLines(comparisons, style);
    for (const line of comparing) say(line);
    if (comparing.length) say("");
    const parity = parityLines(outcome.run.parity ?? [], style);
    for (const line of parity) say(line);
    if (parity.length) say("");
    // --quiet: only the summaries with a failure.
    const summaries = outcome.summaries.filter(
      (s) => !flags.quiet || s.status === "failed" || s.status === "error",
    );
    const sections = consoleSections(summaries, projectRoot, style, flags.verbose);
    for (const line of sections) say(line);
    if (sections.length) say("");
    for (const line of skippedLines(outcome.run, style)) say(line);
    const rateLimits = rateLimitLine(outcome.run, style);
    if (rateLimits) say(rateLimits);
    // One summary line for the run, in which a skill eval (all its parts) counts once.
    const counted = { ...outcome.run, counts: countsBySummary(outcome.run, outcome.summaries) };
    say(summaryLine(counted, path.relative(process.cwd(), outcome.resultsDir) || ".", style));
    say(style.dim(reportFilesLine(outcome.resultsDir)));
    if (format === "json") process.stdout.write(`${JSON.stringify(outcome.run, null, 2)}\n`);
    return controller.signal.aborted ? 130 : exitCode(outcome);
  } finally {
    progress.finish();
    stopWatchingSignals();
  }
}

/** The run's counts with each summary's parts replaced by the summary itself (its verdict). */
function countsBySummary(
  run: RunResult,
  summaries: RunEvalsOutcome["summaries"],
): RunResult["counts"] {
  const counts = { ...run.counts };
  for (const summary of summaries) {
    const parts = new Set(summary.parts);
    const inRun = run.evals.filter((e) => e.arm === undefined && parts.has(e.id));
    if (inRun.length === 0) continue;
    for (const e of inRun) counts[e.status] -= 1;
    counts[summary.status] += 1;
  }
  return counts;
}
