// `agent-evals replay <trial folder>`: one recorded trial run again exactly, for debugging: the
// same eval and agent, one trial, its model requests answered from that trial's cassette, the
// workspace kept on disk. The trial folder is a results folder's `evals/<eval>/<agent>/trial-<n>`
// (of the last run, or of a downloaded artifact).

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runEvals } from "../../engine/index.js";
import { UsageError } from "../../model/index.js";
import { CASSETTE_FILE, cassetteIn, isCassetteFile } from "../../run/index.js";
import type { CommandContext } from "./context.js";
import { runCommand } from "./eval.js";

const USAGE =
  "replay takes one trial folder: agent-evals replay .copybook/results/evals/<eval>/<agent>/trial-<n>";

export async function replayCommand(ctx: CommandContext): Promise<number> {
  if (ctx.names.length !== 1) throw new UsageError(USAGE);
  const trial = trialOf(path.resolve(ctx.projectRoot, ctx.names[0]!));
  // The trial's cassette, as trial 1 of a replay folder of its own (the run then empties the
  // results folder it may have come from).
  const staged = fs.mkdtempSync(path.join(os.tmpdir(), "agent-evals-replay-"));
  try {
    const place = path.join(staged, "evals", trial.evalId, trial.agent, "trial-1");
    fs.mkdirSync(place, { recursive: true });
    // The agent's cassette and its judge calls' (a free agent's trial may have only these).
    for (const name of trial.cassettes)
      fs.copyFileSync(path.join(trial.dir, name), path.join(place, name));
    return await runCommand(
      {
        ...ctx,
        names: [trial.evalId],
        flags: {
          ...ctx.flags,
          trials: "1",
          replay: staged,
          record: false,
          "keep-workspace": true,
        },
      },
      (options) => runEvals({ ...options, agentFolder: trial.agent, variants: false }),
      (outcome) => outcome.exitCode,
    );
  } finally {
    fs.rmSync(staged, { recursive: true, force: true });
  }
}

/** The eval, agent and cassettes of `evals/<eval>/<agent>/trial-<n>`, or a UsageError saying why not. */
function trialOf(dir: string): { evalId: string; agent: string; dir: string; cassettes: string[] } {
  const agentDir = path.dirname(dir);
  const evalDir = path.dirname(agentDir);
  if (!/^trial-\d+$/.test(path.basename(dir)) || path.basename(path.dirname(evalDir)) !== "evals")
    throw new UsageError(`${USAGE} (got ${dir})`);
  const evalId = path.basename(evalDir);
  if (evalId.includes("@"))
    throw new UsageError(
      `${dir} is a trial of a variant or comparison arm (${evalId}): replay the whole run with eval --replay`,
    );
  const judges = (
    fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()
      ? fs.readdirSync(dir, { withFileTypes: true })
      : []
  )
    .filter((e) => e.isFile() && e.name.startsWith("judge-") && isCassetteFile(e.name))
    .map((e) => e.name);
  // cassette.json.gz, or a plain cassette.json (an older recording, or one edited by hand).
  const cassette = cassetteIn(dir) ?? path.join(dir, CASSETTE_FILE);
  const stats = fs.lstatSync(cassette, { throwIfNoEntry: false });
  // Only the judges' cassettes: the trial's agent made no model traffic of its own (literal).
  if (!stats && judges.length > 0)
    return { evalId, agent: path.basename(agentDir), dir, cassettes: judges };
  if (!stats?.isFile())
    throw new UsageError(
      `${cassette} ${stats ? "is not a regular file" : "does not exist"}: replay needs a trial recorded with --record`,
    );
  return {
    evalId,
    agent: path.basename(agentDir),
    dir,
    cassettes: [path.basename(cassette), ...judges],
  };
}
