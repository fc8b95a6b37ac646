// How much a trial is isolated: the sandbox kind, a HOME of its own, and what each protects.

import fs from "node:fs";
import path from "node:path";
import type { EvalSpec } from "../../model/index.js";
import { SandboxUnavailableError, type Endpoint } from "./bwrap.js";
import { AUTO_PROVIDER, DEFAULT_PROVIDER, PROVIDER_NAMES, providerNamed } from "./registry.js";
import type { ContainerOptions, SandboxProvider } from "./provider.js";

export { TEMP_DIR_ISOLATION } from "./none.js";
// The notes live with their providers (none.ts, bwrap.ts); re-exported here where they always were.

/** A provider's name (`none`, `bwrap` …: PROVIDERS), or `auto`: bwrap where it works, else none. */
export type SandboxKind = string;

export const SANDBOX_KINDS: readonly SandboxKind[] = [...PROVIDER_NAMES, "auto"];

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

export function isolationNote(isolation: TrialIsolation | undefined): string {
  const provider = isolation?.provider ?? DEFAULT_PROVIDER;
  return provider.note({ home: Boolean(isolation?.home) || provider.ownHome });
}

/**
 * Each eval's isolation, worked out once for a run (or a recheck, a calibration) before anything
 * runs: later stages read it from the unit or this map and never work it out again.
 */
export function resolveEvals(
  specs: Iterable<EvalSpec>,
  run: TrialIsolation | undefined,
): Map<EvalSpec, TrialIsolation> {
  const resolved = new Map<EvalSpec, TrialIsolation>();
  for (const spec of specs) if (!resolved.has(spec)) resolved.set(spec, isolationFor(spec, run));
  return resolved;
}

/**
 * The isolation of one eval's trials: the run's, or the eval's own provider when it names one
 * that isolates more. An eval never gets less than the run's (`kind: none` in a bwrap run is bwrap).
 */
function isolationFor(spec: EvalSpec, run: TrialIsolation | undefined): TrialIsolation {
  const base = run ?? { provider: DEFAULT_PROVIDER, home: false, allow: [] };
  const named = spec.isolation.provider ? providerNamed(spec.isolation.provider) : undefined;
  const provider = named && named.strength > base.provider.strength ? named : base.provider;
  return {
    ...base,
    provider,
    home: base.home || provider.ownHome,
    container: containerOptionsFor(spec, base.container),
  };
}

/** The eval's `sandbox.image` and limits, each over the run's (`--image`, `--cpus` …). */
export function containerOptionsFor(
  spec: EvalSpec,
  run: ContainerOptions | undefined,
): ContainerOptions {
  const image = spec.isolation.image ?? run?.image;
  const limits = { ...run?.limits, ...spec.isolation.limits };
  return {
    ...(image !== undefined ? { image } : {}),
    ...(Object.keys(limits).length ? { limits } : {}),
  };
}

/**
 * Files copied from the real HOME into a trial's HOME, when they exist: what agents and the tools
 * they run need to log in and commit (git identity, the claude and codex logins, npm registry auth).
 * The agents' config files are cut down to their login part on the way (see `loginPart`): their
 * instructions, skills, hooks, plugins and MCP servers stay at home.
 */
export const HOME_FILES_CARRIED_OVER = [
  ".gitconfig",
  ".config/git/config",
  ".claude.json",
  ".claude/.credentials.json",
  ".claude/settings.json",
  ".codex/auth.json",
  ".codex/config.toml",
  ".npmrc",
];

/** What `--real-home` lets into a trial, said once per run. */
export const REAL_HOME_NOTE =
  "--real-home: trials run with your real HOME, so your shell rc files (~/.bashrc, ~/.zshrc, ~/.profile), " +
  "~/.claude (CLAUDE.md memory, skills, agents, commands, hooks, plugins, settings), ~/.claude.json (MCP servers, " +
  "project state), ~/.codex (config.toml, AGENTS.md) and ~/.config reach the agents, and agents may write there.";

/** The keys of ~/.claude.json that log Claude Code in and skip its first-run questions. */
const CLAUDE_JSON_LOGIN_KEYS = [
  "oauthAccount",
  "primaryApiKey",
  "customApiKeyResponses",
  "userID",
  "hasCompletedOnboarding",
  "lastOnboardingVersion",
];

