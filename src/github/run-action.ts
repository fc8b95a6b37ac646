// The Action: inputs → engine → publish (summary, annotations, artifact, PR comment, history).
// The engine knows nothing of GitHub; everything GitHub-shaped happens here and in ./action/, one
// module per step, which `runWith` calls in order.

import path from "node:path";
import { AgentEvalsError, RESULTS_DIR } from "../model/index.js";
import * as core from "./runner.js";
import { secretNames } from "../util/index.js";
import { builtInCredentialEnv } from "../agents/index.js";
import { readInputs, InputError, type ActionInputs } from "./inputs.js";
import { readActionContext, type Scratch } from "./action/context.js";
import { readHistory, keepHistoryLines, saveHistory } from "./action/history.js";
import { resolveBases } from "./action/base.js";
import { gateActor } from "./action/gate.js";
import { runTheEvals, type Ran } from "./action/evals.js";
import { withReplaySource } from "./action/cassettes.js";
import { resumeEarlierAttempt } from "./action/resume.js";
import { refuseRun, writeRefusal } from "./action/refusal.js";
import {
  compareWithBase,
  composeReport,
  reportNotes,
  resumedLine,
  warnIfNothingJudged,
} from "./action/report.js";
import {
  annotateFailures,
  postStickyComment,
  uploadArtifact,
  writeStepSummary,
} from "./action/publish.js";
import { setOutputs, stepFailure } from "./action/outcome.js";

export async function runAction(): Promise<void> {
  let inputs: ActionInputs;
  try {
    inputs = readInputs();
  } catch (error) {
    if (error instanceof InputError) {
      await writeRefusal("agent-evals did not run: invalid input", error.message);
      return core.setFailed(error.message);
    }
    throw error;
  }
  // Credential variables (known names, names that look like one, AGENT_EVALS_REDACT) never appear in the log.
  for (const name of secretNames(process.env, builtInCredentialEnv()))
    if (process.env[name]) core.setSecret(process.env[name]!);
  if (inputs.githubToken) core.setSecret(inputs.githubToken);

  const scratch: Scratch = [];
  try {
    await runWith(inputs, scratch);
  } finally {
    for (const dispose of scratch) await dispose().catch(() => undefined);
  }
}

async function runWith(inputs: ActionInputs, scratch: Scratch): Promise<void> {
  const ctx = await readActionContext(inputs, scratch);
  const history = await readHistory(ctx);
  const bases = await resolveBases(ctx);
  const gate = await gateActor(ctx);
  let ran: Ran | undefined;
  const declaredSecrets = new Set<string>();
  try {
    // `replay: results-branch`: the branch's cassettes fetched first (an input error if it can't
    // be), before the costlier download of an earlier attempt's results.
    const replaySource = await withReplaySource(ctx);
    // A re-run attempt: the earlier attempt's results laid into the results folder, to go on from.
    const resumed = await resumeEarlierAttempt(ctx);
    ran = await runTheEvals(replaySource, {
      historyDir: history.dir,
      bases,
      gate,
      declaredSecrets,
      ...(resumed ? { resumed } : {}),
    });
  } catch (error) {
    await history.dispose();
    // A crash mid-run (not a refusal, which ran nothing) may leave finished trials: upload them,
    // so that a re-run of this job resumes from them instead of paying for them again.
    if (inputs.mode === "run" && !(error instanceof AgentEvalsError))
      await uploadArtifact(path.join(ctx.projectRoot, RESULTS_DIR), inputs, declaredSecrets);
    return refuseRun(error, inputs.workingDirectory);
  }
  // Plan mode: the shards were planned; nothing ran, so there is nothing to report.
  if (!ran) return history.dispose();
  const { outcome } = ran;
  if (ran.resumed) core.notice(resumedLine(ran.resumed));

  if (inputs.mode === "run") await keepHistoryLines(outcome);
  // The artifact first: a cancelled job has seconds left, and a re-run resumes from it.
  const artifactUrl = await uploadArtifact(outcome.resultsDir, inputs, declaredSecrets);
  const compared = compareWithBase(ctx, history, bases, outcome.run);
  // History before the report: whether it was saved goes into the summary and the comment.
  const historyProblem = await saveHistory(ctx, history, outcome);
  await history.dispose();
  const notes = reportNotes(outcome.run, historyProblem);

  // Whether the step fails is settled before the report: its headline never shows ✅ on a failed step.
  const failure = stepFailure(inputs, outcome, {
    missing: ran.missing,
    regressions: compared.regressions,
    baseBranch: ctx.baseBranch,
    historyProblem,
  });
  warnIfNothingJudged(outcome.run, failure);
  const report = composeReport(ctx, history, bases, {
    outcome,
    compared,
    notes,
    artifactUrl,
    failure,
    ...(ran.resumed ? { resumed: ran.resumed } : {}),
  });
  await writeStepSummary(report);
  annotateFailures(compared.shown.evals, inputs.workingDirectory);
  const commentUrl = await postStickyComment(ctx, report);

  setOutputs(outcome, compared.regressions, commentUrl);
  if (failure) core.setFailed(failure);
}
