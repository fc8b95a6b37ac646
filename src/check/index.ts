// check/: the checks run on a finished trial.
// Its public surface: what the other folders of src/ import from it (eslint.config.js keeps
// every import from another folder going through an index.ts).

export { shimBypassReasons, shimBypassWarnings, shimNotFoundReasons } from "./bypass.js";
export { checkName, runChecks } from "./checks.js";
export { partLimit } from "./deadline.js";
export { isDeleted } from "./files.js";
export { describeTrajectory, workflowProblems, type WorkflowProblems } from "./trajectory.js";
export type { CheckContext, JudgingContext, WorkspaceLayers } from "./context.js";
export {
  JUDGE_ANSWER_JSON_SCHEMA,
  judgeAgentName,
  judgeKey,
  judgeAdapter,
  judgePrompt,
  readAnswer,
  majorityOf,
  runJudge as runJudgeCheck,
  type JudgeMaterial,
  type JudgeTraffic,
  type OpenJudgeTraffic,
  type TrialSpend,
} from "./judge.js";