/** The keys of ~/.claude/settings.json that log Claude Code in (an apiKeyHelper, a cloud's login). */
const CLAUDE_SETTINGS_LOGIN_KEYS = [
  "apiKeyHelper",
  "awsAuthRefresh",
  "awsCredentialExport",
  "forceLoginMethod",
  "forceLoginOrgUUID",
];

/**
 * The variables of settings.json's `env` block that log Claude Code in or choose its provider:
 * keys, tokens, a gateway's address and headers, a cloud's login. Anything else there (a personal
 * PATH, a shell, proxy or tool settings) stays at home: a PATH set there hid the trial's shims.
 */
export function isClaudeLoginEnv(name: string): boolean {
  return (
    /^ANTHROPIC_(API_KEY|AUTH_TOKEN|BASE_URL|CUSTOM_HEADERS|BEDROCK_BASE_URL|VERTEX_BASE_URL|VERTEX_PROJECT_ID)$/.test(
      name,
    ) ||
    /^CLAUDE_CODE_(USE_BEDROCK|USE_VERTEX|SKIP_BEDROCK_AUTH|SKIP_VERTEX_AUTH|API_KEY_HELPER_TTL_MS)$/.test(
      name,
    ) ||
    /^AWS_(REGION|PROFILE|ACCESS_KEY_ID|SECRET_ACCESS_KEY|SESSION_TOKEN|BEARER_TOKEN_BEDROCK)$/.test(
      name,
    ) ||
    /^(CLOUD_ML_REGION|VERTEX_REGION_[A-Z0-9_]+|GOOGLE_APPLICATION_CREDENTIALS|GOOGLE_CLOUD_PROJECT)$/.test(
      name,
    )
  );
}

/** The top-level keys of ~/.codex/config.toml that choose and reach the model provider. */
const CODEX_CONFIG_LOGIN_KEYS = new Set([
  "model",
  "model_provider",
  "model_reasoning_effort",
  "preferred_auth_method",
  "forced_login_method",
  "forced_chatgpt_workspace_id",
]);

function pickKeys(text: string, keys: readonly string[]): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return "{}\n";
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return "{}\n";
  const record = parsed as Record<string, unknown>;
  const kept = Object.fromEntries(keys.filter((k) => k in record).map((k) => [k, record[k]]));
  return `${JSON.stringify(kept, null, 2)}\n`;
}

/** settings.json's login keys, and of its `env` block only the login variables. */
function claudeSettingsLogin(text: string): string {
  const kept = JSON.parse(pickKeys(text, [...CLAUDE_SETTINGS_LOGIN_KEYS, "env"])) as Record<
    string,
    unknown
  >;
  const env = kept.env;
  if (env !== undefined) {
    const logins =
      env && typeof env === "object" && !Array.isArray(env)
        ? Object.entries(env).filter(([name]) => isClaudeLoginEnv(name))
        : [];
    if (logins.length) kept.env = Object.fromEntries(logins);
    else delete kept.env;
  }
  return `${JSON.stringify(kept, null, 2)}\n`;
}

/**
 * The provider part of a codex config.toml: the top-level keys naming the model and its provider
 * (one-line values only) and the `[model_providers.*]` tables. MCP servers, instructions, profiles,
 * projects, notify and hooks are left out.
 */
