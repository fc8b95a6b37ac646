// Runs planned units (eval × agent) with bounded concurrency: prepares each eval's sandbox once,
// runs trials until the verdict is decided (exact curtailment), retries infra errors, and reports
// progress through events. Returns results in plan order, whatever order they finished in.

import { createHash } from "node:crypto";
import path from "node:path";
import type {
  CalibrationFigure,
  JudgeSpec,
  PlannedUnit,
  EvalSpec,
  CachedVerdict,
  ComparisonRecord,
  EvalResult,
  EvalStatus,
  TrialResult,
} from "../model/index.js";
import {
  Codes,
  DEFAULT_MARGIN,
  InfraError,
  requiredPasses,
  round6,
  wilsonInterval,
  errorMessage,
} from "../model/index.js";
import { comparisonOf, runGroup, type ArmRun, type GroupArm } from "./group.js";
import { dollars, overspent, type BudgetLedger } from "./budget.js";
import { adaptivePolicy, againstBaseline, fixedPolicy, type Baseline } from "./policy.js";
import {
  prepareSandbox,
  SetupError,
  type PreparedSandbox,
  type PreparedStore,
} from "./workspace/prepare.js";
import { Semaphore, currentRedactor } from "../util/index.js";
import { runTrial } from "./trial.js";
import { isolationFor, type TrialIsolation } from "./isolation/resolve.js";

export interface SuiteEvents {
  onTrialStart?(unit: PlannedUnit, n: number): void;
  /** A trial hit an infra error and will be tried again; `elapsedMs` since its first attempt. */
  onTrialRetry?(
    unit: PlannedUnit,
    n: number,
    retry: { attempt: number; of: number; reason: string; elapsedMs: number },
  ): void;
  onTrialEnd?(unit: PlannedUnit, trial: TrialResult): void;
  onUnitEnd?(unit: PlannedUnit, result: EvalResult): void;
}

export interface SuiteOptions {
  projectRoot: string;
  resultsDir: string;
  concurrency: number;
  allTrials: boolean;
  keepWorkspace: boolean;
  /** Infra-error retries per trial. */
  maxRetries: number;
  env: Record<string, string>;
  signal: AbortSignal;
  events?: SuiteEvents;
  budget: BudgetLedger;
  /** Keeps prepared sandboxes (setup results) between runs. */
  preparedStore?: PreparedStore;
  /** Own HOME per trial, bubblewrap. */
  isolation?: TrialIsolation;
  /**
   * The recorded verdict an eval × agent is compared with (a history folder's last one): its
   * trials then go on until the comparison is decided too, and the run's comparisons include it.
   */
  baselineOf?(unit: PlannedUnit): Baseline | undefined;
  /** The calibration figure of an eval's judge, when `agent-evals calibrate` measured it. */
  calibrationOf?: (spec: EvalSpec, judge: JudgeSpec) => CalibrationFigure | undefined;
}

export type { PlannedUnit };

export interface SuiteOutcome {
  /** One per unit, in plan order. */
  results: EvalResult[];
  /** One per treatment arm of each comparison group, in plan order. */
  comparisons: ComparisonRecord[];
}

export async function runSuite(units: PlannedUnit[], options: SuiteOptions): Promise<SuiteOutcome> {
  // Trials hand over their clean-up: it runs beside the next trial, and the suite waits for all.
  const cleanups: Array<Promise<void>> = [];
  const deferCleanup = (cleanup: Promise<void>) =>
    void cleanups.push(cleanup.catch(() => undefined));
  try {
    return await runUnits(units, { ...options, deferCleanup });
  } finally {
    await Promise.all(cleanups);
  }
}

