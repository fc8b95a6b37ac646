// `eval --resume`: what an interrupted or partly failed run left in its results folder, and which
// of its trials a resumed run keeps. A trial is finished when its folder holds trial.json with a
// pass or a failure; one that ended in a replay miss (AE303) is kept too, since running it again
// asks the same recording the same question. Every other trial (missing, unfinished, an infra
// error) runs again under its own number, and an eval whose definition or rendered prompt changed
// since runs whole. The selection is pure (selectResumed); readPreviousRun only reads.

import { promises as fs } from "node:fs";
import path from "node:path";
import type { EvalResult, TrialResult } from "../model/index.js";
import { Codes } from "../model/index.js";
import { readRegularTextSync } from "../util/index.js";
import { policyOf } from "./suite/unit-run.js";
import type { RunUnit } from "./unit.js";

/** One trial the previous run left: its result where it finished, else only that it started. */
export interface PreviousTrial {
  n: number;
  /** trial.json's result (status passed/failed), or run.json's entry of a trial that ended in an error. */
  result?: TrialResult;
}

/** One eval × agent folder (`evals/<id>/<agent folder>`) of the previous run. */
export interface PreviousUnit {
  definitionHash?: string;
  promptHash?: string;
  trials: Map<number, PreviousTrial>;
}

export interface PreviousRun {
  /** Keyed by the unit's folder relative to the results folder: `evals/<id>/<agent folder>`. */
  units: Map<string, PreviousUnit>;
}

/** Why a trial runs again. */
export type RerunReason = "unfinished" | "infra error" | "not started";

/** A unit of this run as the selection sees it. */
export interface ResumeCandidate {
  id: string;
  definitionHash: string;
  promptHash?: string;
  /** The most trials this unit may run (its policy's max). */
  max: number;
  /** Whether the verdict is decided by these passes and failures (the unit's own policy). */
  decided(passes: number, failures: number): boolean;
}

export interface ResumeSelection {
  /** The kept trials, by number. */
  kept: TrialResult[];
  /** Trials that will run again because the previous run started them but they did not finish. */
  rerun: Array<{ n: number; why: Exclude<RerunReason, "not started"> }>;
  /** Trials not started before that the verdict may still need. */
  notStarted: number;
  /** Set when the eval runs whole: why. */
  whole?: string;
}

/**
 * Which of a unit's trials a resumed run keeps and which it runs again (pure): see the module's
 * comment for the rule.
 */
export function selectResumed(
  unit: ResumeCandidate,
  previous: PreviousUnit | undefined,
): ResumeSelection {
  const whole = (why: string): ResumeSelection => ({
    kept: [],
    rerun: [],
    notStarted: unit.max,
    whole: why,
  });
  if (!previous || previous.trials.size === 0) return { kept: [], rerun: [], notStarted: unit.max };
  if (previous.definitionHash === undefined)
    return whole(`${unit.id}: the previous run recorded no definition hash: running it whole`);
  if (previous.definitionHash !== unit.definitionHash)
    return whole(`${unit.id}: its definition changed since the previous run: running it whole`);
  if (
    previous.promptHash !== undefined &&
    unit.promptHash !== undefined &&
    previous.promptHash !== unit.promptHash
  )
    return whole(
      `${unit.id}: its rendered prompt changed since the previous run: running it whole`,
    );
  const kept: TrialResult[] = [];
  const rerun: ResumeSelection["rerun"] = [];
  for (const trial of [...previous.trials.values()].sort((a, b) => a.n - b.n)) {
    if (trial.n < 1 || trial.n > unit.max) continue;
    const status = trial.result?.status;
    if (status === "passed" || status === "failed") kept.push(trial.result!);
    else if (status === "error" && trial.result?.code === Codes.replayMiss) kept.push(trial.result);
    else rerun.push({ n: trial.n, why: status === "error" ? "infra error" : "unfinished" });
  }
  const passes = kept.filter((t) => t.status === "passed").length;
  const failures = kept.filter((t) => t.status === "failed").length;
  const stopped = kept.some((t) => t.status === "error") || unit.decided(passes, failures);
  // A decided verdict runs nothing more, as in a run that was never interrupted.
  if (stopped) return { kept, rerun: [], notStarted: 0 };
  return { kept, rerun, notStarted: unit.max - kept.length - rerun.length };
}

/** `resume: kept 7 of 10 trials, running 3 (2 unfinished, 1 infra error)`. */
export function resumeSummary(selections: readonly ResumeSelection[]): string {
  const kept = selections.reduce((n, s) => n + s.kept.length, 0);
  const count = (why: RerunReason) =>
    why === "not started"
      ? selections.reduce((n, s) => n + s.notStarted, 0)
      : selections.reduce((n, s) => n + s.rerun.filter((r) => r.why === why).length, 0);
  const parts = (["unfinished", "infra error", "not started"] as const)
    .map((why) => [count(why), why] as const)
    .filter(([n]) => n > 0);
  const running = parts.reduce((n, [c]) => n + c, 0);
  const upTo = count("not started") > 0 ? "up to " : "";
  const why = parts.length ? ` (${parts.map(([n, w]) => `${n} ${w}`).join(", ")})` : "";
  return `resume: kept ${kept} of ${kept + running} trials, running ${upTo}${running}${why}`;
}

/**
 * What the previous run left in `resultsDir`: run.json when it was written (its error trials, its
 * definition hashes), and every trial folder under evals/ with its trial.json where it finished.
 * Undefined when there is neither.
 */
