// History on the results branch: read into a scratch checkout before the run (the base to compare
// with, the verdicts to reuse), this run's verdicts appended after it.

import path from "node:path";
import type { RunEvalsOutcome } from "../../engine/index.js";
import { errorMessage } from "../../model/index.js";
import { HEALTH_WINDOW, healthOf, readAllHistory, type HistoryLine } from "../../store/index.js";
import { healthMarkdown } from "../../report/index.js";
import * as core from "../runner.js";
import { writeHistoryLines } from "../publish/modes.js";
import { recordedCassettes } from "./cassettes.js";
import type { ActionContext } from "./context.js";

export interface HistoryRead {
  /** Each eval's recorded lines, read before the run (empty without history). */
  before: Map<string, HistoryLine[]>;
  /** The checkout's history folder, handed to the engine (undefined when the branch is new). */
  dir?: string;
  /** History is on, origin is known and the branch could be read: only then is it appended to. */
  readable: boolean;
  /** Removes the scratch checkout; the results are read from it until the history is saved. */
  dispose(): Promise<void>;
}

export async function readHistory({ inputs, remote }: ActionContext): Promise<HistoryRead> {
  let checkout: { dir: string; dispose(): Promise<void> } | undefined;
  let before = new Map<string, HistoryLine[]>();
  let readable = inputs.history && remote !== undefined;
  if (inputs.history && remote) {
    try {
      const { readResultsBranch } = await import("../../store/results-branch.js");
      checkout = await readResultsBranch({
        remote,
        branch: inputs.resultsBranch,
        token: inputs.githubToken,
      });
      if (checkout) before = await readAllHistory(path.join(checkout.dir, "history"));
      core.info(
        checkout
          ? `history: read ${before.size} eval(s) from ${inputs.resultsBranch}`
          : `history: ${inputs.resultsBranch} does not exist yet; it is created after this run`,
      );
    } catch (error) {
      readable = false;
      core.warning(
        `history: could not read ${inputs.resultsBranch}: ${errorMessage(error)}. Running without history.`,
      );
    }
  }
  return {
    before,
    dir: checkout ? path.join(checkout.dir, "history") : undefined,
    readable,
    dispose: async () => {
      await checkout?.dispose();
    },
  };
}

/** The verdicts beside run.json: a publishing job pushes them when this job only reads history. */
export async function keepHistoryLines(outcome: RunEvalsOutcome): Promise<void> {
  await writeHistoryLines(outcome.resultsDir, outcome.historyLines).catch((error: Error) =>
    core.warning(`history lines not written: ${error.message}`),
  );
}

/** The recorded lines of the base branch only: what this run's verdicts are compared with. */
export function baseLinesOf(history: HistoryRead, baseBranch: string): Map<string, HistoryLine[]> {
  return new Map(
    [...history.before].map(([id, lines]) => [
      id,
      lines.filter((l) => !l.ref || l.ref === baseBranch),
    ]),
  );
}

/**
 * Appends the run's verdicts to the results branch (when this job is the one that writes) and
 * says in the log where they went; returns what went wrong, in one sentence, when not saved.
 */
export async function saveHistory(
  { inputs, remote }: ActionContext,
  history: HistoryRead,
  outcome: RunEvalsOutcome,
): Promise<string | undefined> {
  const problem = await appendHistory(inputs, history.readable, remote, outcome);
  if (inputs.history && !inputs.historyWrite) {
    core.info(
      `history: read only; ${outcome.historyLines.length} line(s) left in ${outcome.resultsDir}/history.jsonl for the publishing job`,
    );
  } else if (inputs.history && !remote) {
    core.notice("history skipped: the working directory has no `origin` remote");
  }
  return problem;
}

async function appendHistory(
  inputs: ActionContext["inputs"],
  readable: boolean,
  remote: string | undefined,
  outcome: RunEvalsOutcome,
): Promise<string | undefined> {
  if (!inputs.historyWrite) return undefined;
  if (!remote) return inputs.historyRequired ? "the checkout has no `origin` remote" : undefined;
  if (!readable) return `${inputs.resultsBranch} could not be read, so nothing was appended to it`;
  if (!outcome.historyLines.length) return undefined;
  try {
    const byId = new Map<string, string[]>();
    for (const line of outcome.historyLines)
      byId.set(line.id, [...(byId.get(line.id) ?? []), JSON.stringify(line)]);
    const { appendToResultsBranch } = await import("../../store/results-branch.js");
    // A recording run's cassettes go in the same commit, each eval × agent's replacing the last.
    const cassettes = inputs.record ? await recordedCassettes(outcome.resultsDir) : [];
    const stored = cassettes.length
      ? ` and the cassettes of ${cassettes.length} eval × agent pair(s)`
      : "";
    // Pushed also when the branch did not exist yet (the first run creates it).
    const pushed = await appendToResultsBranch(
      { remote, branch: inputs.resultsBranch, token: inputs.githubToken },
      [...byId].map(([id, lines]) => ({ path: `history/${id}.jsonl`, lines })),
      `agent-evals: ${outcome.historyLines.length} result(s)${stored} for ${process.env.GITHUB_SHA?.slice(0, 7) ?? "a run"}`,
      cassettes,
    );
    core.info(
      `history: ${outcome.historyLines.length} line(s)${stored} pushed to ${inputs.resultsBranch} in ${pushed.attempts} attempt(s)`,
    );
    return undefined;
  } catch (error) {
    const message = errorMessage(error);
    // A read-only token (fork PRs) is expected there: a notice; a refusal or an outage: a warning.
    if ((error as { kind?: string }).kind === "permission")
      core.notice(`history not saved: ${message}`);
    else core.warning(`history not saved: ${message}`);
    return message;
  }
}

/** The health of every eval × agent over the recorded runs and this run's (broken, flaky, saturated). */
export function healthSection(history: HistoryRead, lines: HistoryLine[]): string[] {
  const all = new Map([...history.before].map(([id, l]) => [id, [...l]]));
  for (const line of lines) all.set(line.id, [...(all.get(line.id) ?? []), line]);
  return healthMarkdown(healthOf(all, HEALTH_WINDOW), HEALTH_WINDOW);
}