async function runUnits(units: PlannedUnit[], options: UnitOptions): Promise<SuiteOutcome> {
  const slots = new Semaphore(Math.max(1, options.concurrency));
  // Units are taken up a few at a time, in plan order: a prepared tree exists only while its units
  // run, so a suite of 1,000 evals holds a handful of them (on disk and in memory), not 1,000.
  const openUnits = new Semaphore(Math.max(1, options.concurrency) * 2);
  // Evals filled the same way without a setup share one prepared tree (and its workspaces).
  const prepared = new Map<EvalSpec | string, Promise<PreparedSandbox>>();
  const users = new Map<EvalSpec | string, number>();
  // Asked for at every prepare and release: computed once per eval.
  const keys = new WeakMap<EvalSpec, EvalSpec | string>();
  const keyOf = (spec: EvalSpec) => {
    let key = keys.get(spec);
    if (key === undefined) keys.set(spec, (key = preparedKey(spec, options)));
    return key;
  };
  for (const u of units) {
    const key = keyOf(u.spec);
    if (!u.settled) users.set(key, (users.get(key) ?? 0) + 1);
  }

  const prepare = (spec: EvalSpec) => {
    const key = keyOf(spec);
    let p = prepared.get(key);
    if (!p) {
      // A provider that runs setup inside (docker: in the eval's image) does so here, once per eval.
      const isolation = isolationFor(spec, options.isolation);
      const provider = isolation.provider;
      const setupInside = provider.prepareEval
        ? (dir: string, setup: (() => Promise<void>) | undefined) =>
            provider.prepareEval!(
              { id: spec.id, dir, container: isolation.container ?? {}, allow: isolation.allow },
              setup,
            )
        : undefined;
      p = slots.use(() =>
        prepareSandbox(spec, {
          env: options.env,
          signal: options.signal,
          keep: options.keepWorkspace,
          store: options.preparedStore,
          ...(setupInside ? { setupInside } : {}),
        }),
      );
      prepared.set(key, p);
    }
    return p;
  };
  const release = async (spec: EvalSpec) => {
    const key = keyOf(spec);
    const left = (users.get(key) ?? 1) - 1;
    users.set(key, left);
    const tree = prepared.get(key);
    if (left === 0) prepared.delete(key);
    if (left === 0)
      await tree?.then(
        (p) => p.dispose(),
        () => undefined,
      );
  };

  // The units of a comparison group run together, once, when the first of them is reached.
  const groups = new Map<string, PlannedUnit[]>();
  for (const u of units) {
    if (u.arm && !u.settled) groups.set(u.arm.group, [...(groups.get(u.arm.group) ?? []), u]);
  }
  const groupRuns = new Map<string, Promise<Map<PlannedUnit, EvalResult>>>();
  const comparisonsOf = new Map<string, ComparisonRecord[]>();
  const runGroupOnce = (key: string) => {
    let run = groupRuns.get(key);
    if (!run) {
      const members = groups.get(key)!;
      run = openUnits.use(() =>
        runComparisonGroup(members, options, slots, prepare).then(({ results, comparisons }) => {
          comparisonsOf.set(key, comparisons);
          return results;
        }),
      );
      run = run.finally(() => Promise.all(members.map((m) => release(m.spec))));
      groupRuns.set(key, run);
    }
    return run;
  };

  const againstHistory = new Map<PlannedUnit, ComparisonRecord>();
  const redactor = currentRedactor();
  const results = await Promise.all(
    units.map(async (unit) => {
      const unredacted = unit.settled
        ? withCached(
            settledResult(
              unit,
              unit.settled.status,
              unit.settled.reason,
              [],
              0,
              undefined,
              unit.settled.code,
            ),
            unit.settled.cached,
          )
        : unit.arm
          ? (await runGroupOnce(unit.arm.group)).get(unit)!
          : await openUnits.use(() =>
              runUnit(unit, options, slots, prepare, (c) => againstHistory.set(unit, c)).finally(
                () => release(unit.spec),
              ),
            );
      // Reasons quote setup output and errors: secrets are replaced before anyone sees them.
      const result = redactor ? redactor.value(unredacted) : unredacted;
      options.events?.onUnitEnd?.(unit, result);
      return result;
    }),
  );
  const comparisons = [
    ...units.flatMap((unit) => {
      const c = againstHistory.get(unit);
      return c ? [c] : [];
    }),
    ...[...groups.keys()].flatMap((key) => comparisonsOf.get(key) ?? []),
  ];
  return { results, comparisons: redactor ? redactor.value(comparisons) : comparisons };
}

/**
 * A comparison group's units (control first), run by runGroup: each arm's sandbox prepared, its
 * trials interleaved with the other arms', each arm settled as a result of its own.
 */
