// Where agent-evals keeps things: the names every stage uses for its folders, files and branch.
// (The `.copybook` and `copybook-results` names are the seeds', kept for compatibility.)

import path from "node:path";

/** The project's own folder of agent-evals state; never copied into a sandbox, never hashed. */
export const OWN_DIR = ".copybook";

/**
 * Folder names a repository snapshot never copies, at any depth; the result cache's picture of
 * the repository (store/fingerprint.ts) leaves them out too, so it never hashes what no trial sees.
 */
export const NEVER_SNAPSHOT_DIRS: readonly string[] = ["node_modules", ".git", OWN_DIR];

/** Where a run's results go, under the project root. */
export const RESULTS_DIR = path.join(OWN_DIR, "results");

/** The run's summary file in a results folder. */
export const RUN_JSON = "run.json";

/** The orphan branch the Action keeps history on, by default. */
export const DEFAULT_RESULTS_BRANCH = "copybook-results";

/** Where each run-mode job leaves its history lines, for a publishing job to push once. */
export const HISTORY_FILE = "history.jsonl";

/** What `agent-evals calibrate` measured of each judge, read by every run's report. */
export const CALIBRATION_FILE = path.join(OWN_DIR, "calibration.json");

/**
 * Set in the environment the evals are loaded and planned with when the run replays recorded
 * model traffic: an agent then needs no login to be available (its answers come from the
 * recording), as kinds/skill's claude-code checks.
 */
export const REPLAYING_ENV = "AGENT_EVALS_REPLAYING";
