import type { EvalSpec } from "../../model/index.js";
import { type Endpoint } from "./bwrap.js";
import { type ContainerOptions, type SandboxProvider } from "./provider.js";
export { TEMP_DIR_ISOLATION } from "./none.js";
/** A provider's name (`none`, `bwrap` …: PROVIDERS), or `auto`: bwrap where it works, else none. */
export type SandboxKind = string;
export declare const SANDBOX_KINDS: readonly SandboxKind[];
/** How each trial of a run is isolated (an eval's `sandbox.kind` names its own provider). */
export interface TrialIsolation {
    /** What the agent runs inside (already found available). */
    provider: SandboxProvider;
    /** Give each trial its own HOME (always where the provider says `ownHome`). */
    home: boolean;
    /** The endpoints agents may connect to, where the provider limits the network. */
    allow: Endpoint[];
    /** A container provider's image and limits (the CLI's; an eval's own are over them). */
    container?: ContainerOptions;
}
export declare function isolationNote(isolation: TrialIsolation | undefined): string;
/**
 * The isolation of one eval's trials: the run's, or the eval's own provider when it names one
 * that isolates more. An eval never gets less than the run's (`kind: none` in a bwrap run is bwrap).
 */
export declare function isolationFor(spec: EvalSpec, run: TrialIsolation | undefined): TrialIsolation;
/** The eval's `sandbox.image` and limits, each over the run's (`--image`, `--cpus` …). */
export declare function containerOptionsFor(spec: EvalSpec, run: ContainerOptions | undefined): ContainerOptions;
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
 * The variables of settings.json's `env` block that log Claude Code in or choose its provider:
 * keys, tokens, a gateway's address and headers, a cloud's login. Anything else there (a personal
 * PATH, a shell, proxy or tool settings) stays at home: a PATH set there hid the trial's shims.
 */
export declare function isClaudeLoginEnv(name: string): boolean;
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
    /** A HOME per trial (always where the provider says `ownHome`). */
    home: boolean;
    /** Where the provider limits the network: the endpoints agents may connect to. */
    allow: Endpoint[];
    /** A container provider's image and limits from the CLI (`--image`, `--cpus` …). */
    container?: ContainerOptions;
}
/**
 * The isolation trials get. A provider that cannot run here throws SandboxUnavailableError
 * (nothing runs); `auto` falls back to the default provider and says so in `note`.
 */
export declare function resolveIsolation(choice: IsolationChoice): Promise<{
    isolation: TrialIsolation;
    note?: string;
}>;
/**
 * Checks that the providers the evals name (`sandbox.kind`) can run here, before anything runs:
 * SandboxUnavailableError with the reason and fix otherwise. Returns their notes, one per provider
 * other than the run's, for the run to say.
 */
export declare function checkEvalProviders(specs: readonly EvalSpec[], run: TrialIsolation): Promise<string[]>;
