// The console report, in the spirit of a test runner: a line per trial as it finishes, then a
// block per eval × agent with the verdict, pass rate, interval and the evidence of failed checks.
// Every text that an agent, a check's output or a stored result may hold goes through inert() or
// inertLines() (util/inert.ts) as it is put in a line: it is shown, never acted on by the terminal.

import path from "node:path";
import type { EvalResult, RunResult, TrialResult } from "../model/index.js";
import { Codes, requiredPasses } from "../model/index.js";
import { inert, inertLines } from "../util/index.js";

export interface Style {
  green(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

/** ANSI colours only on a terminal, and never when NO_COLOR is set. */
export function makeStyle(
  stream: { isTTY?: boolean },
  env: Record<string, string | undefined>,
): Style {
  const on = Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== "dumb";
  const wrap = (code: number) => (s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s);
  return { green: wrap(32), red: wrap(31), yellow: wrap(33), dim: wrap(2), bold: wrap(1) };
}

export function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)}s` : `${Math.round(ms / 1000)}s`;
}

export function percent(x: number): string {
  return `${Math.round(x * 100)}%`;
}

export function usd(x: number): string {
  return `$${x.toFixed(x > 0 && x < 0.01 ? 4 : 2)}`;
}

export function trialLine(
  id: string,
  agent: string,
  planned: number,
  trial: TrialResult,
  style: Style,
): string {
  const mark =
    trial.status === "passed"
      ? style.green("✓")
      : trial.status === "failed"
        ? style.red("✗")
        : style.yellow("!");
  const cost = trial.costUsd ? ` ${usd(trial.costUsd)}` : "";
  // One line per trial: a reason of many lines (a replay miss's diff) follows whole in the eval's
  // block (evalBlock).
  const reason = trial.reason ?? trial.status;
  const firstLine = reason.split("\n")[0]!;
  const more = firstLine.length < reason.length ? " (more below)" : "";
  const why = trial.status === "passed" ? "" : `: ${inert(firstLine)}${more}`;
  // The warnings' text follows in the eval's block (evalBlock); here only how many.
  const count = trial.warnings?.length ?? 0;
  const warned = count ? ` ${style.yellow(`(${count} warning${count === 1 ? "" : "s"})`)}` : "";
  const limits = trial.rateLimits;
  const limited = limits
    ? ` ${style.dim(`(rate limits: ${limits.absorbed} absorbed, ${seconds(limits.heldMs)} held back${limits.retries ? `, ${limits.retries} retried` : ""})`)}`
    : "";
  return `  ${mark} ${inert(id)} [${inert(agent)}] trial ${trial.n}/${planned} ${trial.status} ${style.dim(seconds(trial.durationMs))}${cost}${why}${warned}${limited}`;
}

/** The word each verdict is printed as (the skill/command/hook sections use it too). */
export const STATUS_LABEL: Record<EvalResult["status"], string> = {
  passed: "PASS",
  failed: "FAIL",
  skipped: "SKIP",
  cached: "CACHED",
  error: "ERROR",
  incomplete: "INCOMPLETE",
  inconclusive: "INCONCLUSIVE",
};

export function evalBlock(
  result: EvalResult,
  projectRoot: string,
  style: Style,
  verbose = false,
  /** The result is an arm of a comparison: it ran what the comparison needed. */
  compared = false,
): string {
  const colour =
    result.status === "passed"
      ? style.green
      : result.status === "failed" || result.status === "error"
        ? style.red
        : style.yellow;
  const head = `${colour(style.bold(STATUS_LABEL[result.status]))} ${inert(result.id)}${result.arm ? ` @ ${inert(result.arm)}` : ""} [${inert(result.agent)}${result.agentVersion ? ` ${inert(result.agentVersion)}` : ""}]`;
  if (result.status === "cached" && result.cachedFrom) {
    const c = result.cachedFrom;
    const verdict = c.status === "passed" ? style.green(c.status) : style.red(c.status);
    return `${head} ${verdict}: ${c.passes}/${c.trials} (${percent(c.passRate)}, 95% CI ${percent(c.interval[0])}–${percent(c.interval[1])}) — ${inert(result.reason ?? "")}`;
  }
  // Nothing ran (skipped, an error before the first trial, no trial fit in the budget): the reason
  // is the whole story, with no "0/0 passed" before it.
  if (
    result.status === "skipped" ||
    (result.trialsRun === 0 && (result.status === "error" || result.code === Codes.budgetExhausted))
  ) {
    return `${head} ${block(result.reason ?? "", "    ")}`.trimEnd();
  }
  const counted = result.trials.filter((t) => t.status !== "error").length;
  const needed = requiredPasses(result.trialsPlanned, result.threshold);
  const early =
    result.trialsRun < result.trialsPlanned
      ? `, stopped after ${result.trialsRun} of ${result.trialsPlanned}: ${stoppedBecause(result)}`
      : "";
  // An error's trials are not a verdict: "ERROR … 1/1 passed (100%)" read as a pass (issue 32).
  const rate =
    result.status === "error"
      ? `no verdict: ${result.passes} of ${counted} judged trial(s) passed before the error stopped it`
      : compared
        ? `${result.passes}/${counted} passed (${percent(result.passRate)}, 95% CI ${percent(result.interval[0])}–${percent(result.interval[1])}; needs ${percent(result.threshold)} of the trials run; a comparison arm of up to ${result.trialsPlanned})`
        : `${result.passes}/${counted} passed (${percent(result.passRate)}, 95% CI ${percent(result.interval[0])}–${percent(result.interval[1])}; needs ${needed}/${result.trialsPlanned}${early})`;
  const cost = result.costUsd ? ` ${usd(result.costUsd)}` : "";
  const lines = [`${head} ${rate} ${style.dim(seconds(result.durationMs))}${cost}`];
  if (result.reason) lines.push(`    ${block(result.reason, "    ")}`);
  const where = inert(
    `${path.relative(projectRoot, result.file)}${result.line ? `:${result.line}` : ""}`,
  );
  for (const trial of result.trials) {
    const warnings = [...(trial.warnings ?? []), ...(trial.overBudget ?? [])];
    if (trial.status === "passed" && !verbose && !warnings.length) continue;
    lines.push(
      `    trial ${trial.n}: ${trial.status}${trial.reason ? ` — ${block(trial.reason, "      ")}` : ""} ${style.dim(`(${inert(trial.dir)})`)}`,
    );
    for (const warning of warnings) lines.push(`      ${style.yellow("!")} ${inert(warning)}`);
    for (const check of trial.checks) {
      if (check.ok && !verbose) continue;
      const mark = check.skipped ? style.dim("–") : check.ok ? style.green("✓") : style.red("✗");
      const at = check.line
        ? ` ${style.dim(`at ${inert(path.relative(projectRoot, check.file ?? result.file))}:${check.line}`)}`
        : "";
      lines.push(`      ${mark} ${inert(check.name)}${at}`);
      lines.push(...indent(check.evidence, "          "));
    }
  }
  if (result.status === "failed" && !result.trials.some((t) => t.checks.some((c) => c.line))) {
    lines.push(`    ${style.dim(`defined at ${where}`)}`);
  }
  return lines.join("\n");
}

/** Why an eval × agent ran fewer trials than planned, from the code its stage recorded. */
function stoppedBecause(result: EvalResult): string {
  if (result.code === Codes.budgetExhausted) return "the budget ran out";
  if (result.code === Codes.interrupted) return "interrupted";
  if (result.status === "error") return "an error stopped it";
  return "verdict decided (early stopping applies to pass/fail verdicts only; --all-trials runs every trial)";
}

/**
 * A reason of several lines (a setup step's output tail): its first line where it stands, the
 * others inert behind `prefix`, so a line of it cannot pass for one of ours.
 */
function block(text: string, prefix: string): string {
  return inertLines(text.replace(/\n+$/, "")).split("\n").join(`\n${prefix}`);
}

/** Untrusted lines (evidence, an output's tail), each made inert behind our indent. */
function indent(text: string, prefix: string): string[] {
  return inertLines(text)
    .split("\n")
    .slice(0, 20)
    .map((line) => `${prefix}${line}`);
}

/**
 * The skipped eval × agent pairs, by reason: `skipped, 3 eval × agent pairs: <reason>` and the pairs under it, so a
 * summary's "N skipped" never hides which ones or why. Nothing when none was skipped.
 */
export function skippedLines(run: RunResult, style: Style): string[] {
  const byReason = new Map<string, string[]>();
  for (const result of run.evals) {
    if (result.status !== "skipped") continue;
    const reason = inert(result.reason ?? "no reason given");
    const pairs = byReason.get(reason) ?? [];
    pairs.push(`${inert(result.id)} [${inert(result.agent)}]`);
    byReason.set(reason, pairs);
  }
  return [...byReason].flatMap(([reason, pairs]) => [
    // Pairs, not evals: a skill eval's parts are listed each, though the summary counts it once.
    style.yellow(
      `skipped, ${pairs.length} eval × agent ${pairs.length === 1 ? "pair" : "pairs"}: ${reason}`,
    ),
    ...pairs.map((pair) => style.dim(`  ${pair}`)),
  ]);
}

/**
 * What the provider gates did, when a trial met a rate limit (docs/reliability.md › Rate limits):
 * `rate limits: 12 rate-limited answers absorbed, 31 s held back (3 trials)`.
 */
export function rateLimitLine(run: RunResult, style: Style): string | undefined {
  const r = run.rateLimits;
  if (!r) return undefined;
  const parts = [
    `${r.absorbed} rate-limited ${r.absorbed === 1 ? "answer" : "answers"} absorbed`,
    `${seconds(r.heldMs)} held back`,
    ...(r.retries ? [`${r.retries} rate-limit ${r.retries === 1 ? "retry" : "retries"}`] : []),
  ];
  return style.yellow(
    `rate limits: ${parts.join(", ")} (${r.trials} ${r.trials === 1 ? "trial" : "trials"})`,
  );
}

export function summaryLine(run: RunResult, resultsDir: string, style: Style): string {
  const c = run.counts;
  const parts = [
    c.passed ? style.green(`${c.passed} passed`) : "0 passed",
    c.failed ? style.red(`${c.failed} failed`) : "0 failed",
    ...(["skipped", "cached", "error", "incomplete", "inconclusive"] as const)
      .filter((k) => c[k] > 0)
      .map((k) => `${c[k]} ${k}`),
  ];
  const budget =
    run.budgetUsd === undefined
      ? ""
      : ` of ${usd(run.budgetUsd)}${run.costUsd > run.budgetUsd + 1e-9 ? ` ${style.red("(over the budget)")}` : ""}`;
  return `${parts.join(", ")} · cost ${usd(run.costUsd)}${budget} · ${seconds(run.durationMs)} · results in ${resultsDir}`;
}
