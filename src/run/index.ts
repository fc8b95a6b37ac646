// run/: workspaces, isolation, shims, budget, trials, the suite.
// Its public surface: what the other folders of src/ import from it (eslint.config.js keeps
// every import from another folder going through an index.ts).

export { aboveBudget, BudgetLedger } from "./budget.js";
export { allowedEndpoints, type Endpoint } from "./isolation/bwrap.js";
export {
  DEFAULT_PROVIDER,
  PROVIDERS,
  PROVIDER_NAMES,
  providerNamed,
} from "./isolation/registry.js";
export type { ContainerOptions, SandboxProvider } from "./isolation/provider.js";
export {
  REAL_HOME_NOTE,
  checkEvalProviders,
  resolveEvals,
  SANDBOX_KINDS,
  TEMP_DIR_ISOLATION,
  isolationNote,
  resolveIsolation,
  type SandboxKind,
  type TrialIsolation,
} from "./isolation/resolve.js";
export { unitsToRun, limitsOf, type RunUnit, type TrialLimits } from "./unit.js";
export { reapDeadRuns, reapedNote, type Reaped } from "./reap.js";
export { runSuite, type SuiteEvents, type SuiteOutcome } from "./suite/index.js";
export { type PreparedStore } from "./workspace/prepare.js";
export { templateProblems } from "./workspace/template-check.js";
export { recheckEval, trialFolder, type RecheckEvalInput } from "./recheck.js";
export { calibrateJudge, type CalibratedExample } from "./calibrate.js";
export {
  CASSETTE_FILE,
  copyCassettes,
  isCassetteFile,
  judgeCassetteFile,
  REPLAY_STAND_IN_KEY,
  stageReplaySource,
  type TrafficMode,
} from "./trial-traffic.js";
export {
  CASSETTE_NAMES,
  cassetteIn,
  firstDivergence,
  MAX_CASSETTE_BYTES,
  readCassette,
  type Cassette,
} from "./replay/index.js";
export { evalFolder, slug as agentFolderName } from "./suite/trial-attempts.js";
export {
  readPreviousRun,
  resumeSummary,
  resumeUnits,
  selectResumed,
  type PreviousRun,
  type PreviousUnit,
  type ResumeCandidate,
  type ResumeSelection,
} from "./resume.js";
