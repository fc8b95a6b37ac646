// What the suite is given (its options and events) and what it gives back.

import type {
  CalibrationFigure,
  ComparisonRecord,
  EvalResult,
  EvalSpec,
  JudgeSpec,
  PlannedUnit,
  TrialResult,
} from "../../model/index.js";
import type { BudgetLedger } from "../budget.js";
import type { ProviderGates } from "../providers/index.js";
import type { Baseline } from "../policy.js";
import type { PreparedStore } from "../workspace/prepare.js";

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
  /**
   * The recorded verdict an eval × agent is compared with (a history folder's last one): its
   * trials then go on until the comparison is decided too, and the run's comparisons include it.
   */
  baselineOf?(unit: PlannedUnit): Baseline | undefined;
  /** The calibration figure of an eval's judge, when `agent-evals calibrate` measured it. */
  calibrationOf?: (spec: EvalSpec, judge: JudgeSpec) => CalibrationFigure | undefined;
  /**
   * Record each trial's model traffic into its results folder, or replay it from a results (or
   * cassette) folder laid out the same way (`--record`, `--replay <folder>`).
   */
  traffic?: { mode: "record" } | { mode: "replay"; from: string };
  /**
   * Send each trial's model requests through one gate per provider (default true; `false`:
   * `--no-provider-gate`, agents talk to their APIs directly unless the run records).
   */
  providerGate?: boolean;
}

/** The suite's options as its units get them: with where trials hand over their clean-up. */
export type UnitOptions = SuiteOptions & {
  deferCleanup: (cleanup: Promise<void>) => void;
  /** The run's provider gates (none with `providerGate: false`, or in a replay). */
  gates?: ProviderGates;
};

export interface SuiteOutcome {
  /** One per unit, in plan order. */
  results: EvalResult[];
  /** One per treatment arm of each comparison group, in plan order. */
  comparisons: ComparisonRecord[];
}