export async function readPreviousRun(
  projectRoot: string,
  resultsDir: string,
): Promise<PreviousRun | undefined> {
  const units = new Map<string, PreviousUnit>();
  const unitAt = (folder: string) => {
    let unit = units.get(folder);
    if (!unit) units.set(folder, (unit = { trials: new Map() }));
    return unit;
  };
  const run = await readJson<{ evals?: EvalResult[] }>(path.join(resultsDir, "run.json"));
  for (const result of Array.isArray(run?.evals) ? run.evals : []) {
    for (const trial of Array.isArray(result.trials) ? result.trials : []) {
      if (typeof trial?.dir !== "string" || typeof trial.n !== "number") continue;
      const folder = path.relative(resultsDir, path.dirname(path.resolve(projectRoot, trial.dir)));
      if (folder.startsWith("..") || path.isAbsolute(folder)) continue;
      const unit = unitAt(folder.split(path.sep).join("/"));
      if (result.definitionHash) unit.definitionHash = result.definitionHash;
      if (result.promptHash) unit.promptHash = result.promptHash;
      // Only its errors are read from run.json: a finished trial is what its trial.json says.
      if (trial.status === "error") unit.trials.set(trial.n, { n: trial.n, result: trial });
    }
  }
  const evalsDir = path.join(resultsDir, "evals");
  for (const id of await subfolders(evalsDir)) {
    for (const agent of await subfolders(path.join(evalsDir, id))) {
      const unitDir = path.join(evalsDir, id, agent);
      for (const name of await subfolders(unitDir)) {
        const n = /^trial-([1-9][0-9]*)$/.exec(name)?.[1];
        if (!n) continue;
        const unit = unitAt(`evals/${id}/${agent}`);
        const stored = await readJson<StoredTrial>(path.join(unitDir, name, "trial.json"));
        const finished = stored?.status === "passed" || stored?.status === "failed";
        if (stored && finished) {
          const { definitionHash, promptHash, result } = trialOf(stored);
          unit.definitionHash ??= definitionHash;
          unit.promptHash ??= promptHash;
          // Its number and folder are where it was found, never what the (hostile) file says.
          const dir = path.relative(projectRoot, path.join(unitDir, name));
          unit.trials.set(Number(n), { n: Number(n), result: { ...result, n: Number(n), dir } });
        } else if (!unit.trials.has(Number(n))) {
          unit.trials.set(Number(n), { n: Number(n) });
        }
      }
    }
  }
  return run || units.size ? { units } : undefined;
}

/** trial.json: the trial's result with what the agent reported and the run's definition hashes. */
type StoredTrial = TrialResult & {
  agent?: unknown;
  trajectory?: unknown;
  workspace?: unknown;
  definitionHash?: string;
  promptHash?: string;
};

function trialOf(stored: StoredTrial): {
  result: TrialResult;
  definitionHash?: string;
  promptHash?: string;
} {
  const { agent, trajectory, workspace, definitionHash, promptHash, ...result } = stored;
  void agent;
  void trajectory;
  void workspace;
  return {
    result,
    ...(definitionHash ? { definitionHash } : {}),
    ...(promptHash ? { promptHash } : {}),
  };
}

/** Far above any real run.json or trial.json; a larger one counts as unreadable (run again). */
const RESULT_FILE_CAP = 256 * 1024 * 1024;

async function subfolders(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** A JSON file of the results folder, which may be hostile: never a link, a FIFO, or over the cap. */
async function readJson<T>(file: string): Promise<T | undefined> {
  const text = readRegularTextSync(file, RESULT_FILE_CAP);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** What a resumed run does: each unit with its kept trials, what it says, what the clearing keeps. */
export interface ResumePlan {
  units: RunUnit[];
  /** The summary line first, then why an eval runs whole. */
  notes: string[];
  /** The kept trials' folders (absolute): the results folder's clearing leaves them. */
  keep: string[];
}

/**
 * The units of this run with the trials of `previous` they keep. Units the plan settled (skipped,
 * cached) keep nothing. A comparison arm (variants, compare --base) keeps every finished trial up
 * to its maximum: whether more are needed is the group's decision (run/group.ts looks at the kept
 * pairs first), not one arm's.
 */
export function resumeUnits(
  units: readonly RunUnit[],
  previous: PreviousRun,
  options: { projectRoot: string; allTrials: boolean; folderOf: (unit: RunUnit) => string },
): ResumePlan {
  const selections: ResumeSelection[] = [];
  const notes: string[] = [];
  const keep: string[] = [];
  const resumed = units.map((unit) => {
    if (unit.settled) return unit;
    const policy = policyOf(unit, options);
    const arm = unit.arm;
    const folder = options.folderOf(unit);
    const selection = selectResumed(
      {
        id: unit.spec.id,
        definitionHash: unit.spec.definitionHash,
        ...(unit.prompt ? { promptHash: unit.prompt.hash } : {}),
        max: arm ? arm.maxTrials : policy.max,
        decided: (p, f) => !arm && policy.verdict(p, f) !== "undecided",
      },
      previous.units.get(folder),
    );
    selections.push(selection);
    if (selection.whole) notes.push(`resume: ${selection.whole}`);
    keep.push(...selection.kept.map((t) => path.resolve(options.projectRoot, t.dir)));
    return selection.kept.length ? { ...unit, kept: selection.kept } : unit;
  });
  return { units: resumed, notes: [resumeSummary(selections), ...notes], keep };
}
