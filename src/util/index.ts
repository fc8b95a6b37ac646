// util/: process groups and cgroups, redaction, git, shell words.
// Its public surface: what the other folders of src/ import from it (eslint.config.js keeps
// every import from another folder going through an index.ts).

export { gitHeadCommit, mayBeInGitRepo } from "./git.js";
export { GarbageCadence } from "./memory.js";
export { makeRunTempDir } from "./run-temp.js";
export { claimDeadRuns, recordInRun, RUN_MARKER_ENV } from "./run-registry.js";
export { reapRunCgroups } from "./cgroup.js";
export { runId } from "./run-owner.js";
export {
  activeGroups,
  killAllProcesses,
  killGroup,
  killMarked,
  readTail,
  runProcess,
  withCommandWrapper,
  outsideCommandWrapper,
  type ProcessResult,
  type RunProcessOptions,
  type WrappedCommand,
} from "./process.js";
export {
  RedactingStream,
  currentRedactor,
  outgoingRedactor,
  redactFile,
  redactOutgoing,
  redactTree,
  secretNames,
  secretRedactor,
  withRedactor,
  type Redactor,
} from "./redact.js";
export { inert, inertLines } from "./inert.js";
export { Semaphore } from "./semaphore.js";
export { findOnPath, findOnPathSync, isValidShimName, shellQuote } from "./shell.js";
export { seededRandom } from "./random.js";
export { displayPath, isInside, shortPath } from "./paths.js";
export {
  kindOf,
  openRegular,
  openRegularSync,
  readInsideSync,
  readRegularSync,
  readRegularTextSync,
  SAFE_OPEN_FLAGS,
  type InsideRead,
  type SafeOpened,
  type SafeOpenedSync,
  type SafeRead,
} from "./safe-read.js";
export { onTerminatingSignals, TERMINATING_SIGNALS, type TerminatingSignal } from "./signals.js";
