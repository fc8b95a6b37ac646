// util/: process groups and cgroups, redaction, git, shell words.
// Its public surface: what the other folders of src/ import from it (eslint.config.js keeps
// every import from another folder going through an index.ts).

export { gitHeadCommit, mayBeInGitRepo } from "./git.js";
export { GarbageCadence } from "./memory.js";
export {
  activeGroups,
  killAllProcesses,
  killGroup,
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
export { findOnPath, isValidShimName, shellQuote } from "./shell.js";
export { seededRandom } from "./random.js";
export { displayPath, isInside } from "./paths.js";