export function codexLoginConfig(text: string): string {
  const out: string[] = [];
  let table: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const header = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/.exec(line);
    if (header) {
      table = header[1]!;
      if (table.startsWith("model_providers.")) out.push(line);
      continue;
    }
    if (table === undefined) {
      const key = /^\s*([A-Za-z0-9_-]+)\s*=\s*(.*)$/.exec(line);
      // One-line values only: a multi-line string or array could hide anything.
      if (key && CODEX_CONFIG_LOGIN_KEYS.has(key[1]!) && !/^("""|'''|\[)/.test(key[2]!))
        out.push(line);
    } else if (table.startsWith("model_providers.")) out.push(line);
  }
  return out.length ? `${out.join("\n")}\n` : "";
}

/** The login part of a carried-over file, by its path relative to HOME; other files whole. */
export function loginPart(rel: string, text: string): string {
  if (rel === ".claude.json") return pickKeys(text, CLAUDE_JSON_LOGIN_KEYS);
  if (rel === ".claude/settings.json") return claudeSettingsLogin(text);
  if (rel === ".codex/config.toml") return codexLoginConfig(text);
  return text;
}

/** Where a carried-over file is in the real environment (an agent's own variable first). */
function sourceOf(rel: string, realEnv: Record<string, string | undefined>, realHome: string) {
  if (rel.startsWith(".codex/") && realEnv.CODEX_HOME)
    return path.join(realEnv.CODEX_HOME, rel.slice(".codex/".length));
  if (rel.startsWith(".claude/") && realEnv.CLAUDE_CONFIG_DIR)
    return path.join(realEnv.CLAUDE_CONFIG_DIR, rel.slice(".claude/".length));
  if (rel === ".claude.json" && realEnv.CLAUDE_CONFIG_DIR)
    return path.join(realEnv.CLAUDE_CONFIG_DIR, ".claude.json");
  return path.join(realHome, rel);
}

/**
 * A fresh HOME at `dir` holding the login part of the real HOME's login files, then the eval's own
 * `sandbox.home` files. Nothing else of the real HOME: no shell rc files, no agent memory, skills,
 * agents, commands, hooks, plugins or MCP servers.
 */
export async function makeTrialHome(
  dir: string,
  realEnv: Record<string, string | undefined>,
  files: Record<string, string> = {},
): Promise<void> {
  // Synchronous: a handful of small files, cheaper than thread-pool round trips.
  fs.mkdirSync(dir, { recursive: true });
  const realHome = realEnv.HOME;
  if (realHome && path.resolve(realHome) !== path.resolve(dir)) {
    for (const rel of HOME_FILES_CARRIED_OVER) {
      let text: string;
      try {
        text = fs.readFileSync(sourceOf(rel, realEnv, realHome), "utf8");
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") continue;
        throw error;
      }
      writeHomeFile(dir, rel, loginPart(rel, text));
    }
    // CLAUDE_CONFIG_DIR points at the trial's ~/.claude: Claude Code reads its global config there.
    const claudeJson = path.join(dir, ".claude.json");
    if (fs.existsSync(claudeJson))
      writeHomeFile(dir, ".claude/.claude.json", fs.readFileSync(claudeJson, "utf8"));
  }
  for (const [rel, text] of Object.entries(files)) writeHomeFile(dir, rel, text);
}

function writeHomeFile(home: string, rel: string, text: string): void {
  const to = path.join(home, rel);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.writeFileSync(to, text, { mode: 0o600 });
}

/**
 * Variables that would point agents back at the real HOME's config: set to the trial's. Claude
 * Code names its macOS keychain item after CLAUDE_CONFIG_DIR unless CLAUDE_SECURESTORAGE_CONFIG_DIR
 * is set: that one keeps naming the user's own item, so a keychain login still works.
 */
export function trialHomeEnv(
  home: string,
  realEnv: Record<string, string | undefined> = {},
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const secureStorage: Record<string, string> =
    realEnv.CLAUDE_SECURESTORAGE_CONFIG_DIR !== undefined
      ? {}
      : realEnv.CLAUDE_CONFIG_DIR === undefined
        ? { CLAUDE_SECURESTORAGE_CONFIG_DIR: "" }
        : platform === "darwin"
          ? { CLAUDE_SECURESTORAGE_CONFIG_DIR: realEnv.CLAUDE_CONFIG_DIR }
          : {};
  return {
    HOME: home,
    CLAUDE_CONFIG_DIR: path.join(home, ".claude"),
    ...secureStorage,
    CODEX_HOME: path.join(home, ".codex"),
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_DATA_HOME: path.join(home, ".local", "share"),
    XDG_STATE_HOME: path.join(home, ".local", "state"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
  };
}

/** Variables that make a shell read rc files from outside the trial's HOME: removed. */
export const RC_POINTERS = ["ZDOTDIR", "BASH_ENV", "ENV"];

/** Entries a trial's root holds besides the workspace: anything else there the agent wrote. */
export const TRIAL_ROOT_ENTRIES = new Set([
  "work",
  "tmp",
  "home",
  "shims",
  "calls.raw",
  "check-calls.raw",
  "net",
  // The docker provider's outbox, where a workspace kept in its container is copied out.
  "out",
]);

/**
 * What the agent left in its trial's root, beside its workspace (`cd ..` and writes there): the
 * names, for a warning. Writes further away are not seen; `--sandbox bwrap` prevents them.
 */
export async function writesBesideWorkspace(root: string): Promise<string[]> {
  let names: string[];
  try {
    names = fs.readdirSync(root);
  } catch {
    names = [];
  }
  return names.filter((name) => !TRIAL_ROOT_ENTRIES.has(name)).sort();
}

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
export async function resolveIsolation(
  choice: IsolationChoice,
): Promise<{ isolation: TrialIsolation; note?: string }> {
  const kind = choice.sandbox ?? DEFAULT_PROVIDER.name;
  const provider = kind === "auto" ? AUTO_PROVIDER : providerNamed(kind);
  if (!provider) {
    throw new SandboxUnavailableError(
      `--sandbox ${kind}: unknown sandbox kind, known: ${SANDBOX_KINDS.join(", ")}`,
    );
  }
  const plain = { isolation: isolationOf(DEFAULT_PROVIDER, choice) };
  if (provider === DEFAULT_PROVIDER) return plain;
  const availability = await provider.available();
  if (availability.ok) return { isolation: isolationOf(provider, choice) };
  if (kind === "auto") {
    return {
      ...plain,
      note: `sandbox auto: ${availability.reason}; running agents in the temp-dir sandbox`,
    };
  }
  throw new SandboxUnavailableError(
    `--sandbox ${kind}: ${availability.reason}. Nothing was run: ${availability.fix}; or use --sandbox auto to fall back to the temp-dir sandbox where ${kind} does not work, or --sandbox none.`,
  );
}

function isolationOf(provider: SandboxProvider, choice: IsolationChoice): TrialIsolation {
  return {
    provider,
    home: choice.home || provider.ownHome,
    allow: choice.allow,
    ...(choice.container ? { container: choice.container } : {}),
  };
}

/**
 * Checks that the providers the evals name (`sandbox.kind`) can run here, before anything runs:
 * SandboxUnavailableError with the reason and fix otherwise. Returns their notes, one per provider
 * other than the run's, for the run to say.
 */
export async function checkEvalProviders(
  resolved: ReadonlyMap<EvalSpec, TrialIsolation>,
  run: TrialIsolation,
): Promise<string[]> {
  const notes = await checkProvidersNamed(resolved, run);
  // Then each eval's own options under the provider it gets (a container's image exists).
  const checked = new Map<string, Promise<Awaited<ReturnType<typeof checkOptions>>>>();
  for (const [spec, isolation] of resolved) {
    const options = isolation.container ?? {};
    const key = `${isolation.provider.name}\0${JSON.stringify(options)}`;
    let check = checked.get(key);
    if (!check) checked.set(key, (check = checkOptions(isolation.provider, options)));
    const availability = await check;
    if (availability.ok) continue;
    const where = `${spec.file}${spec.line ? `:${spec.line}` : ""}`;
    throw new SandboxUnavailableError(
      `${where}: eval ${spec.id} (sandbox ${isolation.provider.name}): ${availability.reason}. Nothing was run: ${availability.fix}.`,
    );
  }
  return notes;
}

function checkOptions(provider: SandboxProvider, options: ContainerOptions) {
  return provider.checkOptions
    ? provider.checkOptions(options)
    : Promise.resolve({ ok: true as const });
}

async function checkProvidersNamed(
  resolved: ReadonlyMap<EvalSpec, TrialIsolation>,
  run: TrialIsolation,
): Promise<string[]> {
  const specs = [...resolved.keys()];
  const notes: string[] = [];
  const seen = new Set<string>([run.provider.name]);
  for (const spec of specs) {
    const name = spec.isolation.provider;
    if (!name || seen.has(name)) continue;
    seen.add(name);
    const provider = providerNamed(name);
    const where = `${spec.file}${spec.line ? `:${spec.line}` : ""}`;
    if (provider && provider.strength <= run.provider.strength) {
      const ids = specs.filter((s) => s.isolation.provider === name).map((s) => s.id);
      notes.push(
        `${ids.join(", ")} (sandbox.kind ${name}): run under ${run.provider.name} like the rest: an eval may ask for more isolation than the run's, not less`,
      );
      continue;
    }
    if (!provider) {
      throw new SandboxUnavailableError(
        `${where}: eval ${spec.id}: unknown sandbox kind ${JSON.stringify(name)}, known: ${PROVIDER_NAMES.join(", ")}`,
      );
    }
    const availability = await provider.available();
    if (!availability.ok) {
      throw new SandboxUnavailableError(
        `${where}: eval ${spec.id} asks for sandbox.kind ${name}: ${availability.reason}. Nothing was run: ${availability.fix}, or remove its sandbox.kind.`,
      );
    }
    const ids = specs.filter((s) => s.isolation.provider === name).map((s) => s.id);
    notes.push(
      `${ids.join(", ")} (sandbox.kind ${name}): ${provider.note({ home: resolved.get(spec)!.home })}`,
    );
  }
  return notes;
}
