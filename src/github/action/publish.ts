// Where the report goes: the transcripts artifact, the step summary, the failure annotations and
// the sticky PR comment. Each is best effort: a failure to publish is a warning, never the verdict.

import path from "node:path";
import { errorMessage, type RunResult } from "../../model/index.js";
import { renderRunMarkdown, type RenderRunOptions } from "../../report/index.js";
import { secretRedactor } from "../../util/index.js";
import * as core from "../runner.js";
import type { ActionInputs } from "../inputs.js";
import { artifactUrl, uploadResults } from "../publish/artifacts.js";
import { runAttempt, serverUrl, type ActionContext } from "./context.js";

export const COMMENT_MARKER = "<!-- agent-evals:sticky -->";

/** Uploads the results folder (upload-transcripts); the artifact's page when GitHub gave an id. */
export async function uploadArtifact(
  dir: string,
  inputs: ActionInputs,
  declared: Set<string>,
): Promise<string | undefined> {
  if (!inputs.uploadTranscripts) return undefined;
  const uploaded = await upload(dir, inputs, declared);
  if (uploaded?.id !== undefined && process.env.GITHUB_REPOSITORY && process.env.GITHUB_RUN_ID)
    return artifactUrl(
      serverUrl(),
      process.env.GITHUB_REPOSITORY,
      process.env.GITHUB_RUN_ID,
      uploaded.id,
    );
  return undefined;
}

/** Uploads the results folder; on a name taken in this run, see `uploadResults`. */
async function upload(
  dir: string,
  inputs: ActionInputs,
  declared: Set<string>,
): Promise<{ id?: number } | undefined> {
  try {
    const uploaded = await uploadResults({
      redact: uploadRedactor(declared),
      dir,
      name: inputs.artifactName,
      retentionDays: inputs.retentionDays,
      attempt: runAttempt(),
      job: process.env.GITHUB_JOB ?? "job",
      log: (message) => core.warning(`artifact: ${message}`),
    });
    core.info(`artifact ${uploaded.name}: ${uploaded.files} file(s), ${uploaded.size} bytes`);
    return uploaded;
  } catch (error) {
    core.warning(`artifact: upload failed: ${errorMessage(error)}`);
    return undefined;
  }
}

/** Replaces credentials in uploaded files: the same values and forms as the run's own redaction. */
function uploadRedactor(declared: Set<string>): ((text: string) => string) | undefined {
  const redactor = secretRedactor(process.env, declared);
  return redactor.empty ? undefined : (text) => redactor.text(text);
}

export async function writeStepSummary(report: RenderRunOptions): Promise<void> {
  await core.summary
    .addRaw(renderRunMarkdown(report))
    .write()
    .catch((error: Error) => core.warning(`step summary: ${error.message}`));
}

/** Failed checks become annotations on the eval file's line (paths relative to the repository). */
export function annotateFailures(evals: RunResult["evals"], workingDirectory: string): void {
  for (const e of evals) {
    if (e.status !== "failed") continue;
    const trial = e.trials.find((t) => t.status === "failed");
    const check = trial?.checks.find((c) => !c.ok);
    const message = `${e.id} [${e.agent}] ${e.passes}/${e.trialsRun} passed. ${check ? `${check.name}: ${check.evidence}` : (trial?.reason ?? "")}`;
    core.error(message.slice(0, 2000), {
      title: `agent-evals: ${e.id} failed`,
      file: path.normalize(path.join(workingDirectory, check?.file ?? e.file)),
      startLine: check?.line ?? e.line,
    });
  }
}

/** The sticky comment on the pull request (the comment input); its URL when posted. */
export async function postStickyComment(
  ctx: ActionContext,
  report: RenderRunOptions,
): Promise<string | undefined> {
  return upsertComment(ctx, renderRunMarkdown({ ...report, marker: COMMENT_MARKER }));
}

/**
 * The plan, as the sticky comment, before any trial starts (./evals.ts): what will run, the power
 * each comparison has, the forecast cost and the rule. The report replaces it when the run ends.
 */
export async function postPlanComment(
  ctx: ActionContext,
  lines: string[],
): Promise<string | undefined> {
  return upsertComment(ctx, [COMMENT_MARKER, ...lines, ""].join("\n"));
}

async function upsertComment(
  { inputs, pr }: ActionContext,
  body: string,
): Promise<string | undefined> {
  if (!pr || !inputs.comment) return undefined;
  try {
    const [owner = "", repo = ""] = (process.env.GITHUB_REPOSITORY ?? "").split("/");
    const { upsertStickyComment } = await import("../publish/comment.js");
    const comment = await upsertStickyComment({
      token: inputs.githubToken,
      baseUrl: process.env.GITHUB_API_URL,
      owner,
      repo,
      issueNumber: pr.number,
      body,
      marker: COMMENT_MARKER,
    });
    core.info(`PR comment ${comment.action}: ${comment.url}`);
    return comment.url;
  } catch (error) {
    core.warning(`PR comment not posted: ${errorMessage(error)}`);
    return undefined;
  }
}
