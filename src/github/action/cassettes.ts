// Cassettes on the results branch (docs/record-replay.md): a run with `record: true` that writes
// history also stores its recordings there, under `cassettes/<eval>/<agent>/trial-<n>/`, the latest
// recording of each eval × agent replacing the one before (the branch grows with the evals, not
// with the runs). `replay: results-branch` fetches that folder into a temp folder, laid out as a
// replay folder (`evals/<eval>/<agent>/trial-<n>/`), and replays from it. What is fetched is read
// as hostile input: only regular files named as cassettes, within size limits, are taken.

import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { errorMessage } from "../../model/index.js";
import { isCassetteFile, MAX_CASSETTE_BYTES } from "../../run/index.js";
import { readRegularSync } from "../../util/index.js";
import type { FolderReplacement } from "../../store/results-branch.js";
import * as core from "../runner.js";
import { InputError, REPLAY_RESULTS_BRANCH } from "../inputs.js";
import type { ActionContext } from "./context.js";

/** The results branch's folder of cassettes. */
export const CASSETTES_FOLDER = "cassettes";

/** The most bytes of cassettes `replay: results-branch` fetches in all (one is at most MAX_CASSETTE_BYTES). */
export const MAX_FETCHED_CASSETTE_BYTES = 1024 * 1024 * 1024;

/**
 * The run's recordings as folders of the results branch: `cassettes/<eval>/<agent>/` for each
 * eval × agent with at least one cassette (the agent's and its judge calls', regular files only,
 * each within MAX_CASSETTE_BYTES), replaced whole.
 */
export async function recordedCassettes(resultsDir: string): Promise<FolderReplacement[]> {
  const evalsDir = path.join(resultsDir, "evals");
  const folders: FolderReplacement[] = [];
  for (const evalId of await dirs(evalsDir))
    for (const agent of await dirs(path.join(evalsDir, evalId))) {
      const files: FolderReplacement["files"] = [];
      for (const trial of await dirs(path.join(evalsDir, evalId, agent))) {
        const trialDir = path.join(evalsDir, evalId, agent, trial);
        for (const name of (await fs.readdir(trialDir)).filter(isCassetteFile).sort()) {
          const read = readRegularSync(path.join(trialDir, name), MAX_CASSETTE_BYTES);
          if (read.kind === "file" && !read.truncated)
            files.push({ path: `${trial}/${name}`, bytes: read.bytes });
        }
      }
      if (files.length) folders.push({ folder: `${CASSETTES_FOLDER}/${evalId}/${agent}`, files });
    }
  return folders;
}

async function dirs(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/**
 * The context with `replay: results-branch` resolved: the branch's cassettes fetched into a temp
 * folder (removed when the step ends) that the replay input then names. Any other input is
 * returned as it is. An InputError when the branch cannot be read or holds no cassette.
 */
export async function withReplaySource(ctx: ActionContext): Promise<ActionContext> {
  const { inputs, remote } = ctx;
  if (inputs.replay !== REPLAY_RESULTS_BRANCH) return ctx;
  const where = `branch ${inputs.resultsBranch}`;
  if (!remote)
    throw new InputError(
      `input replay: ${REPLAY_RESULTS_BRANCH} needs the checkout's \`origin\` remote to read ${where} from`,
    );
  const to = await fs.mkdtemp(path.join(os.tmpdir(), "agent-evals-branch-cassettes-"));
  ctx.scratch.push(() => fs.rm(to, { recursive: true, force: true }));
  const { fetchResultsFolder } = await import("../../store/results-branch.js");
  let fetched;
  try {
    fetched = await fetchResultsFolder(
      { remote, branch: inputs.resultsBranch, token: inputs.githubToken },
      {
        folder: CASSETTES_FOLDER,
        to: path.join(to, "evals"),
        accepts: isCassetteFile,
        maxFileBytes: MAX_CASSETTE_BYTES,
        maxTotalBytes: MAX_FETCHED_CASSETTE_BYTES,
      },
    );
  } catch (error) {
    throw new InputError(`input replay: could not read ${where}: ${errorMessage(error)}`);
  }
  for (const { path: file, reason } of fetched.refused)
    core.warning(`replay: ${file} on ${where} is ${reason}; not used`);
  if (!fetched.sha)
    throw new InputError(
      `input replay: ${where} does not exist; record first (record: true with history on stores the cassettes there)`,
    );
  if (fetched.copied.length === 0 && fetched.refused.length === 0)
    throw new InputError(
      `input replay: ${where} holds no cassettes under ${CASSETTES_FOLDER}/; record first (record: true with history on stores them there)`,
    );
  core.info(
    `replay: ${fetched.copied.length} cassette(s) from ${where} at ${fetched.sha.slice(0, 7)}${fetched.refused.length ? `, ${fetched.refused.length} refused` : ""}`,
  );
  return { ...ctx, inputs: { ...inputs, replay: to } };
}
