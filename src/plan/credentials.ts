// Where no saved login can exist (the Action on a GitHub-hosted runner, a fork's pull request), a
// pair whose agent has none of its credential variables set would only fail at its first model
// call. The plan skips it instead, with the reason, when the caller asks for this policy.

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
    const keys = unit.agent?.credentialEnv;
    if (unit.settled || !keys?.length) continue;
    if (!policy.withheld && keys.some((k) => env[k])) continue;
    unit.settled = {
      status: "skipped",
      code: Codes.skipped,
      reason: policy.withheld
        ? policy.withheld
        : policy.fork
          ? `pull request from a fork: GitHub passes it no secrets, so ${unit.agentName} has no ${keys[0]}`
          : `no ${keys.join(" or ")} in the environment: pass it as a secret to run ${unit.agentName}`,
    };
    skipped++;
  }
  return skipped;
}
