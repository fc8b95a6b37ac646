// Who may spend: a run started by someone without write access to the repository (a triage user
// adding a label, a fork's author pushing to a labelled pull request) runs no paid agent unless
// the workflow lists them in `allowed-actors`. GitHub's collaborator-permission endpoint answers
// any token with metadata read (GITHUB_TOKEN included).

import { getOctokit } from "@actions/github";
import { errorMessage } from "../model/index.js";

/** Roles that may start paid runs without being listed. */
const WRITERS = new Set(["admin", "maintain", "write"]);

export interface SpendingCheck {
  token: string;
  baseUrl?: string;
  owner: string;
  repo: string;
  /** GITHUB_ACTOR: who triggered the run. */
  actor: string;
  /** allowed-actors: logins that may anyway; "*" is anyone. */
  allowed: string[];
}

/** Undefined when `actor` may spend; otherwise why not, as the reason of the pairs skipped. */
export async function spendingRefusal(check: SpendingCheck): Promise<string | undefined> {
  const { actor, owner, repo } = check;
  const listed = check.allowed.some((a) => a === "*" || a.toLowerCase() === actor.toLowerCase());
  if (listed) return undefined;
  const how = `list them in allowed-actors (or have someone with write access re-run the job)`;
  try {
    const octokit = getOctokit(check.token, check.baseUrl ? { baseUrl: check.baseUrl } : {});
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
      owner,
      repo,
      username: actor,
    });
    const role = (data as { role_name?: string }).role_name ?? data.permission;
    if (WRITERS.has(role) || data.permission === "admin" || data.permission === "write")
      return undefined;
    return `${actor} started this run with ${role} access to ${owner}/${repo}, not write, so no paid agent runs for them: ${how}`;
  } catch (error) {
    const status = (error as { status?: number }).status;
    return `could not check the access of ${actor}, who started this run (${status ? `HTTP ${status}: ` : ""}${errorMessage(error).split("\n")[0]}), so no paid agent runs: ${how}`;
  }
}
