import type { AgentRunResult, ShimCall } from "../model/index.js";

/** What checks see of a finished trial. */
export interface CheckContext {
  /** Absolute path of the trial's sandbox. */
  sandbox: string;
  /** Shimmed calls the agent made, in start order. */
  calls: ShimCall[];
  run: AgentRunResult;
  /** Files created or modified by the run (relative paths); computed on first use. */
  changedFiles: () => Promise<string[]>;
  /** Environment for check commands: the trial's PATH with shims, logging to a separate file. */
  env: Record<string, string>;
  /** Where check commands write their output. */
  outDir: string;
  /** The eval's timeout: how long each check may take. */
  timeoutMs: number;
  /** The run's interrupt; a running check sees its own, also aborted at its deadline. */
  signal?: AbortSignal;
}

export interface CheckVerdict {
  ok: boolean;
  evidence: string;
  /** Set by a check that stopped itself at its deadline and says so in `evidence`. */
  stopped?: boolean;
}
