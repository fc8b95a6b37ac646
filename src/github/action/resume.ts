// A re-run job resumes (the `resume` input): when GitHub runs a job again ("Re-run failed jobs"
// after a runner died or an infra error), the results its earlier attempt uploaded are laid into
// the results folder and the run goes on with `resume: true` (src/run/resume.ts), so the trials
// that finished are kept, not paid for twice, and only the unfinished and infra-error ones run.
//
// The artifact is hostile input: the agents of the earlier attempt could write in the folder it was
// made from, and anything holding the runtime token can upload. It is unpacked by ../publish/unzip.ts
// into a folder made for it (regular files only, sizes capped), and read by the resume reader,
// which never follows a link either. It cannot change a verdict's rule: an eval whose definition or
// prompt hash differs from the one its trials recorded runs whole, and the artifact of a run on
// another commit is not used at all.

import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { errorMessage, OWN_DIR, RESULTS_DIR, RUN_JSON } from "../../model/index.js";
import { readPreviousRun } from "../../run/index.js";
import { refuseLinkedOwnFolder } from "../../store/index.js";
import { gitHeadCommit, readRegularTextSync } from "../../util/index.js";
import * as core from "../runner.js";
import {
  downloadArtifactZip,
  findEarlierArtifact,
  type EarlierArtifact,
} from "../publish/earlier-artifact.js";
import { DEFAULT_UNZIP_LIMITS, unzipInto } from "../publish/unzip.js";
import { runAttempt, type ActionContext } from "./context.js";

/** What a resumed run took over: shown in the summary and the comment. */
export interface Resumed {
  attempt: number;
  artifact: string;
}

/**
 * On a re-run attempt (`resume: auto`, run mode), the newest earlier attempt's results laid into
 * the results folder; undefined when this run starts afresh (first attempt, `resume: false`, no
 * artifact, another commit, an unreadable one), each said in a notice or a warning.
 */
export async function resumeEarlierAttempt(ctx: ActionContext): Promise<Resumed | undefined> {
  const { inputs } = ctx;
  const attempt = runAttempt();
  if (inputs.mode !== "run" || !inputs.resume || attempt === 1) return undefined;
  if (!process.env.ACTIONS_RUNTIME_TOKEN || !process.env.ACTIONS_RESULTS_URL) {
    core.notice(`resume: attempt ${attempt}, but no artifact service here: running every trial`);
    return undefined;
  }
  let artifact: EarlierArtifact | undefined;
  try {
    artifact = await findEarlierArtifact({
      name: inputs.artifactName,
      job: process.env.GITHUB_JOB ?? "job",
      attempt,
    });
  } catch (error) {
    core.warning(`resume: could not list this run's artifacts: ${errorMessage(error)}`);
    return undefined;
  }
  if (!artifact) {
    // A job killed before its upload step leaves none; so does upload-transcripts: false.
    core.notice(
      `resume: attempt ${attempt} found no artifact ${inputs.artifactName} of an earlier attempt (killed before it uploaded?): running every trial`,
    );
    return undefined;
  }
  // The listed size is the zip's: one larger than everything it may unpack to is not fetched.
  if (artifact.size > DEFAULT_UNZIP_LIMITS.totalBytes) {
    core.warning(`resume: ${artifact.name} is ${artifact.size} bytes, too large to resume from`);
    return undefined;
  }
  const download = await fs.mkdtemp(
    path.join(process.env.RUNNER_TEMP || os.tmpdir(), "ae-resume-"),
  );
  try {
    const zip = await downloadArtifactZip(artifact, download);
    return await layDown(ctx, zip, artifact, attempt);
  } catch (error) {
    core.warning(`resume: artifact ${artifact.name} not used: ${errorMessage(error)}`);
    return undefined;
  } finally {
    await fs.rm(download, { recursive: true, force: true });
  }
}

/** Unpacks the zip into a fresh folder beside the results folder, checks it, and moves it there. */
async function layDown(
  { projectRoot }: ActionContext,
  zip: string,
  artifact: EarlierArtifact,
  attempt: number,
): Promise<Resumed | undefined> {
  const resultsDir = path.join(projectRoot, RESULTS_DIR);
  // The checkout is the pull request's: `.copybook` may be a link it planted. The engine refuses
  // one too, later; the results are never written through it, here either.
  refuseLinkedOwnFolder(projectRoot, resultsDir);
  await fs.mkdir(path.join(projectRoot, OWN_DIR)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
  const fresh = await fs.mkdtemp(path.join(projectRoot, OWN_DIR, ".resume-"));
  try {
    const unzipped = await unzipInto(zip, fresh);
    if (unzipped.skipped.length)
      core.warning(
        `resume: ${artifact.name}: ${unzipped.skipped.length} entr${unzipped.skipped.length === 1 ? "y" : "ies"} left out: ${unzipped.skipped.slice(0, 10).join("; ")}`,
      );
    const problem = await otherCommit(fresh, projectRoot);
    if (problem) {
      core.notice(`resume: ${artifact.name} not used: ${problem}; running every trial`);
      return undefined;
    }
    await fs.rm(resultsDir, { recursive: true, force: true });
    await fs.rename(fresh, resultsDir);
  } finally {
    await fs.rm(fresh, { recursive: true, force: true });
  }
  if (!(await readPreviousRun(projectRoot, resultsDir))) {
    core.notice(`resume: ${artifact.name} holds no run to resume: running every trial`);
    return undefined;
  }
  core.info(`resume: attempt ${attempt} goes on from ${artifact.name} (an earlier attempt's)`);
  return { attempt, artifact: artifact.name };
}

/**
 * Why the earlier results are of another commit than the checkout, or undefined. A re-run runs the
 * same commit, so they differ only when the workflow checks out something else (a branch that moved
 * since); then no trial is kept. Without run.json (the earlier attempt was killed) there is no
 * commit to compare: the artifact is this workflow run's, whose commit is the checkout's.
 */
async function otherCommit(dir: string, projectRoot: string): Promise<string | undefined> {
  const text = readRegularTextSync(path.join(dir, RUN_JSON), 256 * 1024 * 1024);
  if (text === undefined) return undefined;
  let commit: unknown;
  try {
    commit = (JSON.parse(text) as { commit?: unknown }).commit;
  } catch {
    return undefined;
  }
  if (typeof commit !== "string") return undefined;
  const head = await gitHeadCommit(projectRoot);
  return head !== undefined && head !== commit
    ? `its run measured commit ${commit.slice(0, 12)}, this checkout is ${head.slice(0, 12)}`
    : undefined;
}
