// `agent-evals eval [name…]`: run the evals, show progress, then each result, the kinds' summaries
// and one summary line. Exit 0 all passed/skipped/cached, 1 some failed, 2 the harness could not run.

import path from "node:path";
import { killAllAgents, runEvals } from "../../engine.js";
import type { EvalResult } from "../../model/index.js";
import { VERSION } from "../../model/index.js";
import { RedactingStream } from "../../util/index.js";
import { TEMP_DIR_ISOLATION } from "../../run/index.js";
import {
  evalBlock,
  makeStyle,
  summaryLine,
  reportFilesLine,
  Progress,
  wantsLiveProgress,
} from "../../report/index.js";
import { consoleSections } from "../../kinds/index.js";
import type { CommandContext } from "./context.js";
import { onTerminatingSignals, surviveLostConsole } from "../interrupts.js";
import * as value from "../values.js";

export async function evalCommand({ projectRoot, names, flags }: CommandContext): Promise<number> {
  const format = value.outputFormat(flags.format);
  const trials = value.positiveInt("trials", flags.trials);
  const concurrency = value.positiveInt("concurrency", flags.concurrency);
  const budgetUsd = value.nonNegativeUsd(flags["budget-usd"]);
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
  try {
    const outcome = await runEvals({
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
      unsafeLocal: flags["unsafe-local"],
      sandbox: value.sandboxKind(flags.sandbox),
      signal: controller.signal,
      events: {
        onPlan({ plan, specs, notes, isolation }) {
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
            if (plan.agentUnits > 0 && !isolation.bwrap) say(style.dim(TEMP_DIR_ISOLATION));
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
    // Evals that are parts of a summary (a skill's queries and scenarios) are shown inside it.
    const parts = new Set(outcome.summaries.flatMap((summary) => summary.parts));
    for (const result of outcome.run.evals) {
      if (parts.has(result.id)) continue;
      const full = finished.find((f) => f.id === result.id && f.agent === result.agent) ?? result;
      if (flags.quiet && (result.status === "passed" || result.status === "skipped")) continue;
      say(evalBlock(full, projectRoot, style, flags.verbose));
    }
    say("");
    // --quiet: only the summaries with a failure.
    const summaries = outcome.summaries.filter(
      (s) => !flags.quiet || s.status === "failed" || s.status === "error",
    );
    const sections = consoleSections(summaries, projectRoot, style, flags.verbose);
    for (const line of sections) say(line);
    if (sections.length) say("");
    say(summaryLine(outcome.run, path.relative(process.cwd(), outcome.resultsDir) || ".", style));
    say(style.dim(reportFilesLine(outcome.resultsDir)));
    if (format === "json") process.stdout.write(`${JSON.stringify(outcome.run, null, 2)}\n`);
    return controller.signal.aborted ? 130 : outcome.exitCode;
  } finally {
    progress.finish();
    stopWatchingSignals();
  }
}
