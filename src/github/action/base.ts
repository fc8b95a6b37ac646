// The base this run is measured against: changed-only's (which evals to run at all) and, on a pull
// request with baseline rerun, the base whose version of each changed eval runs beside the head's.

import type { AgentVersionSpec } from "../../agents/index.js";
import { compareAgentVersion, compareEvals, runEvals } from "../../engine/index.js";
import { errorMessage } from "../../model/index.js";
import type { BaseSpec } from "../../plan/index.js";
import * as core from "../runner.js";
import type { ActionInputs } from "../inputs.js";
import { originUrl, type ActionContext, type Scratch } from "./context.js";

export interface Bases {
  /** changed-only's base: only the evals changed since it run (undefined: all of them). */
  changed?: BaseSpec;
  /** The base to rerun beside the head (a pull request, baseline not history). */
  rerun?: BaseSpec;
}

export async function resolveBases(ctx: ActionContext): Promise<Bases> {
  const { inputs, pr, baseBranch, projectRoot, scratch } = ctx;
  const changed =
    inputs.mode === "publish"
      ? undefined
      : await changedBaseFor(inputs, pr !== undefined, baseBranch, projectRoot, scratch);
  // On a pull request the base's version of each changed eval runs beside the head's (rerun).
  const rerun =
    inputs.mode === "run" && pr !== undefined && inputs.baseline !== "history"
      ? (changed ?? (await fetchBase(inputs, baseBranch, projectRoot, scratch)))
      : undefined;
  if (inputs.mode === "run" && inputs.baseline === "rerun" && pr === undefined)
    core.notice("baseline rerun: not a pull request, so there is no base to run; history is used");
  return { changed, rerun };
}

/**
 * The run's evals: beside another version of an agent CLI (the `agent-version` input:
 * `compareAgentVersion`), else beside their base's version when there is one to rerun
 * (`compareEvals`), else alone.
 */
export function againstBase(
  base: BaseSpec | undefined,
  candidate?: AgentVersionSpec,
): typeof runEvals {
  if (candidate)
    return (options) =>
      compareAgentVersion({ ...options, candidate, say: (line) => core.info(line) });
  return base ? (options) => compareEvals({ ...options, base }) : runEvals;
}

/** --changed's base: on pull requests by default, with the base branch fetched (best effort). */
async function changedBaseFor(
  inputs: ActionInputs,
  isPullRequest: boolean,
  baseBranch: string,
  dir: string,
  scratch: Scratch,
): Promise<BaseSpec | undefined> {
  const on = inputs.changedOnly === "auto" ? isPullRequest : inputs.changedOnly;
  if (!on) return undefined;
  return fetchBase(inputs, baseBranch, dir, scratch);
}

/**
 * The base ref (base-ref, else origin/<base branch>). A branch of origin is fetched (depth 1) into
 * a scratch repository and read from there, so the checkout's refs, index and shallowness stay as
 * actions/checkout left them; when that fails, the checkout's own ref is used, if it has one.
 */
async function fetchBase(
  inputs: ActionInputs,
  baseBranch: string,
  dir: string,
  scratch: Scratch,
): Promise<BaseSpec> {
  const base = inputs.baseRef ?? `origin/${baseBranch}`;
  if (!base.startsWith("origin/")) return base;
  const remote = await originUrl(dir);
  if (!remote) return base;
  try {
    const { fetchBranchTip } = await import("../../store/results-branch.js");
    const tip = await fetchBranchTip({
      remote,
      branch: base.slice("origin/".length),
      token: inputs.githubToken,
    });
    scratch.push(tip.dispose);
    return { ref: base, sha: tip.sha, objectsDir: tip.objectsDir };
  } catch (error) {
    core.warning(
      `base ${base}: could not fetch it (${errorMessage(error).split("\n")[0]}); using the checkout's ${base} if it has one`,
    );
    return base;
  }
}
