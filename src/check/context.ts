import type {
  AgentRunResult,
  CalibrationFigure,
  JudgeOutcome,
  JudgeSpec,
  ShimCall,
} from "../model/index.js";
import type { JudgeMaterial, OpenJudgeTraffic, TrialSpend } from "./judge.js";

/** Calls in start order, from memory or read from the raw log as they are needed. */
export type CallStream = Iterable<ShimCall> | AsyncIterable<ShimCall>;

/** What checks see of a finished trial. */
export interface CheckContext {
  /** Absolute path of the trial's workspace. */
  workspace: string;
  /** The recorded shimmed calls the agent made, in start order (up to the call log's cap). */
  calls: ShimCall[];
  /** Every call, past the cap too (each argument cut as recorded); without it, `calls`. */
  allCalls?: () => CallStream;
  run: AgentRunResult;
  /** Files created or modified by the run (relative paths); computed on first use. */
  changedFiles: () => Promise<string[]>;
  /** Environment for check commands: the trial's PATH with shims, logging to a separate file. */
  env: Record<string, string>;
  /** Where check commands write their output. */
  outDir: string;
  /** The eval's timeout: how long each check may take. */
  timeoutMs: number;
  /** When the whole trial's limit runs out (epoch ms): a check gets at most what is left. */
  trialDeadline?: number;
  /** That limit (ms), for what a check cut short by it says. */
  trialTimeoutMs?: number;
  /** Set when `timeoutMs` is what was left of the trial's limit: said where a check times out. */
  timeLimit?: string;
  /** The run's interrupt; a running check sees its own, also aborted at its deadline. */
  signal?: AbortSignal;
  /** Why the agent failed (timeout, its own failure): judges are skipped, unless `always`. */
  agentFailed?: string;
  /** What judges need; without it a judge check cannot run (it fails, saying so). */
  judging?: JudgingContext;
  /**
   * Set where the sandbox keeps the workspace itself (a container's own layer): `sandbox` then
   * holds only what the run created or changed, over the prepared tree. Brings out what changed
   * since the last call first.
   */
  layers?: () => Promise<WorkspaceLayers>;
}

/** A workspace as the run's changes (the sandbox folder) over the prepared tree. */
export interface WorkspaceLayers {
  /** The prepared tree: a path the sandbox folder lacks, and the run did not delete, is read here. */
  base: string;
  /** Paths of the prepared tree the run deleted; a folder stands for all below it, "" for all. */
  deleted: ReadonlySet<string>;
  /** The whole workspace as one folder (a copy, made when asked), for a check that needs one. */
  whole: () => Promise<string>;
}

export interface JudgingContext {
  /** A copy of the final workspace (made once, on first use) and what the run changed. */
  material: () => Promise<JudgeMaterial>;
  spend: TrialSpend;
  /** The calibration figure of a judge, when `agent-evals calibrate` measured this one. */
  calibrationOf?: (judge: JudgeSpec) => CalibrationFigure | undefined;
  /** Set when the run records or replays: opens each judge call's proxy (run/trial-traffic.ts). */
  traffic?: OpenJudgeTraffic;
}

export interface CheckVerdict {
  ok: boolean;
  evidence: string;
  /** A judge's answers (judge checks only). */
  judge?: JudgeOutcome;
  /** Set by a check that stopped itself at its deadline and says so in `evidence`. */
  stopped?: boolean;
}