async function runComparisonGroup(
  members: PlannedUnit[],
  options: UnitOptions,
  slots: Semaphore,
  prepare: (spec: EvalSpec) => Promise<PreparedSandbox>,
): Promise<{ results: Map<PlannedUnit, EvalResult>; comparisons: ComparisonRecord[] }> {
  const started = Date.now();
  const active = new Map<PlannedUnit, ActiveTime>();
  const ordered = [...members].sort(
    (a, b) => Number(a.arm!.role === "treatment") - Number(b.arm!.role === "treatment"),
  );
  const results = new Map<PlannedUnit, EvalResult>();
  const prepared = new Map<PlannedUnit, PreparedSandbox>();
  for (const unit of ordered) {
    try {
      prepared.set(unit, await prepare(unit.spec));
    } catch (error) {
      const [reason, code] =
        error instanceof SetupError
          ? [error.message, Codes.setupFailed]
          : [`could not prepare the sandbox: ${errorMessage(error)}`, Codes.infraError];
      // An arm that cannot run leaves nothing to compare: every arm reports why.
      for (const u of ordered)
        results.set(
          u,
          settledResult(
            u,
            "error",
            `${u === unit ? "" : `${unit.arm!.label}: `}${reason}`,
            [],
            0,
            undefined,
            code,
          ),
        );
      return { results, comparisons: [] };
    }
  }
  for (const unit of ordered) active.set(unit, new ActiveTime(Date.now() - started));
  const arms: GroupArm[] = ordered.map((unit) => ({
    unit: unit as GroupArm["unit"],
    ...(unit.arm!.primary ? { own: policyOf(unit, options) } : {}),
  }));
  const outcome = await runGroup(arms, {
    signal: options.signal,
    perArm: Math.max(1, Math.floor(options.concurrency / arms.length)),
    runTrial: (unit, wanted) =>
      slots.use(async () => {
        const n = wanted();
        if (n === undefined) return "cancelled" as const;
        const trial = await active
          .get(unit)!
          .during(() => runBudgetedTrial(unit, n, prepared.get(unit)!, options));
        if (trial !== "no-budget") options.events?.onTrialEnd?.(unit, trial);
        return trial;
      }),
  });
  for (const run of outcome.arms)
    results.set(run.unit, settledArm(run, active.get(run.unit)!.total(), options));
  return { results, comparisons: outcome.comparisons };
}

/**
 * An arm's result. It ran as many trials as the comparison needed (and, for the primary arm, at
 * least as many as its own verdict needed), so it is judged on all of them: passed when the share
 * of judged trials that passed meets its pass rate.
 */
function settledArm(run: ArmRun, durationMs: number, options: UnitOptions): EvalResult {
  const { unit, trials, passes, failures } = run;
  const settle = (status: EvalStatus, reason?: string, code?: string) => {
    const result = settledResult(unit, status, reason, trials, durationMs, passes, code);
    return {
      ...result,
      trialsPlanned: unit.arm!.maxTrials,
      ...(unit.arm!.primary ? {} : { arm: unit.arm!.label }),
    };
  };
  if (run.infraError !== undefined) return settle("error", run.infraError, Codes.infraError);
  const judged = passes + failures;
  if (judged === 0 && options.signal.aborted)
    return settle("incomplete", "interrupted before any trial finished", Codes.interrupted);
  if (judged === 0 && run.budgetCut)
    return settle(
      "incomplete",
      `the budget ran out before a trial could start (${dollars(options.budget.spent)} spent of ${dollars(options.budget.limitUsd ?? 0)})`,
      Codes.budgetExhausted,
    );
  if (judged === 0) return settle("incomplete", "no trial ran", Codes.interrupted);
  return settle(passes >= requiredPasses(judged, unit.spec.passRate) ? "passed" : "failed");
}

function policyOf(unit: PlannedUnit, options: UnitOptions) {
  return unit.spec.adaptive
    ? adaptivePolicy(
        unit.spec.adaptive.min,
        unit.trials,
        unit.spec.passRate,
        unit.spec.adaptive.confidence,
      )
    : fixedPolicy(
        unit.trials,
        unit.spec.passRate,
        options.allTrials || unit.spec.allTrials === true,
      );
}

/**
 * What a prepared tree is made from: an eval without setup is filled from its sandbox alone, so
 * evals with the same sandbox (the same template, repository or files) share one tree; an eval
 * with setup commands gets its own.
 */
function preparedKey(spec: EvalSpec, options: Pick<SuiteOptions, "isolation">): EvalSpec | string {
  if (spec.setup.length > 0) return spec;
  const { kind, overlay } = spec.sandbox;
  const source = spec.sandbox.kind === "fixture" ? spec.sandbox.files : spec.sandbox.dir;
  // A provider that prepares evals (docker: the tree baked into an image) shares per image only.
  const isolation = isolationFor(spec, options.isolation);
  const prepares = isolation.provider.prepareEval
    ? [isolation.provider.name, isolation.container?.image ?? null]
    : [];
  return JSON.stringify([kind, source, overlay ?? null, ...prepares]);
}

