import type { PlannedUnit } from "../model/index.js";
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
export declare function skipWithoutCredentials(units: PlannedUnit[], env: Record<string, string | undefined>, policy: CredentialPolicy): number;
