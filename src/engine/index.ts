// The engine behind every face (CLI, Action, library): define → plan → run → check → report,
// and the merge of shards' results. Console output is the caller's business, through the events;
// publishing (comments, artifacts, the results branch) is the Action's. Other folders import the
// engine only through this file, its public surface.

export { shardOf, type CredentialPolicy } from "../plan/index.js";
export { RESULTS_DIR } from "../model/index.js";
export { loadDefinitions, type SelectOptions } from "./definitions.js";
export { planEvals, type PlanOptions, type PlannedRun } from "./plan.js";
export {
  isCi,
  killAllAgents,
  runEvals,
  writeEmptyRun,
  type PlannedRunInfo,
  type RunEvalsOptions,
  type RunEvalsOutcome,
} from "./run.js";
export { compareEvals, planComparison, type CompareOptions } from "./compare.js";
export {
  compareAgentVersion,
  planAgentVersionComparison,
  type AgentVersionOptions,
} from "./agent-version.js";
export { recheckEvals, type RecheckOptions } from "./recheck.js";
export { mergeRuns, type MergedRun, type MergeRunsOptions } from "./merge.js";
export { calibrateEvals, type CalibrateOptions, type CalibratedJudge } from "./calibrate.js";