/**
 * The time some part of a unit was running (ms): `before` (its preparing), then each stretch in
 * which at least one of its trials ran. Trials waiting in the queue for a slot add nothing, so a
 * unit run beside others takes what it took alone, not what it waited.
 */
export class ActiveTime {
  private running = 0;
  private since = 0;
  private spent: number;
  constructor(before = 0) {
    this.spent = before;
  }
  async during<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running++ === 0) this.since = Date.now();
    try {
      return await fn();
    } finally {
      if (--this.running === 0) this.spent += Date.now() - this.since;
    }
  }
  total(): number {
    return this.spent + (this.running ? Date.now() - this.since : 0);
  }
}

type UnitOptions = SuiteOptions & { deferCleanup: (cleanup: Promise<void>) => void };

async function runUnit(
  unit: PlannedUnit,
  options: UnitOptions,
  slots: Semaphore,
  prepare: (spec: EvalSpec) => Promise<PreparedSandbox>,
  compared: (comparison: ComparisonRecord) => void,
): Promise<EvalResult> {
  const started = Date.now();
  let prepared: PreparedSandbox;
  try {
    prepared = await prepare(unit.spec);
  } catch (error) {
    const [reason, code] =
      error instanceof SetupError
        ? [error.message, Codes.setupFailed]
        : [`could not prepare the sandbox: ${errorMessage(error)}`, Codes.infraError];
    return settledResult(unit, "error", reason, [], Date.now() - started, undefined, code);
  }

  const own = policyOf(unit, options);
  const baseline = options.baselineOf?.(unit);
  const vsBaseline = baseline
    ? againstBaseline(own, baseline, { passRate: unit.spec.passRate })
    : undefined;
  const policy = vsBaseline ?? own;
  // The unit's time is its preparing and the time some trial of it ran: not its wait for a slot.
  const active = new ActiveTime(Date.now() - started);
  const trials: TrialResult[] = [];
  let passes = 0;
  let failures = 0;
  let launched = 0;
  let inFlight = 0;
  let infraError: string | undefined;
  let budgetCut = false;

  const stop = () =>
    infraError !== undefined ||
    budgetCut ||
    options.signal.aborted ||
    policy.verdict(passes, failures) !== "undecided";

  // Keep as many trials running as the policy wants; after each one ends, look again.
  await new Promise<void>((resolveAll) => {
    const launch = () => {
      while (
        !stop() &&
        launched < policy.max &&
        inFlight < policy.wanted(passes, failures, launched)
      ) {
        const n = ++launched;
        inFlight++;
        void slots
          .use(() => active.during(() => runBudgetedTrial(unit, n, prepared, options)))
          .then(
            (trial) => {
              if (trial === "no-budget") {
                budgetCut = true;
                return;
              }
              trials.push(trial);
              if (trial.status === "passed") passes++;
              else if (trial.status === "failed") failures++;
              else infraError ??= trial.reason ?? "infra error";
              options.events?.onTrialEnd?.(unit, trial);
            },
            (error: Error) => {
              infraError ??= error.message;
            },
          )
          .finally(() => {
            inFlight--;
            launch();
          });
      }
      if (inFlight === 0) resolveAll();
    };
    launch();
  });

  trials.sort((a, b) => a.n - b.n);
  if (baseline && vsBaseline) {
    const decision = vsBaseline.decision();
    compared(
      comparisonOf({
        id: unit.spec.id,
        agent: unit.agentName,
        control: baseline.label,
        treatment: "this run",
        margin: DEFAULT_MARGIN,
        maxTrials: policy.max,
        all: { control: baseline, treatment: { passes, trials: passes + failures } },
        decision: decision && {
          verdict: decision.stats.verdict,
          pairs: decision.looks,
          control: { passes: baseline.passes, trials: baseline.trials },
          treatment: decision.treatment,
          stats: decision.stats,
        },
        reason:
          infraError !== undefined
            ? `an infra error stopped the comparison: ${infraError}`
            : options.signal.aborted
              ? "interrupted before the comparison was decided"
              : budgetCut
                ? "the budget ran out before the comparison was decided"
                : passes * baseline.trials > baseline.passes * (passes + failures)
                  ? "this run did better than its history: no drop to look for"
                  : "not decided",
      }),
    );
  }
  const duration = active.total();
  const settle = (status: EvalStatus, reason?: string, code?: string) =>
    settledResult(unit, status, reason, trials, duration, passes, code);
  const interrupted = () =>
    settle("incomplete", "interrupted before the verdict was decided", Codes.interrupted);
  if (options.signal.aborted && policy.verdict(passes, failures) === "undecided")
    return interrupted();
  if (infraError !== undefined) return settle("error", infraError, Codes.infraError);
  const verdict = policy.verdict(passes, failures);
  if (verdict !== "undecided") return settle(verdict);
  if (budgetCut) {
    return settle(
      "incomplete",
      `the budget ran out: ${trials.length} of up to ${policy.max} trials ran (${dollars(options.budget.spent)} spent of ${dollars(options.budget.limitUsd ?? 0)})`,
      Codes.budgetExhausted,
    );
  }
  if (options.signal.aborted) return interrupted();
  return settle(policy.finalStatus(passes, failures));
}

