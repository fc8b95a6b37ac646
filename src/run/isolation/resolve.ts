// How much a trial is isolated: the sandbox kind, a HOME of its own, and what each protects.

import fs from "node:fs";
import path from "node:path";
import { bwrapProblem, SandboxUnavailableError, type Endpoint } from "./bwrap.js";

/** What the temp-dir sandbox isolates and what it does not, said plainly once per run. */
export const TEMP_DIR_ISOLATION =
  "sandbox: a fresh temp directory per trial (own TMPDIR, shims first on PATH). It isolates the working files only: " +
  "agents can still reach the network, read your environment variables (API keys included), write elsewhere on disk " +
  "as your user, and use the machine's CPU and memory without limit.";

export const BWRAP_ISOLATION =
  "sandbox: bubblewrap per trial (own user, pid, ipc and network namespaces, no capabilities; own TMPDIR and HOME). " +
  "Agents can write only their workspace, TMPDIR, HOME and a private /tmp, see the rest of the filesystem read-only " +
  "with /run empty and no host socket reachable, and reach only loopback inside the sandbox plus the allowed " +
  "endpoints. They can still read your environment variables (API keys included) and any file your user can read, " +
  "and use the machine's CPU and memory without limit.";

/** `none`: a temp dir; `bwrap`: bubblewrap, or refuse to run; `auto`: bubblewrap where it works. */
export type SandboxKind = "none" | "bwrap" | "auto";

export const SANDBOX_KINDS: readonly SandboxKind[] = ["none", "bwrap", "auto"];

/** How each trial of a run is isolated. */
export interface TrialIsolation {
  /** Run the agent under bubblewrap (already probed to work). */
  bwrap: boolean;
  /** Give each trial its own HOME (always with bwrap). */
  home: boolean;
  /** With bwrap: the endpoints agents may connect to. */
  allow: Endpoint[];
}

export function isolationNote(isolation: TrialIsolation | undefined): string {
  if (isolation?.bwrap) return BWRAP_ISOLATION;
  return isolation?.home
    ? TEMP_DIR_ISOLATION.replace("(own TMPDIR,", "(own TMPDIR and HOME,")
    : TEMP_DIR_ISOLATION;
}

/**
 * Files copied from the real HOME into a trial's HOME, when they exist: what agents and the tools
 * they run need to log in and commit (git identity, the claude and codex logins, npm registry auth).
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

/** A fresh HOME at `dir` holding copies of the real HOME's login and config files. */
export async function makeTrialHome(dir: string, realHome: string | undefined): Promise<void> {
  // Synchronous: a handful of small files, cheaper than thread-pool round trips.
  fs.mkdirSync(dir, { recursive: true });
  if (!realHome || path.resolve(realHome) === path.resolve(dir)) return;
  for (const rel of HOME_FILES_CARRIED_OVER) {
    const from = path.join(realHome, rel);
    const to = path.join(dir, rel);
    try {
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/** Entries a trial's root holds besides the workspace: anything else there the agent wrote. */
export const TRIAL_ROOT_ENTRIES = new Set([
  "work",
  "tmp",
  "home",
  "shims",
  "calls.raw",
  "check-calls.raw",
  "net",
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
  /** A HOME per trial (always with bwrap). */
  home: boolean;
  /** With bwrap: the endpoints agents may connect to. */
  allow: Endpoint[];
}

/**
 * The isolation trials get. `bwrap` where bubblewrap does not work here throws
 * SandboxUnavailableError (nothing runs); `auto` falls back to the temp dir and says so in `note`.
 */
export async function resolveIsolation(
  choice: IsolationChoice,
): Promise<{ isolation: TrialIsolation; note?: string }> {
  const kind = choice.sandbox ?? "none";
  const plain = { isolation: { bwrap: false, home: choice.home, allow: [] } };
  if (kind === "none") return plain;
  const problem = await bwrapProblem();
  if (!problem) return { isolation: { bwrap: true, home: true, allow: choice.allow } };
  if (kind === "auto") {
    return { ...plain, note: `sandbox auto: ${problem}; running agents in the temp-dir sandbox` };
  }
  throw new SandboxUnavailableError(
    `--sandbox bwrap: ${problem}. Nothing was run: use --sandbox auto to fall back to the temp-dir sandbox where bwrap does not work, or --sandbox none.`,
  );
}
