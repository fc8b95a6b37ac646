/** The project's own folder of agent-evals state; never copied into a sandbox, never hashed. */
export declare const OWN_DIR = ".copybook";
/**
 * Folder names a repository snapshot never copies, at any depth; the result cache's picture of
 * the repository (store/fingerprint.ts) leaves them out too, so it never hashes what no trial sees.
 */
export declare const NEVER_SNAPSHOT_DIRS: readonly string[];
/** Where a run's results go, under the project root. */
export declare const RESULTS_DIR: string;
/** The run's summary file in a results folder. */
export declare const RUN_JSON = "run.json";
/** The orphan branch the Action keeps history on, by default. */
export declare const DEFAULT_RESULTS_BRANCH = "copybook-results";
/** Where each run-mode job leaves its history lines, for a publishing job to push once. */
export declare const HISTORY_FILE = "history.jsonl";
/** What `agent-evals calibrate` measured of each judge, read by every run's report. */
export declare const CALIBRATION_FILE: string;