/** A trial within the budget: its worst case reserved first, settled with its real cost after. */
async function runBudgetedTrial(
  unit: PlannedUnit,
  n: number,
  prepared: PreparedSandbox,
  options: UnitOptions,
): Promise<TrialResult | "no-budget"> {
  // A judge is paid for whatever agent did the work.
  const judged = unit.spec.checks.some((check) => check.type === "judge");
  const free = (!unit.agent || unit.agent.free === true) && !judged;
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
  unit: PlannedUnit,
  n: number,
  prepared: PreparedSandbox,
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
  let lastError = "";
  let attempts = 0;
  for (let attempt = 0; attempt <= options.maxRetries; attempt++) {
    attempts = attempt + 1;
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
        isolation: options.isolation,
        ...(options.calibrationOf
          ? { calibrationOf: (judge: JudgeSpec) => options.calibrationOf!(unit.spec, judge) }
          : {}),
      });
      return attempt > 0 ? { ...trial, retries: attempt } : trial;
    } catch (error) {
      lastError = currentRedactor()?.text(errorMessage(error)) ?? errorMessage(error);
      const retryable = error instanceof InfraError ? error.retryable : true;
      if (!retryable || options.signal.aborted || attempt === options.maxRetries) break;
      options.events?.onTrialRetry?.(unit, n, {
        attempt: attempt + 1,
        of: options.maxRetries,
        reason: lastError,
        elapsedMs: Date.now() - started,
      });
      await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
    }
  }
  return {
    n,
    status: "error",
    code: Codes.infraError,
    // The time it took to give up, every attempt included (what the user waited).
    durationMs: Date.now() - started,
    checks: [],
    dir: path.relative(options.projectRoot, outDir),
    reason: `infra error${attempts > 1 ? ` (after ${attempts} attempts)` : ""}: ${lastError}`,
    retries: attempts - 1,
  };
}

/** The eval's folder under evals/: an arm that is not the eval as defined gets `<id>@<arm>`. */
function evalFolder(unit: PlannedUnit): string {
  return unit.arm && !unit.arm.primary ? `${unit.spec.id}@${slug(unit.arm.label)}` : unit.spec.id;
}

/** A cached unit reports the recorded verdict's numbers; it cost nothing this time. */
function withCached(result: EvalResult, cached: CachedVerdict | undefined): EvalResult {
  if (!cached) return result;
  return {
    ...result,
    passes: cached.passes,
    trialsRun: 0,
    trialsPlanned: cached.trials,
    passRate: cached.passRate,
    interval: cached.interval,
    cachedFrom: cached,
  };
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

function settledResult(
  unit: PlannedUnit,
  status: EvalStatus,
  reason: string | undefined,
  trials: TrialResult[],
  durationMs: number,
  passes = trials.filter((t) => t.status === "passed").length,
  code?: string,
): EvalResult {
  const counted = trials.filter((t) => t.status !== "error").length;
  return {
    id: unit.spec.id,
    file: unit.spec.file,
    ...(unit.spec.line ? { line: unit.spec.line } : {}),
    agent: unit.agentName,
    ...(unit.agentVersion ? { agentVersion: unit.agentVersion } : {}),
    ...(unit.prompt ? { promptHash: unit.prompt.hash } : {}),
    status,
    ...(code ? { code } : {}),
    ...(reason ? { reason } : {}),
    passes,
    trialsRun: trials.length,
    trialsPlanned: unit.trials,
    passRate: counted ? passes / counted : 0,
    threshold: unit.spec.passRate,
    interval: wilsonInterval(passes, counted),
    // Rounded: a sum of float prices prints as 0.00024000000000000003 otherwise.
    costUsd: round6(trials.reduce((sum, t) => sum + (t.costUsd ?? 0), 0)),
    durationMs,
    trials,
  };
}
