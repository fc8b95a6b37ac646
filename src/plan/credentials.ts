// Where no saved login can exist (the Action on a GitHub-hosted runner, a fork's pull request), a
// pair whose agent has none of its credential variables set (or only values the agent says it
// cannot log in with) would only fail at its first model call. The plan skips it instead, with
// the reason, when the caller asks for this policy.

import type { PlannedUnit } from "../model/index.js";
import { Codes } from "../model/index.js";

export interface CredentialPolicy {
  /** A pull request from a fork: GitHub passes it no secrets (said in the reason). */
  fork: boolean;
  /**
   * Why no credential may be used at all (the Action: the actor who started the run may not
   * spend): every pair whose agent needs one is skipped with this reason, whatever is set.
   */
  withheld?: string;
}

/** Settles units whose agent declares credential variables and has none set; returns how many. */
export function skipWithoutCredentials(
  units: PlannedUnit[],
  env: Record<string, string | undefined>,
  policy: CredentialPolicy,
): number {
  let skipped = 0;
  for (const unit of units) {
    const agent = unit.agent;
    const keys = agent?.credentialEnv;
    if (unit.settled || !agent || !keys?.length) continue;
    const set = keys.filter((k) => env[k]);
    const problems = set.flatMap((k) => {
      const why = agent.credentialProblem?.(k, env[k]!);
      return why ? [`${k}: ${why}`] : [];
    });
    if (!policy.withheld && set.length > problems.length) continue;
    unit.settled = {
      status: "skipped",
      code: Codes.skipped,
      reason: policy.withheld
        ? policy.withheld
        : policy.fork
          ? `pull request from a fork: GitHub passes it no secrets, so ${unit.agentName} has no ${keys[0]}`
          : problems.length
            ? `${unit.agentName} cannot log in with what is set (${problems.join("; ")}): pass ${keys.join(" or ")} as a secret`
            : `no ${keys.join(" or ")} in the environment: pass it as a secret to run ${unit.agentName}`,
    };
    skipped++;
  }
  return skipped;
}
