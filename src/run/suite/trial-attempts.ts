// One trial of a unit as the suite runs it: within the budget (its worst case reserved first),
// retried on an infra error where a retry can help, in its own results folder. An infra error from a
// rate limit waits for its provider's pause before the retry, and is not counted as a crash retry
// (rate-limit.ts).

import { createHash } from "node:crypto";
import path from "node:path";
import type { JudgeSpec, TrialResult } from "../../model/index.js";
import { Codes, InfraError, errorMessage, spendsNothing } from "../../model/index.js";
import { currentRedactor } from "../../util/index.js";
import { overspent } from "../budget.js";
import { runTrial } from "../trial.js";
import { cassetteIn } from "../replay/index.js";
import {
  CASSETTE_FILE,
  emptyRateLimits,
  ReplayMissError,
  type TrafficMode,
} from "../trial-traffic.js";
import { isRateLimited, rateLimitWait, RATE_LIMIT_RETRIES } from "./rate-limit.js";
import type { PreparedTree } from "../workspace/prepare.js";
import type { RunUnit } from "../unit.js";
import type { UnitOptions } from "./options.js";

/** A trial within the budget: its worst case reserved first, settled with its real cost after. */
export async function runBudgetedTrial(
  unit: RunUnit,
  n: number,
  prepared: PreparedTree,
  options: UnitOptions,
): Promise<TrialResult | "no-budget"> {
  // Free: a replay (its answers, its judges' too, come from the recording), or no agent or a free
  // one without a judge (a judge is paid for whatever did the work).
  const free = spendsNothing(unit, options.traffic?.mode);
  const reservation = await options.budget.reserve(unit.spec.maxCostUsd, free);
  if (!reservation) return "no-budget";
  let trial: TrialResult | undefined;
  try {
    trial = await runTrialWithRetries(unit, n, prepared, options, reservation.capUsd);
  } finally {
    options.budget.settle(reservation, trial?.costUsd ?? 0);
  }
  const overBudget = overspent(trial.costUsd ?? 0, reservation.capUsd, unit.spec, options.budget);
  return overBudget.length ? { ...trial, overBudget } : trial;
}

async function runTrialWithRetries(
  unit: RunUnit,
  n: number,
  prepared: PreparedTree,
  options: UnitOptions,
  maxCostUsd: number | undefined,
): Promise<TrialResult> {
  const outDir = path.join(
    options.resultsDir,
    "evals",
    evalFolder(unit),
    slug(currentRedactor()?.text(unit.agentName) ?? unit.agentName),
    `trial-${n}`,
  );
  options.events?.onTrialStart?.(unit, n);
  const started = Date.now();
  let lastError: string;
  let lastCode: string;
  let attempts = 0;
  // What the gates did for this trial, over all its attempts (its judges' calls included).
  const rateLimits = emptyRateLimits();
  let rateLimitRetries = 0;
  const withRateLimits = (trial: TrialResult): TrialResult =>
    rateLimits.absorbed > 0 || rateLimits.heldMs >= 1000 || rateLimitRetries > 0
      ? {
          ...trial,
          rateLimits: {
            absorbed: rateLimits.absorbed,
            heldMs: Math.round(rateLimits.heldMs),
            ...(rateLimitRetries > 0 ? { retries: rateLimitRetries } : {}),
          },
        }
      : trial;
  // Two counts: crash retries (up to maxRetries, the trial's `retries`) and rate-limit retries.
  let crashRetries = 0;
  for (;;) {
    attempts += 1;
    try {
      const trial = await runTrial({
        spec: unit.spec,
        agent: unit.agent,
        prompt: unit.prompt,
        n,
        prepared,
        outDir,
        projectRoot: options.projectRoot,
        baseEnv: options.env,
        keepWorkspace: options.keepWorkspace,
        signal: options.signal,
        deferCleanup: options.deferCleanup,
        maxCostUsd,
        isolation: unit.isolation,
        limits: unit.limits,
        ...trafficOf(options, outDir),
        ...(options.gates ? { gates: options.gates } : {}),
        rateLimits,
        ...(options.calibrationOf
          ? { calibrationOf: (judge: JudgeSpec) => options.calibrationOf!(unit.spec, judge) }
          : {}),
      });
      return withRateLimits(crashRetries > 0 ? { ...trial, retries: crashRetries } : trial);
    } catch (error) {
      lastError = currentRedactor()?.text(errorMessage(error)) ?? errorMessage(error);
      lastCode = error instanceof ReplayMissError ? error.code : Codes.infraError;
      const retryable = error instanceof InfraError ? error.retryable : true;
      if (!retryable || options.signal.aborted) break;
      // A rate limit the agent gave up on: wait out its provider's pause, and do not count it as a
      // crash retry (up to RATE_LIMIT_RETRIES of them).
      if (isRateLimited(error) && rateLimitRetries < RATE_LIMIT_RETRIES) {
        const waitMs = rateLimitWait(unit, options, rateLimitRetries);
        rateLimitRetries += 1;
        options.events?.onTrialRetry?.(unit, n, {
          attempt: rateLimitRetries,
          of: RATE_LIMIT_RETRIES,
          reason: `rate limited, retried after its provider's pause (${Math.round(waitMs / 1000)} s): ${lastError}`,
          elapsedMs: Date.now() - started,
        });
        await abortableSleep(waitMs, options.signal);
        continue;
      }
      if (crashRetries === options.maxRetries) break;
      crashRetries += 1;
      options.events?.onTrialRetry?.(unit, n, {
        attempt: crashRetries,
        of: options.maxRetries,
        reason: lastError,
        elapsedMs: Date.now() - started,
      });
      await new Promise((r) => setTimeout(r, 250 * 2 ** (crashRetries - 1)));
    }
  }
  return withRateLimits({
    n,
    status: "error",
    code: lastCode,
    // The time it took to give up, every attempt included (what the user waited).
    durationMs: Date.now() - started,
    checks: [],
    dir: path.relative(options.projectRoot, outDir),
    reason:
      lastCode === Codes.replayMiss
        ? lastError
        : `infra error${attempts > 1 ? ` (after ${attempts} attempts)` : ""}: ${lastError}`,
    retries: crashRetries,
  });
}

