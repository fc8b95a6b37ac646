import { type Endpoint } from "./bwrap.js";
/** What the temp-dir sandbox isolates and what it does not, said plainly once per run. */
export declare const TEMP_DIR_ISOLATION: string;
export declare const BWRAP_ISOLATION: string;
/** `none`: a temp dir; `bwrap`: bubblewrap, or refuse to run; `auto`: bubblewrap where it works. */
export type SandboxKind = "none" | "bwrap" | "auto";
export declare const SANDBOX_KINDS: readonly SandboxKind[];
/** How each trial of a run is isolated. */
export interface TrialIsolation {
    /** Run the agent under bubblewrap (already probed to work). */
    bwrap: boolean;
    /** Give each trial its own HOME (always with bwrap). */
    home: boolean;
    /** With bwrap: the endpoints agents may connect to. */
    allow: Endpoint[];
}
export declare function isolationNote(isolation: TrialIsolation | undefined): string;
/**
 * Files copied from the real HOME into a trial's HOME, when they exist: what agents and the tools
 * they run need to log in and commit (git identity, the claude and codex logins, npm registry auth).
 * The agents' config files are cut down to their login part on the way (see `loginPart`): their
 * instructions, skills, hooks, plugins and MCP servers stay at home.
 */
export declare const HOME_FILES_CARRIED_OVER: string[];
/** What `--real-home` lets into a trial, said once per run. */
export declare const REAL_HOME_NOTE: string;
/**
 * The provider part of a codex config.toml: the top-level keys naming the model and its provider
 * (one-line values only) and the `[model_providers.*]` tables. MCP servers, instructions, profiles,
 * projects, notify and hooks are left out.
 */
export declare function codexLoginConfig(text: string): string;
/** The login part of a carried-over file, by its path relative to HOME; other files whole. */
export declare function loginPart(rel: string, text: string): string;
/**
 * A fresh HOME at `dir` holding the login part of the real HOME's login files, then the eval's own
 * `sandbox.home` files. Nothing else of the real HOME: no shell rc files, no agent memory, skills,
 * agents, commands, hooks, plugins or MCP servers.
 */
export declare function makeTrialHome(dir: string, realEnv: Record<string, string | undefined>, files?: Record<string, string>): Promise<void>;
/**
 * Variables that would point agents back at the real HOME's config: set to the trial's. Claude
 * Code names its macOS keychain item after CLAUDE_CONFIG_DIR unless CLAUDE_SECURESTORAGE_CONFIG_DIR
 * is set: that one keeps naming the user's own item, so a keychain login still works.
 */
export declare function trialHomeEnv(home: string, realEnv?: Record<string, string | undefined>, platform?: NodeJS.Platform): Record<string, string>;
/** Variables that make a shell read rc files from outside the trial's HOME: removed. */
export declare const RC_POINTERS: string[];
/** Entries a trial's root holds besides the workspace: anything else there the agent wrote. */
export declare const TRIAL_ROOT_ENTRIES: Set<string>;
/**
 * What the agent left in its trial's root, beside its workspace (`cd ..` and writes there): the
 * names, for a warning. Writes further away are not seen; `--sandbox bwrap` prevents them.
 */
export declare function writesBesideWorkspace(root: string): Promise<string[]>;
export interface IsolationChoice {
    sandbox?: SandboxKind;
    /** A HOME per trial (always with bwrap). */
    home: boolean;
    /** With bwrap: the endpoints agents may connect to. */
    allow: Endpoint[];
}
/**
 * The isolation trials get. `bwrap` where bubblewrap does not work here throws
 * SandboxUnavailableError (nothing runs); `auto` falls back to the temp dir and says so in `note`.
 */
export declare function resolveIsolation(choice: IsolationChoice): Promise<{
    isolation: TrialIsolation;
    note?: string;
}>;
