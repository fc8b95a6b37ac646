// store/: results folder + lock, history, verdict caches, merge, results branch.
// Its public surface: what the other folders of src/ import from it (eslint.config.js keeps
// every import from another folder going through an index.ts).

export { HEALTH_WINDOW, healthOf, type EvalHealth, type HealthState } from "./health.js";
export { compareRuns, historyBaseline, sparkline, type ComparisonRow } from "./compare.js";
export {
  fingerprintFor,
  readFingerprintCache,
  repoState,
  type FingerprintCacheEntry,
} from "./fingerprint.js";
export {
  expectedCostPerTrial,
  historyLineText,
  latestMatching,
  parseHistory,
  readAllHistory,
  readHistory,
  type HistoryLine,
} from "./history.js";
export { clearResults } from "./clear.js";
export { refuseLinkedOwnFolder } from "./own-folder.js";
export { copyRegularTree } from "./copy-regular.js";
export { readLastResults } from "./last-results.js";
export { readBack, STORE_FILE_CAP, type ReadBackOptions } from "./read-back.js";
export { lockResults } from "./lock.js";
export { mergeResultDirs } from "./merge.js";
export { recordResults, type CacheContext, type CacheOptions } from "./verdicts.js";
export {
  readCalibration,
  writeCalibration,
  type CalibrationEntry,
  type CalibrationStore,
} from "./calibration.js";