/** Resolves after `ms`, or at once when the run is interrupted. */
function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * The trial's traffic mode: a replay reads the cassette at the trial's place in the replay folder;
 * without record or replay, a relay through the provider gates where the agent's traffic can move.
 */
function trafficOf(options: UnitOptions, outDir: string): { traffic?: TrafficMode } {
  const traffic = options.traffic;
  if (!traffic) return options.gates ? { traffic: RELAY } : {};
  if (traffic.mode === "record") return { traffic };
  const trialPath = path.relative(options.resultsDir, outDir);
  // The trial folder's cassette (compressed or plain), or where a recording would be.
  const at = (dir: string) => cassetteIn(dir) ?? path.join(dir, CASSETTE_FILE);
  const ownDir = path.join(traffic.from, trialPath);
  // A comparison's arm (`evals/<id>@<arm>/…`) without a recording of its own replays the eval's:
  // an arm that asks what the eval asked replays, one that asks otherwise misses and says where.
  const [top, folder, ...rest] = trialPath.split(path.sep);
  const evalId = folder?.split("@")[0];
  const primaryDir =
    top && evalId && evalId !== folder ? path.join(traffic.from, top, evalId, ...rest) : ownDir;
  const own = cassetteIn(ownDir);
  return { traffic: { mode: "replay", cassette: own ?? at(primaryDir) } };
}

const RELAY: TrafficMode = { mode: "relay" };

/** The eval's folder under evals/: an arm that is not the eval as defined gets `<id>@<arm>`. */
export function evalFolder(unit: Pick<RunUnit, "spec" | "arm">): string {
  return unit.arm && !unit.arm.primary ? `${unit.spec.id}@${slug(unit.arm.label)}` : unit.spec.id;
}

/**
 * A folder-safe form of an agent name. A name that is already safe is its own folder ("literal",
 * "claude-code"); any other gets a short hash of the whole name ("claude -p {prompt}" →
 * "claude-p-prompt-1a2b3c4d"), so two command templates that differ only in what was replaced or
 * cut never share a trial folder.
 */
export function slug(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "");
  if (safe === name && safe.length <= 60 && safe !== "." && safe !== "..") return safe;
  const hash = createHash("sha256").update(name).digest("hex").slice(0, 8);
  return `${safe.slice(0, 51) || "agent"}-${hash}`;
}
